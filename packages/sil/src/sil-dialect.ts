/**
 * The sil dialect: instructions (sil-ops.ts), terminators and functions (sil-control.ts),
 * declarations (sil-decls.ts), and the type `!sil.type<"T">` whose string is SIL type syntax.
 */
import { DiagnosticError, SourceFile, StringAttr, defineDialect, type DialectSpec, type DialectTypeParser, type Type } from '@lifeline/ir';
import { silControlOps } from './sil-control.js';
import { silDeclOps } from './sil-decls.js';
import { SilCursor } from './sil-cursor.js';
import { lexSil } from './sil-lexer.js';
import { silValueOps } from './sil-ops.js';
import { silExtOps } from './sil-ops-ext.js';
import { parseSilType } from './sil-type-parser.js';
import type { SilType } from './sil-types.js';
import { silVerifier } from './sil-verify.js';

/** Parses SIL type text (without `$`), e.g. `Builtin.NativeObject` or `*S`; throws DiagnosticError. */
export function parseSilTypeText(text: string, fileName = '<type>'): SilType {
  const source = new SourceFile(fileName, text);
  const c = new SilCursor(source, lexSil(source));
  const t = parseSilType(c);
  if (c.tok.kind !== 'eof') c.error('expected end of type');
  return t;
}

function parseDialectType(mnemonic: string, p: DialectTypeParser): Type {
  if (mnemonic !== 'type') p.errorAtName(`unknown sil type '${mnemonic}'`);
  p.expectPunct('<');
  const body = p.parseAttribute();
  if (!(body instanceof StringAttr)) p.error('expected a string with SIL type syntax');
  p.expectPunct('>');
  try {
    return parseSilTypeText(body.value);
  } catch (e) {
    if (e instanceof DiagnosticError) p.errorAtName(`invalid SIL type "${body.value}": ${e.diagnostic.message}`);
    throw e;
  }
}

/** Each op with its semantic checks (sil-verify.ts). */
const ops = [...silValueOps, ...silExtOps, ...silControlOps, ...silDeclOps].map((spec) => ({ ...spec, verify: spec.verify ?? silVerifier(spec.name) }));

export const silDialect: DialectSpec = defineDialect('sil', ops, {
  parseTypeWith: parseDialectType,
});
