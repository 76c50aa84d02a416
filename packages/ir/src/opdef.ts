/**
 * Operations declared as data: operands, results, inherent attributes, regions,
 * successors, traits and interfaces, plus their custom syntax (a declarative
 * assembly format or a pair of parse/print hooks).
 *
 * Analyses query traits and interfaces; they never switch on op names.
 */
import type { Attribute } from './attributes.js';
import { DenseArrayAttr } from './attributes.js';
import type { Block, Operation, Region, Value } from './ir.js';
import type { Type } from './types.js';
import type { Location } from './location.js';
import { IntegerType } from './types.js';
import type { OpParser, OperationState } from './parser.js';
import type { OpPrinter } from './printer.js';
import type { SymbolTableCollection } from './symbols.js';
import { compileFormat, type AttrSyntax, type CompiledFormat } from './format.js';

export type Trait =
  | 'Terminator' | 'ReturnLike' | 'IsolatedFromAbove' | 'SymbolTable' | 'Symbol' | 'NoTerminator'
  | 'SingleBlock' | 'ConstantLike' | 'AutomaticAllocationScope' | 'AttrSizedOperandSegments'
  | 'AttrSizedResultSegments' | 'Pure' | 'Commutative' | 'SameOperandsAndResultType' | 'RecursiveMemoryEffects'
  | 'NoRegionArguments' | 'HasParent' | 'FunctionLike' | 'CallableOp' | 'CallOp' | 'ViewLike' | 'Idempotent';

/** How many values an operand/result group holds. */
export type Arity = 'single' | 'optional' | 'variadic';

export interface ValueSpec {
  name: string;
  arity?: Arity;
  /** A check on the type, used by the verifier. */
  type?: TypeConstraint;
  /**
   * Type inference for custom syntax that does not spell this group's type:
   * return one type (repeated for every value of the group) or the list.
   * `count` is the number of operands in the group (1 for a single result).
   */
  infer?: (ctx: InferContext, count: number) => Type | Type[] | undefined;
  /** A variadic group whose values all have the one type the format spells. */
  sharedType?: boolean;
  /**
   * The C++ type class MLIR parses this group's spelled type as (MemRefType…):
   * other kinds are a parse error, "invalid kind of type specified".
   */
  typeKind?: (t: Type) => boolean;
}

/** What type inference can read: the types of other groups and the attributes parsed so far. */
export interface InferContext {
  /** First type of a group; defers inference when not known yet. */
  type(name: string): Type;
  types(name: string): Type[];
  attr(name: string): Attribute | undefined;
  operandCount(name: string): number;
  /** Reports a user error at the op (e.g. a type that cannot be taken apart). */
  error(message: string): never;
  /** Reports a user error at the op's name (where ODS-generated parsers check a type). */
  errorAtName(message: string): never;
}

export interface TypeConstraint {
  description: string;
  accepts(t: Type): boolean;
}

export interface AttrSpec {
  name: string;
  optional?: boolean;
  /** Returns an error fragment when the attribute does not fit. */
  check?: (a: Attribute) => string | undefined;
  description?: string;
  /** How a declarative format spells it (default: as a plain attribute). */
  syntax?: AttrSyntax;
  /** Value MLIR stores when the custom form leaves it out (an absent anchor). */
  default?: Attribute;
  /**
   * DefaultValuedOptionalAttr: a value the custom form hides, but that is stored
   * only when spelled (generic form shows it only then), unlike `default`.
   */
  elidedDefault?: Attribute;
}

export interface RegionSpec { name: string; variadic?: boolean }
export interface SuccessorSpec { name: string; variadic?: boolean }

// ---- interfaces -----------------------------------------------------------

/** Shared state of one verifier run (symbol tables are built once, not per op). */
export interface VerifyContext {
  symbols: SymbolTableCollection;
}

export type EffectKind = 'allocate' | 'free' | 'read' | 'write';
export interface MemoryEffect {
  kind: EffectKind;
  /** The value the effect is on (undefined: the whole default resource). */
  value?: Value;
  /** The symbol the effect is on (MLIR's effects on a SymbolRefAttr), instead of a value. */
  symbol?: Attribute;
  resource?: string;
}

/** A region-branch point: `'parent'` is the op itself (entry/exit). */
export type RegionPoint = 'parent' | Region;

export interface RegionSuccessor {
  /** Target region, or `'parent'` for control leaving the op. */
  target: RegionPoint;
  /** Values the target receives as inputs (region entry arguments or op results). */
  inputs: readonly Value[];
}

export interface RegionBranchInterface {
  /** Where control may go from `point` (the op's entry or the end of one of its regions). */
  successors(op: Operation, point: RegionPoint): RegionSuccessor[];
  /** Operands forwarded into the entry of `target`, when entered from the parent. */
  entryOperands(op: Operation, target: RegionPoint): readonly Value[];
  /**
   * Successors on entry given the operands known to be constant (`undefined`
   * where unknown): MLIR's getEntrySuccessorRegions. Default: `successors(op, 'parent')`.
   */
  entrySuccessorsForConstants?(op: Operation, constants: readonly (Attribute | undefined)[]): RegionSuccessor[];
}

export interface BranchInterface {
  /** Operands forwarded to successor `i` (the suffix that becomes its block arguments). */
  successorOperands(op: Operation, i: number): readonly Value[];
  /** Index into `op.operands` of the first forwarded operand of successor `i`. */
  successorOperandStart(op: Operation, i: number): number;
  /**
   * How many leading block arguments of successor `i` the terminator produces itself
   * instead of forwarding an operand (MLIR's SuccessorOperands produced count: SIL's
   * switch_enum payload, checked_cast_br's cast result). Default 0.
   */
  producedOperands?(op: Operation, i: number): number;
  /**
   * The one successor these constant operands select (`undefined` where unknown):
   * MLIR's getSuccessorForOperands. Default: none, every successor is possible.
   */
  successorForConstants?(op: Operation, constants: readonly (Attribute | undefined)[]): Block | undefined;
}

/** A terminator that forwards operands to the parent op or a sibling region. */
export interface RegionBranchTerminatorInterface {
  forwardedOperands(op: Operation, target: RegionPoint): readonly Value[];
  /**
   * Where control may go given constant operands (MLIR's terminator
   * getSuccessorRegions). Default: the parent's successors from this region.
   */
  successorsForConstants?(op: Operation, constants: readonly (Attribute | undefined)[]): RegionSuccessor[];
}

/**
 * Folding with constant operands (`undefined` where unknown): one entry per
 * result, an attribute (a constant) or a value (an existing SSA value);
 * `undefined` when the op does not fold.
 */
export type FoldHook = (op: Operation, constants: readonly (Attribute | undefined)[]) => (Attribute | Value)[] | undefined;

export interface CallInterface {
  callee(op: Operation): Attribute | Value;
  args(op: Operation): readonly Value[];
}

export interface CallableInterface {
  body(op: Operation): Region | undefined;
  argTypes(op: Operation): readonly Type[];
  resultTypes(op: Operation): readonly Type[];
}

export interface ViewLikeInterface {
  /** The value this op's result is a view of. */
  source(op: Operation): Value;
}

/**
 * MLIR's BufferViewFlowOpInterface: buffer values flowing from operands to results
 * that the generic interfaces (views, branches) do not describe.
 */
export interface BufferViewFlowInterface {
  /** Pairs (from, to): `to` may be (a view of) `from`. */
  dependencies(op: Operation): [Value, Value][];
  /** Whether `value` may be a buffer of its own (not only a view of its dependencies). */
  mayBeTerminalBuffer?(op: Operation, value: Value): boolean;
}

/**
 * One step of the walk from an address back to the memory it points into (flang's
 * `AliasAnalysis::getSource`, declared per op instead of switched on op names). FIR alias
 * analysis and the generic escape analysis read it: it is the IR's pointer-flow view.
 */
export type MemorySourceStep =
  /**
   * A fresh allocation (fir.alloca, fir.allocmem). `noInnerMemory`: the op allocates no inner
   * memory of its own (no zero elements, no decoded data): every address the new object holds
   * is one of its operands or is stored into it later.
   */
  | { kind: 'allocate'; noInnerMemory?: boolean }
  /** The address of a global (fir.address_of). */
  | { kind: 'global'; symbol: Attribute }
  /** The same address as `source`, seen at another type (fir.convert). */
  | { kind: 'convert'; source: Value }
  /**
   * An address inside the memory `source` addresses or describes (fir.box_addr,
   * fir.coordinate_of, fir.array_coor, hlfir.designate); `offset`: it may not be the start.
   */
  | { kind: 'address'; source: Value; offset: boolean }
  /** A descriptor built around `source` (fir.embox, fir.rebox). */
  | { kind: 'box'; source: Value }
  /** An address read from the memory `memref` addresses (fir.load). */
  | { kind: 'load'; memref: Value }
  /**
   * A variable declaration of `source` ([hl]fir.declare): `dummyScope` when it declares a
   * dummy argument, `attrs` the Fortran attributes (`target`, `pointer`, `intent_in`,
   * `host_assoc`, …).
   */
  | { kind: 'declare'; source: Value; dummyScope: Value | undefined; attrs: readonly string[] };

export interface MemorySourceInterface {
  /** What `result` of `op` is on the way to its memory; undefined where the walk stops. */
  step(op: Operation, result: Value): MemorySourceStep | undefined;
}

export interface ConstantInterface {
  value(op: Operation): Attribute;
}

export interface Interfaces {
  memoryEffects?: (op: Operation) => MemoryEffect[];
  regionBranch?: RegionBranchInterface;
  regionBranchTerminator?: RegionBranchTerminatorInterface;
  branch?: BranchInterface;
  call?: CallInterface;
  callable?: CallableInterface;
  viewLike?: ViewLikeInterface;
  bufferViewFlow?: BufferViewFlowInterface;
  constant?: ConstantInterface;
  memorySource?: MemorySourceInterface;
  fold?: FoldHook;
  /** Names the asm printer suggests for results (`%alloc`, `%c0`). */
  resultNames?: (op: Operation) => (string | undefined)[];
  /** Names the asm printer suggests for the arguments of a region's entry block. */
  blockArgNames?: (op: Operation, region: Region) => (string | undefined)[];
  /** Dialect used to resolve unqualified op names inside this op's regions (`return` → `func.return`). */
  defaultDialect?: string;
}

/** A note attached to a verifier error (MLIR's attachNote), e.g. "terminator here". */
export interface VerifyNote {
  loc: Location;
  message: string;
}

export interface OpSpec extends Interfaces {
  name: string;
  summary?: string;
  operands?: ValueSpec[];
  results?: ValueSpec[];
  attributes?: AttrSpec[];
  regions?: RegionSpec[];
  successors?: SuccessorSpec[];
  traits?: Trait[];
  /** MLIR declarative assembly format. */
  format?: string;
  parse?: (p: OpParser, state: OperationState) => void;
  print?: (op: Operation, p: OpPrinter) => void;
  /**
   * Extra semantic checks. Return MLIR's message: a string is reported like
   * MLIR's emitOpError (prefixed with `'op.name' op `), `{ error }` verbatim
   * like emitError. The object forms may carry notes; `opError` is prefixed like a string.
   */
  verify?: (op: Operation, ctx: VerifyContext) => string | { error: string; notes?: VerifyNote[] } | { opError: string; notes?: VerifyNote[] } | undefined;
  /**
   * Checks that MLIR runs after the nested ops are verified (verifyRegionInvariants: the
   * RegionBranchOpInterface and LoopLikeOpInterface verifiers). Same results as `verify`.
   */
  verifyRegions?: OpSpec['verify'];
  /** Required parent op names (the HasParent trait). */
  parents?: string[];
  /** Regions are graph regions (no dominance between ops, e.g. builtin.module). */
  graphRegion?: boolean;
  /** SingleBlockImplicitTerminator: the terminator custom syntax may leave out. */
  implicitTerminator?: string;
}

// ---- one object shape per kind of spec ------------------------------------------------
//
// Specs are written as object literals with whatever keys each op needs, which
// gives every op its own hidden class; code that reads `def.spec.verify` or
// `spec.type` for every op then does megamorphic lookups. Each spec is copied
// into a literal that lists every key in one order, so all share one shape
// (a literal, not keyed stores: those would turn a 26-key object into a
// dictionary). `All<T>` makes the compiler insist on every key.

type All<T> = { [K in keyof Required<T>]: T[K] };

function valueSpec(v: ValueSpec): ValueSpec {
  const out: All<ValueSpec> = {
    name: v.name, arity: v.arity, type: v.type, infer: v.infer, sharedType: v.sharedType, typeKind: v.typeKind,
  };
  return out;
}

function attrSpec(a: AttrSpec): AttrSpec {
  const out: All<AttrSpec> = {
    name: a.name, optional: a.optional, check: a.check, description: a.description, syntax: a.syntax,
    default: a.default, elidedDefault: a.elidedDefault,
  };
  return out;
}

function regionSpec(r: RegionSpec): RegionSpec {
  const out: All<RegionSpec> = { name: r.name, variadic: r.variadic };
  return out;
}

const noEffects = (): MemoryEffect[] => [];

function normalizeSpec(s: OpSpec): OpSpec {
  const out: All<OpSpec> = {
    name: s.name, summary: s.summary,
    operands: s.operands?.map(valueSpec), results: s.results?.map(valueSpec), attributes: s.attributes?.map(attrSpec),
    regions: s.regions?.map(regionSpec), successors: s.successors?.map(regionSpec),
    traits: s.traits, format: s.format, parse: s.parse, print: s.print, verify: s.verify, verifyRegions: s.verifyRegions, parents: s.parents,
    graphRegion: s.graphRegion, implicitTerminator: s.implicitTerminator,
    // Pure is NoMemoryEffect + AlwaysSpeculatable in MLIR: the effects interface, with no effects.
    memoryEffects: s.memoryEffects ?? (s.traits?.includes('Pure') ? noEffects : undefined), regionBranch: s.regionBranch, regionBranchTerminator: s.regionBranchTerminator,
    branch: s.branch, call: s.call, callable: s.callable, viewLike: s.viewLike, bufferViewFlow: s.bufferViewFlow, constant: s.constant, memorySource: s.memorySource, fold: s.fold,
    resultNames: s.resultNames, blockArgNames: s.blockArgNames, defaultDialect: s.defaultDialect,
  };
  return out;
}

export class OpDef {
  readonly dialect: string;
  readonly traits: ReadonlySet<Trait>;
  private readonly inherent: ReadonlySet<string>;
  private compiledFormat?: CompiledFormat;
  /** @internal The verifier's per-definition checks, computed on first use. */
  verifierPlan: unknown = undefined;

  readonly spec: OpSpec;

  constructor(spec: OpSpec) {
    this.spec = spec = normalizeSpec(spec);
    this.dialect = spec.name.slice(0, spec.name.indexOf('.'));
    const traits = new Set(spec.traits ?? []);
    const groups = (spec.operands ?? []).filter((o) => (o.arity ?? 'single') !== 'single').length;
    if (groups > 1) traits.add('AttrSizedOperandSegments');
    if ((spec.results ?? []).filter((o) => (o.arity ?? 'single') !== 'single').length > 1) traits.add('AttrSizedResultSegments');
    this.traits = traits;
    const inh = new Set((spec.attributes ?? []).map((a) => a.name));
    if (traits.has('AttrSizedOperandSegments')) inh.add('operandSegmentSizes');
    if (traits.has('AttrSizedResultSegments')) inh.add('resultSegmentSizes');
    this.inherent = inh;
  }
  get name(): string { return this.spec.name; }
  has(t: Trait): boolean { return this.traits.has(t); }
  isInherent(name: string): boolean { return this.inherent.has(name); }
  get hasCustomSyntax(): boolean { return !!(this.spec.format || this.spec.parse); }
  get format(): CompiledFormat | undefined {
    if (this.spec.format && !this.compiledFormat) this.compiledFormat = compileFormat(this.spec.format, this);
    return this.compiledFormat;
  }

  /** Sizes of the operand groups of `op` (from operandSegmentSizes, or inferred). */
  operandGroupSizes(op: Operation): number[] {
    return groupSizes(this.spec.operands ?? [], op.operands.length, op.getAttr('operandSegmentSizes'));
  }
  resultGroupSizes(op: Operation): number[] {
    return groupSizes(this.spec.results ?? [], op.results.length, op.getAttr('resultSegmentSizes'));
  }
  /** Index of each operand group when every group holds exactly one value (no size lookup needed). */
  private singleOperandIndex?: Map<string, number> | null;

  private singleResultIndex?: Map<string, number> | null;

  /**
   * The position of operand group `name` in `op` when every group holds exactly
   * one value (so group g is operand g), else -1. Printers use it to skip
   * building the group's array.
   */
  singleOperandPosition(op: Operation, name: string): number {
    const index = (this.singleOperandIndex ??= singleIndex(this.spec.operands));
    const i = index?.get(name);
    return i !== undefined && op.operands.length === index!.size ? i : -1;
  }
  /** Like singleOperandPosition, for result groups. */
  singleResultPosition(op: Operation, name: string): number {
    const index = (this.singleResultIndex ??= singleIndex(this.spec.results));
    const i = index?.get(name);
    return i !== undefined && op.results.length === index!.size ? i : -1;
  }

  /** The values of operand group `name`. */
  operandGroup(op: Operation, name: string): Value[] {
    const i = this.singleOperandPosition(op, name);
    if (i >= 0) return [op.operands[i]!.value];
    const start = this.operandGroupStart(op, name);
    return op.operands.slice(start, start + this.operandGroupSize(op, name)).map((o) => o.value);
  }
  operandGroupStart(op: Operation, name: string): number {
    const l = (this.operandLayout ??= layoutOf(this.spec.operands ?? [], this.name));
    const g = l.index(name);
    const segments = op.getAttr('operandSegmentSizes');
    if (segments instanceof DenseArrayAttr) {
      let start = 0;
      for (let i = 0; i < g; i++) start += segments.values[i]!;
      return start;
    }
    return l.singlesBefore[g]! + l.variadicBefore[g]! * (op.operands.length - l.singles);
  }
  /** How many values operand group `name` of `op` holds (what operandGroup(…).length is, without the array). */
  operandGroupSize(op: Operation, name: string): number {
    const l = (this.operandLayout ??= layoutOf(this.spec.operands ?? [], this.name));
    const g = l.index(name);
    const segments = op.getAttr('operandSegmentSizes');
    if (segments instanceof DenseArrayAttr) return segments.values[g]!;
    return l.single[g] ? 1 : op.operands.length - l.singles;
  }
  private operandLayout?: GroupLayout;
}

/**
 * Where each group sits when there are no segment sizes (groupSizes' rule: a
 * single group holds one value, every other group holds all values the single
 * ones leave), precomputed per definition so printing a group is arithmetic.
 */
interface GroupLayout {
  index(name: string): number;
  single: boolean[];
  singles: number;
  singlesBefore: number[];
  variadicBefore: number[];
}

function layoutOf(specs: readonly ValueSpec[], opName: string): GroupLayout {
  const single = specs.map((s) => (s.arity ?? 'single') === 'single');
  const singlesBefore: number[] = [];
  const variadicBefore: number[] = [];
  let ones = 0;
  let many = 0;
  for (const one of single) {
    singlesBefore.push(ones);
    variadicBefore.push(many);
    if (one) ones++;
    else many++;
  }
  const names = specs.map((s) => s.name);
  return {
    index(name: string): number {
      const g = names.indexOf(name);
      if (g < 0) throw new Error(`${opName} has no operand group '${name}'`);
      return g;
    },
    single, singles: ones, singlesBefore, variadicBefore,
  };
}

/** Group name → position, when every group is single (else null). */
function singleIndex(specs: readonly ValueSpec[] | undefined): Map<string, number> | null {
  const list = specs ?? [];
  return list.every((o) => (o.arity ?? 'single') === 'single') ? new Map(list.map((o, i) => [o.name, i])) : null;
}

function groupSizes(specs: readonly ValueSpec[], total: number, segments: Attribute | undefined): number[] {
  if (segments instanceof DenseArrayAttr) return [...segments.values];
  const nonSingle = specs.filter((s) => (s.arity ?? 'single') !== 'single').length;
  const singles = specs.length - nonSingle;
  return specs.map((s) => ((s.arity ?? 'single') === 'single' ? 1 : nonSingle ? total - singles : 0));
}

/** Builds the `operandSegmentSizes` property value. */
export function segmentSizes(sizes: readonly number[]): DenseArrayAttr {
  return new DenseArrayAttr(IntegerType.get(32), sizes);
}

export interface DialectSpec {
  name: string;
  ops: OpSpec[];
  /** Parses a dialect type body after `!dialect.` (return undefined to keep it opaque). */
  parseType?: (text: string) => Type | undefined;
  /**
   * Parses a dialect type with the parser itself (MLIR's DialectAsmParser), for types
   * that nest other types: called with the mnemonic (`ref` of `!fir.ref<…>`) and the
   * parser positioned just after it (at `<`, if the type has a body). Takes precedence
   * over `parseType`.
   */
  parseTypeWith?: (mnemonic: string, p: DialectTypeParser) => Type;
  /**
   * Parses a dialect attribute body after `#dialect.` (e.g. `fastmath<nnan>`); return
   * undefined to keep it opaque, or call `error` to reject it (at `at` characters into `text`;
   * default: the attribute's `#`).
   */
  parseAttr?: (text: string, error: (message: string, at?: number) => never) => Attribute | undefined;
  /**
   * MLIR's Dialect::verifyOperationAttribute: checks a discardable attribute named
   * `dialect.…` on any op (registered or not), before the op's own checks; returns the
   * error, reported as written.
   */
  verifyOpAttribute?: (op: Operation, name: string, value: Attribute) => string | undefined;
  /**
   * MLIR's Dialect::allowUnknownOperations: ops of this dialect that are not
   * registered are accepted (as unregistered ops) without -allow-unregistered-dialect.
   */
  allowUnknownOperations?: boolean;
}

/** What a dialect's type parser may use (implemented by the parser). */
export interface DialectTypeParser {
  /** The registry being parsed with (dialects keep per-context state, e.g. named records, by it). */
  readonly registry: Registry;
  parseType(): Type;
  /** Reports an error at the current token (MLIR's emitError at the current location). */
  error(message: string): never;
  /** Reports an error at the type's mnemonic (MLIR's emitError at getNameLoc()). */
  errorAtName(message: string): never;
  /** `<`, `>`, `(`, `)`, `{`, `}`, `,`, `:`, `?`, `*`: consumed when next, else false. */
  consumePunct(p: string): boolean;
  expectPunct(p: string, message?: string): void;
  /** A bare identifier or keyword, if next. */
  parseOptionalBareId(): string | undefined;
  /** A (possibly negative) integer literal, if next. */
  parseOptionalInteger(): number | undefined;
  /** A dimension list `4x?x` (MLIR's parseDimensionList with dynamic sizes), DYNAMIC for `?`. */
  parseDimensionList(): number[];
  parseAttribute(): Attribute;
}

export class Registry {
  private readonly ops = new Map<string, OpDef>();
  private readonly dialects = new Map<string, DialectSpec>();
  register(d: DialectSpec): void {
    this.dialects.set(d.name, d);
    for (const spec of d.ops) this.ops.set(spec.name, new OpDef(spec));
  }
  lookup(name: string): OpDef | undefined { return this.ops.get(name); }
  hasDialect(name: string): boolean { return this.dialects.has(name); }
  dialectNames(): Iterable<string> { return this.dialects.keys(); }
  dialect(name: string): DialectSpec | undefined { return this.dialects.get(name); }
  opNames(): string[] { return [...this.ops.keys()]; }
}

export function defineDialect(name: string, ops: OpSpec[], extra: Partial<DialectSpec> = {}): DialectSpec {
  return { name, ops, ...extra };
}

export function defineOp(spec: OpSpec): OpSpec {
  return spec;
}

// Small helpers for ops and blocks that analyses use everywhere.

export function hasTrait(op: Operation, t: Trait): boolean {
  return op.def?.has(t) ?? false;
}

export function isTerminator(op: Operation): boolean {
  return hasTrait(op, 'Terminator');
}

export function successorBlocks(op: Operation): readonly Block[] {
  return op.successors;
}
