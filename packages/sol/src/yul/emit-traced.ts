/**
 * Yul for a traced release (`sol.free_traced %m, %next roots(…)`, lifetime/releases.ts (I*)):
 * a sliding compaction of the memory allocated since the mark. Where no plan of kept slots
 * holds (survivors held by older objects, arrays grown by copying, queues whose elements die
 * in any order), the live objects are found at run time instead, from the roots the analysis
 * names: the live slots that may reach memory allocated since the mark, and the live values
 * older than the mark that may (an older array whose elements the loop replaces).
 *  (X1) Mark: a walk by type from every root. A bitmap V (one bit per word of memory below
 *       the free pointer) records the objects visited, so a shared object is walked once;
 *       a bitmap L (one bit per word from the mark) records the words of every live object
 *       at or above the mark. Types are not recursive (isMovableMemoryType), so the walk's
 *       depth is bounded by the type's; addresses below the heap's start (the zero slot 0x60,
 *       static zero elements) are no objects. An object that is not word-aligned or lies at or
 *       above the free pointer (neither happens in memory solc or we lay out) stops the
 *       release: nothing moves.
 *  (X2) New addresses: a live word keeps its order and moves down by the dead words below
 *       it: new(q) = mark + 32·(live words in [mark, q)), from a prefix count P of L's words
 *       and a population count of one word.
 *  (X3) Rebase: a second walk (each visited object's V bit cleared, so each is rebased once)
 *       writes new(q) into every field that holds an address q at or above the mark, at the
 *       field's present place (it moves with its object next); a kept slot gets its root's.
 *  (X4) Slide: the runs of L's set bits are copied down in ascending order (mcopy moves
 *       overlapping ranges; every destination is at or below its source and above what moved
 *       before), and the free pointer ends after the last.
 *  (X5) Amortised by gas: the release runs once the free pointer reaches a threshold (`next`:
 *       the threshold in its low half, the slack it was set with in its high half). The first
 *       time only sets it, half the memory in use above the free pointer. A release that finds
 *       less than a quarter of what was allocated since the last one dead moves nothing (the
 *       walk was the cost). Then the next threshold lies where LAMBDA times the memory gas of
 *       the garbage expected by then (at this release's rate of garbage per byte allocated; a
 *       word at w words of memory costs 3 + w / 256 more) reaches what this release cost
 *       (measured with `gas()`), and at least 1 KiB above: walking a large live graph for
 *       little garbage, or a small heap whose words cost 3 gas, waits longer. Releasing at
 *       every iteration cost held-out contracts up to 4× solc viaIR's gas.
 * The bitmaps and counts lie above the free pointer (nothing is allocated meanwhile): about
 * 1% of the memory in use, zeroed first (memory above the free pointer may hold old data).
 */
import { PtrType, isFlatMemoryType } from '../sol-types.js';
import type { Type } from '@lifeline/ir';
import type { FnEmitter } from './emit-func.js';
import { eachField, sizeOf } from './emit-deep-move.js';
import { tid } from './ytypes.js';
import { ytype } from './emit-types.js';
import { indent, yfn, type YulLib } from './lib.js';

const TOP = '0x8000000000000000000000000000000000000000000000000000000000000000';

/** (X5) The low half of `next`: the threshold (its high half holds the slack it was set with). */
const THRESHOLD = '0xffffffffffffffffffffffffffffffff';

/** (X5) The least slack (bytes) and how many times the memory gas a release saves it may cost. */
const AMORTISE = { MIN: '0x400', LAMBDA: '8' };

/** The heap's start: addresses below it (0x60, static zero elements) are no objects. */
const heapStart = (lib: YulLib) => lib.staticZeros?.heapStart() ?? '0x80';

/** `bad(V)`: (X1) marks the walk as failed, in V's bit of the scratch word 0 (never an object). */
const BAD = `mstore(V, or(mload(V), ${TOP}))`;

/**
 * Sets L's bits for the object at `p` (at or above the mark) of `size` bytes: one word of L
 * inline (nearly always: objects up to 256 words that do not cross one), else a loop.
 */
function setLive(lib: YulLib, p: string, size: string): string {
  return [
    '{',
    indent([
      `let li := shr(5, sub(${p}, mark))`,
      `let ln := shr(5, ${size})`,
      'let lb := and(li, 255)',
      'switch gt(add(lb, ln), 256)',
      `case 0 {
  let la := add(L, shl(5, shr(8, li)))
  mstore(la, or(mload(la), shr(lb, not(shr(ln, not(0))))))
}`,
      `default { ${setLiveFn(lib)}(L, li, ln) }`,
    ].join('\n')),
    '}',
  ].join('\n');
}

/** Sets L's bits for the `n` words from word `i` (relative to the mark). */
function setLiveFn(lib: YulLib): string {
  return lib.fn('traced_set_live', () => yfn('traced_set_live', ['L', 'i', 'n'], [], [
    'for {} n {} {',
    indent([
      'let b := and(i, 255)',
      'let len := sub(256, b)',
      'if lt(n, len) { len := n }',
      'let a := add(L, shl(5, shr(8, i)))',
      'mstore(a, or(mload(a), shr(b, not(shr(len, not(0))))))',
      'i := add(i, len)',
      'n := sub(n, len)',
    ].join('\n')),
    '}',
  ].join('\n')));
}

function popcountFn(lib: YulLib): string {
  const m = (unit: string) => '0x' + unit.repeat(64 / unit.length);
  return lib.fn('traced_popcount', () => yfn('traced_popcount', ['x'], ['c'], [
    `x := sub(x, and(shr(1, x), ${m('55')}))`,
    `x := add(and(x, ${m('33')}), and(shr(2, x), ${m('33')}))`,
    `x := and(add(x, shr(4, x)), ${m('0f')})`,
    `x := and(add(x, shr(8, x)), ${m('00ff')})`,
    `c := shr(240, mul(x, ${m('0001')}))`,
  ].join('\n')));
}

/** (X2) The new address of the live object at `q` (at or above the mark). */
function forwardFn(lib: YulLib): string {
  const pop = popcountFn(lib);
  return lib.fn('traced_forward', () => yfn('traced_forward', ['q', 'mark', 'L', 'P'], ['r'], [
    'let i := shr(5, sub(q, mark))',
    'let k := shl(5, shr(8, i))',
    `r := add(mark, shl(5, add(mload(add(P, k)), ${pop}(and(mload(add(L, k)), not(shr(and(i, 255), not(0))))))))`,
  ].join('\n')));
}

/** (X1) for a flat object at `q`: its words, when at or above the mark. */
function markFlat(lib: YulLib, t: Type, q: string): string {
  return [
    `if iszero(lt(${q}, mark)) {`,
    indent(`switch or(and(${q}, 31), iszero(lt(${q}, V)))\ncase 0 {\n${indent(setLive(lib, q, sizeOf(t, q)))}\n}\ndefault { ${BAD} }`),
    '}',
  ].join('\n');
}

/** `let w…`: V's word and bit for the object at `p`. */
const visitBit = ['let w := shr(5, p)', 'let vw := add(V, shl(5, shr(8, w)))', `let vb := shr(and(w, 255), ${TOP})`, 'let vv := mload(vw)'];

/** (X1) `traced_mark_T(p, mark, V, L)` for an object graph of type `t` (not flat). */
function markFn(lib: YulLib, t: Type): string {
  const name = `traced_mark_${tid(ytype(t))}`;
  return lib.fn(name, () => {
    const fields = eachField(t, 'p', (q, _f, inner) => `if iszero(lt(${q}, ${heapStart(lib)})) {\n${indent(isFlatMemoryType(inner) ? markFlat(lib, inner, q) : `${markFn(lib, inner)}(${q}, mark, V, L)`)}\n}`);
    return yfn(name, ['p', 'mark', 'V', 'L'], [], [
      ...visitBit,
      'if and(vv, vb) { leave }',
      'mstore(vw, or(vv, vb))',
      `if iszero(lt(p, mark)) {\n${indent(`switch or(and(p, 31), iszero(lt(p, V)))\ncase 0 {\n${indent(setLive(lib, 'p', sizeOf(t, 'p')))}\n}\ndefault {\n  ${BAD}\n  leave\n}`)}\n}`,
      fields,
    ].join('\n'));
  });
}

/** (X3) `traced_rebase_T(p, mark, V, L, P)` for an object graph of type `t` (not flat). */
function rebaseFn(lib: YulLib, t: Type): string {
  const name = `traced_rebase_${tid(ytype(t))}`;
  return lib.fn(name, () => {
    const fwd = forwardFn(lib);
    const fields = eachField(t, 'p', (q, f, inner) => {
      const inside = isFlatMemoryType(inner) ? [] : [`${rebaseFn(lib, inner)}(${q}, mark, V, L, P)`];
      const body = [...inside, `if iszero(lt(${q}, mark)) { mstore(${f}, ${fwd}(${q}, mark, L, P)) }`].join('\n');
      return `if iszero(lt(${q}, ${heapStart(lib)})) {\n${indent(body)}\n}`;
    });
    return yfn(name, ['p', 'mark', 'V', 'L', 'P'], [], [...visitBit, 'if iszero(and(vv, vb)) { leave }', 'mstore(vw, xor(vv, vb))', fields].join('\n'));
  });
}

/** (X4) Copies L's runs down to the mark; returns the new free pointer. */
function slideFn(lib: YulLib): string {
  return lib.fn('traced_slide', () => yfn('traced_slide', ['mark', 'L', 'nl'], ['dst'], [
    'dst := mark',
    'for { let k := 0 } lt(k, nl) { k := add(k, 1) } {',
    indent([
      'let x := mload(add(L, shl(5, k)))',
      'let base := add(mark, shl(13, k))',
      'for {} x {} {',
      indent([
        'let s := clz(x)',
        'let len := clz(not(shl(s, x)))',
        'let src := add(base, shl(5, s))',
        'let size := shl(5, len)',
        'if iszero(eq(src, dst)) { mcopy(dst, src, size) }',
        'dst := add(dst, size)',
        'x := and(x, shr(add(s, len), not(0)))',
      ].join('\n')),
      '}',
    ].join('\n')),
    '}',
  ].join('\n')));
}

/** A root of a traced release: a kept slot (rebased) or an older value (walked). */
export interface TracedRoot {
  y: string;
  /** The memory aggregate type it addresses. */
  t: Type;
  slot: boolean;
}

/**
 * The whole release, a function of its own (its variables stay off the loop's stack):
 * `slots…, next := traced_release_…(mark, slots…, values…)` once the free pointer reaches next.
 */
export function tracedRelease(e: FnEmitter, mark: string, next: string, roots: readonly TracedRoot[]): string {
  const lib = e.lib;
  const sig = roots.map((r) => `${r.slot ? 's' : 'v'}${tid(ytype(r.t))}`).join('_');
  const name = `traced_release_${sig}`;
  const slots = roots.filter((r) => r.slot);
  lib.fn(name, () => {
    const param = (r: TracedRoot, i: number) => `${r.slot ? 's' : 'v'}${i}`;
    const object = (p: string) => `iszero(lt(${p}, ${heapStart(lib)}))`;
    const mark1 = roots.map((r, i) => {
      const p = param(r, i);
      return `if ${object(p)} {\n${indent(isFlatMemoryType(r.t) ? markFlat(lib, r.t, p) : `${markFn(lib, r.t)}(${p}, mark, V, L)`)}\n}`;
    });
    const rebase = roots.map((r, i) => {
      const p = param(r, i);
      const body = [
        ...(isFlatMemoryType(r.t) ? [] : [`${rebaseFn(lib, r.t)}(${p}, mark, V, L, P)`]),
        ...(r.slot ? [`if iszero(lt(${p}, mark)) { r${i} := ${forwardFn(lib)}(${p}, mark, L, P) }`] : []),
      ];
      return body.length ? `if ${object(p)} {\n${indent(body.join('\n'))}\n}` : '';
    }).filter(Boolean);
    const { MIN, LAMBDA } = AMORTISE;
    const walk = [
      'let L := add(V, shl(5, add(shr(13, V), 1)))',
      'let nl := add(shr(13, sub(V, mark)), 1)',
      'let P := add(L, shl(5, nl))',
      'calldatacopy(V, calldatasize(), sub(P, V))',
      ...mark1,
      `switch and(mload(V), ${TOP})`,
      'case 0 {',
      indent([
        'let live := 0',
        'for { let k := 0 } lt(k, nl) { k := add(k, 1) } {',
        indent(['let a := shl(5, k)', 'mstore(add(P, a), live)', `live := add(live, ${popcountFn(lib)}(mload(add(L, a))))`].join('\n')),
        '}',
        'let garbage := sub(sub(V, mark), shl(5, live))',
        `let grown := sub(V, sub(and(next0, ${THRESHOLD}), slack))`,
        'let dst := V',
        // at least a quarter of what was allocated since the last release is garbage: slide
        `if iszero(lt(shl(2, garbage), grown)) {\n${indent([...rebase, `dst := ${slideFn(lib)}(mark, L, nl)`, 'mstore(64, dst)'].join('\n'))}\n}`,
        // (X5) the next release waits until LAMBDA times the memory gas the garbage expected by
        // then would cost (a word at w words costs 3 + w / 256 more) reaches what this one cost
        // (an eighth of what was allocated at least: a release that came before the garbage did
        // must not put the next one off for good)
        'let expected := garbage',
        'if lt(expected, shr(3, grown)) { expected := shr(3, grown) }',
        `let s := div(mul(shl(5, sub(g0, gas())), grown), mul(mul(${LAMBDA}, add(expected, 32)), add(3, shr(13, dst))))`,
        `if lt(s, ${MIN}) { s := ${MIN} }`,
        'if gt(s, 0xffffffffffff) { s := 0xffffffffffff }',
        'next := or(shl(128, s), add(dst, s))',
      ].join('\n')),
      '}',
      // (X1) a walk that failed: nothing moved; never again
      'default { next := not(0) }',
    ];
    const body = [
      ...roots.flatMap((r, i) => (r.slot ? [`r${i} := ${param(r, i)}`] : [])),
      'let g0 := gas()',
      'let V := mload(64)',
      // (X5) the slack of the last release in the high half of next, the threshold in the low half
      'let slack := shr(128, next0)',
      'switch slack',
      'case 0 {',
      // the first time: the first threshold only
      indent([`slack := shr(1, V)`, `if lt(slack, ${MIN}) { slack := ${MIN} }`, 'next := or(shl(128, slack), add(V, slack))'].join('\n')),
      '}',
      'default {',
      indent(walk.join('\n')),
      '}',
    ];
    const rets = [...roots.flatMap((r, i) => (r.slot ? [`r${i}`] : [])), 'next'];
    return yfn(name, ['mark', 'next0', ...roots.map(param)], rets, body.join('\n'));
  });
  const outs = [...slots.map((r) => r.y), next].join(', ');
  return `if iszero(lt(mload(64), and(${next}, ${THRESHOLD}))) { ${outs} := ${name}(${mark}, ${next}, ${roots.map((r) => r.y).join(', ')}) }`;
}

/** The roots of a `sol.free_traced` op's operands (after the mark and next; its verifier requires movable memory aggregates). */
export function tracedRoots(values: readonly { type: Type }[], names: readonly string[]): TracedRoot[] {
  return values.map((v, i) => {
    const slot = v.type instanceof PtrType && v.type.loc === 'Stack';
    return { y: names[i]!, t: slot ? (v.type as PtrType).pointeeType : v.type, slot };
  });
}
