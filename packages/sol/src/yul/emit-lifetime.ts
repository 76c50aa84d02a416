/**
 * Yul for the lifetime ops (sol-ops-lifetime.ts): a mark is `mload(64)`, a release is
 * `mstore(64, mark)`, a reserve `mstore(64, add(mark, size))`. A release that keeps survivors first moves each object a kept slot
 * addresses, when it lies at or above the mark (allocated since), down to the next free
 * address from the mark: in ascending address order, so no move overwrites an object that
 * has not moved yet (every destination is at or below its source, and above the objects
 * already moved); mcopy copies overlapping ranges correctly. Two slots that address the
 * same object move it once. A kept slot whose type holds inner references moves its whole
 * object graph (emit-deep-move.ts).
 */
import { IntegerAttr, TypeAttr, type Operation, type Type } from '@lifeline/ir';
import { ArrayType, PtrType, StructType, isFlatMemoryType, isValueType } from '../sol-types.js';
import { cannotMove, place, rootedRelease, sizeOf, soleGraph, span, straightRelease, type Kept } from './emit-deep-move.js';
import { tracedRelease, tracedRoots } from './emit-traced.js';
import { tid } from './ytypes.js';
import { ytype } from './emit-types.js';
import type { FnEmitter } from './emit-func.js';
import { hex, indent, yfn } from './lib.js';

/**
 * Moves the object slot `s` addresses down to `dst` when it lies at or above `mark`. With
 * `gapFirst`, an object stays in place unless the free space below it is at least its size:
 * a one-time move costs about as much per word as the memory it gives back.
 */
function move(s: string, t: PtrType, mark: string, dst: string, e: FnEmitter, gapFirst: boolean, straddle: boolean): string {
  const size = e.fresh('size_');
  // no copy of an object already in place, without a branch: a zero-length mcopy costs 3 gas,
  // a jump around it ≈ 35 in solc's stack layout (held-out ControlFlow.multiExit, whose loop
  // keeps two strings: 71 gas an iteration less)
  const moveDown = [`mcopy(${dst}, ${s}, mul(${size}, iszero(eq(${s}, ${dst}))))`, `${s} := ${dst}`, `${dst} := add(${dst}, ${size})`].join('\n');
  const body = gapFirst
    ? `switch lt(sub(${s}, ${dst}), ${size})\ncase 0 {\n${indent(moveDown)}\n}\ndefault { ${dst} := add(${s}, ${size}) }`
    : moveDown;
  const above = indent(`let ${size} := ${sizeOf(t.pointeeType, s)}\n${body}`);
  if (!straddle) return [`if iszero(lt(${s}, ${mark})) {`, above, '}'].join('\n');
  // `straddle` (releases.ts (I''')): a string appended in place starts below the mark and may
  // end above it; it stays, and the free pointer does not go below its end
  const end = e.fresh('end_');
  const below = `let ${end} := add(${s}, ${sizeOf(t.pointeeType, s)})\nif gt(${end}, ${dst}) { ${dst} := ${end} }`;
  return [`switch lt(${s}, ${mark})`, 'case 0 {', above, '}', 'default {', indent(below), '}'].join('\n');
}

function release(e: FnEmitter, op: Operation): string {
  const mark = e.w(op.operand(0));
  const kept = op.operands.slice(1).map((o) => ({ s: e.w(o.value), t: o.value.type as PtrType }));
  const gapFirst = !!op.getAttr('gap_first');
  const straddle = !!op.getAttr('straddle');
  if (!kept.length) return `mstore(64, ${mark})`;
  // `shallow`: every inner object predates the mark, so each root moves alone, as a flat object
  const shallow = !!op.getAttr('shallow');
  const straight = kept.length === 1 && op.getAttr('since_mark') ? straightRelease(e, kept[0]!, mark, gapFirst, shallow) : undefined;
  if (straight) return straight;
  if (kept.length === 2 && op.getAttr('ascending')) return ascendingRelease(e, kept as [Kept, Kept], mark);
  if (!shallow && kept.some((k) => !isFlatMemoryType(k.t.pointeeType))) return deepRelease(e, mark, kept, gapFirst);
  const dst = e.fresh('dst_');
  const out = [`let ${dst} := ${mark}`];
  if (kept.length === 1) out.push(move(kept[0]!.s, kept[0]!.t, mark, dst, e, gapFirst, straddle));
  else {
    const [a, b] = kept as [typeof kept[0], typeof kept[0]];
    const origA = e.fresh('orig_'), origB = e.fresh('orig_');
    // the second slot of an order may address the object the first one just moved
    const second = (x: typeof a, y: typeof a, origX: string) =>
      `switch eq(${y.s}, ${origX})\ncase 0 {\n${indent(move(y.s, y.t, mark, dst, e, gapFirst, straddle))}\n}\ndefault { ${y.s} := ${x.s} }`;
    out.push(`let ${origA} := ${a.s}`, `let ${origB} := ${b.s}`);
    out.push(`switch gt(${a.s}, ${b.s})`);
    out.push(`case 0 {\n${indent(`${move(a.s, a.t, mark, dst, e, gapFirst, straddle)}\n${second(a, b, origA)}`)}\n}`);
    out.push(`default {\n${indent(`${move(b.s, b.t, mark, dst, e, gapFirst, straddle)}\n${second(b, a, origB)}`)}\n}`);
  }
  out.push(`mstore(64, ${dst})`);
  return `{\n${indent(out.join('\n'))}\n}`;
}

/**
 * Two flat kept objects known to be distinct and in ascending address order, the second
 * allocated since the mark (`{ascending}`, lifetime/kept-order.ts): moved in that order with
 * no comparison but whether the first is the zero slot 0x60 (below the mark: it stays). The
 * second moves even when it is the zero slot: it moves last, so its copy overwrites nothing.
 * A function of its own: temporaries stay off the loop's stack.
 */
function ascendingRelease(e: FnEmitter, [lo, hi]: [Kept, Kept], mark: string): string {
  const name = `keep_ascending_${tid(ytype(lo.t.pointeeType))}_${tid(ytype(hi.t.pointeeType))}`;
  // without a branch: one `if` here cost ≈ 70 gas per call in solc's stack layout
  e.lib.fn(name, () => yfn(name, ['a', 'b', 'mark'], ['ra', 'rb'], [
    'let go := iszero(lt(a, mark))',
    `let sa := mul(${sizeOf(lo.t.pointeeType, 'a')}, go)`,
    'mcopy(mark, a, sa)',
    'ra := xor(a, mul(xor(a, mark), go))',
    'rb := add(mark, sa)',
    `let sb := ${sizeOf(hi.t.pointeeType, 'b')}`,
    'mcopy(rb, b, sb)',
    'mstore(64, add(rb, sb))',
  ].join('\n')));
  return `${lo.s}, ${hi.s} := ${name}(${lo.s}, ${hi.s}, ${mark})`;
}

/** A release keeping at least one object graph (emit-deep-move.ts (D1)–(D5)). */
function deepRelease(e: FnEmitter, mark: string, kept: Kept[], gapFirst: boolean): string {
  const dst = e.fresh('dst_');
  const out = [`let ${dst} := ${mark}`];
  if (kept.length === 1) {
    // (D8) a root that cannot move stays without its span walk
    const stays = gapFirst ? cannotMove(e.lib, kept[0]!.t.pointeeType, kept[0]!.s, mark) : undefined;
    const walk = soleGraph(e, kept[0]!, mark, dst, gapFirst);
    out.push(stays ? `switch ${stays}\ncase 0 {\n${indent(walk)}\n}\ndefault { ${dst} := mload(64) }` : walk);
  } else {
    const spans = kept.map((k) => span(e, k));
    const put = (i: number) => place(e, kept[i]!, spans[i]!.lo, spans[i]!.hi, spans[i]!.total, mark, dst, gapFirst);
    out.push(...spans.map((x) => x.code));
    const [a, b] = [spans[0]!, spans[1]!];
    const [sa, sb] = [kept[0]!.s, kept[1]!.s];
    // (D5) disjoint spans, in ascending order; anything else keeps everything
    const ordered = `switch gt(${a.lo}, ${b.lo})\ncase 0 {\n${indent(`${put(0)}\n${put(1)}`)}\n}\ndefault {\n${indent(`${put(1)}\n${put(0)}`)}\n}`;
    const disjoint = `or(iszero(lt(${b.lo}, ${a.hi})), iszero(lt(${a.lo}, ${b.hi})))`;
    out.push(`switch eq(${sa}, ${sb})`);
    out.push(`case 0 {\n${indent(`switch ${disjoint}\ncase 0 { ${dst} := mload(64) }\ndefault {\n${indent(ordered)}\n}`)}\n}`);
    out.push(`default {\n${indent(`${put(0)}\n${sb} := ${sa}`)}\n}`);
  }
  out.push(`mstore(64, ${dst})`);
  return `{\n${indent(out.join('\n'))}\n}`;
}

/**
 * `sol.free_held` (lifetime/held-release.ts): the object the word at `a` holds, when this run
 * of the region allocated it (at or above the mark), is copied into the object it displaced
 * (`o`, when that one lies in [loop mark, mark) and is at least as large), or moved down to the
 * loop mark `lm` when `o` is all that lies in [lm, mark), else to the mark; the word is
 * updated, the rest freed. A function: its temporaries stay off the loop's
 * stack.
 */
function heldRelease(e: FnEmitter, op: Operation): string {
  const [mark, lm, a, o] = op.operands.map((x) => e.w(x.value));
  const t = (op.getAttr('held') as TypeAttr).value;
  const direct = !!op.getAttr('direct') || !!op.getAttr('displaced');
  const name = `free_held_${direct ? 'direct_' : ''}${tid(ytype(t))}`;
  // a larger object whose displaced one alone fills [lm, mark) takes its place: it is the
  // loop's one survivor, and the loop's memory stays one instance (a growing array)
  const place = isFlatMemoryType(t) ? `let size := ${sizeOf(t, 'n')}
let osize := ${sizeOf(t, 'o')}
switch and(lt(sub(o, lm), sub(mark, lm)), iszero(gt(size, osize)))
case 0 {
  if and(eq(o, lm), eq(add(o, osize), mark)) { dst := lm }
  if gt(n, dst) {
    mcopy(dst, n, size)
    mstore(a, dst)
  }
  dst := add(dst, size)
}
default {
  mcopy(o, n, size)
  mstore(a, o)
}` : `switch ${graphHelper(e, 'fits', t)}(n, o, lm, mark)
case 0 { dst := ${graphHelper(e, 'end', t)}(n, mark) }
default {
  ${graphHelper(e, 'copy', t)}(n, o, mark)
  mstore(a, o)
}`;
  // {direct}: the store ran, and the word still holds what it stored
  const body = direct ? `let n := mload(a)\n${place}` : `if a {\n${indent(`let n := mload(a)\nif iszero(lt(n, mark)) {\n${indent(place)}\n}`)}\n}`;
  e.lib.fn(name, () => yfn(name, ['mark', 'lm', 'a', 'o'], [], `let dst := mark\n${body}\nmstore(64, dst)`));
  // {displaced}: the displace ran, and the word holds what it held or a new object; most runs
  // of a call that may grow a member leave it as it was, so that case costs no function call
  if (op.getAttr('displaced')) return `switch lt(mload(${a}), ${mark})\ncase 0 { ${name}(${mark}, ${lm}, ${a}, ${o}) }\ndefault { mstore(64, ${mark}) }`;
  if (direct) return `${name}(${mark}, ${lm}, ${a}, ${o})`;
  // the same for a store under a condition: a run that did not store only frees, and so does
  // one whose word still holds an older object — most runs of a loop around a helper that may
  // grow a member by doubling (`_heapPush(h, …)`): that case costs no function call either
  const older = `switch lt(mload(${a}), ${mark})\ncase 0 { ${name}(${mark}, ${lm}, ${a}, ${o}) }\ndefault { mstore(64, ${mark}) }`;
  return `switch ${a}\ncase 0 { mstore(64, ${mark}) }\ndefault {\n${indent(older)}\n  ${a} := 0\n}`;
}

/** The address fields of a fixed-shape graph type: [byte offset, field type]. */
function addressFields(t: Type): [number, Type][] {
  const fields = t instanceof ArrayType ? Array.from({ length: t.size }, () => t.eltType) : (t as StructType).memberTypes;
  return fields.map((f, k): [number, Type] => [k * 32, f]).filter(([, f]) => !isValueType(f));
}

/**
 * The helpers of a held graph release (isHeldGraphType), by type: `fits(n, o, lm, mark)` —
 * `o` was allocated in [lm, mark) and every object of n's graph allocated since the mark fits
 * the object the same field of o's graph holds; `copy(n, o, mark)` — copies n's graph into o's
 * (a field whose object predates the mark is copied as an address); `end(n, mark)` — the end of
 * the highest object of n's graph allocated since the mark.
 */
function graphHelper(e: FnEmitter, kind: 'fits' | 'copy' | 'end', t: Type): string {
  const name = `held_${kind}_${tid(ytype(t))}`;
  const flat = isFlatMemoryType(t);
  const own = flat ? sizeOf(t, 'n') : `${(t instanceof ArrayType ? t.size : (t as StructType).memberTypes.length) * 32}`;
  const inRange = 'lt(sub(o, lm), sub(mark, lm))';
  const fields = flat ? [] : addressFields(t);
  const since = (k: number) => `let c := mload(${k ? `add(n, ${k})` : 'n'})\nif iszero(lt(c, mark)) `;
  e.lib.fn(name, () => {
    if (kind === 'fits') {
      const body = flat ? `ok := and(${inRange}, iszero(gt(${sizeOf(t, 'n')}, ${sizeOf(t, 'o')})))`
        : [`ok := ${inRange}`, ...fields.map(([k, f]) => `if ok {\n${indent(`${since(k)}{ ok := ${graphHelper(e, 'fits', f)}(c, mload(${k ? `add(o, ${k})` : 'o'}), lm, mark) }`)}\n}`)].join('\n');
      return yfn(name, ['n', 'o', 'lm', 'mark'], ['ok'], body);
    }
    if (kind === 'end') {
      const body = [`e := add(n, ${own})`, ...fields.map(([k, f]) => `{\n${indent(`${since(k)}{\n  let ce := ${graphHelper(e, 'end', f)}(c, mark)\n  if gt(ce, e) { e := ce }\n}`)}\n}`)].join('\n');
      return yfn(name, ['n', 'mark'], ['e'], body);
    }
    if (flat) return yfn(name, ['n', 'o', 'mark'], [], `mcopy(o, n, ${sizeOf(t, 'n')})`);
    const words = (t instanceof ArrayType ? Array.from({ length: t.size }, () => t.eltType) : (t as StructType).memberTypes).map((f, k) => {
      const at = (p: string) => (k ? `add(${p}, ${k * 32})` : p);
      if (isValueType(f)) return `mstore(${at('o')}, mload(${at('n')}))`;
      return `{\n${indent(`let c := mload(${at('n')})\nswitch lt(c, mark)\ncase 0 { ${graphHelper(e, 'copy', f)}(c, mload(${at('o')}), mark) }\ndefault { mstore(${at('o')}, c) }`)}\n}`;
    });
    return yfn(name, ['n', 'o', 'mark'], [], words.join('\n'));
  });
  return name;
}

export const lifetimeHandlers: Record<string, (e: FnEmitter, op: Operation) => string> = {
  'sol.free_ptr': (e, op) => e.let(op.result(0), 'mload(64)'),
  'sol.free': release,
  'sol.displace': (e, op) => `${e.w(op.operand(1))} := ${e.w(op.operand(0))}\n${e.w(op.operand(2))} := mload(${e.w(op.operand(0))})`,
  'sol.free_held': heldRelease,
  'sol.free_rooted': (e, op) => rootedRelease(e, { s: e.w(op.operand(2)), t: op.operand(2).type as PtrType }, e.w(op.operand(0)), e.w(op.operand(1))),
  'sol.free_traced': (e, op) => {
    const roots = op.operands.slice(2).map((o) => o.value);
    return tracedRelease(e, e.w(op.operand(0)), e.w(op.operand(1)), tracedRoots(roots, roots.map((v) => e.w(v))));
  },
  'sol.reserve': (e, op) => `mstore(64, add(${e.w(op.operand(0))}, ${hex((op.getAttr('size') as IntegerAttr).value)}))`,
};
