/**
 * Program points inside a function and the SSA values live at them, for the release
 * placement. A point is "before op Y" (or the end of a block); the blocks from the point's
 * block out to the function body are its levels, the ops that contain it its anchors.
 *
 * An SSA value defined before the point is live there when one of its uses may run later:
 *  (L1) a use at or after the point in the point's own block (or nested in such an op),
 *  (L2) a use in an outer level after the anchor that contains the point,
 *  (L3) a use in another region of an anchor that is a loop (the next iteration, a loop's
 *       condition or step), and
 *  (L4) any use inside a loop anchor of a value defined outside that loop.
 * Uses in the other branch of an anchor that is not a loop cannot run after the point.
 */
import { Builder, Registry, SymbolRefAttr, type Block, type CreateOptions, type Operation, type SymbolTableCollection, type Value } from '@lifeline/ir';
import { solDialect } from '../sol.js';

const registry = new Registry();
registry.register(solDialect);

/** Creates op `name` just before `at` (with `at`'s location). */
export function createBefore(at: Operation, name: string, o: CreateOptions = {}): Operation {
  const b = new Builder(registry, at.loc);
  b.setInsertionPointBefore(at);
  return b.create(name, o);
}

/** Whether `op` repeats a region: a region-branch op with a region that may branch back to its entry region. */
export function isLoop(op: Operation): boolean {
  return backEdgeRegions(op).length > 0;
}

/** The regions of a loop op whose terminator branches back to the loop's entry region. */
export function backEdgeRegions(op: Operation) {
  const rb = op.def?.spec.regionBranch;
  if (!rb || !op.regions.length) return [];
  const entry = rb.successors(op, 'parent').find((s) => s.target !== 'parent')?.target;
  if (!entry || entry === 'parent') return [];
  return op.regions.filter((r) => rb.successors(op, r).some((s) => s.target === entry));
}

interface Level {
  block: Block;
  /** The op the point is before, at level 0 (null: the block's end); the anchor op at outer levels. */
  at: Operation | null;
}

function levelsOf(block: Block, before: Operation | null, fn: Operation): Level[] {
  const levels: Level[] = [{ block, at: before }];
  for (let anchor = block.parentOp; anchor && anchor !== fn; anchor = anchor.block?.parentOp ?? null) {
    levels.push({ block: anchor.block!, at: anchor });
  }
  return levels;
}

/** The ancestor of `op` (or `op`) that lies directly in `block`, if any. */
function ancestorIn(op: Operation, block: Block): Operation | undefined {
  for (let o: Operation | null = op; o; o = o.block?.parentOp ?? null) if (o.block === block) return o;
  return undefined;
}

/**
 * The SSA values satisfying `holds` that are live at the point before `before` in `block`
 * (or at the block's end), inside function `fn`.
 */
export function liveValuesAt(fn: Operation, block: Block, before: Operation | null, holds: (v: Value) => boolean): Value[] {
  const levels = levelsOf(block, before, fn);
  const out: Value[] = [];
  levels.forEach((lv, k) => {
    const defs: Value[] = [...lv.block.arguments.filter(holds)];
    for (let o = lv.block.first; o && o !== lv.at; o = o.next) for (const r of o.results) if (holds(r)) defs.push(r);
    for (const v of defs) if (isUsedAfter(v, k, levels)) out.push(v);
  });
  return out;
}

/** Whether a use of `v` (defined at level `kDef`) may run after the point (L1)–(L4). */
function isUsedAfter(v: Value, kDef: number, levels: Level[]): boolean {
  for (const use of v.uses()) {
    const user = use.owner;
    for (let j = 0; j <= kDef; j++) {
      const anc = ancestorIn(user, levels[j]!.block);
      if (!anc) continue;
      const at = levels[j]!.at;
      if (j === 0) {
        if (at === null ? false : anc === at || at.isBeforeInBlock(anc)) return true; // (L1)
      } else if (anc !== at) {
        if (at!.isBeforeInBlock(anc)) return true; // (L2)
      } else if (isLoop(at!)) return true; // (L3)
      // (L4): a loop anchor between the use's level and the definition's
      for (let l = j + 1; l <= kDef; l++) if (isLoop(levels[l]!.at!)) return true;
      break;
    }
  }
  return false;
}

/** The function a call op names (resolved from the nearest symbol table, as MLIR does). */
export function calleeOf(call: Operation, symbols: SymbolTableCollection): Operation | undefined {
  const sym = call.def?.spec.call?.callee(call);
  return sym instanceof SymbolRefAttr ? functionNamed(call, sym, symbols) : undefined;
}

/**
 * The functions `op` may transfer control to: its callee, and any function it names by symbol
 * (a function pointer taken here may be called through anywhere later).
 */
export function functionsNamedBy(op: Operation, symbols: SymbolTableCollection): Operation[] {
  const out: Operation[] = [];
  const direct = calleeOf(op, symbols);
  if (direct) out.push(direct);
  for (const [, a] of [...op.propertyEntries(), ...(op.attributesIfAny ?? new Map())]) {
    const f = a instanceof SymbolRefAttr ? functionNamed(op, a, symbols) : undefined;
    if (f && !out.includes(f)) out.push(f);
  }
  return out;
}

function functionNamed(from: Operation, sym: SymbolRefAttr, symbols: SymbolTableCollection): Operation | undefined {
  const f = symbols.lookupNearest(from, sym);
  return f?.def?.has('FunctionLike') ? f : undefined;
}
