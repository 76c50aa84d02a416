/**
 * Structural questions the release placement (releases.ts) asks about structured control
 * flow inside one function: where a value is defined relative to a point, whether control
 * reaches the end of an enclosing op, whether one op may run before another in one call,
 * which slots a region writes, what memory the ops inside an op may write, the loop around an op.
 */
import { type Block, type Operation, type Type, type Value } from '@lifeline/ir';
import { SlotLiveness, type FunctionPointsTo, type HiddenJump, type MemObject } from '@lifeline/analyses';
import { ArrayType, PtrType, StructType } from '../sol-types.js';
import { isLoop } from './program-points.js';

/** Whether `v` is a stack slot (a `sol.alloca`'s pointer: a Solidity local). */
export function isStackSlot(v: Value): boolean {
  return v.type instanceof PtrType && v.type.loc === 'Stack';
}

/** The stack slot `v` is a load of, if it is one. */
export function stackSlotLoaded(v: Value): Value | undefined {
  const load = v.definingOp;
  return load?.name === 'sol.load' && isStackSlot(load.operand(0)) ? load.operand(0) : undefined;
}

/** Whether `v` is defined in a block around `op` (and so dominates it, in structured code) before it. */
export function definedAround(v: Value, op: Operation): boolean {
  const def = v.definingOp;
  const home = def ? def.block : (v as { owner?: Block }).owner;
  for (let o: Operation | null = op; o; o = o.block?.parentOp ?? null) {
    if (o.block === home) return !def || def.isBeforeInBlock(o);
  }
  return false;
}

/**
 * Whether object `o` may have a slot of type `t`: points-to is field-insensitive (a struct's
 * string and array fields share one set), so the objects a T location may address are
 * narrowed by their allocated types; objects of unknown type may.
 */
export function mayHoldSlot(o: MemObject, t: Type): boolean {
  if (o.kind !== 'alloc' || !o.value) return true;
  // the op allocates the outer aggregate and, inside it, the zero values of fixed-size fields;
  // a nested dynamic array starts as the zero slot 0x60 and has no slots
  const holds = (u: Type, outer: boolean): boolean => {
    const fields = u instanceof ArrayType && (outer || !u.isDynamic) ? [u.eltType] : u instanceof StructType ? u.memberTypes : [];
    return fields.some((f) => f === t || holds(f, false));
  };
  return holds(o.value.type, true);
}

export const allocatingOp = (o: MemObject): Operation => o.value?.definingOp ?? o.op!;

/** A terminator that leaves the function (return, revert, panic), not a region branch. */
export const leavesFunction = (t: Operation | null) => !!t?.def?.has('Terminator') && !t.def.spec.regionBranchTerminator;

/** Whether control may get from `op` to the end of its ancestor `outer` (no enclosing block returns or reverts first). */
export function reachesEnd(op: Operation, outer: Operation): boolean {
  for (let b = op.block; b && b !== outer.block; b = b.parentOp?.block ?? null) if (leavesFunction(b.terminator)) return false;
  return true;
}

/** Whether `a` may run before `b` in one call of the function (same block order, or a loop around both). */
export function mayPrecede(a: Operation, b: Operation): boolean {
  const chain = new Map<Block, Operation>();
  for (let o: Operation | null = b; o; o = o.block?.parentOp ?? null) if (o.block) chain.set(o.block, o);
  for (let o: Operation | null = a; o; o = o.block?.parentOp ?? null) {
    const bAnc = o.block && chain.get(o.block);
    if (!bAnc) continue;
    if (!reachesEnd(a, o)) return false;
    if (o.isBeforeInBlock(bAnc) || (o === bAnc && isLoop(o))) return true;
    for (let p = o.block!.parentOp; p; p = p.block?.parentOp ?? null) if (isLoop(p)) return true;
    return false;
  }
  return false;
}

/** The Stack slots `op` itself writes (its own memory effects; nested ops are not included). */
export function stackWrites(op: Operation): Value[] {
  return (op.def?.spec.memoryEffects?.(op) ?? []).filter((e) => e.kind === 'write' && e.resource === 'Stack' && e.value).map((e) => e.value!);
}

/**
 * What the ops nested in `root` may write into: the objects of every memory write but those
 * into the memory the writing op itself allocates (an encoder or a literal filling its own
 * result writes nothing older), and everything a call's arguments reach (the callee may
 * write there); `unknown` when some op's writes name no object (inline assembly) or it has no
 * memory-effect information; `slots`: the stack slots they write. `withRoot`: what `root`
 * itself writes too.
 */
export function writtenInside(root: Operation, pt: FunctionPointsTo, withRoot = false): { objects: Set<MemObject>; slots: Set<Value>; unknown: boolean } {
  const objects = new Set<MemObject>();
  const slots = new Set<Value>();
  let unknown = false;
  root.walk((o) => {
    if (o === root && !withRoot) return;
    for (const s of stackWrites(o)) slots.add(s);
    const w = memoryWrites(o, pt);
    unknown ||= w.unknown;
    for (const x of w.objects) objects.add(x);
  });
  return { objects, slots, unknown };
}

/**
 * What `op` itself (not the ops in its regions) may write into in memory, as writtenInside
 * counts it: `unknown` when a write names no object or the op has no memory-effect information.
 */
export function memoryWrites(op: Operation, pt: FunctionPointsTo): { objects: MemObject[]; unknown: boolean } {
  if (op.def?.spec.call) return { objects: [...pt.reach(op.operandValues().flatMap((v) => [...pt.pointsTo(v)]))], unknown: false };
  const effects = op.def?.spec.memoryEffects?.(op);
  if (!effects) return { objects: [], unknown: !op.def?.spec.regionBranch };
  const objects: MemObject[] = [];
  let unknown = false;
  for (const e of effects) {
    if (e.kind !== 'write' || e.resource !== 'Memory') continue;
    if (!e.value) unknown = true;
    else if (!effects.some((a) => a.kind === 'allocate' && a.value === e.value)) objects.push(...pt.pointsTo(e.value));
  }
  return { objects, unknown };
}

/** The closest loop op around `op`. */
export function innermostLoop(op: Operation): Operation | undefined {
  for (let p = op.parentOp; p; p = p.parentOp) if (isLoop(p)) return p;
  return undefined;
}

/** The `sol.continue`s of `loop` itself (not those of loops nested in it). */
export function continuesOf(loop: Operation): Operation[] {
  const out: Operation[] = [];
  loop.walk((o) => {
    if (o.name === 'sol.continue' && innermostLoop(o) === loop) out.push(o);
  });
  return out;
}

/** The region of `ancestor` that contains `op`. */
export function regionUnder(op: Operation, ancestor: Operation) {
  let o: Operation = op;
  while (o.parentOp && o.parentOp !== ancestor) o = o.parentOp;
  return o.block!.parent!;
}

/**
 * Slot liveness that knows sol's jumps (slot-liveness.ts (S7)): the control-flow view sends a
 * `sol.break` or `sol.continue` on through the ops after it in its loop (after each op around
 * it, up to the loop) and through the loop's other regions (step, condition); the slot writes
 * there are what the jump skips. A break goes to just after its loop, a continue where the
 * loop's region holding it goes next by the RegionBranch interface (a step or a condition).
 */
export function slotLiveness(fn: Operation): SlotLiveness {
  const jumps: HiddenJump[] = [];
  fn.walk((jump) => {
    if (jump.name !== 'sol.break' && jump.name !== 'sol.continue') return;
    const loop = innermostLoop(jump);
    if (!loop) return;
    const skipped = new Set<Operation>();
    const add = (op: Operation): void => {
      op.walk((x) => {
        if (stackWrites(x).length) skipped.add(x);
      });
    };
    for (let o: Operation = jump; o !== loop; o = o.parentOp!) {
      for (let n = o.next; n; n = n.next) add(n);
      if (o.parentOp === loop) break;
    }
    const own = regionUnder(jump, loop);
    for (const r of loop.regions) if (r !== own) for (const b of r.blocks) for (const x of b.ops()) add(x);
    if (!skipped.size) return;
    const onward = loop.def?.spec.regionBranch?.successors(loop, own).find((s) => s.target !== 'parent')?.target;
    const next = onward && onward !== 'parent' ? onward.blocks[0]?.first : undefined;
    jumps.push({ skipped, target: jump.name === 'sol.continue' && next ? { before: next } : { after: loop } });
  });
  return new SlotLiveness(fn, undefined, jumps);
}
