/**
 * Swift type declarations a SIL file carries (struct / class / enum / protocol / typealias),
 * kept as module-level ops so they print back and so `SilTypeInfo` can answer layout
 * questions. They have no effects declared, so no pass deletes them as dead.
 *
 *   attribute        meaning
 *   name             the type's name
 *   modifiers        words and attributes before the keyword (`final`, `public`, `@objc`, `indirect`)
 *   generic_params   `<T, U>` parameter names
 *   inherits         the types after `:` (superclass, protocols, `~Copyable` as a verbatim type)
 *   members          one dictionary per member line, in order:
 *                      { kind = "var" | "let", name, type, modifiers? }   stored properties
 *                      { kind = "case", name, payload? (array of types), modifiers? }
 *                      { kind = "other", text }   tolerated lines (init(), deinit, func …)
 *   aliased          (typealias) the aliased type
 */
import { defineOp, type OpSpec } from '@lifeline/ir';

const common = [
  { name: 'name' }, { name: 'modifiers', optional: true }, { name: 'generic_params', optional: true },
  { name: 'inherits', optional: true }, { name: 'members', optional: true },
];

export const DECL_KEYWORDS = ['struct', 'class', 'enum', 'protocol'] as const;
export type DeclKeyword = (typeof DECL_KEYWORDS)[number];

export const silDeclOps: OpSpec[] = [
  ...DECL_KEYWORDS.map((k) => defineOp({ name: `sil.${k}_decl`, attributes: common })),
  defineOp({ name: 'sil.typealias_decl', attributes: [{ name: 'name' }, { name: 'modifiers', optional: true }, { name: 'aliased' }] }),
];
