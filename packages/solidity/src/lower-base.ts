/**
 * What every part of the AST → sol lowering shares: the contract context (declarations by AST
 * id, state variables, functions, the type scope), op building at the current insertion point,
 * constants, implicit conversions between sol types, zero values, and UnsupportedFeature
 * reporting (thrown as `Unsupported`, caught per function so one function's problem does not
 * hide the next one's).
 */
import {
  Builder, FileLineColLoc, FunctionType, IntegerAttr, IntegerType, StringAttr, UnitAttr, segmentSizes, type Attribute, type Block, type Operation,
  type Region, type Registry, type Type, type Value,
} from '@lifeline/ir';
import {
  AddressType, ArrayType, EnumType, FixedBytesType, MappingType, PtrType, StringType, StructType, bytesInMemoryOrCalldata, dataLocation,
  isAggType, isValueType, withLocation, type DataLocation,
} from '@lifeline/sol';
import { lineCol, parseSrc, type AstNode } from './solc.js';
import { solTypeOfString, tupleComponents, type TypeScope } from './types.js';
import type { Inheritance } from './lower-inheritance.js';

/** A construct we do not lower: becomes an UnsupportedFeature error at `node`. */
export class Unsupported extends Error {
  constructor(readonly node: AstNode, message: string) { super(message); }
}

/** A state variable: in storage, or an immutable (read with loadimmutable at runtime, in memory during construction). */
export interface StateVarInfo { sym: string; type: Type; node: AstNode; loc: 'Storage' | 'Immutable' }
export interface FunctionInfo { sym: string; params: Type[]; results: Type[]; node: AstNode }

/** Per-compilation facts: sources by file index, declarations by AST id. */
export interface ContractCtx {
  registry: Registry;
  scope: TypeScope;
  nodes: Map<number, AstNode>;
  stateVars: Map<number, StateVarInfo>;
  functions: Map<number, FunctionInfo>;
  /** Source names and texts by the file index of `src`. */
  files: Map<number, { name: string; text: string }>;
  /** Canonical ABI signature of events / errors by AST id. */
  signatures: Map<number, string>;
  /** The inheritance of the contract being lowered (lower-inheritance.ts). */
  inherit?: Inheritance;
}

/** The declaration a virtual reference to `id` runs in the contract being lowered. */
export function virtualTarget(ctx: ContractCtx, id: number): number {
  return ctx.inherit ? ctx.inherit.resolve(id) : id;
}

export const ui256 = IntegerType.get(256, 'unsigned');

const DECLARED: Record<string, DataLocation> = { calldata: 'CallData', memory: 'Memory', storage: 'Storage', transient: 'Transient' };

/** The data location of a node's value: declared (variables) or in its typeIdentifier (`…_calldata_ptr`). */
export function locationOf(node: AstNode): DataLocation | undefined {
  if (node.nodeType === 'VariableDeclaration' && DECLARED[node.storageLocation as string]) return DECLARED[node.storageLocation as string];
  const tid = node.typeDescriptions?.typeIdentifier as string | undefined;
  if (!tid) return undefined;
  if (/_calldata_ptr(_slice)?$/.test(tid)) return 'CallData';
  if (/_memory_ptr$/.test(tid)) return 'Memory';
  if (/_storage(_ptr)?$/.test(tid)) return 'Storage';
  return undefined;
}
export const i1 = IntegerType.get(1);

export abstract class LowerBase {
  readonly b: Builder;
  constructor(readonly ctx: ContractCtx) {
    this.b = new Builder(ctx.registry);
  }

  unsupported(node: AstNode, message: string): never {
    throw new Unsupported(node, message);
  }

  /** The location of `node` (file:line:col of its `src`). */
  loc(node: AstNode): FileLineColLoc {
    const { start, file } = parseSrc(node.src);
    const f = this.ctx.files.get(file);
    const { line, col } = f ? lineCol(f.text, start) : { line: 0, col: 0 };
    return new FileLineColLoc(f?.name ?? '', line, col);
  }

  /** The sol type of an AST node's typeDescriptions (UnsupportedFeature if it has none). */
  typeOf(node: AstNode, defaultLoc?: DataLocation): Type {
    const ts = node.typeDescriptions?.typeString as string | undefined;
    const t = ts === undefined ? undefined : solTypeOfString(ts, this.ctx.scope, locationOf(node) ?? defaultLoc);
    if (!t) this.unsupported(node, `type '${ts ?? '?'}' is not supported`);
    return t;
  }

  /** The sol types of the values of `node`: one per component of a tuple type, else its one type. */
  typesOf(node: AstNode): Type[] {
    const ts = node.typeDescriptions?.typeString as string | undefined;
    if (!ts?.startsWith('tuple(')) return [this.typeOf(node)];
    return tupleComponents(ts).map((c) => this.typeOfString(c, node));
  }

  typeOfString(ts: string, node: AstNode): Type {
    const t = solTypeOfString(ts, this.ctx.scope);
    if (!t) this.unsupported(node, `type '${ts}' is not supported`);
    return t;
  }

  /** The canonical ABI signature of an event or error (UnsupportedFeature when its types have none). */
  signature(node: AstNode, decl: AstNode): string {
    return this.ctx.signatures.get(decl.id) ?? this.unsupported(node, `the parameter types of '${decl.name}'`);
  }

  // ---- building --------------------------------------------------------------------------

  op(name: string, operands: readonly Value[] = [], resultTypes: readonly Type[] = [], attrs: [string, Attribute][] = [], regions = 0): Operation {
    return this.b.create(name, { operands, resultTypes, attributes: attrs, regions });
  }
  val(name: string, operands: readonly Value[], resultType: Type, attrs: [string, Attribute][] = []): Value {
    return this.op(name, operands, [resultType], attrs).result(0);
  }
  constant(v: bigint, t: Type): Value {
    const attrType = t instanceof IntegerType ? t : ui256;
    return this.val('sol.constant', [], t, [['value', new IntegerAttr(v, attrType)]]);
  }
  unit(name: string): [string, Attribute] { return [name, UnitAttr.instance]; }
  str(name: string, s: string): [string, Attribute] { return [name, new StringAttr(s)]; }

  /** Runs `fn` with the insertion point at the end of a new block of `region`, then restores it. */
  inRegion<T>(region: Region, fn: () => T): T {
    const saved = this.b.insertionBlock;
    this.b.createBlock(region);
    try {
      return fn();
    } finally {
      if (saved) this.b.setInsertionPointToEnd(saved as Block);
    }
  }

  load(ptr: Value): Value {
    return this.val('sol.load', [ptr], (ptr.type as PtrType).pointeeType);
  }

  /** Writes `v` (already of a compatible type) to `ptr`: aggregates into storage are deep copies. */
  assignTo(ptr: Value, v: Value, node: AstNode): void {
    const p = ptr.type as PtrType;
    if ((p.loc === 'Storage' || p.loc === 'Transient') && (isAggType(p.pointeeType) || p.pointeeType instanceof MappingType)) {
      if (p.pointeeType instanceof MappingType) this.unsupported(node, 'assigning mappings');
      const dst = this.load(ptr);
      if (v.type === dst.type) {
        // Storage to the same storage aggregate: solc copies unless it is the same slot.
        this.op('sol.copy', [v, dst]);
        return;
      }
      this.op('sol.copy', [v, dst]);
      return;
    }
    this.op('sol.store', [this.convert(v, p.pointeeType, node), ptr]);
  }

  /** Implicit / explicit conversion of `v` to `to`. */
  convert(v: Value, to: Type, node: AstNode): Value {
    const from = v.type;
    if (from === to) return v;
    if (isValueType(from) && isValueType(to)) return this.val('sol.cast', [v], to);
    const toLoc = dataLocation(to);
    if (toLoc && isAggType(from) && withLocation(from, toLoc) === to) {
      if (toLoc === 'Memory') return this.val('sol.data_loc_cast', [v], to);
      if (toLoc === 'Storage' && from instanceof PtrType) return v;
    }
    // `bytesN(b)` (solc ≥ 0.8.5): the first N bytes of bytes in memory or calldata
    if (to instanceof FixedBytesType && bytesInMemoryOrCalldata.accepts(from)) {
      return this.val('sol.to_fixed_bytes', [v], to);
    }
    return this.unsupported(node, `conversion from ${from} to ${to}`);
  }

  /** The zero value of `t` (memory aggregates: a zeroed allocation, or the zero slot when dynamic). */
  zeroValue(t: Type, node: AstNode): Value {
    if (t instanceof IntegerType || t instanceof AddressType || t instanceof FixedBytesType || t instanceof EnumType) return this.constant(0n, t);
    if ((t instanceof ArrayType && t.isDynamic) || t instanceof StringType) {
      if (dataLocation(t) === 'Memory') return this.val('sol.empty', [], t);
    } else if ((t instanceof ArrayType || t instanceof StructType) && t.loc === 'Memory') {
      return this.op('sol.malloc', [], [t], [this.unit('zero_init'), ['operandSegmentSizes', segmentSizes([0, 0])]]).result(0);
    }
    // a zero-initialised / deleted internal function pointer: calling it is Panic 0x51
    if (t instanceof FunctionType) return this.val('sol.func_null', [], t);
    return this.unsupported(node, `a zero value of ${t}`);
  }
}

export type { AstNode };
