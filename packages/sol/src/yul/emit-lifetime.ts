/**
 * Yul for the lifetime ops (sol-ops-lifetime.ts): a mark is `mload(64)`, a release is
 * `mstore(64, mark)`, a reserve `mstore(64, add(mark, size))`. A release that keeps survivors first moves each object a kept slot
 * addresses, when it lies at or above the mark (allocated since), down to the next free
 * address from the mark: in ascending address order, so no move overwrites an object that
 * has not moved yet (every destination is at or below its source, and above the objects
 * already moved); mcopy copies overlapping ranges correctly. Two slots that address the
 * same object move it once.
 */
import { IntegerAttr, type Operation } from '@lifeline/ir';
import { ArrayType, PtrType, StringType, StructType } from '../sol-types.js';
import type { FnEmitter } from './emit-func.js';
import { hex, indent } from './lib.js';

/** The byte size of the flat memory object at `p` (a Yul expression; `p` is a variable). */
function sizeOf(t: PtrType, p: string): string {
  const agg = t.pointeeType;
  if (agg instanceof StructType) return `${agg.memberTypes.length * 32}`;
  if (agg instanceof StringType) return `add(0x20, and(add(mload(${p}), 31), not(31)))`;
  const a = agg as ArrayType;
  return a.isDynamic ? `add(0x20, mul(mload(${p}), 0x20))` : `${a.size * 32}`;
}

/**
 * Moves the object slot `s` addresses down to `dst` when it lies at or above `mark`. With
 * `gapFirst`, an object stays in place unless the free space below it is at least its size:
 * a one-time move costs about as much per word as the memory it gives back.
 */
function move(s: string, t: PtrType, mark: string, dst: string, e: FnEmitter, gapFirst: boolean): string {
  const size = e.fresh('size_');
  const moveDown = [`if iszero(eq(${s}, ${dst})) { mcopy(${dst}, ${s}, ${size}) }`, `${s} := ${dst}`, `${dst} := add(${dst}, ${size})`].join('\n');
  const body = gapFirst
    ? `switch lt(sub(${s}, ${dst}), ${size})\ncase 0 {\n${indent(moveDown)}\n}\ndefault { ${dst} := add(${s}, ${size}) }`
    : moveDown;
  return [`if iszero(lt(${s}, ${mark})) {`, indent(`let ${size} := ${sizeOf(t, s)}\n${body}`), '}'].join('\n');
}

function release(e: FnEmitter, op: Operation): string {
  const mark = e.w(op.operand(0));
  const kept = op.operands.slice(1).map((o) => ({ s: e.w(o.value), t: o.value.type as PtrType }));
  const gapFirst = !!op.getAttr('gap_first');
  if (!kept.length) return `mstore(64, ${mark})`;
  const dst = e.fresh('dst_');
  const out = [`let ${dst} := ${mark}`];
  if (kept.length === 1) out.push(move(kept[0]!.s, kept[0]!.t, mark, dst, e, gapFirst));
  else {
    const [a, b] = kept as [typeof kept[0], typeof kept[0]];
    const origA = e.fresh('orig_'), origB = e.fresh('orig_');
    // the second slot of an order may address the object the first one just moved
    const second = (x: typeof a, y: typeof a, origX: string) =>
      `switch eq(${y.s}, ${origX})\ncase 0 {\n${indent(move(y.s, y.t, mark, dst, e, gapFirst))}\n}\ndefault { ${y.s} := ${x.s} }`;
    out.push(`let ${origA} := ${a.s}`, `let ${origB} := ${b.s}`);
    out.push(`switch gt(${a.s}, ${b.s})`);
    out.push(`case 0 {\n${indent(`${move(a.s, a.t, mark, dst, e, gapFirst)}\n${second(a, b, origA)}`)}\n}`);
    out.push(`default {\n${indent(`${move(b.s, b.t, mark, dst, e, gapFirst)}\n${second(b, a, origB)}`)}\n}`);
  }
  out.push(`mstore(64, ${dst})`);
  return `{\n${indent(out.join('\n'))}\n}`;
}

export const lifetimeHandlers: Record<string, (e: FnEmitter, op: Operation) => string> = {
  'sol.free_ptr': (e, op) => e.let(op.result(0), 'mload(64)'),
  'sol.free': release,
  'sol.reserve': (e, op) => `mstore(64, add(${e.w(op.operand(0))}, ${hex((op.getAttr('size') as IntegerAttr).value)}))`,
};
