/**
 * The verifier. Per op: registration, operand/result/region/successor counts,
 * type constraints, required attributes, parent ops, terminators, the op's own
 * checks; per region: SSA dominance (CFG dominance between blocks, program order
 * within a block, visibility across nested and isolated regions); per symbol
 * table: unique symbol names. Messages follow MLIR's wording.
 */
import { ArrayAttr, DenseArrayAttr, DictionaryAttr, StringAttr, TypeAttr } from './attributes.js';
import { FunctionType } from './types.js';
import { diag, opError, type Diagnostic } from './diagnostics.js';
import { DominanceInfo } from './dominance.js';
import type { Block, Operation, Region, Value } from './ir.js';
import type { Type } from './types.js';
import { BlockArgument, OpResult } from './ir.js';
import type { AttrSpec, OpDef, Registry, ValueSpec, VerifyContext, VerifyNote } from './opdef.js';
import { SymbolTableCollection } from './symbols.js';
import { UnknownLoc } from './location.js';
import { nestedOpPrinter } from './printer.js';

export interface VerifyOptions {
  allowUnregistered?: boolean;
}

/** Returns the first error found (MLIR stops at the first failing op), or none. */
export function verify(root: Operation, registry: Registry, options: VerifyOptions = {}): Diagnostic[] {
  const errors: Diagnostic[] = [];
  const fail = (op: Operation, msg: string) => errors.push(opError(op, `'${op.name}' op ${msg}`));
  const dom = new DominanceInfo();
  const ctx: VerifyContext = { symbols: new SymbolTableCollection() };
  const visit = (op: Operation): boolean => {
    // A leading '!' marks a message reported verbatim (no `'op' op` prefix).
    const failure = verifyOp(op, registry, options, ctx);
    if (failure && typeof failure === 'object' && 'on' in failure) {
      errors.push(failure.on);
      return false;
    }
    if (failure) {
      const err = typeof failure === 'string' ? failure : failure.text;
      const notes = typeof failure === 'string' ? [] : (failure.notes ?? []).map((n) => diag('note', n.loc, n.message));
      const message = err.startsWith('!') ? err.slice(1) : `'${op.name}' op ${err}`;
      const beforeOpExists = typeof failure !== 'string' && failure.beforeOpExists;
      errors.push(beforeOpExists ? diag('error', op.loc, message, notes) : opError(op, message, notes));
      return false;
    }
    const block = op.parent;
    for (let i = 0; i < op.operands.length; i++) {
      const v = op.operands[i]!.value;
      // The common cases, answered without the general walk (which agrees): an
      // argument of the op's own block, or a result of an earlier op in it.
      if (block) {
        if (v instanceof OpResult) {
          const d = v.owner;
          if (d.parent === block && d !== op && block.order(d) < block.order(op)) continue;
        } else if (v instanceof BlockArgument && v.owner === block) continue;
      }
      const why = dom.checkUse(v, op);
      if (why) {
        if (why === 'isolated') fail(op, 'using value defined outside the region');
        else errors.push(opError(op, `operand #${i} does not dominate this use`, [dominanceNote(op, v)])); // emitError: no op prefix
        return false;
      }
    }
    // MLIR's order: the op's own checks, then each block's structure on the
    // way in, its ops, and its terminator on the way out.
    // Indexed loops: the shared empty arrays of ops without regions or successors are
    // frozen, which keeps for-of from being optimized here (an iterator per loop).
    const regions = op.regions;
    for (let ri = 0; ri < regions.length; ri++) {
      const r = regions[ri]!;
      const entry = r.blocks[0];
      // MLIR reports this with emitError(op loc): no "see current operation".
      if (entry && entry.predEdges.length) {
        errors.push(diag('error', op.loc, 'entry block of region may not have predecessors'));
        return false;
      }
    }
    for (let ri = 0; ri < regions.length; ri++) {
      const r = regions[ri]!;
      for (let bi = 0; bi < r.blocks.length; bi++) {
        const b = r.blocks[bi]!;
        const e = blockEntry(op, r, b);
        if (e) { errors.push(e); return false; }
        for (let c = b.first; c; c = c.next) if (!visit(c)) return false;
        const x = blockExit(op, r, b);
        if (x) { errors.push(x); return false; }
      }
    }
    // MLIR's verifyRegionInvariants: checks that run once the nested ops are verified.
    const late = op.def?.spec.verifyRegions?.(op, ctx);
    if (late) {
      if (typeof late === 'string') errors.push(opError(op, `'${op.name}' op ${late}`));
      else {
        const notes = (late.notes ?? []).map((n) => diag('note', n.loc, n.message));
        errors.push('opError' in late ? opError(op, `'${op.name}' op ${late.opError}`, notes) : opError(op, late.error, notes));
      }
      return false;
    }
    const u = unregisteredError(op, registry);
    if (u) { errors.push(u); return false; }
    return true;
  };
  visit(root);
  return errors;
}

/** MLIR's note on a use its definition does not dominate: where the operand is defined, relative to the use. */
function dominanceNote(user: Operation, v: Value): Diagnostic {
  const r1 = user.parentRegion!;
  const where = (r2: Region, same: string, parent: string, child: string, neither: string): string =>
    r1 === r2 ? same : r2.isAncestorOf(r1) ? parent : r1.isAncestorOf(r2) ? child : neither;
  if (v instanceof OpResult) {
    const def = v.owner;
    const rel = def.parent === user.parent ? 'op in the same block'
      : where(def.parentRegion!, 'op in the same region', 'op in a parent region', 'op in a child region', 'op is neither in a parent nor in a child region');
    return diag('note', def.loc, `operand defined here (${rel})`);
  }
  const b = (v as BlockArgument).owner;
  const r2 = b.parent!;
  const rel = where(r2, 'in the same region', 'in a parent region', 'in a child region', 'neither in a parent nor in a child region');
  return diag('note', b.parentOp?.loc ?? UnknownLoc.instance, `operand defined as a block argument (block #${r2.blocks.indexOf(b)} ${rel})`);
}

/** What the generic checks of one op definition need, computed once per definition. */
interface Plan {
  /**
   * The count checks as ranges (regions, results, successors, operands): an op
   * inside all of them passes every check without running one; `countError`
   * gives the message otherwise.
   */
  counts: Int32Array;
  countError(op: Operation): string | undefined;
  /** Attributes that are required or carry a check. */
  attrs: AttrSpec[];
  typed: boolean;
  /** Every operand (result) group holds one value. */
  singleOperands: boolean;
  singleResults: boolean;
  /** Operand (result) groups that are not single, and how many are single, for group sizes without segments. */
  operandLayout: GroupCounts;
  resultLayout: GroupCounts;
  terminator: boolean;
  singleBlock: boolean;
  symbolTable: boolean;
}

/**
 * The count traits ODS gives an op, with their messages: ZeroOperands,
 * OneOperand, NOperands, AtLeastNOperands (and the same for results).
 */
function countCheck(what: 'operand' | 'result', specs: readonly ValueSpec[], get: (op: Operation) => number): (op: Operation) => string | undefined {
  const fixed = specs.filter((s) => (s.arity ?? 'single') === 'single').length;
  const variadic = specs.length - fixed;
  if (variadic) {
    if (!fixed) return () => undefined;
    return (op) => (get(op) < fixed ? `expected ${fixed} or more ${what}s${what === 'operand' ? `, but found ${get(op)}` : ''}` : undefined);
  }
  const msg = fixed === 0 ? `requires zero ${what}s`
    : fixed === 1 ? (what === 'operand' ? 'requires a single operand' : 'requires one result')
    : `expected ${fixed} ${what}s`;
  return (op) => (get(op) !== fixed ? (fixed > 1 && what === 'operand' ? `${msg}, but found ${get(op)}` : msg) : undefined);
}

interface GroupCounts {
  single: boolean[];
  singles: number;
  nonSingle: number;
}

function groupCounts(specs: readonly ValueSpec[] | undefined): GroupCounts {
  const single = (specs ?? []).map((v) => (v.arity ?? 'single') === 'single');
  const singles = single.filter((x) => x).length;
  return { single, singles, nonSingle: single.length - singles };
}

const ANY = 0x7fffffff;

/** [min, max] of a countCheck: what it accepts without a message. */
function countRange(specs: readonly ValueSpec[]): [number, number] {
  const fixed = specs.filter((s) => (s.arity ?? 'single') === 'single').length;
  if (specs.length - fixed) return [fixed, ANY];
  return [fixed, fixed];
}

function planFor(def: OpDef): Plan {
  // Kept on the definition: a field read per op instead of a Map lookup.
  let plan = def.verifierPlan as Plan | undefined;
  if (plan) return plan;
  const s = def.spec;
  // In MLIR's trait order: regions, results, successors, operands.
  const checks: ((op: Operation) => string | undefined)[] = [];
  const regions = s.regions ?? [];
  const nRegions = regions.filter((r) => !r.variadic).length;
  if (regions.some((r) => r.variadic)) {
    if (nRegions) checks.push((op) => (op.regions.length < nRegions ? `expected ${nRegions} or more regions` : undefined));
  } else {
    const msg = nRegions === 0 ? 'requires zero regions' : nRegions === 1 ? 'requires one region' : `expected ${nRegions} regions`;
    checks.push((op) => (op.regions.length !== nRegions ? msg : undefined));
  }
  if (!def.has('AttrSizedResultSegments')) checks.push(countCheck('result', s.results ?? [], (op) => op.results.length));
  const succs = s.successors ?? [];
  const nSucc = succs.filter((r) => !r.variadic).length;
  if (succs.some((r) => r.variadic)) {
    if (nSucc) checks.push((op) => (op.successors.length < nSucc ? `requires at least ${nSucc} successors but found ${op.successors.length}` : undefined));
  } else {
    checks.push((op) => (op.successors.length !== nSucc
      ? `requires ${nSucc} successor${nSucc === 1 ? '' : 's'} but found ${op.successors.length}` : undefined));
  }
  if (!def.has('AttrSizedOperandSegments')) checks.push(countCheck('operand', s.operands ?? [], (op) => op.operands.length));
  const counts = new Int32Array(8);
  const variadicRegions = regions.some((r) => r.variadic);
  counts.set([nRegions, variadicRegions ? ANY : nRegions], 0);
  counts.set(def.has('AttrSizedResultSegments') ? [0, ANY] : countRange(s.results ?? []), 2);
  counts.set([nSucc, succs.some((r) => r.variadic) ? ANY : nSucc], 4);
  counts.set(def.has('AttrSizedOperandSegments') ? [0, ANY] : countRange(s.operands ?? []), 6);
  plan = {
    counts,
    countError: (op) => {
      for (const c of checks) {
        const e = c(op);
        if (e) return e;
      }
      return undefined;
    },
    attrs: (s.attributes ?? []).filter((a) => (!a.optional && !a.default) || a.check),
    typed: [...(s.operands ?? []), ...(s.results ?? [])].some((v) => v.type),
    singleOperands: (s.operands ?? []).every((v) => (v.arity ?? 'single') === 'single'),
    singleResults: (s.results ?? []).every((v) => (v.arity ?? 'single') === 'single'),
    operandLayout: groupCounts(s.operands),
    resultLayout: groupCounts(s.results),
    terminator: def.has('Terminator'),
    singleBlock: def.has('SingleBlock'),
    symbolTable: def.has('SymbolTable'),
  };
  def.verifierPlan = plan;
  return plan;
}

type Failure = string | { text: string; notes?: VerifyNote[]; beforeOpExists?: boolean } | { on: Diagnostic };

function verifyOp(op: Operation, registry: Registry, options: VerifyOptions, ctx: VerifyContext): Failure | undefined {
  const discardable = op.attributesIfAny;
  if (discardable) {
    for (const [name, value] of discardable) {
      const dot = name.indexOf('.');
      const bad = dot > 0 ? registry.dialect(name.slice(0, dot))?.verifyOpAttribute?.(op, name, value) : undefined;
      if (bad) return '!' + bad;
    }
  }
  const def = op.def;
  if (!def) return undefined;
  const s = def.spec;
  const plan = planFor(def);
  const c = plan.counts;
  const nr = op.regions.length, nres = op.results.length, ns = op.successors.length, no = op.operands.length;
  if (nr < c[0]! || nr > c[1]! || nres < c[2]! || nres > c[3]! || ns < c[4]! || ns > c[5]! || no < c[6]! || no > c[7]!) {
    const countErr = plan.countError(op);
    if (countErr) return countErr;
  }
  const attrs = plan.attrs;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i]!;
    const v = op.getAttr(a.name);
    if (!v) {
      if (!a.optional && !a.default) return `requires attribute '${a.name}'`;
      continue;
    }
    const bad = a.check?.(v);
    // MLIR checks inherent attributes while parsing, before the op exists: the error is not on an op.
    if (bad) return { text: `attribute '${a.name}' failed to satisfy constraint: ${bad}`, beforeOpExists: true };
  }
  if (plan.typed) {
    const typeErr = checkTypes(op, plan);
    if (typeErr) return typeErr;
  }
  if (s.parents) {
    const parent = op.parentOp;
    if (!parent || !s.parents.includes(parent.name)) {
      // MLIR quotes the whole list once: 'a, b, c'.
      return s.parents.length === 1 ? `expects parent op '${s.parents[0]}'` : `expects parent op to be one of '${s.parents.join(', ')}'`;
    }
  }
  if (plan.terminator) {
    const b = op.parent;
    if (b && b.last !== op) return 'must be the last operation in the parent block';
  }
  if (plan.singleBlock) {
    for (let i = 0; i < op.regions.length; i++) {
      const blocks = op.regions[i]!.blocks;
      if (blocks.length > 1) return `expects region #${i} to have 0 or 1 blocks`;
      if (blocks.length && blocks[0]!.empty && !def.has('NoTerminator')) return 'expects a non-empty block';
    }
  }
  if (plan.symbolTable) {
    const seen = new Map<string, Operation>();
    for (const r of op.regions) {
      for (const b of r.blocks) {
        for (let c = b.first; c; c = c.next) {
          const name = c.getAttr('sym_name');
          if (!(name instanceof StringAttr)) continue;
          const first = seen.get(name.value);
          // MLIR reports the second definition, with a note at the first.
          if (first) return { on: opError(c, `redefinition of symbol named '${name.value}'`, [diag('note', first.loc, 'see existing symbol definition here')]) };
          seen.set(name.value, c);
        }
      }
    }
  }
  // Interface checks run before the op's own verifier; Symbol's before FunctionLike's.
  if (def.has('Symbol')) {
    const e = symbolError(op);
    if (e) return e;
  }
  if (def.has('FunctionLike')) {
    const e = functionLikeError(op);
    if (e) return e;
  }
  const custom = s.verify?.(op, ctx);
  if (typeof custom !== 'object') return custom;
  return 'opError' in custom ? { text: custom.opError, notes: custom.notes } : { text: '!' + custom.error, notes: custom.notes };
}

/**
 * MLIR's mayBeValidWithoutTerminator: the only block of a region whose op is
 * unregistered or has NoTerminator (an unregistered op might be anything).
 */
function mayLackTerminator(op: Operation, r: Region): boolean {
  return r.blocks.length === 1 && (!op.def || op.def.has('NoTerminator'));
}

/** On entering a block: it is not empty, and only its last op branches. */
function blockEntry(op: Operation, r: Region, b: Block): Diagnostic | undefined {
  if (!b.first) {
    return mayLackTerminator(op, r) ? undefined : diag('error', op.loc, 'empty block: expect at least a terminator');
  }
  for (let c: Operation | null = b.first; c; c = c.next) {
    if (c.successors.length && c !== b.last) return opError(c, 'operation with block successors must terminate its parent block');
  }
  return undefined;
}

/** On leaving a block: branches stay in the region, and it ends in a terminator. */
function blockExit(op: Operation, r: Region, b: Block): Diagnostic | undefined {
  const last = b.last;
  if (!last) return undefined;
  const succs = last.successors;
  for (let i = 0; i < succs.length; i++) {
    const s = succs[i]!;
    if (s.parent !== r) return opError(last, `'${last.name}' op branching to block of a different region`);
  }
  if (mayLackTerminator(op, r) || !last.def || last.def.has('Terminator')) return undefined;
  // MLIR prints the op as "see current operation" does: generic, numbered from its isolated ancestor.
  let scope: Operation = last;
  while (!scope.def?.has('IsolatedFromAbove') && scope.parentOp) scope = scope.parentOp;
  return opError(last, `block with no terminator, has ${nestedOpPrinter(scope, { generic: true })(last)}`);
}

/** On leaving an op: unknown ops of registered dialects are errors. */
function unregisteredError(op: Operation, registry: Registry): Diagnostic | undefined {
  const dialect = op.dialect;
  // Registered dialects reject unknown ops unless they allow them, whatever
  // -allow-unregistered-dialect says (it is about unregistered dialects).
  if (op.def || !registry.hasDialect(dialect) || registry.dialect(dialect)?.allowUnknownOperations) return undefined;
  return opError(op, `unregistered operation '${op.name}' found in dialect ('${dialect}') that does not allow unknown operations`);
}

/** MLIR's SymbolOpInterface verifier: a string name, a known visibility, a symbol-table parent. */
function symbolError(op: Operation): string | undefined {
  if (!(op.getAttr('sym_name') instanceof StringAttr)) return "requires string attribute 'sym_name'";
  const vis = op.getAttr('sym_visibility');
  if (vis) {
    if (!(vis instanceof StringAttr)) return `requires visibility attribute 'sym_visibility' to be a string attribute, but got ${vis}`;
    if (!['public', 'private', 'nested'].includes(vis.value)) return `visibility expected to be one of ["public", "private", "nested"], but got ${vis}`;
  }
  const parent = op.parentOp;
  if (parent && parent.def && !parent.def.has('SymbolTable')) return "symbol's parent must have the SymbolTable trait";
  return undefined;
}

/** MLIR's FunctionOpInterface trait: argument and result attribute arrays fit the signature. */
function functionLikeError(op: Operation): string | undefined {
  const t = op.getAttr('function_type');
  const ft = t instanceof TypeAttr ? t.value : undefined;
  if (!(ft instanceof FunctionType)) return undefined;
  const groups: [string, string, number][] = [['arg_attrs', 'argument', ft.inputs.length], ['res_attrs', 'result', ft.results.length]];
  for (const [name, what, n] of groups) {
    const a = op.getAttr(name);
    if (!(a instanceof ArrayAttr)) continue;
    const plural = what === 'argument' ? 'arguments' : 'results';
    if (a.elements.length !== n) {
      return `expects ${what} attribute array to have the same number of elements as the number of function ${plural}, got ${a.elements.length}, but expected ${n}`;
    }
    for (const d of a.elements) {
      if (!(d instanceof DictionaryAttr)) return `expects ${what} attribute dictionary to be a DictionaryAttr, but got \`${d}\``;
      if (d.entries.some(([k]) => !k.includes('.'))) return `${plural} may only have dialect attributes`;
    }
  }
  return undefined;
}

/**
 * Group g's size without building the sizes array: from segment sizes when the
 * op has them, else groupSizes' rule (a single group holds one value, every
 * other group what the single ones leave).
 */
function groupSize(layout: GroupCounts, segments: unknown, g: number, n: number): number {
  if (segments instanceof DenseArrayAttr) return segments.values[g] ?? 0;
  return layout.single[g] ? 1 : n - layout.singles;
}

function checkGroupTypes(op: Operation, specs: readonly ValueSpec[] | undefined, allSingle: boolean, results: boolean, layout: GroupCounts): string | undefined {
  if (!specs) return undefined;
  const n = results ? op.results.length : op.operands.length;
  // Without variadic groups, group g is value g: no size computation needed.
  const sized = !(allSingle && specs.length === n);
  const segments = sized ? op.getAttr(results ? 'resultSegmentSizes' : 'operandSegmentSizes') : undefined;
  let idx = 0;
  for (let g = 0; g < specs.length; g++) {
    const spec = specs[g]!;
    const count = sized ? groupSize(layout, segments, g, n) : 1;
    const ty = spec.type;
    for (let k = 0; k < count; k++, idx++) {
      if (idx >= n) return undefined;
      if (!ty) continue;
      const t = results ? op.results[idx]!.type : op.operands[idx]!.value.type;
      if (!ty.accepts(t)) {
        return `${results ? 'result' : 'operand'} #${idx} must be ${ty.description}, but got '${t}'`;
      }
    }
  }
  return undefined;
}

function checkTypes(op: Operation, plan: Plan): string | undefined {
  const spec = op.def!.spec;
  return checkGroupTypes(op, spec.operands, plan.singleOperands, false, plan.operandLayout) ??
    checkGroupTypes(op, spec.results, plan.singleResults, true, plan.resultLayout);
}

