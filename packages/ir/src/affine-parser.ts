/**
 * Affine maps and integer sets as MLIR 19's AffineParser reads them, for
 * validation and diagnostics only: the printed form is built from the accepted
 * text by affine-canonical.ts, so nothing here builds or simplifies expressions.
 *
 *  (1) map  ::= dims symbols? `->` `(` (expr (`,` expr)*)? `)`
 *  (2) set  ::= dims symbols? `:`  `(` (constraint (`,` constraint)*)? `)`
 *      constraint ::= expr (`>=` | `<=` | `==`) expr      (`>=` is two tokens)
 *  (3) dims ::= `(` (id (`,` id)*)? `)`,  symbols ::= `[` (id (`,` id)*)? `]`;
 *      an id is any bare identifier, defined once across both lists.
 *  (4) expr: `+ -` bind looser than `* floordiv ceildiv mod`, all left
 *      associative; `-` before an operand negates that operand only; operands
 *      are ids, non-negative integers below 2^63 and `( expr )`.
 *  (5) semi-affine rule: a product needs one factor free of dims; the right
 *      operand of floordiv/ceildiv/mod must be free of dims. Like MLIR, this is
 *      judged on the folded operand: constants fold, and a product with 0 is 0.
 *  (6) an error stops the parse, with MLIR's wording and location; the one
 *      exception is a failed negation operand, which MLIR reports twice
 *      (the operand's own error, then "missing operand of negation").
 */
import type { AffineShape } from './attributes.js';
import { DiagnosticError, NestingError } from './diagnostics.js';
import { Tok, type Lexer } from './lexer.js';

/** What the host parser provides (AttrTypeParser): its lexer and error helpers. */
export interface AffineHost {
  readonly lexer: Lexer;
  error(message: string, offset?: number): never;
  wrongToken(message: string): never;
  expect(t: Tok, message?: string): void;
  parseCommaSeparated(open: Tok, close: Tok, elem: () => void, context: string, delimited: boolean): void;
  /** A parenthesized or negated operand nests one level (MAX_NESTING). */
  enterNesting(): void;
  exitNesting(): void;
}

/**
 * What (5) needs of an expression, folded about as MLIR's expression builders
 * fold: a sum of terms with integer coefficients plus a constant `k`. A term
 * is a dim, a symbol, or a product/division kept whole and keyed by its
 * operands' canonical forms, so that `d0 - d0` or `d0 * s0 - d0 * s0` cancel
 * as MLIR cancels them. We cancel a little more than MLIR does
 * (`(d0 + d1) - d0 - d1`), so we may accept what it rejects, never the reverse.
 */
interface Term { c: bigint; dim: boolean }
interface Ex { terms: ReadonlyMap<string, Term>; k: bigint }
type LowOp = '+' | '-';
type HighOp = '*' | 'floordiv' | 'ceildiv' | 'mod';

const NO_TERMS: ReadonlyMap<string, Term> = new Map();
const constant = (k: bigint): Ex => ({ terms: NO_TERMS, k });
const term = (key: string, dim: boolean): Ex => ({ terms: new Map([[key, { c: 1n, dim }]]), k: 0n });
const isConstant = (e: Ex): boolean => e.terms.size === 0;
const hasDim = (e: Ex): boolean => {
  for (const t of e.terms.values()) if (t.dim) return true;
  return false;
};
const canonical = (e: Ex): string => [...e.terms].map(([key, t]) => `${t.c}${key}`).sort().join('+') + `+${e.k}`;
const INDEX_MAX = (1n << 63n) - 1n;

class AffineParser {
  private readonly lex: Lexer;
  /** Dims and symbols by name. */
  private readonly ids = new Map<string, Ex>();
  private numDims = 0;

  constructor(private readonly host: AffineHost) {
    this.lex = host.lexer;
  }

  /** (1)(2): the body between `affine_map<` / `affine_set<` and `>`. */
  mapOrSet(): AffineShape {
    this.host.parseCommaSeparated(Tok.LParen, Tok.RParen, () => {
      this.define(term(`d${this.numDims}`, true));
      this.numDims++;
    }, ' in dimensional identifier list', true);
    const numDims = this.numDims;
    let numSymbols = 0;
    if (this.lex.kind === Tok.LSquare) {
      this.host.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => {
        this.define(term(`s${numSymbols}`, false));
        numSymbols++;
      }, ' in symbol list', true);
    }
    let numResults = 0;
    if (this.consumeIf(Tok.Arrow)) {
      this.host.parseCommaSeparated(Tok.LParen, Tok.RParen, () => {
        this.expr();
        numResults++;
      }, ' in affine map range', true);
      return { kind: 'map', numDims, numSymbols, numResults };
    }
    this.host.expect(Tok.Colon, "expected '->' or ':'");
    this.host.parseCommaSeparated(Tok.LParen, Tok.RParen, () => {
      this.constraint();
      numResults++;
    }, ' in integer set constraint list', true);
    return { kind: 'set', numDims, numSymbols, numResults };
  }

  private consumeIf(t: Tok): boolean {
    if (this.lex.kind !== t) return false;
    this.lex.next();
    return true;
  }

  /** (3) A dim or symbol name. */
  private define(what: Ex): void {
    if (this.lex.kind !== Tok.BareId) this.host.wrongToken('expected bare identifier');
    const name = this.lex.spelling;
    if (this.ids.has(name)) this.host.error(`redefinition of identifier '${name}'`);
    this.lex.next();
    this.ids.set(name, what);
  }

  /** (2) `lhs >= rhs`, `lhs <= rhs` or `lhs == rhs`; a lone `>` or `=` is consumed before failing, as in MLIR. */
  private constraint(): void {
    this.expr();
    if ((this.consumeIf(Tok.Greater) && this.consumeIf(Tok.Equal)) ||
      (this.consumeIf(Tok.Less) && this.consumeIf(Tok.Equal)) ||
      (this.consumeIf(Tok.Equal) && this.consumeIf(Tok.Equal))) {
      this.expr();
      return;
    }
    this.host.error("expected '== affine-expr' or '>= affine-expr' at end of affine constraint");
  }

  private expr(): Ex {
    return this.lowPrec(undefined, '+');
  }

  private consumeLow(): LowOp | undefined {
    const k = this.lex.kind;
    if (k !== Tok.Plus && k !== Tok.Minus) return undefined;
    this.lex.next();
    return k === Tok.Plus ? '+' : '-';
  }

  private consumeHigh(): HighOp | undefined {
    const k = this.lex.kind;
    let op: HighOp | undefined;
    if (k === Tok.Star) op = '*';
    else if (k === Tok.BareId) {
      const s = this.lex.spelling;
      if (s === 'floordiv' || s === 'ceildiv' || s === 'mod') op = s;
    }
    if (op) this.lex.next();
    return op;
  }

  /**
   * (4) `llhs llhsOp lhs (op rest)?`: a sum whose left part `llhs` is already
   * parsed. Products met here are parsed whole by highPrec before continuing.
   */
  private lowPrec(llhs: Ex | undefined, llhsOp: LowOp): Ex {
    // MLIR's parseAffineLowPrecOpExpr recurses once per operator; a loop here, so that a
    // long flat sum cannot overflow the stack.
    for (;;) {
      const lhs = this.operand(llhs);
      const lop = this.consumeLow();
      if (lop) {
        llhs = llhs === undefined ? lhs : add(llhs, llhsOp, lhs);
        llhsOp = lop;
        continue;
      }
      const opAt = this.lex.start;
      const hop = this.consumeHigh();
      if (!hop) return llhs === undefined ? lhs : add(llhs, llhsOp, lhs);
      const high = this.highPrec(lhs, hop, opAt);
      const sum = llhs === undefined ? high : add(llhs, llhsOp, high);
      const next = this.consumeLow();
      if (!next) return sum;
      llhs = sum;
      llhsOp = next;
    }
  }

  /**
   * (4) A product chain `llhs llhsOp lhs (op rest)?`. MLIR checks (5) for
   * `llhs llhsOp lhs` at the location of the operator after `lhs` when there
   * is one, else at `llhsOp`; we keep that quirk so locations match.
   */
  private highPrec(llhs: Ex, llhsOp: HighOp, llhsOpAt: number): Ex {
    // a loop for MLIR's recursion per operator, as in lowPrec
    for (;;) {
      const lhs = this.operand(llhs);
      const opAt = this.lex.start;
      const op = this.consumeHigh();
      if (!op) return this.high(llhsOp, llhs, lhs, llhsOpAt);
      llhs = this.high(llhsOp, llhs, lhs, opAt);
      llhsOp = op;
      llhsOpAt = opAt;
    }
  }

  /** (5) One product or division, folded. */
  private high(op: HighOp, lhs: Ex, rhs: Ex, at: number): Ex {
    if (op === '*') {
      if (hasDim(lhs) && hasDim(rhs)) {
        this.host.error('non-affine expression: at least one of the multiply operands has to be either a constant or symbolic', at);
      }
      if (isConstant(rhs)) return scale(lhs, rhs.k);
      if (isConstant(lhs)) return scale(rhs, lhs.k);
      const [a, b] = [canonical(lhs), canonical(rhs)].sort();
      return term(`*[${a}][${b}]`, hasDim(lhs) || hasDim(rhs));
    }
    if (hasDim(rhs)) {
      this.host.error(`non-affine expression: right operand of ${op} has to be either a constant or symbolic`, at);
    }
    if (isConstant(rhs) && rhs.k === 1n) return op === 'mod' ? constant(0n) : lhs;
    if (isConstant(lhs) && isConstant(rhs) && rhs.k !== 0n) return constant(foldDiv(op, lhs.k, rhs.k));
    return term(`${op}[${canonical(lhs)}][${canonical(rhs)}]`, hasDim(lhs));
  }

  /** (4) An operand; `lhs` is the expression to its left, if any (it picks the error message). */
  private operand(lhs: Ex | undefined): Ex {
    const k = this.lex.kind;
    switch (k) {
      case Tok.PercentId: return this.host.wrongToken('unexpected ssa identifier');
      case Tok.Integer: return this.integer();
      case Tok.LParen: return this.parenthesized();
      case Tok.Minus: return this.negated(lhs);
      case Tok.Plus: case Tok.Star:
        return this.host.error(`missing ${lhs === undefined ? 'left' : 'right'} operand of binary operator`);
      case Tok.BareId:
        // `symbol(%x)` is MLIR's SSA-symbol form, which only ops that parse SSA ids accept.
        if (this.lex.spelling === 'symbol') {
          this.lex.next();
          this.host.expect(Tok.LParen, "expected '(' at start of SSA symbol");
          return this.host.wrongToken('unexpected ssa identifier');
        }
        return this.identifier();
    }
    return this.host.error(lhs === undefined ? 'expected affine expression' : 'missing right operand of binary operator');
  }

  private identifier(): Ex {
    const e = this.ids.get(this.lex.spelling);
    if (e === undefined) this.host.wrongToken('use of undeclared identifier');
    this.lex.next();
    return e;
  }

  private integer(): Ex {
    let v: bigint | undefined;
    try {
      v = BigInt(this.lex.spelling);
    } catch {
      v = undefined;
    }
    if (v === undefined || v > INDEX_MAX) this.host.error('constant too large for index');
    this.lex.next();
    return constant(v);
  }

  private parenthesized(): Ex {
    this.host.enterNesting();
    try {
      this.lex.next();
      if (this.lex.kind === Tok.RParen) this.host.error('no expression inside parentheses');
      const e = this.expr();
      this.host.expect(Tok.RParen, "expected ')'");
      return e;
    } finally {
      this.host.exitNesting();
    }
  }

  /** (6) `-operand` is `operand * -1`; a failing operand gets a second error. */
  private negated(lhs: Ex | undefined): Ex {
    this.host.enterNesting();
    this.lex.next();
    let e: Ex;
    try {
      e = this.operand(lhs);
    } catch (first) {
      if (!(first instanceof DiagnosticError) || first instanceof NestingError) throw first;
      try {
        this.host.error('missing operand of negation');
      } catch (second) {
        if (!(second instanceof DiagnosticError)) throw second;
        throw new DiagnosticError(second.diagnostic, [...first.earlier, first.diagnostic]);
      }
    } finally {
      this.host.exitNesting();
    }
    return scale(e, -1n);
  }
}

function add(a: Ex, op: LowOp, b: Ex): Ex {
  const r = op === '+' ? b : scale(b, -1n);
  if (!r.terms.size) return { terms: a.terms, k: a.k + r.k };
  const terms = new Map(a.terms);
  for (const [key, t] of r.terms) {
    const c = (terms.get(key)?.c ?? 0n) + t.c;
    if (c === 0n) terms.delete(key);
    else terms.set(key, { c, dim: t.dim });
  }
  return { terms, k: a.k + r.k };
}

function scale(e: Ex, c: bigint): Ex {
  if (c === 0n) return constant(0n);
  if (c === 1n) return e;
  return { terms: new Map([...e.terms].map(([key, t]) => [key, { c: t.c * c, dim: t.dim }])), k: e.k * c };
}

function foldDiv(op: Exclude<HighOp, '*'>, a: bigint, b: bigint): bigint {
  const q = a / b; // truncates toward zero
  const exact = q * b === a;
  if (op === 'mod') {
    const r = a % b;
    return r !== 0n && (r < 0n) !== (b < 0n) ? r + b : r;
  }
  if (exact) return q;
  const negative = (a < 0n) !== (b < 0n);
  if (op === 'floordiv') return negative ? q - 1n : q;
  return negative ? q : q + 1n;
}

/** Parses a map or set body; the lexer is at its first `(` and ends after the body. */
export function parseAffineBody(host: AffineHost): AffineShape {
  return new AffineParser(host).mapOrSet();
}
