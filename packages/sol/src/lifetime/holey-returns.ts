/**
 * (I*') Which call results may be object graphs with holes between their objects: a helper that
 * builds a graph between its temporaries returns it with them in place (lifetime/releases.ts
 * `tracedKeeps`, packages/sol/LIFETIME.md 2* "Kept graphs with holes").
 */
import type { Operation, SymbolTableCollection } from '@lifeline/ir';
import { returnsFromFunction, type MemObject, type ProgramPointsTo } from '@lifeline/analyses';
import { isFlatMemoryType, isMovableMemoryType } from '../sol-types.js';
import { calleeOf } from './program-points.js';
import { allocatingOp } from './structure.js';

/** (I*') Per function: whether a graph it returns may have holes, asked once. */
const holeyReturns = new WeakMap<Operation, boolean>();

/**
 * (I*') Whether a graph `fn` returns may have holes between its objects: `fn` allocates an
 * object (itself, or the result of a call) that none of its results reaches — a temporary,
 * which may lie between the result's parts — or its results reach the result of a call to a
 * function whose graphs may have holes. A recursive call answers yes.
 */
function mayReturnHoles(program: ProgramPointsTo, symbols: SymbolTableCollection, fn: Operation): boolean {
  const known = holeyReturns.get(fn);
  if (known !== undefined) return known;
  holeyReturns.set(fn, true);
  const pt = program.function(fn);
  const returned: MemObject[] = [];
  fn.walk((o) => {
    if (returnsFromFunction(o, fn)) for (const v of o.operandValues()) returned.push(...pt.pointsTo(v));
  });
  const reached = pt.reach(returned);
  const made = pt.objects().filter((o) => (o.kind === 'alloc' || o.kind === 'call') && fn.isAncestorOf(allocatingOp(o)));
  const holey = made.some((o) => !reached.has(o) || (isGraphResult(o) && mayCalleeReturnHoles(program, symbols, o)));
  holeyReturns.set(fn, holey);
  return holey;
}

/** (I*') Whether `o` is memory a call returns with an object graph among its results (a flat object has no holes). */
export const isGraphResult = (o: MemObject) => o.kind === 'call' && o.op!.results.some((r) => isMovableMemoryType(r.type) && !isFlatMemoryType(r.type));

/** (I*') Whether the callee of call object `o` may return a graph with holes (an unknown callee may). */
export function mayCalleeReturnHoles(program: ProgramPointsTo, symbols: SymbolTableCollection, o: MemObject): boolean {
  const f = calleeOf(allocatingOp(o), symbols);
  return !f || mayReturnHoles(program, symbols, f);
}
