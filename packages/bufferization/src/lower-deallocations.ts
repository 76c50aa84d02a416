/**
 * bufferization-lower-deallocations (MLIR 19 LowerDeallocations.cpp semantics).
 *
 * Specification:
 *  (1) The pass runs on a builtin.module or a function; any other root is the error
 *      "root operation must be a builtin.module or a function".
 *  (2) On a module, before lowering, one private `@dealloc_helper` library function is
 *      appended to each symbol table (the nearest SymbolTable ancestor) that holds a
 *      dealloc with more than one memref; walk order decides creation order, a taken
 *      name is uniqued (`dealloc_helper_0`).
 *  (3) A dealloc with no memrefs: every updated condition becomes one `false` constant.
 *  (4) One memref, no retained: `scf.if %cond { memref.dealloc %m }`.
 *  (5) One memref with retained r_1..r_k: pointer of m, then for each r_i its pointer
 *      and `cmpi ne`; an `andi` chain over the k results, `andi` with the condition,
 *      a guarded dealloc, one `true` constant, then per r_i `xori(ne_i, true)` and
 *      `andi(_, cond)` as the updated condition.
 *  (6) Otherwise the generic lowering: three scratch allocations (memref pointers,
 *      conditions, retained pointers), pointer stores each with a fresh index
 *      constant, casts to `?`, two output allocations and their casts, the helper call,
 *      a guarded dealloc per memref from the loaded flag, loads of the ownership
 *      flags, then the five scratch deallocs.
 *  (7) Under a function root (no helper can be inserted), a dealloc needing (6) is the
 *      error "library function required for generic lowering, but cannot be
 *      automatically inserted when operating on functions", followed by the
 *      conversion failure "failed to legalize operation 'bufferization.dealloc' that
 *      was explicitly marked illegal".
 */
import { Builder, hasTrait, type Operation, type PassContext, type PassDef, type Registry, type Value } from '@lifeline/ir';
import { SymbolTable } from '@lifeline/ir';
import { registryOf } from './pass-registry.js';
import {
  alloc, binary, call, cast, cmpi, constBool, constIndex, deallocParts, dim, extractPointer, funcOp, i1, index, load,
  memrefDealloc, memrefOf, scfFor, scfIf, store, yieldOp, DYN,
} from './build.js';

const HELPER = 'dealloc_helper';

/** (2) buildDeallocationLibraryFunction: the helper's body, appended to `table`'s owner. */
export function buildDeallocHelper(b: Builder, table: SymbolTable): string {
  const idxList = memrefOf([DYN], index);
  const boolList = memrefOf([DYN], i1);
  const [fn, block] = funcOp(b, HELPER, [idxList, idxList, boolList, boolList, boolList], [], 'private');
  const name = table.insert(fn);
  const [toDealloc, toRetain, conds, deallocConds, retainConds] = block.arguments as unknown as Value[];
  b.setInsertionPointToStart(block);
  const c0 = constIndex(b, 0);
  const c1 = constIndex(b, 1);
  const t = constBool(b, true);
  const f = constBool(b, false);
  const nDealloc = dim(b, toDealloc!, c0).result(0);
  const nRetain = dim(b, toRetain!, c0).result(0);
  scfFor(b, c0, nRetain, c1, [], (i) => {
    store(b, f, retainConds!, [i]);
    yieldOp(b);
  });
  scfFor(b, c0, nDealloc, c1, [], (outer) => {
    const ptr = load(b, toDealloc!, [outer]);
    const cond = load(b, conds!, [outer]);
    const noRetainAlias = scfFor(b, c0, nRetain, c1, [t], (i, [acc]) => {
      const r = load(b, toRetain!, [i]);
      const same = cmpi(b, 'eq', r, ptr);
      scfIf(b, same, [], () => {
        const old = load(b, retainConds!, [i]);
        store(b, binary(b, 'arith.ori', old, cond), retainConds!, [i]);
        yieldOp(b);
      });
      const differs = cmpi(b, 'ne', r, ptr);
      yieldOp(b, [binary(b, 'arith.andi', acc!, differs)]);
    }).result(0);
    const noAlias = scfFor(b, c0, outer, c1, [noRetainAlias], (i, [acc]) => {
      const prev = load(b, toDealloc!, [i]);
      const differs = cmpi(b, 'ne', prev, ptr);
      yieldOp(b, [binary(b, 'arith.andi', acc!, differs)]);
    }).result(0);
    store(b, binary(b, 'arith.andi', noAlias, cond), deallocConds!, [outer]);
    yieldOp(b);
  });
  b.create('func.return');
  return name;
}

/** (4) and the guarded frees of (5)/(6). */
function guardedDealloc(b: Builder, cond: Value, m: Value): void {
  scfIf(b, cond, [], () => {
    memrefDealloc(b, m);
    yieldOp(b);
  });
}

/** (5) */
function lowerOneMemref(b: Builder, m: Value, cond: Value, retained: readonly Value[]): Value[] {
  const mPtr = extractPointer(b, m);
  const noAlias = retained.map((r) => cmpi(b, 'ne', mPtr, extractPointer(b, r)));
  let all = noAlias[0]!;
  for (const v of noAlias.slice(1)) all = binary(b, 'arith.andi', all, v);
  guardedDealloc(b, binary(b, 'arith.andi', all, cond), m);
  const t = constBool(b, true);
  return noAlias.map((v) => binary(b, 'arith.andi', binary(b, 'arith.xori', v, t), cond));
}

/** (6) */
function lowerGeneric(b: Builder, helper: string, memrefs: readonly Value[], conds: readonly Value[],
  retained: readonly Value[]): Value[] {
  const toDealloc = alloc(b, memrefOf([memrefs.length], index));
  const condList = alloc(b, memrefOf([conds.length], i1));
  const toRetain = alloc(b, memrefOf([retained.length], index));
  memrefs.forEach((m, i) => {
    const p = extractPointer(b, m);
    store(b, p, toDealloc, [constIndex(b, i)]);
  });
  conds.forEach((c, i) => store(b, c, condList, [constIndex(b, i)]));
  retained.forEach((r, i) => {
    const p = extractPointer(b, r);
    store(b, p, toRetain, [constIndex(b, i)]);
  });
  const dynIdx = memrefOf([DYN], index);
  const dynBool = memrefOf([DYN], i1);
  const castDealloc = cast(b, dynIdx, toDealloc);
  const castConds = cast(b, dynBool, condList);
  const castRetain = cast(b, dynIdx, toRetain);
  const deallocConds = alloc(b, memrefOf([memrefs.length], i1));
  const retainConds = alloc(b, memrefOf([retained.length], i1));
  const castDeallocConds = cast(b, dynBool, deallocConds);
  const castRetainConds = cast(b, dynBool, retainConds);
  call(b, helper, [castDealloc, castRetain, castConds, castDeallocConds, castRetainConds]);
  memrefs.forEach((m, i) => guardedDealloc(b, load(b, deallocConds, [constIndex(b, i)]), m));
  const results = retained.map((_, i) => load(b, retainConds, [constIndex(b, i)]));
  for (const v of [toDealloc, toRetain, condList, deallocConds, retainConds]) memrefDealloc(b, v);
  return results;
}

/** The nearest ancestor with the SymbolTable trait. */
export function symbolTableOf(op: Operation): Operation | null {
  for (let p = op.parentOp; p; p = p.parentOp) if (hasTrait(p, 'SymbolTable')) return p;
  return null;
}

/**
 * Lowers every bufferization.dealloc under `root` (and returns false after reporting
 * (7)). `helpers` maps a symbol table op to its helper's name.
 */
export function lowerDeallocs(root: Operation, registry: Registry, helpers: Map<Operation, string>, ctx: PassContext): boolean {
  const deallocs: Operation[] = [];
  root.walk((op) => {
    if (op.name === 'bufferization.dealloc') deallocs.push(op);
  });
  const b = new Builder(registry);
  for (const op of deallocs) {
    const { memrefs, conditions, retained } = deallocParts(op);
    b.setInsertionPointBefore(op);
    b.loc = op.loc;
    let repl: Value[];
    if (memrefs.length === 0) {
      // (3)
      const f = constBool(b, false);
      repl = retained.map(() => f);
    } else if (retained.length === 0 && memrefs.length === 1) {
      guardedDealloc(b, conditions[0]!, memrefs[0]!);
      repl = [];
    } else if (memrefs.length === 1) {
      repl = lowerOneMemref(b, memrefs[0]!, conditions[0]!, retained);
    } else {
      const table = symbolTableOf(op);
      const helper = table ? helpers.get(table) : undefined;
      if (!helper) {
        ctx.emitError(op, 'library function required for generic lowering, but cannot be automatically inserted when operating on functions');
        ctx.emitError(op, "failed to legalize operation 'bufferization.dealloc' that was explicitly marked illegal");
        return false;
      }
      repl = lowerGeneric(b, helper, memrefs, conditions, retained);
    }
    op.results.forEach((r, i) => r.replaceAllUsesWith(repl[i]!));
    op.erase();
  }
  return true;
}

/** (1)(2) Creates the helpers a module root needs; returns false after an error. */
export function prepareHelpers(root: Operation, registry: Registry, ctx: PassContext): Map<Operation, string> | undefined {
  const helpers = new Map<Operation, string>();
  if (root.name !== 'builtin.module') {
    if (!hasTrait(root, 'FunctionLike')) {
      ctx.emitError(root, 'root operation must be a builtin.module or a function');
      return undefined;
    }
    return helpers;
  }
  const b = new Builder(registry, root.loc);
  const tables = new Map<Operation, SymbolTable>();
  root.walk((op) => {
    if (op.name !== 'bufferization.dealloc' || deallocParts(op).memrefs.length <= 1) return;
    const owner = symbolTableOf(op);
    if (!owner || helpers.has(owner)) return;
    let table = tables.get(owner);
    if (!table) tables.set(owner, (table = new SymbolTable(owner)));
    helpers.set(owner, buildDeallocHelper(b, table));
  });
  return helpers;
}


export const lowerDeallocationsPass: PassDef = {
  argument: 'bufferization-lower-deallocations',
  name: 'LowerDeallocations',
  description: 'Lowers bufferization.dealloc operations to memref.dealloc operations',
  run(op, ctx) {
    const registry = registryOf(ctx);
    const helpers = prepareHelpers(op, registry, ctx);
    if (helpers) lowerDeallocs(op, registry, helpers, ctx);
  },
};
