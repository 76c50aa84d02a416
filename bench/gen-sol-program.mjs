// Seeded generator of Solidity programs in the subset the Solidity pipeline supports, for
// differential tests against solc (the same source compiled by solc viaIR and by the
// compiler under test must behave identically on the EVM).
//
// A program is one contract `Gen<seed>` with:
//   (1) state: a counter, a mapping, a dynamic storage array (pushes are bounded), one struct
//       type used in memory (`uint256 a; uint256[] xs; string tag`), one event and one
//       custom error;
//   (2) 1–3 internal helpers (uint256, uint256) → uint256 and 2–4 external functions taking
//       (uint256 n, uint256 x, uint8 k, string calldata s) — every loop has a constant trip
//       bound (`% B`, B ≤ 9, nesting ≤ 2), so no call can run long (30 M gas is never near);
//   (3) statements: checked and `unchecked` arithmetic that sometimes overflows or divides by
//       zero, if / else, for / while / do-while with break / continue, `new uint256[](k)`
//       with element writes and (sometimes out-of-bounds) reads, memory structs, string.concat,
//       abi.encode / encodePacked / encodeWithSelector and abi.decode, keccak256 / sha256,
//       require with a string, `revert Err(..)`, assert, emit, storage writes, internal calls,
//       ternaries and short-circuit conditions, memory-safe inline assembly (asmStmt);
//   (4) returns of (uint256, string memory) or (uint256[] memory, uint256).
// `calls` lists 4–6 calls per external function (small, edge and large arguments), so some
// calls return, some revert (Panic 0x01 / 0x11 / 0x12 / 0x32, Error, custom) and logs appear.
// The source depends only on the seed.
//
//   genSolProgram(seed) -> { source, contract, calls: [{ fn, args }] }
//   node bench/gen-sol-program.mjs SEED     (prints the program and its calls)
import { rng } from './gen-module.mjs';


class Gen {
  constructor(seed) {
    this.rand = rng(seed * 7919 + 13);
    this.names = 0;
  }
  int(n) {
    return Math.floor(this.rand() * n);
  }
  chance(p) {
    return this.rand() < p;
  }
  pick(xs) {
    return xs[this.int(xs.length)];
  }
  fresh(prefix) {
    return `${prefix}${this.names++}`;
  }
}

/**
 * Scope of one function body: typed locals visible at the current point. Kinds:
 * u (uint256), b (bool), h (bytes32), s (string memory), by (bytes memory),
 * arr (uint256[] memory), st (S memory). `locals` counts declarations so legacy codegen
 * stays below its stack limit.
 */
class Scope {
  constructor(parent) {
    this.vars = parent ? parent.vars.map((v) => ({ ...v })) : [];
    this.fn = parent?.fn;
  }
  of(kind) {
    return this.vars.filter((v) => v.kind === kind);
  }
}

// Literals are typed (`uint256(7)`): untyped literal expressions are folded by solc at
// compile time, where `7 / 0`, `0 - 7` or `uint8(1000)` are type errors, not run-time
// panics. Every leaf is an atom or parenthesized, so `leaf % B` bounds the whole leaf.
const LITS = ['0', '1', '2', '3', '7', '10', '255', '1000', '2**128', 'type(uint256).max', 'type(uint256).max - 1', '2**255'].map((l) =>
  l.startsWith('type') && !l.includes('-') ? l : `uint256(${l})`,
);

function uLeaf(g, sc) {
  const us = sc.of('u');
  const r = g.rand();
  if (us.length && r < 0.55) return g.pick(us).name;
  if (r < 0.8) return g.pick(LITS.slice(0, 8));
  if (r < 0.85) return g.pick(LITS.slice(8));
  const arrs = sc.of('arr');
  if (arrs.length && r < 0.9) return `${g.pick(arrs).name}.length`;
  const ss = sc.of('s');
  if (ss.length && r < 0.94) return `bytes(${g.pick(ss).name}).length`;
  const hs = sc.of('h');
  if (hs.length) return `(uint256(${g.pick(hs).name}) % 1000)`;
  return `uint256(${g.int(50)})`;
}

/**
 * A uint256 expression. solc's legacy and IR code generators evaluate operands in different
 * orders, so an expression may contain at most ONE operation that can fail or has effects
 * (checked + - *, division, an array index, a helper call); `ctx.risky` records that it is
 * taken, and later choices fall back to safe operations. Results then do not depend on the
 * evaluation order.
 */
function uExpr(g, sc, depth = 0, ctx = { risky: false }) {
  if (depth >= 2 || g.chance(0.35)) return uLeaf(g, sc);
  const RISKY = [0, 1, 2, 3, 4, 11, 13];
  let k = g.int(14);
  if (RISKY.includes(k)) {
    if (ctx.risky) k = g.pick([5, 6, 7, 8, 9, 10, 12]);
    else ctx.risky = true; // operands below are generated safe
  }
  const a = uExpr(g, sc, depth + 1, ctx);
  const b = uExpr(g, sc, depth + 1, ctx);
  switch (k) {
    case 0: case 1: return `(${a} + ${b})`;
    case 2: return `(${a} * ${b})`;
    case 3: return `(${a} - ${b})`;
    case 4: return `(${a} / (${b} % 5))`;
    case 5: return `(${a} % (${b} | 1))`;
    case 6: return `(${a} ^ ${b})`;
    case 7: return `(${a} << (${b} % 256))`;
    case 8: return `(${a} >> (${b} % 256))`;
    case 9: return `(${bExpr(g, sc, depth + 1)} ? ${a} : ${b})`;
    case 10: return `uint256(uint8(${a}))`;
    case 11: {
      const arrs = sc.of('arr');
      if (arrs.length) {
        const arr = g.pick(arrs).name;
        // sometimes one past the end: Panic 0x32
        return g.chance(0.8) ? `${arr}[${a} % (${arr}.length + 1)]` : `(${arr}.length == 0 ? ${b} : ${arr}[${a} % ${arr}.length])`;
      }
      return `(${a} & ${b})`;
    }
    case 12: {
      const sts = sc.of('st');
      if (sts.length) return `${g.pick(sts).name}.a`;
      return `(${a} | ${b})`;
    }
    default: {
      if (sc.fn?.helpers.length && depth === 0) {
        const h = g.pick(sc.fn.helpers);
        return `${h}(${a}, ${b})`;
      }
      return `unchecked_add(${a}, ${b})`;
    }
  }
}

function bExpr(g, sc, depth = 0) {
  const r = g.int(8);
  const a = uLeaf(g, sc);
  const b = uLeaf(g, sc);
  switch (r) {
    case 0: return `(${a} < ${b})`;
    case 1: return `(${a} == ${b})`;
    case 2: return `(${a} % 2 == 0)`;
    case 3: return depth < 2 ? `(${bExpr(g, sc, depth + 1)} && ${bExpr(g, sc, depth + 1)})` : `(${a} >= ${b})`;
    case 4: return depth < 2 ? `(${bExpr(g, sc, depth + 1)} || !${bExpr(g, sc, depth + 1)})` : `(${a} != ${b})`;
    case 5: {
      const bs = sc.of('b');
      return bs.length ? g.pick(bs).name : `(${a} > ${b})`;
    }
    case 6: {
      const ss = sc.of('s');
      return ss.length ? `(keccak256(bytes(${g.pick(ss).name})) == keccak256(bytes("${g.pick(['', 'a', 'ab', 'gen'])}")))` : `(${a} <= ${b})`;
    }
    default: return `(${a} > ${b})`;
  }
}

function sLeaf(g, sc) {
  const ss = sc.of('s');
  if (ss.length && g.chance(0.6)) return g.pick(ss).name;
  return `"${g.pick(['', 'x', 'gen', '-', 'a string literal longer than thirty-two bytes'])}"`;
}

// legacy codegen reaches only 16 stack slots: parameters, returns, loop counters and
// expression temporaries share them with these locals
// (external functions hold 6 parameter slots and up to 3 return slots, helpers 3 in all)
const MAX_LOCALS = { helper: 4, external: 3 };

/** Declare a new local of `kind` if the stack budget allows; returns its name or null. */
function declare(g, sc, kind) {
  if (sc.fn.locals >= sc.fn.maxLocals) return null;
  sc.fn.locals++;
  const name = g.fresh(kind === 'u' ? 'v' : kind);
  return name;
}

function stmt(g, sc, depth, out, ind) {
  const us = sc.of('u');
  const r = g.int(25);
  const p = (line) => out.push(ind + line);
  switch (r) {
    case 0: case 1: case 2: {
      const n = declare(g, sc, 'u');
      if (!n) return stmt(g, sc, depth, out, ind);
      p(`uint256 ${n} = ${uExpr(g, sc)};`);
      sc.vars.push({ kind: 'u', name: n, mutable: true });
      return;
    }
    case 3: case 4: {
      const tgt = us.filter((v) => v.mutable);
      if (!tgt.length) return p(`counter += ${uExpr(g, sc)} % 100;`);
      const v = g.pick(tgt).name;
      p(`${v} ${g.pick(['=', '+=', '-=', '*=', '^=', '|='])} ${uExpr(g, sc)};`);
      return;
    }
    case 5: {
      if (g.chance(0.6) && asmStmt(g, sc, p)) return;
      const tgt = us.filter((v) => v.mutable);
      if (!tgt.length) return;
      const v = g.pick(tgt).name;
      p(`unchecked { ${v} = ${v} * ${uLeaf(g, sc)} + ${uLeaf(g, sc)} - 1; }`);
      return;
    }
    case 6: case 7: {
      if (depth >= 2 || !declare(g, sc, 'u')) return p(`counter += 1;`);
      const i = g.fresh('i');
      const bound = 1 + g.int(8);
      const inner = new Scope(sc);
      inner.vars.push({ kind: 'u', name: i, mutable: false });
      p(`for (uint256 ${i} = 0; ${i} < ${uLeaf(g, sc)} % ${bound + 1}; ${i}++) {`);
      if (g.chance(0.3)) out.push(`${ind}    if (${bExpr(g, inner)}) ${g.pick(['break', 'continue'])};`);
      block(g, inner, depth + 1, out, ind + '    ', 1 + g.int(3));
      p('}');
      return;
    }
    case 8: {
      if (depth >= 2) return;
      const c = g.fresh('w');
      if (!declare(g, sc, 'u')) return;
      const inner = new Scope(sc);
      inner.vars.push({ kind: 'u', name: c, mutable: false });
      const bound = 1 + g.int(6);
      const dw = g.chance(0.4);
      p(`uint256 ${c} = 0;`);
      p(dw ? 'do {' : `while (${c} < ${bound}) {`);
      out.push(`${ind}    ${c}++;`);
      if (g.chance(0.3)) out.push(`${ind}    if (${bExpr(g, inner)}) break;`);
      block(g, inner, depth + 1, out, ind + '    ', 1 + g.int(2));
      p(dw ? `} while (${c} < ${bound});` : '}');
      return;
    }
    case 9: case 10: {
      if (depth >= 3) return;
      p(`if (${bExpr(g, sc)}) {`);
      block(g, new Scope(sc), depth + 1, out, ind + '    ', 1 + g.int(2));
      if (g.chance(0.5)) {
        p('} else {');
        block(g, new Scope(sc), depth + 1, out, ind + '    ', 1 + g.int(2));
      }
      p('}');
      return;
    }
    case 11: {
      const n = declare(g, sc, 'arr');
      if (!n) return;
      p(`uint256[] memory ${n} = new uint256[](${uLeaf(g, sc)} % ${1 + g.int(7)});`);
      const j = g.fresh('j');
      p(`for (uint256 ${j} = 0; ${j} < ${n}.length; ${j}++) ${n}[${j}] = ${j} * ${uLeaf(g, sc)} + ${g.int(9)};`);
      sc.vars.push({ kind: 'arr', name: n });
      return;
    }
    case 12: {
      const arrs = sc.of('arr');
      if (!arrs.length) return;
      const a = g.pick(arrs).name;
      // an index that may be out of bounds uses the expression's one risk (see uExpr)
      const oob = g.chance(0.3);
      p(`${a}[${uLeaf(g, sc)} % (${a}.length + ${oob ? 1 : 0})] = ${uExpr(g, sc, 0, { risky: oob })};`);
      return;
    }
    case 13: {
      const n = declare(g, sc, 'h');
      if (!n) return;
      const args = [uExpr(g, sc), sLeaf(g, sc)];
      const hs = sc.of('h');
      if (hs.length) args.push(g.pick(hs).name);
      const enc = g.pick(['abi.encode', 'abi.encodePacked']);
      p(`bytes32 ${n} = ${g.pick(['keccak256', 'sha256'])}(${enc}(${args.join(', ')}));`);
      sc.vars.push({ kind: 'h', name: n });
      return;
    }
    case 14: {
      const n = declare(g, sc, 's');
      if (!n) return;
      p(`string memory ${n} = string.concat(${sLeaf(g, sc)}, ${sLeaf(g, sc)}${g.chance(0.5) ? `, ${sLeaf(g, sc)}` : ''});`);
      sc.vars.push({ kind: 's', name: n });
      return;
    }
    case 15: {
      const n = declare(g, sc, 'st');
      if (!n) return;
      const arrs = sc.of('arr');
      const xs = arrs.length ? g.pick(arrs).name : `new uint256[](${g.int(3)})`;
      p(`S memory ${n} = S(${uExpr(g, sc)}, ${xs}, ${sLeaf(g, sc)});`);
      sc.vars.push({ kind: 'st', name: n });
      return;
    }
    case 16: {
      const sts = sc.of('st');
      if (!sts.length) return;
      const s = g.pick(sts).name;
      p(g.chance(0.5) ? `${s}.a += ${uLeaf(g, sc)};` : `${s}.tag = string.concat(${s}.tag, ${sLeaf(g, sc)});`);
      return;
    }
    case 17: {
      const u = us.filter((v) => v.mutable);
      if (!u.length) return;
      const v = g.pick(u).name;
      // round trip through the ABI decoder
      p(`(${v}, ) = abi.decode(abi.encode(${uExpr(g, sc)}, ${sLeaf(g, sc)}), (uint256, string));`);
      return;
    }
    case 18:
      return p(`require(${bExpr(g, sc)}, "${g.pick(['req', 'bad input', 'a longer require message that spans two words!'])}");`);
    case 19:
      return p(`if (${bExpr(g, sc)}) revert Err(${uLeaf(g, sc)}, ${sLeaf(g, sc)});`);
    case 20:
      return g.chance(0.3) ? p(`assert(${uLeaf(g, sc)} % ${2 + g.int(3)} != 1);`) : p(`emit Ev(${uExpr(g, sc)}, ${sLeaf(g, sc)});`);
    case 21:
      return p(`m[${uLeaf(g, sc)} % 8] = ${uExpr(g, sc)};`);
    case 22:
      return p(`if (arr.length < 6) arr.push(${uLeaf(g, sc)}); else arr.pop();`);
    case 23: {
      // a fixed-size scratch array indexed one past its end now and then: Panic 0x32
      const n = declare(g, sc, 'arr');
      if (!n) return;
      const len = 2 + g.int(3);
      p(`uint256[${len}] memory ${n};`);
      p(`${n}[${uLeaf(g, sc)} % ${len + 1}] = ${uExpr(g, sc, 0, { risky: true })};`);
      return;
    }
    default: {
      const bs = declare(g, sc, 'b');
      if (!bs) return;
      p(`bool ${bs} = ${bExpr(g, sc)};`);
      sc.vars.push({ kind: 'b', name: bs });
    }
  }
}

/**
 * A memory-safe inline assembly block over the locals in scope, assigning a mutable uint
 * local: wrapping arithmetic, a hash through the scratch space, a Yul loop / switch / function,
 * the first word of a memory array (its length, or a static array's first element) and a
 * guarded read of the word after it (in bounds either way). It reads nothing outside allocations, so the result
 * does not depend on the memory layout. Returns false when no local can be assigned.
 */
function asmStmt(g, sc, p) {
  const tgt = sc.of('u').filter((v) => v.mutable);
  if (!tgt.length) return false;
  const v = g.pick(tgt).name;
  const x = () => (sc.of('u').length && g.chance(0.7) ? g.pick(sc.of('u')).name : String(g.int(300)));
  const y = g.fresh('y');
  const arrs = sc.of('arr');
  switch (g.int(arrs.length ? 5 : 4)) {
    case 0:
      return p(`assembly ("memory-safe") { ${v} := add(mul(${v}, ${x()}), ${x()}) }`), true;
    case 1:
      return p(`assembly ("memory-safe") { mstore(0, ${x()}) mstore(0x20, ${v}) ${v} := keccak256(0, 0x40) }`), true;
    case 2:
      return p(`assembly ("memory-safe") { for { let ${y} := 0 } lt(${y}, ${1 + g.int(5)}) { ${y} := add(${y}, 1) } { ${v} := xor(${v}, shl(${y}, ${x()})) } }`), true;
    case 3:
      return p(`assembly ("memory-safe") { function f${y}(${y}a, ${y}b) -> ${y}c { ${y}c := sub(${y}a, ${y}b) if gt(${y}c, ${y}a) { leave } ${y}c := add(${y}c, 1) } switch mod(${x()}, 3) case 0 { ${v} := f${y}(${v}, ${x()}) } default { ${v} := add(${v}, 2) } }`), true;
    default: {
      const m = g.pick(arrs).name;
      return p(`assembly ("memory-safe") { let ${y} := mload(${m}) ${v} := add(${v}, ${y}) if gt(${y}, 0) { ${v} := xor(${v}, mload(add(${m}, 0x20))) } }`), true;
    }
  }
}

/** `count` statements (a statement kind that does not apply emits nothing: try again). */
function block(g, sc, depth, out, ind, count) {
  const start = out.length;
  for (let tries = 0; tries < count * 4 && out.length - start < count; tries++) stmt(g, sc, depth, out, ind);
}

function helper(g, name, helpers) {
  const fn = { locals: 0, maxLocals: MAX_LOCALS.helper, helpers };
  const sc = new Scope();
  sc.fn = fn;
  sc.vars.push({ kind: 'u', name: 'p', mutable: true }, { kind: 'u', name: 'q', mutable: true });
  const out = [];
  block(g, sc, 1, out, '        ', 1 + g.int(4));
  return [
    `    function ${name}(uint256 p, uint256 q) internal returns (uint256 r) {`,
    ...out,
    `        r = ${uExpr(g, sc)};`,
    '    }',
  ];
}

function external(g, name, helpers) {
  const fn = { locals: 0, maxLocals: MAX_LOCALS.external, helpers };
  const sc = new Scope();
  sc.fn = fn;
  sc.vars.push(
    { kind: 'u', name: 'n', mutable: true },
    { kind: 'u', name: 'x', mutable: true },
    { kind: 's', name: 'label' },
  );
  const out = [];
  out.push('        string memory label = s;');
  if (g.chance(0.5)) out.push('        x = uint256(k) + x % 100000;');
  block(g, sc, 0, out, "        ", 3 + g.int(5));
  const arrReturn = g.chance(0.3);
  const sig = arrReturn
    ? `returns (uint256[] memory out, uint256 total)`
    : `returns (uint256, string memory)`;
  if (arrReturn) {
    const arrs = sc.of('arr');
    out.push(`        out = ${arrs.length ? g.pick(arrs).name : `new uint256[](n % 4)`};`);
    out.push(`        for (uint256 t = 0; t < out.length; t++) total += out[t] % 1000;`);
  } else {
    const hs = sc.of('h');
    const h = hs.length ? `uint256(${g.pick(hs).name})` : 'uint256(keccak256(bytes(label)))';
    out.push(`        return (${g.chance(0.5) ? uExpr(g, sc) : h}, ${sLeaf(g, sc)});`);
  }
  return [`    function ${name}(uint256 n, uint256 x, uint8 k, string calldata s) external ${sig} {`, ...out, '    }'];
}

const ARG_U = ['0', '1', '2', '3', '5', '7', '12', '100', '1000', '340282366920938463463374607431768211456', '115792089237316195423570985008687907853269984665640564039457584007913129639935'];
const ARG_S = ['', 'a', 'gen', 'hello world', 'a string argument longer than thirty-two bytes'];

export function genSolProgram(seed) {
  const g = new Gen(seed);
  const contract = `Gen${seed}`;
  const helpers = [];
  const body = [];
  const nHelpers = 1 + g.int(2);
  for (let h = 0; h < nHelpers; h++) {
    const name = `helper${h}`;
    // helpers call no helpers: nested calls would multiply loop trip counts
    body.push(...helper(g, name, []), '');
    helpers.push(name);
  }
  const fns = [];
  const nFns = 2 + g.int(2);
  for (let f = 0; f < nFns; f++) {
    const name = `f${f}`;
    body.push(...external(g, name, helpers), '');
    fns.push(name);
  }
  const source = [
    '// SPDX-License-Identifier: MIT',
    'pragma solidity ^0.8.20;',
    '',
    `/// generated by bench/gen-sol-program.mjs, seed ${seed}`,
    `contract ${contract} {`,
    '    struct S {',
    '        uint256 a;',
    '        uint256[] xs;',
    '        string tag;',
    '    }',
    '',
    '    uint256 public counter;',
    '    mapping(uint256 => uint256) public m;',
    '    uint256[] public arr;',
    '',
    '    event Ev(uint256 indexed v, string note);',
    '    error Err(uint256 v, string why);',
    '',
    '    function unchecked_add(uint256 a, uint256 b) internal pure returns (uint256 c) {',
    '        unchecked { c = a + b; }',
    '    }',
    '',
    ...body,
    '}',
    '',
  ].join('\n');
  const calls = [];
  for (const fn of fns) {
    const count = 4 + g.int(3);
    for (let c = 0; c < count; c++) {
      const big = g.chance(0.2);
      calls.push({
        fn,
        args: [
          big ? g.pick(ARG_U) : String(g.int(12)),
          big ? g.pick(ARG_U) : String(g.int(1000)),
          g.int(256),
          g.pick(ARG_S),
        ],
      });
    }
  }
  calls.push({ fn: 'counter', args: [] }, { fn: 'm', args: [String(g.int(8))] });
  return { source, contract, calls };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seed = Number(process.argv[2] ?? 1);
  const p = genSolProgram(seed);
  process.stdout.write(p.source);
  process.stdout.write(`// calls: ${JSON.stringify(p.calls)}\n`);
}
