/**
 * The plan of the ownership analysis (ownership-analysis.ts): what the
 * deallocation pass builds, block by block, and the values it shares with the
 * per-block transfer (ownership-block.ts). Clause numbers refer to the
 * specification in ownership-analysis.ts.
 */
import { symbolVisibility, type Block, type BlockArgument, type Location, type Operation, type SymbolTableCollection, type Value } from '@lifeline/ir';
import type { Indicator, Ownership } from './ownership.js';
import type { ValueLiveness } from './value-liveness.js';

/** A memref value (ranked or unranked): the values ownership is tracked for. */
export { isBufferType as isMemref } from './buffer-origin.js';

/** A memref the pass creates at a function return (5): a clone or the scf.if that may clone. */
export class Placeholder {
  constructor(readonly kind: 'clone' | 'ifclone', readonly source: Value, readonly term: Operation, readonly operand: number) {}
}
export type MemrefRef = Value | Placeholder;

/** One `bufferization.dealloc` to create before a terminator. */
export interface DeallocPlan {
  memrefs: MemrefRef[];
  conditions: Indicator[];
  retained: MemrefRef[];
}

/** (5) What happens to one memref operand of a function return. */
export interface ReturnAction {
  operand: number;
  /** 'asis': keep; 'clone': clone (ownership Unknown); 'ifclone': scf.if on `condition`. */
  kind: 'asis' | 'clone' | 'ifclone';
  condition?: Indicator;
  /** The returned value is an arith.select whose indicator is a select of its operands' indicators. */
  select?: { trueInd: Indicator; falseInd: Indicator };
  placeholder?: Placeholder;
}

export type Step =
  /** (2) a constant before the block's original first op. */
  | { kind: 'constAtEntry'; indicator: Indicator & { kind: 'const' } }
  | { kind: 'constAtFront'; indicator: Indicator & { kind: 'const' } }
  | { kind: 'constBefore'; indicator: Indicator & { kind: 'const' }; op: Operation }
  | { kind: 'addArg'; of: BlockArgument }
  /** (3) `cf.assert (indicator xor true)` before a free marked bufferization.manual_deallocation. */
  | { kind: 'assertNotOwned'; op: Operation; indicator: Indicator }
  | { kind: 'regionBranch'; op: Operation; memrefOperands: number; memrefResults: Value[] }
  | { kind: 'dynamicCall'; op: Operation; memrefResults: Value[] }
  | { kind: 'branch'; op: Operation; dealloc: DeallocPlan; forwarded: number }
  | { kind: 'condBranch'; op: Operation; deallocs: [DeallocPlan, DeallocPlan]; common: Value[]; appended: [Indicator[], Indicator[]] }
  | { kind: 'returnLike'; op: Operation; actions: ReturnAction[]; dealloc?: DeallocPlan; appendOwnership: number };

export interface BlockPlan {
  block: Block;
  steps: Step[];
  /** Memref live-ins and memrefs defined in the block that it considers, in MLIR's order. */
  toDeallocate: MemrefRef[];
  /** Ownership of each memref the block knows when it ends. */
  ownership: ReadonlyMap<MemrefRef, Ownership>;
}

export interface FunctionPlan {
  func: Operation;
  blocks: BlockPlan[];
  /** The first error; `loc` set when MLIR reports at a location, not on an op. */
  error?: { op: Operation; message: string; loc?: Location };
}

export interface OwnershipOptions {
  privateFunctionDynamicOwnership: boolean;
  /** Symbol tables to resolve callees with; share one when analysing functions one by one. */
  symbols?: SymbolTableCollection;
  /**
   * (8) Called with each block's plan as soon as it is made, in MLIR's order,
   * instead of keeping it in the function's plan. The deallocation pass builds the
   * block's IR right away, as MLIR does: what it builds (i1 arguments and results,
   * operands of handled terminators, new ops) is never read by the analysis of the
   * blocks that follow, which read only original operands, results and arguments.
   */
  onBlock?: (bp: BlockPlan) => void;
}

/** (6) An error with MLIR's message; the first one stops the function. */
export class OwnershipError extends Error {
  constructor(readonly op: Operation, message: string, readonly loc?: Location) { super(message); }
}

export function isPrivate(fn: Operation): boolean {
  return symbolVisibility(fn) === 'private';
}
export function isExternal(fn: Operation): boolean {
  return !fn.regions[0] || fn.regions[0].blocks.length === 0;
}


/** What the blocks of one function share while it is analysed. */
export interface FunctionContext {
  plan: FunctionPlan;
  liveness: ValueLiveness;
  /** (7) Ops MLIR has rebuilt by now (region-branch ops, dynamic-ownership calls). */
  rebuilt: Set<Operation>;
}
