/**
 * LocalAliasAnalysis: a stateless, function-local alias analysis over op interfaces
 * (MLIR's mlir/lib/Analysis/AliasAnalysis/LocalAliasAnalysis.cpp, LLVM 19). It never
 * looks at op names: views, control flow, allocations and effects come from interfaces.
 *
 * Specification — underlying values (the "addresses" a value may be):
 *  (U1) The search from one value keeps a visited set (a value is expanded once) and a
 *       depth budget of 10 per path; a value reached with no budget left is its own
 *       underlying value.
 *  (U2) A result of a ViewLike op is replaced by the op's view source (LLVM 19 unwraps
 *       every result of a view-like op, not only the view).
 *  (U3) A result of a RegionBranch op is replaced by what reaches it: see (U5) with the
 *       parent as target. Any other result is its own underlying value.
 *  (U4) An argument of a non-entry block is replaced by the operand each predecessor's
 *       terminator forwards to it. Predecessors are visited in MLIR's use-list order (the
 *       last branch written first). A predecessor whose terminator is not a Branch op, or
 *       that produces the argument itself (no forwarded operand), stops the search with
 *       the argument added as its own underlying value.
 *  (U5) An entry-block argument of a region of a RegionBranch op, or a result of that op
 *       (target = parent), is replaced as follows. For the parent and then each region
 *       as predecessor point, find the successor entry whose target is ours:
 *         - no inputs, or our index outside the inputs' index range: the value itself is
 *           an underlying value (and that point contributes nothing else);
 *         - otherwise, with k = index - first input index: from the parent, the k-th entry
 *           operand for the target; from a region, for each block whose terminator is a
 *           RegionBranchTerminator the k-th operand it forwards to the target; a block whose
 *           terminator branches to other blocks instead makes the value itself underlying
 *           and ends the search.
 *  (U6) An entry-block argument of any other op (a function argument) is its own value.
 *
 * Specification — alias(lhs, rhs):
 *  (L1) Equal values MustAlias.
 *  (L2) Otherwise collect the underlying values of both; if either list is empty, MayAlias.
 *       Else the answer is the merge (alias-result.ts (R2)) of aliasImpl over all pairs.
 *  aliasImpl(lhs, rhs), on underlying values:
 *  (I1) Equal values MustAlias.
 *  (I2) A value is constant when its defining op is ConstantLike. Two constants MayAlias.
 *       A constant and a value with an allocation effect (I3) are NoAlias; a constant and
 *       anything else MayAlias.
 *  (I3) A value has an allocation effect when the op defining it (for a block argument,
 *       the op owning the region) declares an `allocate` effect on exactly that value. The
 *       allocation's scope is the nearest enclosing AutomaticAllocationScope op when the
 *       effect is on the AutomaticAllocationScope resource (stack allocations), otherwise
 *       the nearest enclosing FunctionLike op (escapes out of functions are ignored).
 *  (I4) Both allocated: NoAlias. Neither: MayAlias.
 *  (I5) One allocated (A, scope S) and one not (B): NoAlias when the op owning B's region
 *       is a proper ancestor of S, or is S itself and B is an entry-block argument of S
 *       (an argument of the scope cannot be a fresh allocation inside it). Else MayAlias.
 *
 * Specification — getModRef(op, location):
 *  (M1) An op with RecursiveMemoryEffects: ModRef (nested ops are not inspected).
 *  (M2) An op without a memory-effect interface: ModRef. `Pure` declares no effects.
 *  (M3) Otherwise the union over its effects: allocate/free are skipped; an effect on a
 *       value that is NoAlias with `location` is skipped; an effect without a value (whole
 *       resource, or a symbol) counts as MayAlias; read adds Ref, write adds Mod.
 */
import {
  BlockArgument, hasTrait,
  type Block, type MemoryEffect, type OpResult, type Operation, type Region, type RegionPoint, type Value,
} from '@lifeline/ir';
import { ModRefResult, mergeAliasResults, type AliasResult } from './alias-result.js';
import type { AliasAnalysisImpl } from './alias-analysis.js';

/** (U1) MLIR's maxUnderlyingValueSearchDepth. */
export const MAX_UNDERLYING_VALUE_SEARCH_DEPTH = 10;

/**
 * The op's memory effects, or undefined when it has no memory-effect interface (M2).
 * `Pure` is MLIR's NoMemoryEffect: the interface with no effects.
 */
export function memoryEffectsOf(op: Operation): MemoryEffect[] | undefined {
  const fn = op.def?.spec.memoryEffects;
  if (fn) return fn(op);
  return hasTrait(op, 'Pure') ? [] : undefined;
}

/** The op that owns the region `v` is defined in (null for a detached value). */
function parentOpOfDefinition(v: Value): Operation | null {
  return v.parentRegion?.parentOp ?? null;
}

function nearestAncestor(op: Operation, pred: (o: Operation) => boolean): Operation | null {
  for (let p = op.parentOp; p; p = p.parentOp) if (pred(p)) return p;
  return null;
}

/** (U4) Predecessor edges of `block` as (terminator, successor index), last written first. */
function predecessorEdges(block: Block): [Operation, number][] {
  const out: [Operation, number][] = [];
  const blocks = block.parent?.blocks ?? [];
  for (let b = blocks.length - 1; b >= 0; b--) {
    const term = blocks[b]!.last;
    if (!term) continue;
    for (let i = term.successors.length - 1; i >= 0; i--) if (term.successors[i] === block) out.push([term, i]);
  }
  return out;
}

/** Index of a successor input: argument number in a region, result number at the parent. */
function inputIndex(v: Value): number {
  return v instanceof BlockArgument ? v.index : (v as OpResult).index;
}

class UnderlyingValueCollector {
  readonly visited = new Set<Value>();
  readonly output: Value[] = [];

  /** (U1) */
  collect(value: Value, maxDepth: number): void {
    if (this.visited.has(value)) return;
    this.visited.add(value);
    if (maxDepth === 0) {
      this.output.push(value);
      return;
    }
    maxDepth--;
    if (value instanceof BlockArgument) this.collectArgument(value, maxDepth);
    else this.collectResult(value, maxDepth);
  }

  private collectResult(value: Value, maxDepth: number): void {
    const op = value.definingOp!;
    // (U2)
    const view = op.def?.spec.viewLike;
    if (view) return this.collect(view.source(op), maxDepth);
    // (U3)
    if (op.def?.spec.regionBranch) return this.collectRegionBranch(op, 'parent', value, inputIndex(value), maxDepth);
    this.output.push(value);
  }

  private collectArgument(arg: BlockArgument, maxDepth: number): void {
    const block = arg.owner;
    if (!block.isEntryBlock) {
      // (U4)
      const numArgs = block.arguments.length;
      for (const [term, succ] of predecessorEdges(block)) {
        const branch = term.def?.spec.branch;
        if (!branch) {
          this.output.push(arg);
          return;
        }
        // Forwarded operands are the suffix of the arguments; the rest are produced by the op.
        const forwarded = branch.successorOperands(term, succ);
        const operand = forwarded[arg.index - (numArgs - forwarded.length)];
        if (!operand) {
          this.output.push(arg);
          return;
        }
        this.collect(operand, maxDepth);
      }
      return;
    }
    // (U5) / (U6)
    const region = block.parent;
    const op = region?.parentOp;
    if (region && op?.def?.spec.regionBranch) return this.collectRegionBranch(op, region, arg, arg.index, maxDepth);
    this.output.push(arg);
  }

  /** (U5) `target` is the region whose entry argument `input` is, or the parent for a result. */
  private collectRegionBranch(op: Operation, target: RegionPoint, input: Value, index: number, maxDepth: number): void {
    const iface = op.def!.spec.regionBranch!;
    // Where inside the target's inputs `index` falls when control comes from `pred`.
    const operandIndexFrom = (pred: RegionPoint): number | undefined => {
      for (const s of iface.successors(op, pred)) {
        if (s.target !== target) continue;
        if (s.inputs.length === 0) {
          this.output.push(input);
          return undefined;
        }
        const first = inputIndex(s.inputs[0]!);
        const last = inputIndex(s.inputs[s.inputs.length - 1]!);
        if (first > index || last < index) {
          this.output.push(input);
          return undefined;
        }
        return index - first;
      }
      return undefined;
    };

    const fromParent = operandIndexFrom('parent');
    if (fromParent !== undefined) {
      const v = iface.entryOperands(op, target)[fromParent];
      // A malformed op (fewer entry operands than inputs) keeps the value itself.
      if (v) this.collect(v, maxDepth);
      else this.output.push(input);
    }
    for (const region of op.regions) {
      const k = operandIndexFrom(region);
      if (k === undefined) continue;
      if (this.collectFromRegionExits(region, target, input, k, maxDepth) === 'stop') return;
    }
  }

  private collectFromRegionExits(region: Region, target: RegionPoint, input: Value, k: number, maxDepth: number): 'stop' | 'go' {
    for (const block of region.blocks) {
      const term = block.last;
      if (!term) continue;
      const rbt = term.def?.spec.regionBranchTerminator;
      if (rbt) {
        const v = rbt.forwardedOperands(term, target)[k];
        if (v) this.collect(v, maxDepth);
        else this.output.push(input);
      } else if (term.successors.length) {
        // The block leaves for other blocks of the region: what reaches the target is unknown.
        this.output.push(input);
        return 'stop';
      }
    }
    return 'go';
  }
}

/** (U1)–(U6) The values `value` may address. */
export function collectUnderlyingAddressValues(value: Value, maxDepth = MAX_UNDERLYING_VALUE_SEARCH_DEPTH): Value[] {
  const c = new UnderlyingValueCollector();
  c.collect(value, maxDepth);
  return c.output;
}

/** (I2) */
function isConstant(v: Value): boolean {
  const op = v.definingOp;
  return !!op && hasTrait(op, 'ConstantLike');
}

/** (I3) The scope of `value`'s allocation (null: none known), or undefined when not allocated. */
export function allocationScopeOf(value: Value): { scope: Operation | null } | undefined {
  const op = value instanceof BlockArgument ? value.owner.parentOp : value.definingOp;
  if (!op) return undefined;
  const effects = memoryEffectsOf(op);
  const alloc = effects?.find((e) => e.kind === 'allocate' && e.value === value);
  if (!alloc) return undefined;
  if (alloc.resource === 'AutomaticAllocationScope') {
    return { scope: nearestAncestor(op, (p) => hasTrait(p, 'AutomaticAllocationScope')) };
  }
  return { scope: nearestAncestor(op, (p) => hasTrait(p, 'FunctionLike')) };
}

export class LocalAliasAnalysis implements AliasAnalysisImpl {
  /**
   * Underlying values and allocation scopes per value: both are functions of the IR, which
   * must not change while one instance answers queries (as with MLIR's cached analyses).
   * An all-pairs query run asks about each value O(V) times.
   */
  private readonly underlying = new Map<Value, Value[]>();
  private readonly scopes = new Map<Value, { scope: Operation | null } | undefined>();

  private underlyingOf(v: Value): Value[] {
    let u = this.underlying.get(v);
    if (!u) this.underlying.set(v, (u = collectUnderlyingAddressValues(v)));
    return u;
  }

  private scopeOf(v: Value): { scope: Operation | null } | undefined {
    if (this.scopes.has(v)) return this.scopes.get(v);
    const s = allocationScopeOf(v);
    this.scopes.set(v, s);
    return s;
  }

  /** (L1), (L2) */
  alias(lhs: Value, rhs: Value): AliasResult {
    if (lhs === rhs) return 'MustAlias';
    const lhsValues = this.underlyingOf(lhs);
    const rhsValues = this.underlyingOf(rhs);
    if (!lhsValues.length || !rhsValues.length) return 'MayAlias';
    let result: AliasResult | undefined;
    for (const l of lhsValues) {
      for (const r of rhsValues) {
        const next = this.aliasImpl(l, r);
        result = result ? mergeAliasResults(result, next) : next;
      }
    }
    return result!;
  }

  /**
   * (I1)–(I5) on two underlying values. Subclasses may refine it (MLIR's test
   * "restrict" analysis does) and fall back to this.
   */
  protected aliasImpl(lhs: Value, rhs: Value): AliasResult {
    if (lhs === rhs) return 'MustAlias';
    // (I2)
    if (isConstant(lhs)) {
      if (isConstant(rhs)) return 'MayAlias';
      return this.scopeOf(rhs) ? 'NoAlias' : 'MayAlias';
    }
    if (isConstant(rhs)) return this.scopeOf(lhs) ? 'NoAlias' : 'MayAlias';
    // (I4)
    let lhsAlloc = this.scopeOf(lhs);
    const rhsAlloc = this.scopeOf(rhs);
    if (!!lhsAlloc === !!rhsAlloc) return lhsAlloc ? 'NoAlias' : 'MayAlias';
    // (I5) Put the allocated value on the left.
    let other = rhs;
    if (rhsAlloc) {
      other = lhs;
      lhsAlloc = rhsAlloc;
    }
    const scope = lhsAlloc!.scope;
    if (scope) {
      const otherParent = parentOpOfDefinition(other);
      if (otherParent && otherParent !== scope && otherParent.isAncestorOf(scope)) return 'NoAlias';
      if (otherParent === scope && other instanceof BlockArgument && other.owner.isEntryBlock) return 'NoAlias';
    }
    return 'MayAlias';
  }

  /** (M1)–(M3) */
  getModRef(op: Operation, location: Value): ModRefResult {
    if (hasTrait(op, 'RecursiveMemoryEffects')) return ModRefResult.ModRef;
    const effects = memoryEffectsOf(op);
    if (!effects) return ModRefResult.ModRef;
    let result = ModRefResult.NoModRef;
    for (const e of effects) {
      if (e.kind === 'allocate' || e.kind === 'free') continue;
      const a: AliasResult = e.value ? this.alias(e.value, location) : 'MayAlias';
      if (a === 'NoAlias') continue;
      result = result.merge(e.kind === 'read' ? ModRefResult.Ref : ModRefResult.Mod);
      if (result.isModAndRef) break;
    }
    return result;
  }
}
