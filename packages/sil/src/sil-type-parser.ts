/**
 * SIL type syntax → SilType. The structured grammar (docs/SIL.rst "Types", what Swift's
 * SILPrinter writes):
 *
 *   type      ::= '*' type | attr* base postfix*
 *   base      ::= 'Builtin' '.' ident | name generic-args? | '(' elements ')' ('->' results)?
 *               | 'any' name ('&' name)* | '@opened' '(' string (',' type)? ')' ident
 *               | ('<' ident % ',' '>')? '{' (('var'|'let') type) % ',' '}' ('<' type % ',' '>')?   (a box)
 *   postfix   ::= '?' | '.Type' | '.Protocol'
 *   elements  ::= (attr* (ident ':')? type) % ','        (function parameters carry attrs)
 *   results   ::= attr* type | '(' (attr* type) % ',' ')'
 *   attr      ::= '@' ident ('(' balanced ')')?
 *
 * `@convention(thick)` is dropped (the default; Swift does not print it).
 * Anything outside it (generic signatures `<τ_0_0>`, boxes `{ var T }`, `@sil_weak`, `some P`…)
 * becomes a `verbatim` type: the tokens up to the end of the type, so it still round-trips.
 */
import type { Token } from './sil-lexer.js';
import type { SilCursor } from './sil-cursor.js';
import { CONVENTIONS, SilType, type SilFnParam } from './sil-types.js';

class NotStructured extends Error {}

const METATYPE_REPRS = new Set(['@thick', '@thin', '@objc_metatype']);
/** Identifiers that end a type written without delimiters (`%0 : $A to $B`, `… on %1`). */
const STOP_WORDS = new Set(['to', 'on', 'in', 'where']);

/** Parses a type after its `$` (or a formal type, e.g. in a declaration). */
export function parseSilType(c: SilCursor): SilType {
  const start = c.pos;
  if (c.tok.kind === 'eof' || atBoundary(c, start)) c.error('expected type');
  try {
    const t = parseType(c);
    if (atBoundary(c, start, true)) return t;
  } catch (e) {
    if (!(e instanceof NotStructured)) throw e;
  }
  c.pos = start;
  return parseVerbatim(c, start);
}

/**
 * Where a type ends: a new line, a separator, or a keyword that follows a type. A `{` ends a
 * structured type (a function body, `var x: T { get }`), but inside a verbatim one only at the
 * end of a line (box types `<τ_0_0> { var τ_0_0 } <C>` contain braces).
 */
function atBoundary(c: SilCursor, start: number, structured = false): boolean {
  const t = c.tok;
  if (t.kind === 'eof' || (t.bol && c.pos > start)) return true;
  if (t.kind === 'ident') return STOP_WORDS.has(t.text);
  if (t.kind === 'value' || t.kind === 'string' && structured) return true;
  if (t.kind !== 'punct') return false;
  if (t.text === '{') return structured || endsLine(c, c.pos);
  // `struct $S (%0 : …)`: an operand list follows a complete type.
  if (t.text === '(') return structured;
  return [',', ')', ']', '}', ':', '='].includes(t.text);
}

function endsLine(c: SilCursor, i: number): boolean {
  const next = c.toks[i + 1];
  return !next || next.bol;
}

function parseVerbatim(c: SilCursor, start: number): SilType {
  let depth = 0;
  while (true) {
    const t = c.tok;
    if (t.kind === 'eof') break;
    if (depth === 0 && c.pos > start && atBoundary(c, start)) break;
    if (t.kind === 'punct') {
      if ('([<{'.includes(t.text)) depth++;
      else if (')]>}'.includes(t.text)) {
        if (depth === 0) break;
        depth--;
      }
    }
    c.next();
  }
  if (c.pos === start) c.error('expected type');
  if (depth !== 0) c.error('expected type', c.toks[start]);
  return SilType.verbatim(c.textSince(start).replace(/\s+/g, ' '));
}

function fail(): never {
  throw new NotStructured();
}

function parseAttr(c: SilCursor): string {
  const t = c.next();
  if (t.kind !== 'symbol') fail();
  let text = '@' + t.text;
  if (c.isPunct('(') && c.tok.start === t.end) {
    const from = c.pos;
    let depth = 0;
    do {
      const x = c.next();
      if (x.kind === 'eof') fail();
      if (c.isPunct('(', x)) depth++;
      else if (c.isPunct(')', x)) depth--;
    } while (depth > 0);
    text += c.textSince(from).replace(/\s+/g, ' ');
  }
  return text;
}

function parseAttrs(c: SilCursor): string[] {
  const attrs: string[] = [];
  while (c.tok.kind === 'symbol' && !c.tok.text.startsWith('opened')) attrs.push(parseAttr(c));
  return attrs;
}

/** Attributes of a parameter or result rather than of its type (`@guaranteed @callee_guaranteed () -> ()`). */
const PARAM_ATTRS = new Set<string>([...CONVENTIONS, '@sil_isolated', '@sil_implicit_leading_param', '@sil_sending', '@noDerivative']);

function parseParamAttrs(c: SilCursor): string[] {
  const attrs: string[] = [];
  while (c.tok.kind === 'symbol' && PARAM_ATTRS.has('@' + c.tok.text) && !c.isPunct('(', c.peek())) attrs.push('@' + c.next().text);
  return attrs;
}

function parseType(c: SilCursor): SilType {
  if (c.eatPunct('*')) return SilType.address(parseType(c));
  const attrs = parseAttrs(c);
  const repr = attrs.length === 1 && METATYPE_REPRS.has(attrs[0]!) ? attrs[0] : undefined;
  if (attrs.length && !repr) {
    // Only function types carry attributes of their own.
    if (!c.isPunct('(')) fail();
    return parseFunctionRest(c, attrs);
  }
  let t = parseBase(c);
  for (;;) {
    if (c.isPunct('?')) {
      c.next();
      t = SilType.optional(t);
    } else if (c.isPunct('.') && c.isIdent('Type', c.peek()) || c.isPunct('.') && c.isIdent('Protocol', c.peek())) {
      c.next();
      t = SilType.metatype(t, undefined, c.next().text as 'Type' | 'Protocol');
    } else break;
  }
  if (repr) {
    if (t.kind !== 'metatype') fail();
    t = SilType.metatype(t.args[0]!, repr, t.name as 'Type' | 'Protocol');
  }
  return t;
}

function parseBase(c: SilCursor): SilType {
  const t = c.tok;
  if (c.isPunct('<') || c.isPunct('{')) return parseBox(c);
  if (t.kind === 'symbol' && t.text === 'opened') return parseOpened(c);
  if (c.isPunct('(')) {
    const elems = parseElements(c);
    if (c.isPunct('->')) return functionFrom(c, [], elems);
    if (elems.some((e) => e.attrs.length)) fail();
    if (elems.length === 1 && elems[0]!.label === undefined) return elems[0]!.type;
    return SilType.tuple(elems.map((e) => e.type), elems.map((e) => e.label));
  }
  // `~Copyable` (a suppressed conformance in an inheritance clause) is kept as text.
  if (c.eatPunct('~')) return SilType.verbatim('~' + parseNominal(c).sil);
  if (c.isIdent('any')) {
    c.next();
    const protos = [parseNominal(c)];
    while (c.eatPunct('&')) protos.push(parseNominal(c));
    return SilType.existential(protos);
  }
  return parseNominal(c);
}

/** `<τ_0_0> { var τ_0_0 } <C>` or `{ var C }`; a generic signature not followed by `{` is not a box. */
function parseBox(c: SilCursor): SilType {
  const params: string[] = [];
  if (c.eatPunct('<')) {
    do {
      if (c.tok.kind !== 'ident') fail();
      params.push(c.next().text);
    } while (c.eatPunct(','));
    if (!c.eatPunct('>')) fail();
  }
  if (!c.eatPunct('{')) fail();
  const fields: SilFnParam[] = [];
  if (!c.isPunct('}')) {
    do {
      if (!c.isIdent('var') && !c.isIdent('let')) fail();
      const kind = c.next().text;
      fields.push({ attrs: [kind], type: parseType(c) });
    } while (c.eatPunct(','));
  }
  if (!c.eatPunct('}')) fail();
  const subs: SilType[] = [];
  if (c.isPunct('<') && !c.tok.bol) {
    c.next();
    do subs.push(parseType(c));
    while (c.eatPunct(','));
    if (!c.eatPunct('>')) fail();
  }
  return SilType.box(params, fields, subs);
}

function parseNominal(c: SilCursor): SilType {
  if (c.tok.kind !== 'ident') fail();
  let name = c.next().text;
  if (name === 'Builtin') {
    if (!c.eatPunct('.') || c.tok.kind !== 'ident') fail();
    return SilType.builtin(c.next().text);
  }
  // Qualified names (`Swift.Int`), but not the `.Type` postfix.
  while (c.isPunct('.') && c.peek().kind === 'ident' && !['Type', 'Protocol'].includes(c.peek().text)) {
    c.next();
    name += '.' + c.next().text;
  }
  const args: SilType[] = [];
  if (c.isPunct('<') && c.tok.start === c.prev.end) {
    c.next();
    do args.push(parseType(c));
    while (c.eatPunct(','));
    if (!c.eatPunct('>')) fail();
  }
  return SilType.nominal(name, args);
}

function parseOpened(c: SilCursor): SilType {
  c.next();
  if (!c.eatPunct('(') || c.tok.kind !== 'string') fail();
  const uuid = c.next().text;
  const constraint = c.eatPunct(',') ? parseType(c) : undefined;
  if (!c.eatPunct(')') || (c.tok as Token).kind !== 'ident') fail();
  return SilType.archetype(uuid, constraint, c.next().text);
}

interface Element { attrs: string[]; label?: string; type: SilType }

function parseElements(c: SilCursor): Element[] {
  c.next();
  const out: Element[] = [];
  if (c.eatPunct(')')) return out;
  do {
    const attrs = parseParamAttrs(c);
    let label: string | undefined;
    if (c.tok.kind === 'ident' && c.isPunct(':', c.peek())) {
      label = c.next().text;
      c.next();
    }
    out.push({ attrs, label, type: parseType(c) });
  } while (c.eatPunct(','));
  if (!c.eatPunct(')')) fail();
  return out;
}

function parseFunctionRest(c: SilCursor, attrs: string[]): SilType {
  return functionFrom(c, attrs, parseElements(c));
}

function functionFrom(c: SilCursor, attrs: string[], params: Element[]): SilType {
  if (params.some((p) => p.label !== undefined) || !c.eatPunct('->')) fail();
  let results: SilFnParam[];
  let paren = false;
  const resultAttrs = parseParamAttrs(c);
  if (!resultAttrs.length && c.isPunct('(') && !isParenthesisedFunction(c)) {
    paren = true;
    results = parseElements(c).map((e) => {
      if (e.label !== undefined) fail();
      return { attrs: e.attrs, type: e.type };
    });
  } else {
    results = [{ attrs: resultAttrs, type: parseType(c) }];
  }
  // `@convention(thick)` is the default representation: Swift's printer omits it, and
  // `@callee_owned @convention(thick) () -> ()` is the same type as `@callee_owned () -> ()`.
  const own = attrs.filter((a) => a.replace(/\s/g, '') !== '@convention(thick)');
  return SilType.function(own, params.map((p) => ({ attrs: p.attrs, type: p.type })), results, paren);
}

/** `-> (A) -> B`: a result that is itself a function type, not a result list. */
function isParenthesisedFunction(c: SilCursor): boolean {
  let depth = 0;
  for (let i = c.pos; i < c.toks.length; i++) {
    const t: Token = c.toks[i]!;
    if (t.kind !== 'punct') continue;
    if (t.text === '(') depth++;
    else if (t.text === ')' && --depth === 0) return c.isPunct('->', c.toks[i + 1]!);
  }
  return false;
}
