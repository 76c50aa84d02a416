/**
 * Solidity types (solc's `typeDescriptions.typeString`) as sol types.
 *
 *   uint8 / int256 / bool           → ui8 / si256 / i1
 *   address [payable], bytes4       → !sol.address, !sol.fixedbytes<4>
 *   enum C.K                        → !sol.enum<MAX>   (MAX from the EnumDefinition)
 *   uint256[3][] memory             → !sol.array<? x !sol.array<3 x ui256, Memory>, Memory>
 *   string calldata / bytes memory  → !sol.string<CallData> / !sol.string<Memory>
 *   struct C.S storage ref          → !sol.struct<(members…), Storage>
 *   mapping(address => uint256)     → !sol.mapping<!sol.address, ui256>
 *
 * The location suffix (`memory`, `calldata`, `storage ref`, `storage pointer`) applies to the
 * outermost type; inner aggregates share it. An internal function type (at the top level:
 * not inside arrays, structs or mappings) is the builtin function type `(P…) -> (R…)`.
 * Anything else (external function types, contracts, fixed-point, tuples as values,
 * recursive structs) is not a sol type: `undefined`.
 */
import { FunctionType, IntegerType, type Type } from '@lifeline/ir';
import {
  AddressType, ArrayType, EnumType, FixedBytesType, MappingType, StringType, StructType, type DataLocation,
} from '@lifeline/sol';
import type { AstNode } from './solc.js';

/** Struct and enum definitions by canonical name (`C.S`), from the AST. */
export interface TypeScope {
  structs: Map<string, AstNode>;
  enums: Map<string, AstNode>;
  /** User-defined value types (`type T is bytes32`) by canonical name: each is its underlying type. */
  udvts: Map<string, AstNode>;
}

const LOCATIONS: [string, DataLocation][] = [
  [' storage pointer', 'Storage'], [' storage ref', 'Storage'], [' storage', 'Storage'], [' memory', 'Memory'],
  [' calldata', 'CallData'], [' transient', 'Transient'],
];

/** Splits `T <location>` (location undefined when not spelled). */
function splitLocation(s: string): [string, DataLocation | undefined] {
  for (const [suffix, loc] of LOCATIONS) if (s.endsWith(suffix)) return [s.slice(0, -suffix.length), loc];
  return [s, undefined];
}

/** The position of the `=>` of a mapping body at depth 0. */
function topArrow(s: string): number {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && s.startsWith(' => ', i)) return i;
  }
  return -1;
}

export function solTypeOfString(typeString: string, scope: TypeScope, defaultLoc: DataLocation = 'Memory'): Type | undefined {
  if (typeString.trim().startsWith('function (')) return functionOrArrayOf(typeString.trim(), scope, defaultLoc);
  const [body, loc] = splitLocation(typeString.trim());
  return parseBody(body, loc ?? defaultLoc, scope, new Set());
}

function parseBody(s: string, loc: DataLocation, scope: TypeScope, structsSeen: Set<string>): Type | undefined {
  s = s.trim();
  // Array suffixes: the last `[…]` is the outermost array.
  if (s.endsWith(']')) {
    let depth = 0;
    let i = s.length - 1;
    for (; i >= 0; i--) {
      if (s[i] === ']') depth++;
      else if (s[i] === '[' && --depth === 0) break;
    }
    if (i <= 0) return undefined;
    const inner = s.slice(0, i);
    const size = s.slice(i + 1, -1);
    const elt = parseBody(splitLocation(inner)[0], loc, scope, structsSeen);
    if (!elt) return undefined;
    if (size === '') return ArrayType.get(ArrayType.DYNAMIC, elt, loc);
    if (!/^\d+$/.test(size)) return undefined;
    return ArrayType.get(Number(size), elt, loc);
  }
  if (s.startsWith('mapping(') && s.endsWith(')')) {
    const inner = s.slice('mapping('.length, -1);
    const arrow = topArrow(inner);
    if (arrow < 0) return undefined;
    const key = parseBody(splitLocation(inner.slice(0, arrow))[0], 'Memory', scope, structsSeen);
    const val = parseBody(splitLocation(inner.slice(arrow + 4))[0], 'Storage', scope, structsSeen);
    return key && val ? MappingType.get(key, val) : undefined;
  }
  let m: RegExpExecArray | null;
  if ((m = /^uint(\d*)$/.exec(s))) return IntegerType.get(Number(m[1] || 256), 'unsigned');
  if ((m = /^int(\d*)$/.exec(s))) return IntegerType.get(Number(m[1] || 256), 'signed');
  if (s === 'bool') return IntegerType.get(1);
  if (s === 'address' || s === 'address payable') return AddressType.instance;
  if ((m = /^bytes(\d+)$/.exec(s))) return FixedBytesType.get(Number(m[1]));
  if (s === 'bytes' || s === 'string') return StringType.get(loc);
  if ((m = /^enum (.+)$/.exec(s))) {
    const def = scope.enums.get(m[1]!);
    return def ? EnumType.get(def.members.length - 1) : undefined;
  }
  if ((m = /^struct (.+)$/.exec(s))) {
    const name = m[1]!;
    const def = scope.structs.get(name);
    if (!def || structsSeen.has(name)) return undefined;
    structsSeen.add(name);
    const members: Type[] = [];
    for (const mem of def.members as AstNode[]) {
      const t = parseBody(splitLocation(mem.typeDescriptions.typeString)[0], loc, scope, structsSeen);
      if (!t) return undefined;
      members.push(t);
    }
    structsSeen.delete(name);
    return StructType.get(members, loc);
  }
  // a user-defined value type is its underlying value type everywhere (solc's code and ABI
  // treat it so; only the type checker tells them apart)
  const udvt = scope.udvts.get(s);
  if (udvt) return parseBody(udvt.underlyingType.typeDescriptions.typeString as string, loc, scope, structsSeen);
  return undefined;
}

/** Top-level comma-separated parts of a parameter list. */
function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of s) {
    if (c === '(' || c === '[') depth++;
    if (c === ')' || c === ']') depth--;
    if (c === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  if (cur.trim()) out.push(cur);
  return out;
}

/** The component type strings of `tuple(A,B,…)` (none for `tuple()`). */
export function tupleComponents(typeString: string): string[] {
  return splitTop(typeString.slice('tuple('.length, -1)).map((p) => p.trim());
}

/** The `(…)` group opening at `s[open]`: its inside and the index after its `)`. */
function group(s: string, open: number): [string, number] | undefined {
  if (s[open] !== '(') return undefined;
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '(') depth++;
    else if (s[i] === ')' && --depth === 0) return [s.slice(open + 1, i), i + 1];
  }
  return undefined;
}

/**
 * `function (P…) [pure|view|payable] [returns (R…)]` — an internal function type, as the builtin
 * function type `(P…) -> (R…)` (mutability does not change the value). External function
 * types are not supported (undefined).
 */
/**
 * An internal function type, or a memory array of them (`function (uint256) pure returns
 * (uint256)[3] memory`, `function () view[] memory[] memory`): the dimensions start at the
 * first `[` outside the signature's parentheses. In storage solc packs them (8 bytes): not
 * supported there.
 */
function functionOrArrayOf(s: string, scope: TypeScope, defaultLoc: DataLocation): Type | undefined {
  let depth = 0;
  let at = -1;
  for (let i = 0; i < s.length && at < 0; i++) {
    if (s[i] === '(') depth++;
    else if (s[i] === ')') depth--;
    else if (s[i] === '[' && depth === 0) at = i;
  }
  if (at < 0) return internalFunctionType(s, scope);
  const suffix = s.slice(at);
  if (!/^(\[\d*\]| memory| storage| calldata| pointer| ref)+$/.test(suffix) || /storage|calldata/.test(suffix)) return undefined;
  if (!suffix.includes('memory') && defaultLoc !== 'Memory') return undefined;
  let t = internalFunctionType(s.slice(0, at).trim(), scope);
  for (const dim of suffix.match(/\[\d*\]/g)!) {
    if (!t) return undefined;
    const size = dim.slice(1, -1);
    t = ArrayType.get(size === '' ? ArrayType.DYNAMIC : Number(size), t, 'Memory');
  }
  return t;
}

function internalFunctionType(s: string, scope: TypeScope): Type | undefined {
  const params = group(s, 'function '.length);
  if (!params) return undefined;
  let rest = s.slice(params[1]);
  const ret = /^((?: (?:pure|view|payable))*)(?: returns (\(.*\)))?$/.exec(rest);
  if (!ret) return undefined;
  rest = ret[2] ?? '';
  const results = rest ? group(rest, 0) : ['', 0] as [string, number];
  if (!results || (rest && results[1] !== rest.length)) return undefined;
  const types = (list: string) => splitTop(list).map((p) => solTypeOfString(p.trim(), scope));
  const ins = types(params[0]);
  const outs = types(results[0]);
  if ([...ins, ...outs].some((t) => !t)) return undefined;
  return FunctionType.get(ins as Type[], outs as Type[]);
}

/** Integer value range of a sol integer type. */
export function intRange(t: IntegerType): [bigint, bigint] {
  const w = BigInt(t.width);
  if (t.signedness === 'signed') return [-(1n << (w - 1n)), (1n << (w - 1n)) - 1n];
  if (t.width === 1) return [0n, 1n];
  return [0n, (1n << w) - 1n];
}
