/**
 * Swift type declarations in a SIL file → `sil.<keyword>_decl` ops (see sil-decls.ts):
 *
 *   modifiers (struct|class|enum|protocol) Name generics? (':' type % ',')? '{' member* '}'
 *   modifiers typealias Name '=' type
 *   member ::= modifiers ('var'|'let') name ':' type ('{' … '}')?
 *            | modifiers 'case' name ('(' (label ':')? type % ',' ')')? % ','
 *            | anything else up to the end of its line (init(), deinit, func …), kept as text
 */
import { ArrayAttr, DictionaryAttr, Operation, StringAttr, TypeAttr, type Attribute, type Registry } from '@lifeline/ir';
import type { SilCursor } from './sil-cursor.js';
import { parseSilType } from './sil-type-parser.js';

export const DECL_MODIFIERS = new Set([
  'public', 'internal', 'private', 'fileprivate', 'open', 'package', 'final', 'indirect', 'static', 'weak', 'unowned', 'lazy',
  'required', 'override', 'convenience', 'dynamic', 'mutating', 'nonmutating',
]);
const DECL_STARTS = new Set(['struct', 'class', 'enum', 'protocol', 'typealias']);

/** Whether the cursor is at a declaration (after optional modifiers and `@attributes`). */
export function atDecl(c: SilCursor): boolean {
  for (let i = c.pos; i < c.toks.length; i++) {
    const t = c.toks[i]!;
    if (t.kind === 'symbol') {
      // `@attr(args)`
      if (c.isPunct('(', c.toks[i + 1]!)) return false;
      continue;
    }
    if (t.kind !== 'ident') return false;
    if (DECL_STARTS.has(t.text)) return true;
    if (!DECL_MODIFIERS.has(t.text)) return false;
  }
  return false;
}

function parseModifiers(c: SilCursor): string[] {
  const mods: string[] = [];
  while ((c.tok.kind === 'symbol') || (c.tok.kind === 'ident' && DECL_MODIFIERS.has(c.tok.text))) {
    mods.push(c.tok.kind === 'symbol' ? '@' + c.next().text : c.next().text);
  }
  return mods;
}

const strArray = (xs: readonly string[]) => new ArrayAttr(xs.map((x) => new StringAttr(x)));

export function parseDecl(c: SilCursor, registry: Registry): Operation {
  const at = c.tok;
  const modifiers = parseModifiers(c);
  const keyword = c.expectIdent('declaration');
  const name = c.expectIdent(`${keyword} name`);
  const props: [string, Attribute][] = [['name', new StringAttr(name)]];
  if (modifiers.length) props.push(['modifiers', strArray(modifiers)]);
  const loc = c.source.loc(at.start);
  if (keyword === 'typealias') {
    c.expectPunct('=');
    props.push(['aliased', new TypeAttr(parseSilType(c))]);
    return new Operation({ name: 'sil.typealias_decl', def: registry.lookup('sil.typealias_decl'), properties: props, loc });
  }
  if (c.isPunct('<')) {
    c.next();
    const params: string[] = [];
    do {
      params.push(c.expectIdent('generic parameter name'));
      if (c.eatPunct(':')) parseSilType(c);
    } while (c.eatPunct(','));
    c.expectPunct('>');
    props.push(['generic_params', strArray(params)]);
  }
  if (c.eatPunct(':')) {
    const inherits: Attribute[] = [];
    do inherits.push(new TypeAttr(parseSilType(c)));
    while (c.eatPunct(','));
    props.push(['inherits', new ArrayAttr(inherits)]);
  }
  c.expectPunct('{', ` in ${keyword} declaration`);
  const members: Attribute[] = [];
  while (!c.isPunct('}')) {
    if (c.tok.kind === 'eof') c.error(`expected '}' at the end of ${keyword} '${name}'`);
    members.push(...parseMember(c));
  }
  c.next();
  if (members.length) props.push(['members', new ArrayAttr(members)]);
  const opName = `sil.${keyword}_decl`;
  return new Operation({ name: opName, def: registry.lookup(opName), properties: props, loc });
}

function parseMember(c: SilCursor): Attribute[] {
  const start = c.pos;
  const modifiers = parseModifiers(c);
  const mods: [string, Attribute][] = modifiers.length ? [['modifiers', strArray(modifiers)]] : [];
  if (c.isIdent('var') || c.isIdent('let')) {
    const kind = c.next().text;
    const name = c.expectIdent('property name');
    c.expectPunct(':', ' in property declaration');
    const type = parseSilType(c);
    if (c.isPunct('{')) skipBalanced(c);
    return [new DictionaryAttr([['kind', new StringAttr(kind)], ['name', new StringAttr(name)], ['type', new TypeAttr(type)], ...mods])];
  }
  if (c.eatIdent('case')) {
    const out: Attribute[] = [];
    do {
      const name = c.expectIdent('enum case name');
      const entry: [string, Attribute][] = [['kind', new StringAttr('case')], ['name', new StringAttr(name)], ...mods];
      if (c.eatPunct('(')) {
        const payload: Attribute[] = [];
        do {
          if (c.tok.kind === 'ident' && c.isPunct(':', c.peek())) c.pos += 2;
          payload.push(new TypeAttr(parseSilType(c)));
        } while (c.eatPunct(','));
        c.expectPunct(')', ' in enum case payload');
        entry.push(['payload', new ArrayAttr(payload)]);
      }
      out.push(new DictionaryAttr(entry));
    } while (c.eatPunct(','));
    return out;
  }
  // A tolerated line: everything up to the end of the line (with the braces it opens).
  c.pos = start;
  do {
    if (c.isPunct('{')) skipBalanced(c);
    else c.next();
  } while (!c.tok.bol && !c.isPunct('}') && c.tok.kind !== 'eof');
  return [new DictionaryAttr([['kind', new StringAttr('other')], ['text', new StringAttr(c.textSince(start).replace(/\s+/g, ' '))]])];
}

function skipBalanced(c: SilCursor): void {
  const open = c.tok;
  let depth = 0;
  do {
    const t = c.next();
    if (t.kind === 'eof') c.error('expected \'}\'', open);
    if (c.isPunct('{', t)) depth++;
    else if (c.isPunct('}', t)) depth--;
  } while (depth > 0);
}
