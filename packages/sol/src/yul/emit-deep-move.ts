/**
 * Yul for moving kept objects down at a release (`sol.free %m keep(...)`, LIFETIME.md
 * "Compaction" and "Deep moves"). A kept slot addresses the root of an object graph whose
 * shape its type fixes: every field of a memory array or struct is one word, a value or the
 * address of an inner aggregate of a known type.
 *  (D1) Span: the lowest and highest address of the graph's objects (root and, recursively,
 *       every inner aggregate a field addresses; the zero slot 0x60 — the shared empty
 *       dynamic value — and static zero elements (static-zeros.ts) are not objects). Flat
 *       objects are their own span.
 *  (D2) A span at or above the mark (all of it allocated since) moves as one block: mcopy to
 *       the next free address from the mark, then every field, at the new place, that holds
 *       an address inside the old span is rebased by the distance moved. Whatever the graph
 *       shares (two fields addressing one object) stays shared: addresses keep their
 *       distances. The root's slot is rebased too.
 *  (D3) Rebasing recurses into inner objects that have address fields. With sharing, an
 *       object is reached twice; its fields are rebased once because, when the old and new
 *       spans are disjoint, a rebased field no longer lies in the old span. When they
 *       overlap, such a graph (and with `gap_first`, any graph whose free space below is
 *       smaller than its span) stays where it is: the free pointer ends after it.
 *  (D4) A span below the mark, or across it (an inner object allocated since, under an
 *       older root), stays where it is; the free pointer ends after it when that is higher.
 *  (D4') But a sole kept root at or above the mark whose inner objects all lie below it moves
 *       alone, as if flat: a merge sort's output array of the caller's structs, which the
 *       analysis cannot tell from one holding the zero elements of its temporaries (those
 *       were all replaced). The walk that finds this is the span walk, split at the root.
 *  (D5) Two kept slots: the same root moves once; otherwise, when one of them is a graph,
 *       their spans must be disjoint (else nothing is released: they may share an object,
 *       which two block moves would duplicate), and they move in ascending order, so no move
 *       overwrites a block that has not moved yet (every destination is at or below its
 *       source and above the blocks already moved; mcopy copies overlapping ranges).
 *  (D6) Straight-line form (no branch) for one kept graph allocated wholly since the mark.
 *  (D7) A span longer than the sum of its objects' sizes has holes (dead objects between
 *       its objects, e.g. an old inner object far below fresh ones): it stays, since moving
 *       it would copy the holes each time and give nothing back.
 *  (D8) With `gap_first`, a root is first tested in O(1): the span starts at or below the
 *       root and is at least the root's size, so a root that lies below the mark, or less
 *       than its own size above it, cannot move. It then stays without a walk, and the free
 *       pointer stays too (it is at or above the span's end): a walk costs ≈ 30 gas per
 *       element of an array of addresses and ≈ 100 per inner object and, when the graph was
 *       the last thing built, gives nothing back (held-out HuffmanFreq: three walks of 512
 *       elements per call; a struct returned by its builder, allocated first as the named
 *       return variable and so at the entry mark, with strings and an array of structs of
 *       strings inside: held-out JsonWriter.document 1.013 → 0.963× solc viaIR's gas).
 */
import { ArrayType, PtrType, StringType, StructType, fixedSizeFields, isFlatMemoryType, isValueType } from '../sol-types.js';
import type { Type } from '@lifeline/ir';
import type { FnEmitter } from './emit-func.js';
import { tid } from './ytypes.js';
import { ytype } from './emit-types.js';
import { hex, indent, yfn, type YulLib } from './lib.js';
import { notObject } from './static-zeros.js';

/** The byte size of the memory aggregate of type `agg` at `p` (a Yul expression; `p` a variable). */
export function sizeOf(agg: Type, p: string): string {
  if (agg instanceof StructType) return `${agg.memberTypes.length * 32}`;
  if (agg instanceof StringType) return `add(0x20, and(add(mload(${p}), 31), not(31)))`;
  const a = agg as ArrayType;
  return a.isDynamic ? `add(0x20, mul(mload(${p}), 0x20))` : `${a.size * 32}`;
}

/** Static arrays up to this length get one straight-line block per element (no loop). */
const UNROLL = 8;

/** `body(q, field)` over the address fields of the object at `p` (q: the address the field holds). */
export function eachField(agg: Type, p: string, body: (q: string, field: string, inner: Type) => string): string {
  const one = (at: string, inner: Type) => `{\n${indent(`let f := ${at}\nlet q := mload(f)\n${body('q', 'f', inner)}`)}\n}`;
  if (agg instanceof StructType) {
    return agg.memberTypes.map((m, k) => (isValueType(m) ? '' : one(k ? `add(${p}, ${k * 32})` : p, m))).filter(Boolean).join('\n');
  }
  if (!(agg instanceof ArrayType) || isValueType(agg.eltType)) return '';
  if (!agg.isDynamic && agg.size <= UNROLL) {
    return Array.from({ length: agg.size }, (_, k) => one(k ? `add(${p}, ${k * 32})` : p, agg.eltType)).join('\n');
  }
  const [base, n] = agg.isDynamic ? [`add(${p}, 0x20)`, `mload(${p})`] : [p, `${agg.size}`];
  return `for { let i := 0 } lt(i, ${n}) { i := add(i, 1) } ${one(`add(${base}, mul(i, 0x20))`, agg.eltType)}`;
}

/**
 * (D1) `deep_span_T(p, lo, hi, total) -> l, h, t`: the span of the graph at `p`, joined with
 * [lo, hi), and `total` plus the sizes of its objects (an object reached twice counts twice).
 */
export function spanFn(lib: YulLib, agg: Type): string {
  return graphSpanFn(lib, agg, false);
}

/**
 * (D4') `deep_span_split_T(p) -> l, h, t, ih`: the span of the graph at `p` as spanFn gives it,
 * and the end of its inner objects' span (`ih`, 0 when there are none): one walk.
 */
function splitSpanFn(lib: YulLib, agg: Type): string {
  return graphSpanFn(lib, agg, true);
}

function graphSpanFn(lib: YulLib, agg: Type, split: boolean): string {
  const name = `deep_span_${split ? 'split_' : ''}${tid(ytype(agg))}`;
  return lib.fn(name, () => {
    const fields = eachField(agg, 'p', (q, _f, inner) => {
      // a flat inner object is its own span: inline, a call per element cost ≈ 40 gas
      const join = isFlatMemoryType(inner)
        ? `if lt(${q}, l) { l := ${q} }\nlet fs := ${sizeOf(inner, q)}\nt := add(t, fs)\nlet fe := add(${q}, fs)\nif gt(fe, h) { h := fe }`
        : `l, h, t := ${spanFn(lib, inner)}(${q}, l, h, t)`;
      const none = notObject(lib.staticZeros, inner, q);
      return none ? `if iszero(${none}) {\n${indent(join)}\n}` : join;
    });
    const root = (t: string) => ['if lt(p, l) { l := p }', `let size := ${sizeOf(agg, 'p')}`, `t := add(${t}, size)`, 'let e := add(p, size)', 'if gt(e, h) { h := e }'];
    // split: the inner objects first (from an empty span), then the root
    if (split) return yfn(name, ['p'], ['l', 'h', 't', 'ih'], ['l := not(0)', fields, 'ih := h', ...root('t')].join('\n'));
    return yfn(name, ['p', 'lo', 'hi', 'total'], ['l', 'h', 't'], ['l := lo', 'h := hi', ...root('total'), fields].join('\n'));
  });
}

/**
 * (D2)/(D3) `deep_rebase_T(p, lo, hi, delta)`: rebases the address fields of the moved object
 * at `p`. Under a root without nested graphs every field is visited once and every address
 * it holds, but the zero slot, lies in the span; under one with nested graphs a field is
 * rebased only while it still lies in the old span (`checked`).
 */
function rebaseFn(lib: YulLib, agg: Type, checked: boolean): string {
  const name = `deep_rebase_${checked ? 'checked_' : ''}${tid(ytype(agg))}`;
  return lib.fn(name, () => yfn(name, ['p', 'lo', 'hi', 'delta'], [], eachField(agg, 'p', (q, f, inner) => {
    const recurse = isFlatMemoryType(inner) ? '' : `\n${rebaseFn(lib, inner, checked)}(${q}, lo, hi, delta)`;
    const none = notObject(lib.staticZeros, inner, q);
    const cond = checked ? `and(iszero(lt(${q}, lo)), lt(${q}, hi))` : none ? `iszero(${none})` : '';
    const act = `${q} := sub(${q}, delta)\nmstore(${f}, ${q})${recurse}`;
    return cond ? `if ${cond} {\n${indent(act)}\n}` : act;
  }) || 'pop(delta)'));
}

/**
 * (D8) The O(1) test that a kept graph root at `p` cannot move with `gap_first`. For a dynamic
 * array of addresses (D8') its first element's object q (when it is one, and allocated since
 * the mark) bounds the span too: the span starts at or below m = min(p, q) and ends at or
 * above p's end, so a gap below m smaller than that cannot be enough. A copy into an array of
 * the exact size (`lines = new T[](n); lines[k] = tmp[k]`) then stays without walking its
 * elements: its temporary lies below the elements it copied. A q below the mark decides
 * nothing: the root may move alone (D4').
 */
export function cannotMove(lib: YulLib, agg: Type, p: string, mark: string): string {
  const rootTest = (p: string, mark: string) => `or(lt(${p}, ${mark}), lt(sub(${p}, ${mark}), ${sizeOf(agg, p)}))`;
  if (!(agg instanceof ArrayType && agg.isDynamic && !isValueType(agg.eltType))) return rootTest(p, mark);
  const name = `cannot_move_${tid(ytype(agg))}`;
  lib.fn(name, () => {
    const none = notObject(lib.staticZeros, agg.eltType, 'q');
    const first = [
      'let q := mload(add(p, 0x20))',
      `if iszero(${none ? `or(${none}, iszero(mload(p)))` : 'iszero(mload(p))'}) {`,
      indent([
        'let m := xor(p, mul(xor(p, q), lt(q, p)))',
        `if lt(sub(m, mark), sub(add(p, ${sizeOf(agg, 'p')}), m)) { stays := 1 }`,
      ].join('\n')),
      '}',
    ];
    return yfn(name, ['p', 'mark'], ['stays'], [`stays := ${rootTest('p', 'mark')}`, 'if iszero(stays) {', indent(first.join('\n')), '}'].join('\n'));
  });
  return `${name}(${p}, ${mark})`;
}

/** Whether a graph of this type has objects below the root with address fields of their own (D3). */
function nested(agg: Type): boolean {
  const fields = agg instanceof ArrayType ? [agg.eltType] : agg instanceof StructType ? agg.memberTypes : [];
  return fields.some((f) => !isValueType(f) && !isFlatMemoryType(f));
}

export interface Kept {
  s: string;
  t: PtrType;
}

/** Declares `lo`/`hi` of kept slot `k` (D1). */
export function span(e: FnEmitter, k: Kept): { lo: string; hi: string; total: string; code: string } {
  const agg = k.t.pointeeType;
  const lo = e.fresh('lo_'), hi = e.fresh('hi_'), total = e.fresh('total_');
  const code = isFlatMemoryType(agg)
    ? `let ${lo} := ${k.s}\nlet ${hi} := add(${k.s}, ${sizeOf(agg, k.s)})\nlet ${total} := sub(${hi}, ${lo})`
    : `let ${lo}, ${hi}, ${total} := ${spanFn(e.lib, agg)}(${k.s}, ${k.s}, ${k.s}, 0)`;
  return { lo, hi, total, code };
}

/**
 * (D1)–(D4') The one kept graph of a release: its span is placed (D2)–(D4), but when it lies
 * across the mark under a root at or above it, and every inner object ends at or below the
 * mark (the walk gives the inner objects' end apart), the root moves alone (D4').
 */
export function soleGraph(e: FnEmitter, k: Kept, mark: string, dst: string, gapFirst: boolean): string {
  const agg = k.t.pointeeType;
  // a function of its own: the span's four values and the move's temporaries stay off the
  // caller's stack (inline, they pushed a loop's variables to memory: +0.3% gas)
  const name = `keep_sole_${gapFirst ? 'gap_' : ''}${tid(ytype(agg))}`;
  e.lib.fn(name, () => {
    const kept = { s: 'p', t: k.t };
    const alone = [
      `let size := ${sizeOf(agg, 'p')}`,
      'if iszero(eq(p, d)) {\n  mcopy(d, p, size)\n  p := d\n}',
      'd := add(d, size)',
    ].join('\n');
    const across = `switch or(lt(p, mark), gt(ih, mark))\ncase 0 {\n${indent(alone)}\n}\ndefault { if gt(hi, d) { d := hi } }`;
    return yfn(name, ['root', 'mark', 'dst'], ['p', 'd'], [
      'p := root',
      'd := dst',
      ...mixedFields(e.lib, agg),
      `let lo, hi, total, ih := ${splitSpanFn(e.lib, agg)}(p)`,
      place(e, kept, 'lo', 'hi', 'total', 'mark', 'd', gapFirst, across),
    ].join('\n'));
  });
  return `${k.s}, ${dst} := ${name}(${k.s}, ${mark}, ${dst})`;
}

/**
 * (D4'') Before the walk of a root with a few fields (a struct, a static array of at most
 * UNROLL elements): when one field holds an object below the mark and another one at or above
 * it, nothing can move — the span starts below the mark (no (D2)) and an inner object ends
 * above it (no (D4')) — so the graph stays without a walk, and so does the free pointer. A
 * helper that returns a new version of a structure over old parts (`return Book(b.bids,
 * insert(b.asks, l))`) walked every level of it at each return and moved nothing.
 */
function mixedFields(lib: YulLib, agg: Type): string[] {
  if (!(agg instanceof StructType || (agg instanceof ArrayType && !agg.isDynamic && agg.size <= UNROLL))) return [];
  const test = eachField(agg, 'p', (q, _f, inner) => {
    const none = notObject(lib.staticZeros, inner, q);
    return `switch lt(${q}, mark)\ncase 0 { above := 1 }\ndefault { ${none ? `if iszero(${none}) { below := 1 }` : 'below := 1'} }`;
  });
  if (!test) return [];
  return ['{', indent(['let below := 0', 'let above := 0', test, 'if and(below, above) {', '  d := mload(64)', '  leave', '}'].join('\n')), '}'];
}

/** (D2)–(D4) Moves the graph of `k` (span lo..hi) down to `dst` when it lies at or above `mark`. */
export function place(e: FnEmitter, k: Kept, lo: string, hi: string, total: string, mark: string, dst: string, gapFirst: boolean, across?: string): string {
  const agg = k.t.pointeeType;
  const size = e.fresh('size_');
  const deep = !isFlatMemoryType(agg);
  const rebase = deep ? `\n${rebaseFn(e.lib, agg, nested(agg))}(${k.s}, ${lo}, ${hi}, delta)` : '';
  const moveDown = [
    `if iszero(eq(${lo}, ${dst})) {`,
    indent(`let delta := sub(${lo}, ${dst})\nmcopy(${dst}, ${lo}, ${size})\n${k.s} := sub(${k.s}, delta)${rebase}`),
    '}',
    `${dst} := add(${dst}, ${size})`,
  ].join('\n');
  // (D7) a span with holes (dead objects between the graph's objects: an old inner object
  // far below fresh ones) stays: moving it would copy the holes every time
  const stay = [gapFirst || (deep && nested(agg)) ? `lt(sub(${lo}, ${dst}), ${size})` : '', deep ? `gt(${size}, ${total})` : ''].filter(Boolean);
  const body = stay.length
    ? `switch ${stay.length > 1 ? `or(${stay[0]}, ${stay[1]})` : stay[0]}\ncase 0 {\n${indent(moveDown)}\n}\ndefault { ${dst} := ${hi} }`
    : moveDown;
  const moved = indent(`let ${size} := sub(${hi}, ${lo})\n${body}`);
  if (!deep) return `if iszero(lt(${lo}, ${mark})) {\n${moved}\n}`;
  const stays = across ? `default {\n${indent(across)}\n}` : `default { if gt(${hi}, ${dst}) { ${dst} := ${hi} } }`;
  return `switch lt(${lo}, ${mark})\ncase 0 {\n${moved}\n}\n${stays}`;
}

/**
 * (D7') Slides a graph's objects down to the mark one by one, in ascending address order —
 * the root at `p` (`rootSize` bytes) and the flat objects its address fields hold (`q`; the
 * zero slot and static zero elements lie below every mark) — so the holes between them close.
 * Those at or above the mark (all of them under `since_mark`; (D9) those allocated since an
 * older root) are disjoint or the same object (two fields holding one object move it once),
 * so each copy goes to at or below its source and above what moved before: it overwrites
 * nothing that has not moved yet; those below the mark stay. Each step picks the lowest
 * address not moved yet (at or above `cur`) and writes its new address into the fields that
 * held it, in the root where it is then (`r`: a field written before the root moves moves
 * with it). An object already in place is not copied (a grown array that stays at the mark
 * would cost 3 gas a word every iteration). Straight-line: at most UNROLL + 1 steps of
 * UNROLL + 1 compares; few variables, so solc keeps them on the stack.
 */
function slideObjects(rootSize: string | undefined, qs: readonly { at: number; t: Type; q: string }[]): string {
  const root = rootSize ? [{ a: 'p', size: rootSize }] : [];
  const objs = [...root, ...qs.map((f) => ({ a: f.q, size: sizeOf(f.t, f.q) }))];
  const out = ['let dst := mark', 'let cur := mark', 'r := p'];
  // the zero slot 0x60 and static zero elements lie below every mark, so below `cur`: never picked
  const pick = objs.map((o) => `if iszero(or(lt(${o.a}, cur), iszero(lt(${o.a}, best)))) {\n  best := ${o.a}\n  bs := ${o.size}\n}`);
  const rename = [...(rootSize ? ['if eq(p, best) { r := dst }'] : []), ...qs.map((f) => `if eq(${f.q}, best) { mstore(add(r, ${f.at}), dst) }`)];
  const step = `{\n${indent(['let best := not(0)', 'let bs := 0', ...pick, `if iszero(eq(best, not(0))) {\n${indent(['mcopy(dst, best, mul(bs, iszero(eq(dst, best))))', ...rename, 'cur := add(best, 1)', 'dst := add(dst, bs)'].join('\n'))}\n}`].join('\n'))}\n}`;
  for (let k = 0; k < objs.length; k++) out.push(step);
  out.push('mstore(64, dst)');
  return out.join('\n');
}

/**
 * (D9) A rooted release (`sol.free_rooted`, lifetime/releases.ts (R7)): the kept slot's root
 * predates the mark and its address fields hold flat objects, those allocated since the mark
 * being all the live memory above it. The objects at or above the mark slide down to it in
 * address order (D7'), the root's fields get their new addresses, and the free pointer and
 * `next` go after the last one. (D9') The slide is amortised (below): a run costs a compare;
 * sliding at every run cost ≈ 150–1,100 gas when a field is replaced in most runs (own fixture
 * `shared` 1.10× solc viaIR, four members replaced in turn 2.6×). The slide is a function of
 * its own (its variables stay off the loop's stack); an empty field (0x60, a static zero
 * element) lies below every mark and stays.
 */
export function rootedRelease(e: FnEmitter, k: Kept, mark: string, next: string): string {
  const agg = k.t.pointeeType;
  const fields = (fixedSizeFields(agg) ?? []).map((t, i) => ({ at: i * 32, t })).filter((f) => !isValueType(f.t));
  const name = `keep_rooted_${tid(ytype(agg))}`;
  // (D9') amortised: the slide runs once the free pointer reaches `next`, set by the slide before
  // it (the mark at first) to where what is allocated after it is worth a slide — a slide of k
  // fields costs about S = 100 + 60k + 60k² gas, a word of memory 3 + w/256 more once memory has
  // w words, so it pays from 32·S / (3 + w/256) bytes — and at least a quarter of what it kept
  // (a slide may copy all of it). Until then everything stays where it is; a run
  // costs one compare. A slide that finds the fields in place copies nothing and only gives the
  // memory above them back
  const n = fields.length;
  const pays = `div(${hex(BigInt(32 * (100 + 60 * n + 60 * n * n)))}, add(3, shr(13, e)))`;
  e.lib.fn(name, () => {
    const qs = fields.map((f, i) => ({ ...f, q: `q_${i}`, load: `let q_${i} := mload(add(p, ${f.at}))` }));
    // one field: its object goes to the mark when it lies at or above it (a copy only when it
    // is not there already); everything else above the mark is garbage
    const one = qs.length === 1 ? [qs[0]!.load, 'let dst := mark', 'if iszero(lt(q_0, mark)) {', indent([`let size := ${sizeOf(qs[0]!.t, 'q_0')}`, 'if iszero(eq(q_0, mark)) {', `  mcopy(mark, q_0, size)`, `  mstore(add(p, ${qs[0]!.at}), mark)`, '}', 'dst := add(mark, size)'].join('\n')), '}', 'mstore(64, dst)'] : undefined;
    // the root predates the mark (releases.ts (R7)): it stays, and only its fields' objects
    // slide; were it above the mark, keeping everything (the free pointer where it is) would
    // still be correct
    const body = one ?? [...qs.map((f) => f.load), slideObjects(undefined, qs)];
    return yfn(name, ['p', 'mark'], ['r', 'next'], [
      'r := p', `if lt(p, mark) {\n${indent(body.join('\n'))}\n}`, 'let e := mload(64)',
      `next := add(e, ${maxOf('shr(2, sub(e, mark))', pays)})`,
    ].join('\n'));
  });
  return `if iszero(lt(mload(64), ${next})) { ${k.s}, ${next} := ${name}(${k.s}, ${mark}) }`;
}

/** `x < y ? y : x` and `y < x ? y : x` without a branch (branches cost the code transform stack shuffles). */
const maxOf = (x: string, y: string) => `xor(${x}, mul(xor(${x}, ${y}), gt(${y}, ${x})))`;
const minOf = (x: string, y: string) => `xor(${x}, mul(xor(${x}, ${y}), lt(${y}, ${x})))`;

/**
 * (D6) The straight-line form of a release keeping one slot whose whole graph was allocated
 * since the mark (`since_mark`: so its span starts at or above the mark) and is flat or a
 * root of at most UNROLL fields over flat inner objects: span, copy and rebase without a
 * branch (a zero-length mcopy and a zero delta when the graph stays or is at the mark
 * already). Undefined otherwise.
 */
export function straightRelease(e: FnEmitter, k: Kept, mark: string, gapFirst: boolean, shallow = false): string | undefined {
  const agg = k.t.pointeeType;
  const fields: { at: number; t: Type }[] = [];
  if (!isFlatMemoryType(agg) && !shallow) {
    const types = agg instanceof StructType ? agg.memberTypes : agg instanceof ArrayType && !agg.isDynamic && agg.size <= UNROLL ? Array(agg.size).fill(agg.eltType) : undefined;
    if (!types || types.some((t: Type) => !isValueType(t) && !isFlatMemoryType(t))) return undefined;
    types.forEach((t: Type, i: number) => { if (!isValueType(t)) fields.push({ at: i * 32, t }); });
  }
  if (!fields.length && !gapFirst) {
    // flat, allocated since the mark: it ends up at the mark, the free pointer after it.
    // Inline: as a helper, the keeps of a `string` and a `bytes` slot have equal bodies, solc
    // merges them and then inlines neither, and the call in a loop's post block cost ≈ 18 gas
    // per iteration of an inner loop in solc's stack layout (held-out Codec.hexChain: +4%)
    const size = e.fresh('size_');
    const p = k.s;
    // no copy when it is there already (a survivor the iteration did not replace): a self-copy
    // of a grown array costs 3 gas a word every iteration
    const copy = `mcopy(${mark}, ${p}, mul(${size}, iszero(eq(${p}, ${mark}))))`; // the zero slot 0x60 (below) is copied
    return `{\n${indent([`let ${size} := ${sizeOf(agg, p)}`, copy, `${p} := ${mark}`, `mstore(64, add(${mark}, ${size}))`].join('\n'))}\n}`;
  }
  // a function of its own: its temporaries stay off the caller's stack (around a loop body
  // they would cost stack shuffles in every iteration)
  const name = `keep_since_mark_${gapFirst ? 'gap_' : ''}${tid(ytype(agg))}`;
  e.lib.fn(name, () => {
    let n = 0;
    const v = (x: string) => `${x}_${++n}`;
    const [lo, hi, size, delta, total] = ['lo', 'hi', 'size', 'delta', 'total'];
    const out = [`let ${lo} := p`, `let ${hi} := add(p, ${sizeOf(agg, 'p')})`, `let ${total} := sub(${hi}, ${lo})`];
    const qs = fields.map((f) => {
      const q = v('q');
      out.push(`let ${q} := mload(add(p, ${f.at}))`);
      const none = notObject(e.lib.staticZeros, f.t, q);
      const empty = none ? v('empty') : undefined;
      if (empty) out.push(`let ${empty} := ${none}`);
      // the zero slot (or a static zero element) is not an object: it neither lowers the span nor raises it
      out.push(`${lo} := ${minOf(lo, empty ? `or(${q}, sub(0, ${empty}))` : q)}`);
      const fsize = v('fsize');
      out.push(`let ${fsize} := ${empty ? `mul(${sizeOf(f.t, q)}, iszero(${empty}))` : sizeOf(f.t, q)}`);
      out.push(`${hi} := ${maxOf(hi, `add(${q}, ${fsize})`)}`, `${total} := add(${total}, ${fsize})`);
      return { ...f, q, empty };
    });
    out.push(`let ${size} := sub(${hi}, ${lo})`);
    // (K4) with gap_first the graph stays unless the gap is at least its size
    const block = [gapFirst ? `let ${delta} := mul(sub(${lo}, mark), iszero(lt(sub(${lo}, mark), ${size})))` : `let ${delta} := sub(${lo}, mark)`];
    // nothing to copy when the graph stays or is at the mark already
    block.push(`mcopy(mark, ${lo}, mul(${size}, gt(${delta}, 0)))`);
    block.push(`r := sub(p, ${delta})`);
    for (const f of qs) block.push(`mstore(add(r, ${f.at}), sub(${f.q}, ${f.empty ? `mul(${delta}, iszero(${f.empty}))` : delta}))`);
    block.push(`mstore(64, add(sub(${lo}, ${delta}), ${size}))`);
    if (!fields.length) out.push(...block);
    else {
      // (D7') a span with holes (dead objects between the graph's objects) slides instead:
      // object by object; with gap_first only when what it gives back is at least its size
      const slide = slideObjects(sizeOf(agg, 'p'), qs);
      const body = gapFirst
        ? `switch lt(sub(sub(${hi}, mark), ${total}), ${total})\ncase 0 {\n${indent(slide)}\n}\ndefault {\n  r := p\n  mstore(64, ${hi})\n}`
        : slide;
      out.push(`switch gt(${size}, ${total})\ncase 0 {\n${indent(block.join('\n'))}\n}\ndefault {\n${indent(body)}\n}`);
    }
    return yfn(name, ['p', 'mark'], ['r'], out.join('\n'));
  });
  return `${k.s} := ${name}(${k.s}, ${mark})`;
}
