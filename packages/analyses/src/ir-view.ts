/**
 * The dataflow framework's ControlFlowView of `@lifeline/ir`, answered entirely
 * from op definitions' traits and interfaces (never op names).
 *
 * (1) Block predecessors come in MLIR's use-list order: a parsed program creates
 *     branch uses in text order and MLIR prepends each new use, so the last
 *     edge in the text comes first.
 * (2) Symbols: MLIR's DeadCodeAnalysis rules for callables whose callers may be
 *     unknown — public callables, `nested` ones in a table whose uses are not all
 *     visible, and any callable named by a symbol use other than a call. A region
 *     with a single-region op of a dialect that is not loaded may hide uses: then
 *     every callable is assumed to have unknown callers.
 * (3) An op is free of memory effects when it declares none (or is Pure) and,
 *     with recursive effects, so are all ops nested in it (MLIR's isMemoryEffectFree).
 */
import type {
  BranchView, CallView, CallableView, ControlFlowView, RegionBranchView, RegionSuccessorView, RegionTerminatorView,
} from '@lifeline/dataflow';
import {
  Operation, SymbolRefAttr, SymbolTableCollection, hasTrait, isSymbolTable, symbolVisibility,
  type Attribute, type Block, type Region, type RegionPoint, type RegionSuccessor, type Value,
} from '@lifeline/ir';

type IrView = ControlFlowView<Operation, Block, Region, Value>;

/** Op operand indices of `values`, a contiguous run of the op's operands (trailing runs preferred). */
function operandIndices(op: Operation, values: readonly Value[]): number[] {
  const n = values.length;
  if (!n) return [];
  const ops = op.operands;
  for (let start = ops.length - n; start >= 0; start--) {
    let ok = true;
    for (let i = 0; i < n && ok; i++) ok = ops[start + i]!.value === values[i];
    if (ok) return Array.from({ length: n }, (_, i) => start + i);
  }
  return [];
}

function toView(s: RegionSuccessor): RegionSuccessorView<Region, Value> {
  return { target: s.target, inputs: s.inputs };
}

/** SymbolRefAttrs inside an attribute (arrays and dictionaries included). */
function symbolRefs(a: Attribute, out: SymbolRefAttr[]): void {
  if (a instanceof SymbolRefAttr) out.push(a);
  const nested = (a as { elements?: readonly Attribute[] }).elements ??
    (a as { entries?: ReadonlyArray<readonly [string, Attribute]> }).entries?.map((e) => e[1]);
  if (nested) for (const n of nested) symbolRefs(n, out);
}

export class IrControlFlowView implements IrView {
  readonly symbols = new SymbolTableCollection();

  /** `isDialectLoaded` tells ops of unknown dialects (which may hide symbol tables) from unregistered ops of known ones. */
  constructor(private readonly isDialectLoaded: (name: string) => boolean = () => true) {}

  private readonly preds = new Map<Region, Map<Block, { block: Block; index: number }[]>>();
  private readonly effectFree = new Map<Operation, boolean>();

  isOp(point: unknown): point is Operation {
    return point instanceof Operation;
  }
  regions(op: Operation): readonly Region[] { return op.regions; }
  blocks(region: Region): readonly Block[] { return region.blocks; }
  *ops(block: Block): Iterable<Operation> {
    for (let op = block.first; op; op = op.next) yield op;
  }
  *opsReversed(block: Block): Iterable<Operation> {
    for (let op = block.last; op; op = op.prev) yield op;
  }
  prevOp(op: Operation): Operation | undefined { return op.prev ?? undefined; }
  nextOp(op: Operation): Operation | undefined { return op.next ?? undefined; }
  firstOp(block: Block): Operation | undefined { return block.first ?? undefined; }
  arguments(block: Block): readonly Value[] { return block.arguments; }
  operands(op: Operation): readonly Value[] { return op.operandValues(); }
  results(op: Operation): readonly Value[] { return op.results; }
  users(value: Value): Iterable<Operation> { return value.users(); }
  parentBlock(op: Operation): Block | null { return op.parent; }
  parentRegion(block: Block): Region { return block.parent!; }
  regionOwner(region: Region): Operation { return region.parentOp!; }
  terminator(block: Block): Operation | undefined { return block.last ?? undefined; }
  successors(op: Operation): readonly Block[] { return op.successors; }
  isAncestor(ancestor: Operation, op: Operation): boolean { return ancestor.isAncestorOf(op); }

  /** (1) */
  predecessors(block: Block): readonly { block: Block; index: number }[] {
    const region = block.parent!;
    let table = this.preds.get(region);
    if (!table) {
      table = new Map();
      for (const b of region.blocks) {
        const succs = b.last?.successors ?? [];
        succs.forEach((s, index) => {
          let list = table!.get(s);
          if (!list) table!.set(s, (list = []));
          list.unshift({ block: b, index });
        });
      }
      this.preds.set(region, table);
    }
    return table.get(block) ?? [];
  }

  branch(op: Operation): BranchView<Block, Value> | undefined {
    const b = op.def?.spec.branch;
    if (!b) return undefined;
    return {
      // Arguments the terminator produces come first and have no operand (undefined).
      successorOperands: (i) => {
        const produced = b.producedOperands?.(op, i) ?? 0;
        const fwd = b.successorOperands(op, i);
        return produced ? [...new Array<undefined>(produced), ...fwd] : fwd;
      },
      successorOperandIndices: (i) => {
        const start = b.successorOperandStart(op, i);
        return Array.from({ length: b.successorOperands(op, i).length }, (_, k) => start + k);
      },
      successorForConstants: (c) => b.successorForConstants?.(op, c as (Attribute | undefined)[]),
    };
  }

  regionBranch(op: Operation): RegionBranchView<Region, Value> | undefined {
    const rb = op.def?.spec.regionBranch;
    if (!rb) return undefined;
    return {
      entrySuccessors: (c) =>
        (rb.entrySuccessorsForConstants?.(op, c as (Attribute | undefined)[]) ?? rb.successors(op, 'parent')).map(toView),
      successorsFrom: (region) => rb.successors(op, region).map(toView),
      entryOperands: (target) => rb.entryOperands(op, target as RegionPoint),
      entryOperandIndices: (target) => operandIndices(op, rb.entryOperands(op, target as RegionPoint)),
    };
  }

  regionTerminator(op: Operation): RegionTerminatorView<Region, Value> | undefined {
    const t = op.def?.spec.regionBranchTerminator;
    if (!t) return undefined;
    return {
      successors: (c) => {
        const own = t.successorsForConstants?.(op, c as (Attribute | undefined)[]);
        if (own) return own.map(toView);
        const parent = op.parentOp;
        const rb = parent?.def?.spec.regionBranch;
        return rb ? rb.successors(parent!, op.parentRegion!).map(toView) : [];
      },
      forwarded: (target) => t.forwardedOperands(op, target as RegionPoint),
      forwardedIndices: (target) => operandIndices(op, t.forwardedOperands(op, target as RegionPoint)),
    };
  }

  call(op: Operation): CallView<Operation, Value> | undefined {
    const c = op.def?.spec.call;
    if (!c) return undefined;
    return {
      callee: () => {
        const target = c.callee(op);
        return target instanceof SymbolRefAttr ? this.symbols.lookupNearest(op, target) : undefined;
      },
      args: () => c.args(op),
      argIndices: () => operandIndices(op, c.args(op)),
    };
  }

  callable(op: Operation): CallableView<Region> | undefined {
    const c = op.def?.spec.callable;
    if (!c) return undefined;
    return { region: () => c.body(op) };
  }

  isReturnLike(op: Operation): boolean {
    return hasTrait(op, 'ReturnLike');
  }

  /** (3) */
  isMemoryEffectFree(op: Operation): boolean {
    const known = this.effectFree.get(op);
    if (known !== undefined) return known;
    const spec = op.def?.spec;
    const recursive = hasTrait(op, 'RecursiveMemoryEffects');
    let free: boolean;
    if (spec?.memoryEffects || hasTrait(op, 'Pure')) free = (spec?.memoryEffects?.(op).length ?? 0) === 0;
    else free = recursive;
    if (free && recursive) {
      outer: for (const r of op.regions) for (const b of r.blocks) for (let o = b.first; o; o = o.next) {
        if (!this.isMemoryEffectFree(o)) { free = false; break outer; }
      }
    }
    this.effectFree.set(op, free);
    return free;
  }

  /** (2) */
  *callablesWithUnknownCallers(root: Operation): Iterable<Operation> {
    const out: Operation[] = [];
    const tables: { table: Operation; allUsesVisible: boolean }[] = [];
    const walk = (op: Operation, visible: boolean): void => {
      const table = isSymbolTable(op);
      if (table) visible ||= hasTrait(op, 'Symbol') ? symbolVisibility(op) === 'private' : true;
      else visible = true;
      for (const r of op.regions) for (const b of r.blocks) for (let o = b.first; o; o = o.next) walk(o, visible);
      if (table) tables.push({ table: op, allUsesVisible: visible });
    };
    walk(root, !root.parent);
    for (const { table, allUsesVisible } of tables) {
      const body = table.regions[0]?.blocks[0];
      if (!body) continue;
      let found = false;
      for (let op = body.first; op; op = op.next) {
        if (!op.def?.spec.callable?.body(op) || !hasTrait(op, 'Symbol')) continue;
        const vis = symbolVisibility(op);
        if (vis === 'public' || (!allUsesVisible && vis === 'nested')) out.push(op);
        found = true;
      }
      if (!found) continue;
      const uses = this.symbolUses(table.regions[0]!);
      if (!uses) {
        root.walk((op) => { if (op.def?.spec.callable) out.push(op); });
        continue;
      }
      for (const { user, ref } of uses) {
        if (user.def?.spec.call) continue;
        const target = this.symbols.lookupIn(root, ref);
        if (target) out.push(target);
      }
    }
    yield* out;
  }

  /** Symbol uses in `region`, not looking inside nested symbol tables; undefined when some may be hidden (2). */
  private symbolUses(region: Region): { user: Operation; ref: SymbolRefAttr }[] | undefined {
    const uses: { user: Operation; ref: SymbolRefAttr }[] = [];
    const visit = (r: Region): boolean => {
      for (const b of r.blocks) for (let op = b.first; op; op = op.next) {
        if (op.regions.length === 1 && !this.isDialectLoaded(op.dialect)) return false;
        const refs: SymbolRefAttr[] = [];
        // (hasProperties/hasAttributes first: the getters would create empty maps)
        if (op.hasProperties) for (const a of op.properties.values()) symbolRefs(a, refs);
        if (op.hasAttributes) for (const a of op.attributes.values()) symbolRefs(a, refs);
        for (const ref of refs) uses.push({ user: op, ref });
        if (!isSymbolTable(op)) for (const nested of op.regions) if (!visit(nested)) return false;
      }
      return true;
    };
    return visit(region) ? uses : undefined;
  }
}
