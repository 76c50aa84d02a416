/**
 * Canonical ABI signatures of events and errors (`Transfer(address,address,uint256)`), from the
 * declared parameter types as solc spells them: enums are uint8, contracts and payable
 * addresses are address, structs are tuples of their members, user-defined value types
 * their underlying type.
 */
import { Unsupported, type AstNode } from './lower-base.js';
import type { TypeScope } from './types.js';

function stripLocation(s: string): string {
  return s.replace(/ (storage ref|storage pointer|memory|calldata|storage)$/, '');
}

export function canonicalType(typeString: string, scope: TypeScope, node: AstNode): string {
  const s = stripLocation(typeString.trim());
  const arr = /^(.*)(\[\d*\])$/.exec(s);
  if (arr) return canonicalType(arr[1]!, scope, node) + arr[2]!;
  if (s === 'address payable' || s.startsWith('contract ')) return 'address';
  if (s.startsWith('enum ')) return 'uint8';
  if (s === 'uint') return 'uint256';
  if (s === 'int') return 'int256';
  if (s.startsWith('struct ')) {
    const def = scope.structs.get(s.slice('struct '.length));
    if (!def) throw new Unsupported(node, `type '${s}'`);
    return `(${(def.members as AstNode[]).map((m) => canonicalType(m.typeDescriptions.typeString, scope, m)).join(',')})`;
  }
  if (/^(u?int\d+|bool|address|bytes\d*|string)$/.test(s)) return s;
  const udvt = scope.udvts.get(s);
  if (udvt) return canonicalType(udvt.underlyingType.typeDescriptions.typeString as string, scope, node);
  throw new Unsupported(node, `type '${s}' in an ABI signature`);
}

export function canonicalSignature(def: AstNode, scope: TypeScope): string {
  const params = def.parameters.parameters as AstNode[];
  return `${def.name}(${params.map((p) => canonicalType(p.typeDescriptions.typeString, scope, p)).join(',')})`;
}
