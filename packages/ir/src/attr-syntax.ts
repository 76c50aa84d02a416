/**
 * How common attribute kinds are spelled inside declarative formats
 * (MLIR's attribute constraints each carry such a parser/printer).
 */
import {
  Attribute, DenseArrayAttr, IntegerAttr, OpaqueAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr,
} from './attributes.js';
import type { AttrSyntax } from './format.js';
import { Tok } from './lexer.js';
import type { Parser } from './parser.js';
import { IntegerType, type Type } from './types.js';

/** `@name` stored as a StringAttr (SymbolNameAttr). */
export const symbolNameSyntax: AttrSyntax = {
  parse: (p) => (p.tok === Tok.AtId ? new StringAttr(p.parseSymbolName()) : undefined),
  print: (a, p) => p.printSymbolName((a as StringAttr).value),
};

/** `@a::@b` (SymbolRefAttr / FlatSymbolRefAttr). */
export const symbolRefSyntax: AttrSyntax = {
  parse: (p) => (p.tok === Tok.AtId ? p.parseSymbolRef() : undefined),
  print: (a, p) => p.printAttribute(a as SymbolRefAttr),
};

/** A type stored as TypeAttr. */
export const typeAttrSyntax: AttrSyntax = {
  parse: (p) => (p.atType() ? new TypeAttr(p.parseType()) : undefined),
  print: (a, p) => p.printType((a as TypeAttr).value),
};

/** A string literal (StrAttr). */
export const stringSyntax: AttrSyntax = {
  parse: (p) => (p.tok === Tok.String ? new StringAttr(p.parseStringLiteral()) : undefined),
  print: (a, p) => p.print(a.toString()),
};

/** An integer of a fixed type, printed without its type. */
export function intSyntax(type: Type): AttrSyntax {
  return {
    parse: (p) => {
      const v = p.parseOptionalInteger();
      return v === undefined ? undefined : new IntegerAttr(v, type);
    },
    print: (a, p) => p.print((a as IntegerAttr).value.toString()),
  };
}

/** A UnitAttr spelled as a keyword (used as the anchor of an optional group). */
export function unitKeywordSyntax(keyword: string): AttrSyntax {
  return {
    parse: (p) => (p.parseOptionalKeyword(keyword) ? UnitAttr.instance : undefined),
    print: (_a, p) => p.print(keyword),
  };
}

/** `[1, 2, 3]` stored as `array<i64: …>` (DenseI64ArrayAttr and friends). */
export function denseArraySyntax(width = 64): AttrSyntax {
  return {
    parse: (p) => {
      if (p.tok !== Tok.LSquare) return undefined;
      const vals: number[] = [];
      p.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => vals.push(Number(p.parseInteger())));
      return new DenseArrayAttr(IntegerType.get(width), vals);
    },
    print: (a, p) => p.print(`[${(a as DenseArrayAttr).values.join(', ')}]`),
  };
}

/**
 * An enum attribute spelled as a bare keyword (`eq`, `slt`), stored as MLIR does:
 * either an integer (I64EnumAttr) or a dialect attribute `#dialect.name<kw>`.
 */
export function enumKeywordSyntax(cases: readonly string[], store: { kind: 'int'; type: Type } | { kind: 'attr'; prefix: string }): AttrSyntax {
  return {
    parse: (p) => {
      if (p.tok === Tok.BareId && cases.includes(p.spelling)) {
        const kw = p.spelling;
        p.consume();
        return store.kind === 'int' ? new IntegerAttr(cases.indexOf(kw), store.type) : new OpaqueAttr(`${store.prefix}<${kw}>`);
      }
      if (p.tok === Tok.String && cases.includes(p.spelling.slice(1, -1))) {
        const kw = p.parseStringLiteral();
        return store.kind === 'int' ? new IntegerAttr(cases.indexOf(kw), store.type) : new OpaqueAttr(`${store.prefix}<${kw}>`);
      }
      return undefined;
    },
    print: (a, p) => p.print(enumKeyword(a, cases)),
  };
}

/** The keyword of an enum attribute stored either as integer or as `#d.e<kw>`. */
export function enumKeyword(a: Attribute, cases: readonly string[]): string {
  if (a instanceof IntegerAttr) return cases[Number(a.value)] ?? a.value.toString();
  const m = /<\s*([\w]+)\s*>$/.exec(a.toString());
  return m ? m[1]! : a.toString();
}
