/**
 * The verifier. Per op: registration, operand/result/region/successor counts,
 * type constraints, required attributes, parent ops, terminators, the op's own
 * checks; per region: SSA dominance (CFG dominance between blocks, program order
 * within a block, visibility across nested and isolated regions); per symbol
 * table: unique symbol names. Messages follow MLIR's wording.
 */
import { StringAttr } from './attributes.js';
import { diag, type Diagnostic } from './diagnostics.js';
import { computeDominators } from './dominance.js';
import type { Block, Operation, Region, Value } from './ir.js';
import { BlockArgument } from './ir.js';
import type { Registry, ValueSpec, VerifyContext, VerifyNote } from './opdef.js';
import { SymbolTableCollection } from './symbols.js';

export interface VerifyOptions {
  allowUnregistered?: boolean;
}

/** Returns the first error found (MLIR stops at the first failing op), or none. */
export function verify(root: Operation, registry: Registry, options: VerifyOptions = {}): Diagnostic[] {
  const errors: Diagnostic[] = [];
  const fail = (op: Operation, msg: string) => errors.push(diag('error', op.loc, `'${op.name}' op ${msg}`));
  const dom = new DominanceCache();
  const ctx: VerifyContext = { symbols: new SymbolTableCollection() };
  const visit = (op: Operation): boolean => {
    // A leading '!' marks a message reported verbatim (no `'op' op` prefix).
    const failure = verifyOp(op, registry, options, ctx);
    if (failure) {
      const err = typeof failure === 'string' ? failure : failure.text;
      const notes = typeof failure === 'string' ? [] : (failure.notes ?? []).map((n) => diag('note', n.loc, n.message));
      if (err.startsWith('!')) errors.push(diag('error', op.loc, err.slice(1), notes));
      else errors.push(diag('error', op.loc, `'${op.name}' op ${err}`, notes));
      return false;
    }
    for (let i = 0; i < op.operands.length; i++) {
      const v = op.operands[i]!.value;
      const why = dom.checkUse(v, op);
      if (why) {
        fail(op, why === 'isolated' ? 'using value defined outside the region' : `operand #${i} does not dominate this use`);
        return false;
      }
    }
    for (const r of op.regions) {
      for (const b of r.blocks) {
        for (let c = b.first; c; c = c.next) if (!visit(c)) return false;
      }
    }
    return true;
  };
  visit(root);
  return errors;
}

function checkCount(what: string, specs: readonly ValueSpec[] | undefined, actual: number): string | undefined {
  if (!specs) return undefined;
  const fixed = specs.filter((s) => (s.arity ?? 'single') === 'single').length;
  const variadic = specs.length - fixed;
  if (!variadic && actual !== fixed) return `requires ${fixed} ${what}${fixed === 1 ? '' : 's'}`;
  if (variadic && actual < fixed) return `expected ${fixed} or more ${what}s, but found ${actual}`;
  return undefined;
}

function verifyOp(op: Operation, registry: Registry, options: VerifyOptions, ctx: VerifyContext): string | { text: string; notes?: VerifyNote[] } | undefined {
  // MLIR checks this for every op, registered or not, while verifying the block.
  if (op.successors.length && op.parent && op.parent.last !== op) return '!operation with block successors must terminate its parent block';
  const def = op.def;
  if (!def) {
    const dialect = op.dialect;
    if (registry.hasDialect(dialect) && !options.allowUnregistered && !registry.dialect(dialect)?.allowUnknownOperations) {
      return `!unregistered operation '${op.name}' found in dialect ('${dialect}') that does not allow unknown operations`;
    }
    return verifyTerminators(op, registry);
  }
  const s = def.spec;
  if (!def.has('AttrSizedOperandSegments')) {
    const c = checkCount('operand', s.operands ?? [], op.operands.length);
    if (c) return c;
  }
  if (!def.has('AttrSizedResultSegments')) {
    const c = checkCount('result', s.results ?? [], op.results.length);
    if (c) return c;
  }
  const nRegions = (s.regions ?? []).length;
  if (!(s.regions ?? []).some((r) => r.variadic) && op.regions.length !== nRegions) {
    return `requires ${nRegions} region${nRegions === 1 ? '' : 's'}`;
  }
  const nSucc = (s.successors ?? []).length;
  if (!(s.successors ?? []).some((r) => r.variadic) && op.successors.length !== nSucc) {
    return `requires ${nSucc} successor${nSucc === 1 ? '' : 's'}`;
  }
  for (const a of s.attributes ?? []) {
    const v = op.getAttr(a.name);
    if (!v) {
      if (!a.optional && !a.default) return `requires attribute '${a.name}'`;
      continue;
    }
    const bad = a.check?.(v);
    if (bad) return `attribute '${a.name}' failed to satisfy constraint: ${bad}`;
  }
  const typeErr = checkTypes(op);
  if (typeErr) return typeErr;
  if (s.parents) {
    const parent = op.parentOp;
    if (!parent || !s.parents.includes(parent.name)) {
      // MLIR quotes the whole list once: 'a, b, c'.
      return s.parents.length === 1 ? `expects parent op '${s.parents[0]}'` : `expects parent op to be one of '${s.parents.join(', ')}'`;
    }
  }
  if (def.has('Terminator')) {
    const b = op.parent;
    if (b && b.last !== op) return 'must be the last operation in the parent block';
  }
  if (def.has('SingleBlock')) {
    for (const r of op.regions) if (r.blocks.length > 1) return `expects region #${op.regions.indexOf(r)} to have 0 or 1 blocks`;
  }
  const t = verifyTerminators(op, registry);
  if (t) return t;
  if (def.has('SymbolTable')) {
    const seen = new Map<string, Operation>();
    for (const r of op.regions) {
      for (const b of r.blocks) {
        for (let c = b.first; c; c = c.next) {
          const name = c.getAttr('sym_name');
          if (!(name instanceof StringAttr)) continue;
          if (seen.has(name.value)) return `!redefinition of symbol named '${name.value}'`;
          seen.set(name.value, c);
        }
      }
    }
  }
  const custom = s.verify?.(op, ctx);
  if (typeof custom !== 'object') return custom;
  return 'opError' in custom ? { text: custom.opError, notes: custom.notes } : { text: '!' + custom.error, notes: custom.notes };
}

/** Blocks of regions that need terminators must end in one. */
function verifyTerminators(op: Operation, registry: Registry): string | undefined {
  if (op.def?.has('NoTerminator') || !op.def) return undefined;
  for (const r of op.regions) {
    for (const b of r.blocks) {
      const last = b.last;
      if (!last) return `!empty block: expect at least a terminator`;
      if (last.def && !last.def.has('Terminator')) return `!block with no terminator, has ${describe(last)}`;
    }
  }
  void registry;
  return undefined;
}

function describe(op: Operation): string {
  return `"${op.name}"`;
}

function checkTypes(op: Operation): string | undefined {
  const def = op.def!;
  const check = (specs: readonly ValueSpec[] | undefined, values: readonly Value[], sizes: number[], what: string) => {
    let idx = 0;
    for (let g = 0; g < (specs ?? []).length; g++) {
      const spec = specs![g]!;
      for (let k = 0; k < (sizes[g] ?? 0); k++, idx++) {
        const v = values[idx];
        if (v && spec.type && !spec.type.accepts(v.type)) {
          return `${what} #${idx} must be ${spec.type.description}, but got '${v.type}'`;
        }
      }
    }
    return undefined;
  };
  return check(def.spec.operands, op.operandValues(), def.operandGroupSizes(op), 'operand') ??
    check(def.spec.results, op.results, def.resultGroupSizes(op), 'result');
}

/** Answers "does this value dominate this use?" with per-region dominator trees. */
class DominanceCache {
  private readonly trees = new Map<Region, Map<Block, Block | null>>();
  private position(op: Operation): number {
    return op.parent!.order(op);
  }

  private idom(region: Region): Map<Block, Block | null> {
    let t = this.trees.get(region);
    if (!t) {
      t = computeDominators(region.blocks);
      this.trees.set(region, t);
    }
    return t;
  }

  private blockDominates(a: Block, b: Block): boolean {
    if (a === b) return true;
    const idom = this.idom(a.parent!);
    if (!idom.has(b)) return true; // unreachable blocks are dominated by everything
    for (let x = idom.get(b) ?? null; x; x = idom.get(x) ?? null) if (x === a) return true;
    return false;
  }

  /** Returns undefined when `v` may be used by `user`, else why not. */
  checkUse(v: Value, user: Operation): 'dominance' | 'isolated' | undefined {
    const defBlock = v.parentBlock;
    if (!defBlock) return 'dominance';
    const defRegion = defBlock.parent;
    // Climb from the user to the op that sits in the defining region.
    let ancestor: Operation | null = user;
    while (ancestor && ancestor.parentRegion !== defRegion) {
      const parent: Operation | null = ancestor.parentOp;
      if (parent?.def?.has('IsolatedFromAbove')) return 'isolated';
      ancestor = parent;
    }
    if (!ancestor) return 'dominance';
    if (defRegion?.parentOp?.def?.spec.graphRegion) return undefined;
    const useBlock = ancestor.parent!;
    if (v instanceof BlockArgument) return this.blockDominates(defBlock, useBlock) ? undefined : 'dominance';
    const defOp = v.definingOp!;
    if (useBlock === defBlock) {
      if (defOp === ancestor) return 'dominance';
      return this.position(defOp) < this.position(ancestor) ? undefined : 'dominance';
    }
    return this.blockDominates(defBlock, useBlock) ? undefined : 'dominance';
  }
}
