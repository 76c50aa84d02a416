/**
 * Affine maps in the form mlir-opt-19 prints them. MLIR does not keep a map's text: it
 * builds the expressions through its simplifying constructors (AffineExpr.cpp's
 * simplifyAdd, simplifyMul, simplifyFloorDiv, simplifyCeilDiv, simplifyMod) and prints the
 * result with dims `d0…` and symbols `s0…` (AsmPrinter's printAffineExprInternal). This
 * module does the same for a map or integer-set body the affine parser has already
 * accepted, so it reports no errors of its own.
 *
 * The rules, as MLIR's constructors apply them:
 *  (A) add: two constants fold; a constant (or, against a dim-dependent operand, a
 *      symbolic operand) goes right; `x + 0` is x; `(x + c1) + c2` is `x + (c1 + c2)`;
 *      `x * c1 + x * c2` (c = 1 for a bare x) is `x * (c1 + c2)`; `(x + c) + y` is
 *      `(x + y) + c`; `x + (x floordiv q) * -q` and `x + ((x floordiv q) * q) * -1` are `x mod q`.
 *  (M) mul: two constants fold; the constant or symbolic operand goes right (a constant
 *      always); `x * 1` is x and `x * 0` is 0; `(x * c1) * c2` is `x * (c1 * c2)`;
 *      `(x * c) * y` is `(x * y) * c`.
 *  (D) floordiv / ceildiv by a positive constant c: constants fold; by 1 is x;
 *      `(x * k) div c` is `x * (k / c)` when c divides k; floordiv of a sum one of whose
 *      terms c is known to divide splits into the two quotients.
 *  (R) mod by a positive constant c: constants fold; 0 when c divides x's largest known
 *      divisor; `(a + b) mod c` drops a term c divides; `(x mod a) mod c` is `x mod c` when c
 *      divides a.
 *  `a - b` is `a + b * -1`, `-x` is `x * -1`.
 *  (S) a set constraint is kept as one expression compared with 0, as MLIR's
 *      parseAffineConstraint builds it: `a >= b` and `a == b` are `a - b`, `a <= b` is
 *      `b - a`; a set with no constraints is `0 == 0` (parseIntegerSetConstraints).
 */

type Kind = 'add' | 'mul' | 'floordiv' | 'ceildiv' | 'mod';
interface Leaf { k: 'dim' | 'sym'; pos: number }
interface Const { k: 'const'; v: bigint }
/** `sym` and `div` (symbolicOrConstant, divisor) are kept when the node is made: walking a long sum for them each time overflowed the stack. */
interface Bin { k: Kind; l: Expr; r: Expr; key: string; sym: boolean; div: bigint }
type Expr = Leaf | Const | Bin;

const cst = (v: bigint): Expr => ({ k: 'const', v });
const isConst = (e: Expr): e is Const => e.k === 'const';
const isLeaf = (e: Expr): e is Leaf => e.k === 'dim' || e.k === 'sym';

function keyOf(e: Expr): string {
  if (isConst(e)) return String(e.v);
  if (isLeaf(e)) return `${e.k[0]}${e.pos}`;
  return e.key;
}
const same = (a: Expr, b: Expr): boolean => keyOf(a) === keyOf(b);

function node(k: Kind, l: Expr, r: Expr): Expr {
  const div = k === 'mul' ? divisor(l) * divisor(r) : k === 'add' || k === 'mod' ? gcd(divisor(l), divisor(r)) : 1n;
  return { k, l, r, key: `${k}(${keyOf(l)},${keyOf(r)})`, sym: symbolicOrConstant(l) && symbolicOrConstant(r), div };
}

function symbolicOrConstant(e: Expr): boolean {
  if (isLeaf(e)) return e.k === 'sym';
  if (isConst(e)) return true;
  return e.sym;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** AffineExpr::getLargestKnownDivisor. */
function divisor(e: Expr): bigint {
  if (isConst(e)) return e.v < 0n ? -e.v : e.v;
  return isLeaf(e) ? 1n : e.div;
}

const floorDivInt = (a: bigint, b: bigint): bigint => (a % b !== 0n && (a < 0n) !== (b < 0n) ? a / b - 1n : a / b);
const ceilDivInt = (a: bigint, b: bigint): bigint => (a % b !== 0n && (a < 0n) === (b < 0n) ? a / b + 1n : a / b);
const modInt = (a: bigint, b: bigint): bigint => ((a % b) + b) % b;

function add(l: Expr, r: Expr): Expr {
  if (isConst(l) && isConst(r)) return cst(l.v + r.v);
  if (isConst(l) || (symbolicOrConstant(l) && !symbolicOrConstant(r))) return add(r, l);
  if (isConst(r) && r.v === 0n) return l;
  if (l.k === 'add' && isConst(r) && isConst(l.r)) return add(l.l, cst(l.r.v + r.v));
  const [c1, x1] = l.k === 'mul' && isConst(l.r) ? [l.r.v, l.l] : [1n, l];
  const [c2, x2] = r.k === 'mul' && isConst(r.r) ? [r.r.v, r.l] : [1n, r];
  if (same(x1, x2)) return mul(x1, cst(c1 + c2));
  if (l.k === 'add' && isConst(l.r)) return add(add(l.l, r), l.r);
  // x + (x floordiv q) * -q, or x + ((x floordiv q) * q) * -1: x mod q
  if (r.k === 'mul') {
    const m = r.l;
    if (isConst(r.r) && r.r.v === -1n && m.k === 'mul' && m.l.k === 'floordiv' && same(m.l.r, m.r) && same(m.l.l, l)) {
      return mod(l, m.r);
    }
    if (m.k === 'floordiv' && same(m.l, l) && isConst(m.r) && isConst(r.r) && m.r.v === -r.r.v) return mod(l, m.r);
  }
  return node('add', l, r);
}

function mul(l: Expr, r: Expr): Expr {
  if (isConst(l) && isConst(r)) return cst(l.v * r.v);
  // the affine parser has rejected a product of two dim-dependent operands
  if (!symbolicOrConstant(l) && !symbolicOrConstant(r)) return node('mul', l, r);
  if (!symbolicOrConstant(r) || isConst(l)) return mul(r, l);
  if (isConst(r)) {
    if (r.v === 1n) return l;
    if (r.v === 0n) return r;
  }
  if (l.k === 'mul' && isConst(l.r)) return isConst(r) ? mul(l.l, cst(l.r.v * r.v)) : mul(mul(l.l, r), l.r);
  return node('mul', l, r);
}

function div(kind: 'floordiv' | 'ceildiv', l: Expr, r: Expr): Expr {
  if (!isConst(r) || r.v < 1n) return node(kind, l, r);
  if (isConst(l)) return cst(kind === 'floordiv' ? floorDivInt(l.v, r.v) : ceilDivInt(l.v, r.v));
  if (r.v === 1n) return l;
  if (l.k === 'mul' && isConst(l.r) && l.r.v % r.v === 0n) return mul(l.l, cst(l.r.v / r.v));
  if (kind === 'floordiv' && l.k === 'add' && (divisor(l.l) % r.v === 0n || divisor(l.r) % r.v === 0n)) {
    return add(div(kind, l.l, r), div(kind, l.r, r));
  }
  return node(kind, l, r);
}

function mod(l: Expr, r: Expr): Expr {
  if (!isConst(r) || r.v < 1n) return node('mod', l, r);
  if (isConst(l)) return cst(modInt(l.v, r.v));
  if (divisor(l) % r.v === 0n) return cst(0n);
  if (l.k === 'add') {
    if (divisor(l.l) % r.v === 0n) return mod(l.r, r);
    if (divisor(l.r) % r.v === 0n) return mod(l.l, r);
  }
  if (l.k === 'mod' && isConst(l.r) && l.r.v >= 1n && modInt(l.r.v, r.v) === 0n) return mod(l.l, r);
  return node('mod', l, r);
}

const build: Record<Kind, (l: Expr, r: Expr) => Expr> = {
  add, mul, mod, floordiv: (l, r) => div('floordiv', l, r), ceildiv: (l, r) => div('ceildiv', l, r),
};

/** printAffineExprInternal: `strong` is BindingStrength::Strong (the operand of a product or division). */
function print(e: Expr, strong = false): string {
  if (isConst(e)) return String(e.v);
  if (isLeaf(e)) return `${e.k[0]}${e.pos}`;
  const wrap = (s: string) => (strong ? `(${s})` : s);
  if (e.k !== 'add') {
    if (e.k === 'mul' && isConst(e.r) && e.r.v === -1n) return wrap(`-${print(e.l, true)}`);
    return wrap(`${print(e.l, true)} ${e.k === 'mul' ? '*' : e.k} ${print(e.r, true)}`);
  }
  // A sum's left operand prints unwrapped: the left spine of a long sum is walked in a
  // loop (one recursive call per term overflowed the stack).
  const tails: string[] = [];
  let x: Expr = e;
  for (; x.k === 'add'; x = x.l) tails.push(sumTail(x.r));
  let text = print(x);
  for (let i = tails.length - 1; i >= 0; i--) text += tails[i];
  return wrap(text);
}

/** What follows the left operand of a sum whose right operand is `r`. */
function sumTail(r: Expr): string {
  if (r.k === 'mul' && isConst(r.r)) {
    if (r.r.v === -1n) return ` - ${print(r.l, r.l.k === 'add')}`;
    if (r.r.v < -1n) return ` - ${print(r.l, true)} * ${-r.r.v}`;
  }
  if (isConst(r) && r.v < 0n) return ` - ${-r.v}`;
  return ` + ${print(r)}`;
}

/** A recursive-descent reader of an accepted map body, building through the rules above. */
class Reader {
  private readonly tokens: string[];
  private at = 0;
  private readonly ids = new Map<string, Expr>();

  constructor(body: string) {
    // integers as MLIR's lexer reads them, hexadecimal included (`0x10` is 16)
    this.tokens = body.match(/->|[A-Za-z_][\w$.]*|0x[\da-fA-F]+|\d+|[()[\],+\-*:<>=]/g) ?? [];
  }
  private peek(): string | undefined { return this.tokens[this.at]; }
  private next(): string { return this.tokens[this.at++]!; }

  map(): string {
    const dims = this.names('dim');
    const syms = this.peek() === '[' ? this.names('sym') : 0;
    this.next(); // ->
    this.next(); // (
    const results: Expr[] = [];
    while (this.peek() !== ')') {
      results.push(this.sum());
      if (this.peek() === ',') this.next();
    }
    return `<${operandLists(dims, syms)} -> (${results.map((x) => print(x)).join(', ')})>`;
  }

  /** (S) */
  set(): string {
    const dims = this.names('dim');
    const syms = this.peek() === '[' ? this.names('sym') : 0;
    this.next(); // :
    this.next(); // (
    const constraints: string[] = [];
    while (this.peek() !== ')') {
      const lhs = this.sum();
      const cmp = this.next(); // `>`, `<` or `=`; the lexer keeps `>=` as two tokens
      this.next(); // =
      const rhs = this.sum();
      const expr = cmp === '<' ? add(rhs, mul(lhs, cst(-1n))) : add(lhs, mul(rhs, cst(-1n)));
      constraints.push(`${print(expr)} ${cmp === '=' ? '==' : '>='} 0`);
      if (this.peek() === ',') this.next();
    }
    return `<${operandLists(dims, syms)} : (${constraints.length ? constraints.join(', ') : '0 == 0'})>`;
  }

  private names(k: 'dim' | 'sym'): number {
    this.next(); // ( or [
    let n = 0;
    while (this.peek() !== ')' && this.peek() !== ']') {
      this.ids.set(this.next(), { k, pos: n++ });
      if (this.peek() === ',') this.next();
    }
    this.next();
    return n;
  }

  private sum(): Expr {
    let e = this.product();
    for (let t = this.peek(); t === '+' || t === '-'; t = this.peek()) {
      this.next();
      const r = this.product();
      e = t === '+' ? add(e, r) : add(e, mul(r, cst(-1n)));
    }
    return e;
  }

  private product(): Expr {
    let e = this.operand();
    for (let t = this.peek(); t === '*' || t === 'floordiv' || t === 'ceildiv' || t === 'mod'; t = this.peek()) {
      this.next();
      e = build[t === '*' ? 'mul' : t](e, this.operand());
    }
    return e;
  }

  private operand(): Expr {
    const t = this.next();
    if (t === '(') {
      const e = this.sum();
      this.next(); // )
      return e;
    }
    if (t === '-') return mul(this.operand(), cst(-1n));
    if (/^\d/.test(t)) return cst(BigInt(t));
    return this.ids.get(t)!;
  }
}

function operandLists(dims: number, syms: number): string {
  const list = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}${i}`).join(', ');
  return `(${list(dims, 'd')})${syms ? `[${list(syms, 's')}]` : ''}`;
}

/** The body of `affine_map<…>` (with its angle brackets) as mlir-opt-19 prints it. */
export function canonicalAffineMap(body: string): string {
  return new Reader(body.slice(1, -1)).map();
}

/** The body of `affine_set<…>` (with its angle brackets) as mlir-opt-19 prints it. */
export function canonicalIntegerSet(body: string): string {
  return new Reader(body.slice(1, -1)).set();
}
