// Seeded generator of Solidity programs that stress memory escapes and lifetimes, for the
// differential tests of the lifetime passes (packages/sol/LIFETIME.md): the same source
// compiled by solc viaIR and by lifeline with lifetime on must behave identically on the EVM.
// gen-sol-program.mjs makes general programs; this one makes the shapes where freeing memory
// too early (or compacting the wrong object) would show:
//   nested     pointers stored into arrays of arrays and read back after later allocations
//   structs    pointers stored into struct members / arrays of structs, read back later
//   returned   memory returned from internal functions: stored, dropped, read once, returned
//   ternary    aliasing through ternaries (`c = cond ? a : b; c[i] = …`, then read a and b)
//   carried    pointers carried across loop iterations: `acc = grow(acc, x)`,
//              `s = string.concat(s, …)`, conditional reassignment, two carried pointers that
//              alias (`b = a`, swaps)
//   control    temporaries in loops with break / continue / early return, and a local
//              stored before the jumps and overwritten after them
//   recursion  recursive internal functions that allocate (arrays, strings)
//   captured   callees that store their arguments into memory reachable from other arguments
//   reads      abi.encode / encodePacked / keccak256 / events / storage copies of temporaries
//   asm        inline assembly reading the free pointer (mload(0x40)), bumping it by hand,
//              writing scratch memory, reading memory through Solidity pointers
//              (memory-safe and not); helpers that keep the free pointer to themselves
//              (allocating by moving it, scratch hashing above it) called from loops;
//              a string made across blocks (its address carried in value-typed locals) and
//              an array of them read in assembly
//   deep       object graphs carried across loop iterations (deep moves): `m = mat(m, i)`
//              on uint256[2][2] and uint256[2][2][2], structs holding arrays and strings
//              (`q = stepQ(q, i)`, sometimes sharing a member with the old instance), arrays
//              of arrays whose rows are shared or replaced, a row of the old graph kept in
//              another variable; and results that outlive temporaries allocated below them
//              (`keccak256(abi.encodePacked(h, string.concat(str(i), ":", str(x))))`)
//   branches   loops that allocate only inside branches (released at the branch's end:
//              releases.ts (I'), held-release.ts (H7)): a push into an array that grows by
//              doubling, rows or structs replaced in the branches of an `if`, a string grown
//              under a condition — with what the branch made also kept in a local read after
//              it, an alias of the old array, a scratch array read after the branch
//   strings    strings built in nested loops (appends in place, releases.ts (I''), (R5)):
//              `esc = abi.encodePacked(esc, …)` with several memory parts, under a condition or
//              not, read in the loop or not; `line = k == 0 ? esc : concat(line, sep, esc)`
//              (or as an if) after it (the inner loop never writes `line`); a second carried
//              string `table = concat(table, line)` with or without resetting `line`; a local
//              that still reads the old `line`; a hash of `esc` with a long part made in the
//              iteration before the append (a release to a mark between them: (I'''))
//   topk       candidates made in a loop and kept under a condition in an older array (a
//              selection with a shift and `break`, a ring, a helper keeping it or a copy, an
//              inner loop that stores on some runs), sometimes written after the selection
//              (dead-runs.ts (D1'))
//   replaced   loops whose kept value the next iteration overwrites before reading it
//              (released at the body's start: releases.ts (IE)) — a string, an array, a
//              struct or an array of strings, made fresh each run, replaced in both branches
//              of an if — and the near misses that keep the old value live into the body: a
//              `break` or `continue` before the store, a read of it, a copy into another local,
//              a helper given it; memory allocated after the loop would overwrite a value
//              released too early
//   sealed     loops that grow an accumulator (`acc = string.concat(acc, …)`, or bytes) and now
//              and then store it into an array made before the loop at a counter index
//              (`out[k++] = acc;`), then reset it (`""`, a word) or keep it (sealed stores:
//              releases.ts (I^s), sealed-stores.ts) — with a break / continue after the store, a
//              literal or a concat stored, a second array, inner loops before or after the store,
//              a copy of the accumulator kept across runs, appends or writes into the stored
//              object after the store — and the near misses: the array read back in the loop
//              (`out[k - 1]`, `out[k / 2]`, a helper), a helper storing (`putS(out, k, acc)`), a
//              ring (`out[i % 3]`), a store in an inner loop, the counter decremented, an
//              element written later, an outer loop reusing the array; memory allocated after
//              the loop lands where a value released too early lay
//   tables     tables of string literals and array literals whose elements allocate: a helper
//              returning one entry (past the end: Panic 0x32), an early return from a branch
//              with reads in a loop after it, a table in the function itself read once, read in
//              a loop, with an entry written in place or by a callee, elements made by calls
//              (`[str(x), "lit"]`) read back after later allocations
// A program is one contract `Esc<seed>` with a fixed set of helpers and 3–5 external
// functions `eK(uint256 n, uint256 x)`, each one shape with seeded variations and seeded
// filler allocations between its steps (so allocation orders differ). Loops are bounded by
// `n % B` (B ≤ 7), recursion depth by `n % 5`: no call can run long. Some variations
// revert (out-of-bounds index, checked overflow, require): the revert paths are compared too.
// Results are made observable: returned (memory as the ABI encodes it), hashed, emitted,
// stored. The source depends only on the seed.
//
//   genSolEscape(seed, { asm = true }) -> { source, contract, calls: [{ fn, args }], shapes }
//   node bench/gen-sol-escape.mjs SEED     (prints the program and its calls)
import { rng } from './gen-module.mjs';
import { DEEP_HELPERS, deepShape } from './gen-sol-escape-deep.mjs';

export const SHAPES = ['nested', 'structs', 'returned', 'ternary', 'carried', 'control', 'recursion', 'captured', 'reads', 'asm', 'deep', 'branches', 'strings', 'tables', 'replaced', 'sealed', 'topk'];

class Gen {
  constructor(seed) {
    this.rand = rng(seed * 104729 + 7);
    this.n = 0;
  }
  int(n) { return Math.floor(this.rand() * n); }
  chance(p) { return this.rand() < p; }
  pick(xs) { return xs[this.int(xs.length)]; }
  id(prefix) { return `${prefix}${this.n++}`; }
}

/** The helpers every program has (the shapes call them; each is one escape pattern). */
const HELPERS = `
    /// fresh memory, returned
    function mk(uint256 len, uint256 seed) internal pure returns (uint256[] memory r) {
        r = new uint256[](len);
        for (uint256 i = 0; i < len; i++) r[i] = seed + i * 3;
    }

    /// fresh memory built from the argument (loop-carried: acc = grow(acc, v))
    function grow(uint256[] memory a, uint256 v) internal pure returns (uint256[] memory r) {
        r = new uint256[](a.length + 1);
        for (uint256 i = 0; i < a.length; i++) r[i] = a[i];
        r[a.length] = v;
    }

    /// an empty array without allocating: the zero slot 0x60
    function nothing() internal pure returns (uint256[] memory r) {}

    /// returns its argument (the result aliases a parameter), after writing into it
    function bump(uint256[] memory a, uint256 v) internal pure returns (uint256[] memory) {
        if (a.length > 0) a[0] += v;
        return a;
    }

    /// aliasing through a ternary inside a callee
    function choose(uint256[] memory a, uint256[] memory b, bool c) internal pure returns (uint256[] memory) {
        return c ? a : b;
    }

    /// captures v: stores it into memory reachable from o
    function put(uint256[][] memory o, uint256 i, uint256[] memory v) internal pure {
        if (o.length > 0) o[i % o.length] = v;
    }

    /// captures s into p
    function setTag(P memory p, string memory s) internal pure {
        p.tag = s;
    }

    function mkP(uint256 a, uint256 len) internal pure returns (P memory) {
        return P(a, mk(len, a), "p");
    }

    /// an array of structs handed back with every other slot still its zero element
    function mkZs(uint256 len, uint256 x) internal pure returns (Z[] memory zs) {
        zs = new Z[](len);
        for (uint256 i = 0; i < len; i += 2) zs[i] = Z(x + i, i, "m");
    }

`;

/** The helpers of the `asm` shape (left out with `asm: false`). */
const ASM_HELPERS = `
    /// len bytes (whole words) allocated by moving the free pointer, its value kept to the block
    function rawBytes(uint256 len, uint256 seed) internal pure returns (bytes memory out) {
        assembly ("memory-safe") {
            out := mload(0x40)
            mstore(out, len)
            let end := add(add(out, 0x20), shl(5, shr(5, add(len, 31))))
            for { let p := add(out, 0x20) } lt(p, end) { p := add(p, 0x20) } { mstore(p, add(seed, sub(p, out))) }
            mstore(0x40, end)
        }
    }

    /// decimal digits written backwards into memory the first block reserves, its address
    /// carried between the blocks in value-typed locals Solidity only moves
    function digitsOf(uint256 v) internal pure returns (string memory s) {
        uint256 ptr;
        uint256 end;
        assembly ("memory-safe") {
            end := add(mload(0x40), 0x80)
            mstore(0x40, add(end, 0x20))
            ptr := end
        }
        do {
            ptr--;
            uint256 d = 48 + (v % 10);
            assembly ("memory-safe") { mstore8(ptr, d) }
            v /= 10;
        } while (v != 0);
        assembly ("memory-safe") {
            s := sub(ptr, 0x20)
            mstore(s, sub(end, ptr))
        }
    }

    /// the parts' lengths and first bytes, read through the array's words
    function partsDigest(bytes[] memory parts) internal pure returns (uint256 acc) {
        assembly ("memory-safe") {
            let at := add(parts, 0x20)
            let last := add(at, shl(5, mload(parts)))
            for {} lt(at, last) { at := add(at, 0x20) } {
                let part := mload(at)
                acc := add(mul(acc, 31), mload(part))
                if mload(part) { acc := add(acc, byte(0, mload(add(part, 0x20)))) }
            }
        }
    }

    /// two words hashed in the scratch space at the free pointer, which stays where it is
    function scratchHash(uint256 a, uint256 b) internal pure returns (bytes32 h) {
        assembly ("memory-safe") {
            let p := mload(0x40)
            mstore(p, a)
            mstore(add(p, 0x20), b)
            h := keccak256(p, 0x40)
        }
    }
`;

const MORE_HELPERS = `
    /// keeps z in b (a top-k's helper)
    function putZ(Z[] memory b, uint256 k, Z memory z) internal pure {
        b[k] = z;
    }

    function sumOf(uint256[] memory a) internal pure returns (uint256 s) {
        for (uint256 i = 0; i < a.length; i++) s += a[i];
    }

    /// recursion that allocates at every level and returns the fresh array
    function rec(uint256 d, uint256 v) internal pure returns (uint256[] memory r) {
        if (d == 0) return mk(1, v);
        uint256[] memory sub = rec(d - 1, v + 1);
        uint256[] memory tmp = mk(d, v);
        r = new uint256[](sub.length + 1);
        for (uint256 i = 0; i < sub.length; i++) r[i] = sub[i] + tmp[i % tmp.length];
        r[sub.length] = d;
    }

    /// recursion building a string
    function recS(uint256 d) internal pure returns (string memory) {
        if (d == 0) return "";
        return string.concat(recS(d - 1), d % 2 == 0 ? "ab" : "c");
    }

    /// one entry of a table of literals (Panic 0x32 past the end)
    function word(uint256 i) internal pure returns (string memory) {
        string[5] memory w = ["alpha", "be", "", "an entry longer than one word of thirty-two bytes", "z"];
        return w[i];
    }

    /// an early return from a branch, the table read in a loop after it
    function wordOr(uint256 i) internal pure returns (string memory) {
        string[3] memory w = ["x", "yy", "zzz"];
        if (i < 3) return w[i];
        uint256 t;
        for (uint256 k = 0; k < 3; k++) t += bytes(w[k]).length * (k + i);
        return string.concat(w[i % 3], "+", w[t % 3]);
    }

    /// captures s into a (the sealed shape's helper store)
    function putS(string[] memory a, uint256 k, string memory s) internal pure {
        a[k] = s;
    }

    function putB(bytes[] memory a, uint256 k, bytes memory s) internal pure {
        a[k] = s;
    }

    /// reads an element of the array it is given (0 before the first)
    function lenAt(string[] memory a, uint256 k) internal pure returns (uint256) {
        return k == 0 || k > a.length ? 0 : bytes(a[k - 1]).length;
    }

    function lenAtB(bytes[] memory a, uint256 k) internal pure returns (uint256) {
        return k == 0 || k > a.length ? 0 : a[k - 1].length;
    }

    /// a fresh array from a call
    function freshS(uint256 len) internal pure returns (string[] memory) {
        return new string[](len);
    }

    function freshB(uint256 len) internal pure returns (bytes[] memory) {
        return new bytes[](len);
    }

    /// writes into the string it is given
    function mark(string memory s) internal pure {
        bytes memory b = bytes(s);
        if (b.length > 0) b[0] = "#";
    }

    /// recursion that stores into its argument
    function fill(uint256[][] memory o, uint256 d) internal pure {
        if (d == 0 || d > o.length) return;
        o[d - 1] = mk(d, d);
        fill(o, d - 1);
    }
`;

/** A filler allocation or two that dies at once or is only read (shuffles allocation order). */
function filler(g, ind, inline = false) {
  if (!g.chance(0.5)) return [];
  const v = g.id('f');
  // `inline`: the temporary in no local, where one more stack slot is too deep for legacy codegen
  const k = g.int(4);
  if (inline) {
    return [[
      `${ind}x ^= uint256(keccak256(abi.encode(x, n))) % 7;`,
      `${ind}x += mk(n % 3, x).length;`,
      `${ind}x += bytes(string.concat("t", "u")).length;`,
      `${ind}x += mkP(x % 5, n % 2).a % 3;`,
    ][k]];
  }
  return [[
    `${ind}bytes memory ${v} = abi.encode(x, n); x ^= uint256(keccak256(${v})) % 7;`,
    `${ind}uint256[] memory ${v} = mk(n % 3, x); x += ${v}.length;`,
    `${ind}string memory ${v} = string.concat("t", "u"); x += bytes(${v}).length;`,
    `${ind}P memory ${v} = mkP(x % 5, n % 2); x += ${v}.a % 3;`,
  ][k]];
}

/** Index into `arr` that is sometimes one past the end (Panic 0x32). */
const idx = (g, arr, e) => (g.chance(0.3) ? `${arr}[${e} % (${arr}.length + 1)]` : `${arr}[${e} % ${arr}.length]`);

/** What the `replaced` shape makes each run: a declaration, fresh values, a read of it, how it is hashed. */
const REPLACED = [
  { decl: 'string memory last = "init";', make: ['string.concat(str(i), "-", str(x))', 'str(i * 7 + x)', 'string(abi.encodePacked("r", uint8(i), str(x % 7)))'], read: 'bytes(last).length', enc: 'bytes(last)' },
  { decl: 'uint256[] memory last = mk(2, x);', make: ['mk(i % 4, x + i)', 'grow(mk(i % 3, i), x)', 'rec(i % 3, x)'], read: 'sumOf(last)', enc: 'abi.encode(last)' },
  { decl: 'P memory last = mkP(1, 1);', make: ['mkP(x % 5 + i, i % 3)', 'P(i, mk(i % 2, x), str(i))'], read: 'last.xs.length + bytes(last.tag).length', enc: 'abi.encode(last.a, last.xs, last.tag)' },
  { decl: 'string[] memory last = new string[](1);', make: ['new string[](i % 3 + 1)'], fill: 'last[(x + i) % last.length] = str(i);', read: 'last.length', enc: 'abi.encode(last)' },
];

const SHAPE_GEN = {
  topk(g) {
    const K = 2 + g.int(3);
    const L = [`Z[] memory best = new Z[](${K});`, 'uint256 kept;'];
    L.push(`for (uint256 t = 0; t < n % ${7 + g.int(9)} + ${g.int(3)}; t++) {`);
    L.push(...filler(g, '    '));
    L.push(`    Z memory c = Z((x + t * ${g.pick(['7', '13', '31'])}) % ${g.pick(['11', '17', '97'])}, t, ${g.pick(['str(t)', 'string.concat("c", str(x + t))', '"c"', 'recS(t % 3)'])});`);
    if (g.chance(0.2)) L.push('    if ((x + t) % 5 == 3) continue;');
    const v = g.int(4);
    if (v === 0) { // selection with a shift, left by break
      L.push(`    for (uint256 s = 0; s < ${K}; s++) {`, '        if (bytes(best[s].tag).length == 0 || c.a > best[s].a) {');
      L.push(`            for (uint256 u = ${K - 1}; u > s; u--) best[u] = best[u - 1];`, '            best[s] = c;', '            kept++;', '            break;', '        }', '    }');
    } else if (v === 1) { // a ring written under a condition
      L.push(`    if (c.a ${g.pick(['>', '<', '=='])} ${g.int(9)}) { best[kept++ % ${K}] = c; }`);
    } else if (v === 2) { // a helper keeps it, or a copy of it
      L.push(`    if (c.a % 3 == ${g.int(3)}) ${g.pick([`putZ(best, kept++ % ${K}, c)`, `putZ(best, kept++ % ${K}, Z(c.a, c.b, string.concat(c.tag, "!")))`])};`);
    } else { // an inner loop that stores on some runs and writes the candidate on others
      L.push(`    for (uint256 s = 0; s < ${K}; s++) {`, `        if (s > 0 && t % 2 == 1) c.tag = ${g.pick(['str(s)', 'string.concat(c.tag, "s")'])};`);
      L.push('        if (c.a + s > best[s].a) best[s] = c;', '    }');
    }
    // the candidate written after it may have been kept
    if (g.chance(0.35)) L.push(`    ${g.pick(['c.tag = string.concat(c.tag, "+");', 'c.a += 1;', 'c.tag = str(t + 100);'])}`);
    L.push('}');
    L.push('bytes32 h;', `for (uint256 i = 0; i < ${K}; i++) h = keccak256(abi.encodePacked(h, best[i].a, best[i].b, best[i].tag));`);
    return { returns: 'bytes32, uint256', body: [...L, 'return (h, kept);'] };
  },
  sealed(g) {
    const B = 3 + g.int(5);
    const isB = g.chance(0.3);
    const T = isB ? 'bytes' : 'string';
    const cat = isB ? 'bytes.concat' : 'string.concat';
    const len = (e) => (isB ? `${e}.length` : `bytes(${e}).length`);
    const asB = (e) => (isB ? e : `bytes(${e})`);
    const word = (e) => (isB ? `bytes(str(${e}))` : `str(${e})`);
    const part = () => g.pick(['"ab"', '"-"', word('i'), word('x + i'), isB ? 'abi.encodePacked(uint16(i))' : 'recS(i % 3)', isB ? 'bytes("thirty-three bytes of one literal.")' : '"thirty-three bytes of one literal."']);
    const L = ['uint256 s;'];
    const outer = g.chance(0.2);
    const second = g.chance(0.25);
    const size = `n % ${B} + ${g.pick([0, 1, 2, 3, 3, 4])}`; // sometimes too small: Panic 0x32
    L.push(g.chance(0.2) ? `${T}[] memory out = ${isB ? 'freshB' : 'freshS'}(${size}${outer ? ' + 2' : ''});` : `${T}[] memory out = new ${T}[](${size}${outer ? ' + 2' : ''});`);
    if (second) L.push(`${T}[] memory out2 = new ${T}[](n % ${B} + 2);`, 'uint256 k2;');
    L.push(`uint256 k${g.chance(0.2) ? ' = x % 2' : ''};`);
    L.push(`${T} memory acc = ${g.pick(['""', '"a"', word('x')])};`);
    const prevKept = g.chance(0.2);
    if (prevKept) L.push(`${T} memory prev;`);
    const ind0 = outer ? '    ' : '';
    if (outer) {
      L.push('for (uint256 r = 0; r < n % 3 + 1; r++) {');
      if (g.chance(0.6)) L.push('    k = 0;');
      if (g.chance(0.4)) L.push(`    acc = ${g.pick(['""', word('r')])};`);
    }
    const useWhile = !outer && g.chance(0.15);
    const bound = `n % ${B} + ${g.int(3)}`;
    // jumps: break or continue after the store, a continue before it
    let jump = g.pick(['', '', '', 'break', 'continue']);
    if (useWhile && jump === 'continue') jump = ''; // the while's step is at the body's end
    const contBefore = !useWhile && g.chance(0.15);
    if (useWhile) L.push(`${ind0}uint256 i;`, `${ind0}while (i < ${bound}) {`);
    else L.push(`${ind0}for (uint256 i = 0; i < ${bound}; i++) {`);
    const ind = ind0 + '    ';
    L.push(...filler(g, ind, true));
    if (g.chance(0.2)) L.push(`${ind}for (uint256 j = 0; j < (x + i) % 3; j++) acc = ${cat}(acc, ${part()});`);
    L.push(`${ind}acc = ${cat}(acc, ${Array.from({ length: 1 + g.int(2) }, part).join(', ')});`);
    if (contBefore) L.push(`${ind}if ((x + i) % 5 == 4) continue;`);
    if (prevKept && g.chance(0.5)) L.push(`${ind}prev = acc;`);
    // the store
    const m = 2 + g.int(3);
    const cond = g.pick([`(x + i) % ${m} == ${g.int(m)}`, `${len('acc')} > ${4 + g.int(20)}`, 'true', `i % ${m} != 1`]);
    const what = g.pick(['acc', 'acc', 'acc', 'acc', isB ? 'bytes("lit")' : '"lit"', `${cat}(acc, "!")`, word('i')]);
    const kind = g.pick(['post', 'post', 'post', 'post', 'split', 'offset', 'helper', 'ring', 'inner', 'unchecked']);
    const st = (i2) => {
      const out = [];
      if (kind === 'post') out.push(`${i2}out[k++] = ${what};`);
      else if (kind === 'split') out.push(`${i2}out[k] = ${what};`, `${i2}k++;`);
      else if (kind === 'offset') out.push(`${i2}out[k + 1] = ${what};`, `${i2}k += ${1 + g.int(2)};`);
      else if (kind === 'helper') out.push(`${i2}${isB ? 'putB' : 'putS'}(out, k, ${what});`, `${i2}k++;`);
      else if (kind === 'ring') out.push(`${i2}out[i % ${g.pick([3, 'out.length'])}] = ${what};`, `${i2}k++;`);
      else if (kind === 'inner') out.push(`${i2}for (uint256 j = 0; j < 2; j++) if ((i + j) % 3 == 0) out[k++] = ${what};`);
      else out.push(`${i2}out[k] = ${what};`, `${i2}unchecked { k++; }`);
      if (second && g.chance(0.6)) out.push(`${i2}out2[k2++] = ${g.pick(['acc', `${cat}(acc, "2")`])};`);
      return out;
    };
    const reset = g.pick(['""', '""', word('i'), 'none', 'none', 'out[k - 1]', 'part']);
    const resetLine = (i2) => (reset === 'none' ? [] : [`${i2}acc = ${reset === 'part' ? part() : reset === 'out[k - 1]' ? (kind === 'post' || kind === 'split' || kind === 'unchecked' ? 'out[k - 1]' : '""') : reset};`]);
    if (cond === 'true') {
      L.push(...st(ind));
      if (jump) L.push(`${ind}if ((x + i) % 4 == 3) ${jump};`);
      L.push(...resetLine(ind));
    } else {
      L.push(`${ind}if (${cond}) {`, ...st(ind + '    '));
      if (jump) L.push(`${ind}    ${jump};`);
      L.push(...resetLine(ind + '    '), `${ind}}`);
      if (second && g.chance(0.4)) L.push(`${ind}else if (i % 2 == 0) {`, `${ind}    out2[k2++] = acc;`, `${ind}    acc = "";`, `${ind}}`);
    }
    // after the store: appends, writes into the stored object, reads of the array
    if (g.chance(0.25)) L.push(`${ind}acc = ${cat}(acc, "-");`);
    if (g.chance(0.15)) L.push(`${ind}if (${len('acc')} > 0) ${asB('acc')}[0] = "#";`);
    if (g.chance(0.15)) L.push(`${ind}mark(${isB ? 'string(acc)' : 'acc'});`);
    if (g.chance(0.2)) L.push(`${ind}if (k > 0 && ${len('out[k - 1]')} > 0) ${asB('out[k - 1]')}[0] = "z";`);
    const rb = g.int(6);
    if (rb === 0) L.push(`${ind}if (k > 0) s += ${len('out[k - 1]')};`);
    if (rb === 1) L.push(`${ind}s += uint256(keccak256(abi.encodePacked(out[k / 2], acc))) % 7;`);
    if (rb === 2) L.push(`${ind}s += ${isB ? 'lenAtB' : 'lenAt'}(out, k);`);
    if (g.chance(0.15)) L.push(`${ind}if (k > 1 && (x + i) % 4 == 1) k--;`);
    if (prevKept) L.push(`${ind}s += ${len('prev')};`);
    // no local for the temporary: one more stack slot is too deep for legacy codegen here
    if (g.chance(0.2)) L.push(`${ind}for (uint256 j = 0; j < i % 3; j++) s += ${len(`${cat}(acc, ${part()})`)};`);
    L.push(...filler(g, ind, true));
    if (useWhile) L.push(`${ind}i++;`);
    L.push(`${ind0}}`);
    if (outer) {
      L.push(`    s += k * 3 + ${len('out[0]')};`);
      if (g.chance(0.5)) L.push(`    ${T} memory o = ${cat}(out[r % out.length], "o"); s += ${len('o')};`);
      L.push('}');
    }
    // memory allocated after the loop lands where a value released too early lay
    if (g.chance(0.7)) {
      L.push(`bytes memory pad = new bytes(${32 * (1 + g.int(8))} + n % 3);`, 'for (uint256 t = 0; t < pad.length; t++) pad[t] = bytes1(uint8(0xe0 + t % 16));', 's += uint256(keccak256(pad)) % 9;');
    }
    L.push(...filler(g, ''));
    if (g.chance(0.3)) L.push(`acc = ${cat}(acc, "~");`);
    const hashAll = `keccak256(abi.encode(out${second ? ', out2' : ''}, acc, k, s${prevKept ? ', prev' : ''}))`;
    return g.pick([
      { returns: `${T}[] memory, ${T} memory, uint256`, body: [...L, `return (out, acc, k + s * 1000);`] },
      { returns: 'bytes32, uint256', body: [...L, `return (${hashAll}, k);`] },
      { returns: `${T} memory, bytes32`, body: [...L, `return (acc, ${hashAll});`] },
    ]);
  },
  replaced(g) {
    const k = g.pick(REPLACED);
    const make = () => g.pick(k.make);
    const store = (ind) => [`${ind}last = ${make()};`, ...(k.fill ? [`${ind}${k.fill}`] : [])];
    const L = ['uint256 s;', k.decl];
    const mode = g.int(7);
    if (mode === 5) L.push(k.decl.replace('last', 'prev'));
    L.push(`for (uint256 i = 0; i < n % ${3 + g.int(5)} + ${g.int(3)}; i++) {`);
    L.push(...filler(g, '    '));
    if (mode === 2) L.push(`    if ((x + i) % ${3 + g.int(3)} == 2) break;`);
    if (mode === 3) L.push(`    if ((x + i) % ${2 + g.int(3)} == 1) continue;`);
    if (mode === 4) L.push(g.chance(0.5) ? `    s += ${k.read};` : `    if (${k.read} > 2) s += 1;`);
    if (mode === 5) L.push('    prev = last;');
    if (mode === 6) L.push('    s += uint256(keccak256(' + k.enc + ')) % 5;');
    if (mode === 1) L.push('    if ((x + i) % 2 == 0) {', ...store('        '), '    } else {', ...store('        '), '    }');
    else L.push(...store('    '));
    L.push(...filler(g, '    '), `    s += ${k.read};`, '}');
    // memory allocated after the loop lands where a value released too early lay
    L.push(`bytes memory pad = new bytes(${32 * (1 + g.int(12))});`, 'pad[0] = "p";', 's += pad.length;');
    const hash = `keccak256(abi.encodePacked(${k.enc}${mode === 5 ? `, ${k.enc.replaceAll('last', 'prev')}` : ''}))`;
    return { returns: 'bytes32, uint256', body: [...L, `return (${hash}, s);`] };
  },
  deep: (g) => deepShape(g, filler),
  tables(g) {
    const L = ['uint256 s;', 'string memory out;'];
    const v = g.int(3);
    if (v === 0) { // helpers returning an entry, in a loop
      L.push(`for (uint256 k = 0; k < n % ${3 + g.int(5)} + 1; k++) {`);
      L.push(`    string memory e = ${g.pick(['word((x + k) % 5)', `word((x + k) % ${g.pick([5, 6])})`, 'wordOr(x + k)', 'wordOr((x + k) % 4)'])};`);
      L.push(...filler(g, '    '));
      if (g.chance(0.4)) L.push('    mark(e);');
      L.push('    out = string.concat(out, e, "|");', '    s += bytes(e).length;', '}');
    } else { // a table in the function itself
      const els = ['"a"', '"bcd"', '""', 'str(x)', 'string(abi.encodePacked("q", uint8(n % 200)))', '"thirty-three bytes of one literal."'];
      const k = 3 + g.int(3);
      const items = Array.from({ length: k }, () => g.pick(v === 1 ? els.filter((e) => e.startsWith('"')) : els));
      L.push(`string[${k}] memory t = [${items.join(', ')}];`);
      L.push(...filler(g, ''));
      const mode = g.int(4);
      if (mode === 1) L.push(`if (bytes(t[x % ${k}]).length > 0) bytes(t[x % ${k}])[0] = "Q";`);
      if (mode === 2) L.push(`mark(t[(x + 1) % ${k}]);`);
      if (mode === 3) L.push(`for (uint256 i = 0; i < n % 4; i++) out = string.concat(out, t[(x + i) % ${k}]);`);
      L.push(`string memory a = ${g.chance(0.3) ? `t[x % ${k + 1}]` : `t[x % ${k}]`};`);
      L.push(...filler(g, ''));
      L.push(`out = string.concat(out, a, "/", t[(x + 2) % ${k}]);`, 's += bytes(a).length;');
    }
    return g.chance(0.5) ? { returns: 'string memory, uint256', body: [...L, 'return (out, s);'] }
      : { returns: 'bytes32', body: [...L, 'return keccak256(abi.encodePacked(out, s));'] };
  },
  strings(g) {
    const part = () => g.pick(['str(j)', 'str(x + k)', '"-"', '"<=>"', 'bytes1(uint8(97 + (j + k) % 26))', 'recS(j % 3)', 'uint16(j)']);
    // a literal or a value first, then often a string made just before the concat: it may
    // lie right after `esc`'s bytes, where the first part's word is written
    // hashed in the iteration: a long part made before the append is dead at the hash
    const hashed = g.chance(0.4);
    const long = hashed ? ['string.concat(str(j), "abcdefghijklmnopqrstuvwxyz0123456789")'] : [];
    const parts = [g.pick(['"-"', '"<=>"', 'uint16(j)', 'str(j)']), ...Array.from({ length: g.int(3) }, part), ...long].join(', ');
    const L = ['uint256 s;', 'string memory line = "";', 'string memory table;'];
    L.push(`for (uint256 k = 0; k < n % ${3 + g.int(4)} + 1; k++) {`, '    bytes memory esc = "";');
    L.push(`    for (uint256 j = 0; j < (x + k) % ${2 + g.int(5)} + 1; j++) {`);
    if (g.chance(0.5)) L.push('        if ((j + x) % 3 == 0) esc = bytes.concat(esc, "/");', `        else esc = abi.encodePacked(esc, ${parts});`);
    else L.push(`        esc = abi.encodePacked(esc, ${parts});`);
    if (g.chance(0.3)) L.push('        s += esc.length;');
    if (hashed) L.push('        if ((j + k) % 2 == 0) s += uint256(keccak256(abi.encodePacked(esc, "]"))) % 1000;');
    L.push('    }');
    const sep = g.pick([',', '; ']);
    L.push(g.chance(0.5) ? `    line = k == 0 ? string(esc) : string.concat(line, "${sep}", string(esc));`
      : `    if (k == 0) line = string(esc);\n        else line = string.concat(line, "${sep}", string(esc));`);
    if (g.chance(0.6)) L.push(`    if (k % 2 == 1) { table = string.concat(table, line, "|");${g.chance(0.5) ? ' line = "";' : ''} }`);
    if (g.chance(0.3)) L.push('    string memory before = line;', '    line = string.concat(line, "!");', '    s += bytes(before).length * 3;');
    L.push('}');
    L.push(...filler(g, ''));
    return g.chance(0.5) ? { returns: 'string memory, string memory, uint256', body: [...L, 'return (line, table, s);'] }
      : { returns: 'bytes32, uint256', body: [...L, 'return (keccak256(abi.encodePacked(line, table)), s + bytes(line).length);'] };
  },
  branches(g) {
    const B = 3 + g.int(5);
    const L = ['uint256 s;'];
    const v = g.int(3);
    if (v === 0) { // push with doubling growth under a condition
      L.push(`uint256[] memory a = new uint256[](${1 + g.int(3)});`, 'uint256 len;');
      const prev = g.chance(0.3), scratch = g.chance(0.3);
      L.push(`for (uint256 i = 0; i < n % ${B} + ${2 + g.int(8)}; i++) {`);
      if (g.chance(0.3)) L.push('    if ((x + i) % 4 == 3) continue;');
      if (prev) L.push('    uint256[] memory prev = a;');
      if (scratch) L.push('    uint256[] memory t;');
      L.push('    if (len == a.length) {');
      if (scratch) L.push('        t = new uint256[](2); t[0] = x + i; t[1] = len;');
      L.push(`        uint256[] memory b = new uint256[](a.length * 2${g.pick(['', ' + 1'])});`, '        for (uint256 k = 0; k < len; k++) b[k] = a[k];', '        a = b;', '    }');
      L.push('    a[len++] = x + i * 3;');
      if (prev) L.push('    s += prev.length * 5 + (prev.length > 0 ? prev[0] : 0);');
      if (scratch) L.push('    if (t.length > 0) s += t[0] * 7 + t[1];');
      L.push('}');
      L.push(...filler(g, ''), 'for (uint256 k = 0; k < len; k++) s += a[k] % 1000;');
      return g.chance(0.5) ? { returns: 'uint256[] memory, uint256', body: [...L, 'return (a, s);'] } : { returns: 'uint256', body: [...L, 'return s + a.length;'] };
    }
    if (v === 1) { // rows or structs replaced in the branches of an `if`
      const rows = g.chance(0.5);
      L.push(rows ? `uint256[][] memory o = new uint256[][](${2 + g.int(3)});` : `P[] memory o = new P[](${2 + g.int(3)});`);
      const cur = g.chance(0.35);
      L.push(`for (uint256 i = 0; i < n % ${B} + ${2 + g.int(8)}; i++) {`);
      if (cur) L.push(rows ? '    uint256[] memory cur = o[0];' : '    P memory cur = o[0];');
      L.push(`    if ((x + i) % 3 == 0) {`);
      L.push(rows ? '        uint256[] memory r = new uint256[](i % 3 + 1); r[0] = x + i;' : '        P memory r = P(x + i, new uint256[](i % 2 + 1), "r");');
      L.push('        o[i % o.length] = r;');
      if (cur) L.push('        cur = r;');
      L.push('    }');
      if (g.chance(0.6)) L.push(`    else if ((x + i) % 3 == 1) ${rows ? 'o[(i + 1) % o.length] = new uint256[](2);' : 'delete o[(i + 1) % o.length];'}`);
      if (cur) L.push(rows ? '    s += cur.length * 3 + (cur.length > 0 ? cur[0] : 0);' : '    s += cur.a * 3 + cur.xs.length + bytes(cur.tag).length;');
      L.push('}');
      L.push(...filler(g, ''));
      L.push(rows ? 'for (uint256 k = 0; k < o.length; k++) s += o[k].length + (o[k].length > 0 ? o[k][0] : 0);'
        : 'for (uint256 k = 0; k < o.length; k++) s += o[k].a + o[k].xs.length * 2 + bytes(o[k].tag).length;');
      return { returns: 'bytes32, uint256', body: [...L, 'return (keccak256(abi.encode(o)), s);'] };
    }
    // a string grown under a condition, scratch memory in another branch
    L.push('string memory str = "s";');
    L.push(`for (uint256 i = 0; i < n % ${B} + ${2 + g.int(8)}; i++) {`);
    L.push(`    if ((x + i) % 2 == 0) str = string.concat(str, ${g.pick(['"ab"', 'i % 3 == 0 ? "c" : "dd"'])});`);
    L.push(`    else if ((x + i) % 5 == 1) { bytes memory t = abi.encode(i, x); s += uint256(keccak256(t)) % 11; }`);
    if (g.chance(0.4)) L.push('    s += bytes(str).length;');
    L.push('}');
    L.push(...filler(g, ''));
    return { returns: 'string memory, uint256', body: [...L, 'return (str, s);'] };
  },
  nested(g) {
    const k = 1 + g.int(4), m = 1 + g.int(3);
    const L = ['uint256[][] memory o = new uint256[][](n % ' + (k + 1) + ' + 1);'];
    L.push(`for (uint256 i = 0; i < o.length; i++) {`);
    L.push(g.chance(0.5) ? `    uint256[] memory t = mk(i % ${m} + 1, x + i);` : `    uint256[] memory t = new uint256[](i % ${m} + 1); t[0] = x + i;`);
    L.push(...filler(g, '    '));
    L.push(`    o[i] = t;`);
    if (g.chance(0.4)) L.push(`    t = mk(2, i); t[1] = 9;`); // reassigned: the old t lives on in o
    L.push('}');
    L.push(...filler(g, ''));
    if (g.chance(0.5)) L.push('o[o.length - 1] = grow(o[0], x);');
    if (g.chance(0.3)) L.push(`o[0][0] = ${idx(g, 'o[o.length - 1]', 'x')};`);
    L.push('uint256 s;', 'for (uint256 i = 0; i < o.length; i++) s += sumOf(o[i]) % 1000;');
    const ret = g.pick(['o', 'h']);
    if (ret === 'o') return { returns: 'uint256[][] memory, uint256', body: [...L, 'return (o, s);'] };
    return { returns: 'bytes32, uint256', body: [...L, 'return (keccak256(abi.encode(o)), s);'] };
  },

  structs(g) {
    const L = [`P[] memory ps = new P[](n % ${2 + g.int(3)} + 1);`];
    L.push('for (uint256 i = 0; i < ps.length; i++) {');
    // a literal stored straight into the slot may be built in the zero element it displaces
    // (lifetime/in-place.ts), unless another reference to that element is read later
    const held = g.chance(0.3);
    if (held) L.splice(1, 0, 'P memory first = ps[0];');
    L.push(g.pick([
      '    ps[i] = mkP(x + i, i % 3);',
      '    P memory q = P(i, new uint256[](i % 2 + 1), "q"); ps[i] = q;',
      '    ps[i] = P(x + i, new uint256[](i % 2 + 1), "l");',
      '    ps[i] = P(ps[i].a + i, ps[i].xs, string.concat(ps[i].tag, "l"));',
    ]));
    if (g.chance(0.2)) L.push('    if (i % 3 == 2) ps[i - 1] = ps[i];');
    L.push(...filler(g, '    '));
    if (g.chance(0.5)) L.push('    ps[i].xs = grow(ps[i].xs, i);');
    if (g.chance(0.5)) L.push('    ps[i].tag = string.concat(ps[i].tag, i % 2 == 0 ? "e" : "o");');
    L.push('}');
    if (g.chance(0.3)) L.push('(ps[0], ps[ps.length - 1]) = (ps[ps.length - 1], ps[0]);');
    L.push('P memory last = ps[ps.length - 1];');
    if (g.chance(0.5)) L.push('last.xs = mk(2, x); ps[0].a += last.xs[1];'); // through the alias
    if (g.chance(0.3)) L.push('setTag(ps[0], string.concat(last.tag, "!"));');
    L.push(...filler(g, ''));
    L.push('uint256 s;', 'for (uint256 i = 0; i < ps.length; i++) s += ps[i].a + ps[i].xs.length + bytes(ps[i].tag).length;');
    // zero slots from a helper: shared by all its slots only while nothing writes a P in place
    // (lifetime/shared-zero.ts (Z4)); a write into one must not show in another
    if (g.chance(0.4)) {
      L.push('Z[] memory zs = mkZs(n % 5 + 4, x);');
      if (g.chance(0.5)) L.push('zs[1].a += 1 + s % 3;');
      L.push('s += zs[1].a * 5 + zs[3].a + zs[3].b + bytes(zs[1].tag).length;');
    }
    if (held) L.push('s += first.a * 7 + first.xs.length + bytes(first.tag).length;');
    if (g.chance(0.5)) return { returns: 'P memory, uint256', body: [...L, 'return (ps[0], s);'] };
    return { returns: 'bytes32, string memory', body: [...L, 'return (keccak256(abi.encode(ps[0].xs, last.tag, s)), ps[0].tag);'] };
  },

  returned(g) {
    const L = ['uint256[][] memory keep = new uint256[][](3);'];
    L.push('for (uint256 i = 0; i < n % 5; i++) {');
    L.push('    mk(i + 1, x);'); // dropped
    L.push('    uint256 once = mk(i + 2, x)[i % 2];'); // read once
    L.push(`    keep[i % 3] = ${g.pick(['mk(i + 1, once)', 'grow(keep[i % 3], once)', 'bump(mk(2, i), once)'])};`);
    L.push(...filler(g, '    '));
    L.push('}');
    L.push(`uint256[] memory r = ${g.pick(['keep[0]', 'grow(keep[1], x)', 'bump(keep[2], 1)'])};`);
    L.push(...filler(g, ''));
    if (g.chance(0.3)) L.push(`x += ${idx(g, 'r', 'x')};`);
    return { returns: 'uint256[] memory, uint256[][] memory, uint256', body: [...L, 'return (r, keep, x);'] };
  },

  ternary(g) {
    const L = ['uint256[] memory a = mk(3, x);', 'uint256[] memory b = mk(2, n);'];
    L.push('for (uint256 i = 0; i < n % 6; i++) {');
    L.push(`    uint256[] memory c = ${g.pick(['(x + i) % 2 == 0 ? a : b', 'choose(a, b, i % 3 == 0)', 'i % 2 == 0 ? a : mk(1, i)'])};`);
    L.push('    c[0] += i + 1;');
    L.push(...filler(g, '    '));
    if (g.chance(0.5)) L.push('    if (i % 3 == 1) b = c;'); // the alias may become b
    if (g.chance(0.3)) L.push('    a = i % 2 == 1 ? grow(a, i) : a;');
    L.push('}');
    L.push(`uint256[] memory d = ${g.pick(['n % 2 == 0 ? a : b', 'x % 3 == 0 ? mk(1, 5) : a'])};`);
    L.push('d[d.length - 1] += 100;');
    return { returns: 'uint256[] memory, uint256[] memory, uint256', body: [...L, 'return (a, b, sumOf(d));'] };
  },

  carried(g) {
    const v = g.int(5);
    const L = [];
    if (v === 3) {
      // the previous value and a new one (`prev = cur; cur = f(cur)`): the carried object lies
      // below the fresh one, so the two move in a known order; both may be the zero slot
      L.push(`uint256[] memory prev${g.pick([' = mk(1, n)', ''])};`, `uint256[] memory cur = ${g.pick(['mk(2, x)', 'new uint256[](0)', 'prev'])};`);
      L.push('for (uint256 i = 0; i < n % 7; i++) {');
      L.push(`    uint256[] memory nxt = ${g.pick(['grow(cur, x + i)', 'mk(i % 3, x + i)', '(x + i) % 2 == 0 ? grow(cur, i) : mk(1, i)', 'i % 3 == 1 ? nothing() : grow(cur, i)'])};`);
      L.push(...filler(g, '    '));
      if (g.chance(0.2)) L.push('    if (nxt.length == 2) continue;');
      L.push('    prev = cur;', '    cur = nxt;');
      L.push('}');
      return { returns: 'uint256[] memory, uint256[] memory, uint256', body: [...L, 'return (cur, prev, cur.length * 10 + prev.length);'] };
    }
    if (v === 0) {
      L.push('uint256[] memory acc = new uint256[](0);');
      L.push('for (uint256 i = 0; i < n % 7; i++) {', ...filler(g, '    '), '    acc = grow(acc, x + i);', '}');
      return { returns: 'uint256[] memory', body: [...L, 'return acc;'] };
    }
    if (v === 1) {
      L.push(`string memory s = ${g.pick(['""', '"start"'])};`);
      L.push('for (uint256 i = 0; i < n % 7; i++) {', ...filler(g, '    '));
      L.push(`    s = string.concat(s, ${g.pick(['i % 2 == 0 ? "a" : "bc"', 'recS(i % 3)', 'string(abi.encodePacked(uint8(97 + i)))'])});`);
      if (g.chance(0.3)) L.push('    if (bytes(s).length > 6) continue;');
      L.push('}');
      return { returns: 'string memory, bytes32', body: [...L, 'return (s, keccak256(bytes(s)));'] };
    }
    if (v === 2) {
      L.push('uint256[] memory cur = mk(2, x);', 'uint256[] memory prev = cur;');
      L.push('for (uint256 i = 0; i < n % 6; i++) {');
      L.push('    if ((x + i) % 3 == 0) { prev = cur; cur = mk(i % 3 + 1, i); }');
      L.push(...filler(g, '    '));
      L.push('    cur[0] += 1;');
      L.push('}');
      return { returns: 'uint256[] memory, uint256[] memory', body: [...L, 'return (cur, prev);'] };
    }
    // two carried pointers that alias now and then
    L.push('uint256[] memory a = mk(1, x);', 'uint256[] memory b = mk(1, n);');
    L.push('for (uint256 i = 0; i < n % 6; i++) {');
    L.push(`    ${g.pick(['(a, b) = (b, a);', 'if (i % 2 == 0) b = a; else b = grow(b, i);', 'a = grow(b, i); if (i % 3 == 2) b = a;'])}`);
    L.push(...filler(g, '    '));
    L.push('    a[0] += 1;');
    L.push('}');
    return { returns: 'uint256[] memory, uint256[] memory', body: [...L, 'return (a, b);'] };
  },

  control(g) {
    const L = ['uint256 total;', 'uint256[] memory last = new uint256[](1);'];
    // a local stored before the jumps and overwritten after them: a break or continue carries
    // the stored value past the store that follows (slot liveness must not kill it there)
    const carried = g.chance(0.5);
    if (carried) L.push('uint256[] memory cur = mk(1, x);', 'uint256[] memory base = cur;');
    L.push('for (uint256 i = 0; i < n % 7; i++) {');
    L.push('    uint256[] memory t = mk(i % 3 + 1, x + i);');
    if (carried) L.push(`    cur = ${g.pick(['grow(cur, x + i)', 't', 'mk(2, i)'])};`);
    L.push(...filler(g, '    '));
    L.push(`    if (t[0] % ${2 + g.int(3)} == 0) continue;`);
    L.push(`    if (i == ${1 + g.int(4)}) ${g.pick(['break;', 'return (t, total, keccak256(abi.encode(t, last)));'])}`);
    if (g.chance(0.5)) L.push('    if (i == 3) last = t;');
    L.push('    bytes memory e = abi.encodePacked(t);', '    total += e.length;');
    if (g.chance(0.3)) L.push('    require(total < 5000, "too much");');
    if (carried) L.push('    cur = base;');
    L.push('}');
    if (carried) L.push('total += cur.length * 1000 + cur[0] % 1000;');
    return { returns: 'uint256[] memory, uint256, bytes32', body: [...L, 'return (last, total, keccak256(abi.encode(last)));'] };
  },

  recursion(g) {
    const L = [];
    const v = g.int(3);
    if (v === 0) L.push('uint256[] memory r = rec(n % 5, x);', ...filler(g, ''), 'return (r, recS(n % 4));');
    else if (v === 1) L.push('string memory s = recS(n % 5);', ...filler(g, ''), 'uint256[] memory r = rec(bytes(s).length % 4, x);', 'r[0] += bytes(s).length;', 'return (r, s);');
    else L.push('uint256[][] memory o = new uint256[][](n % 5);', 'fill(o, o.length);', ...filler(g, ''), 'uint256[] memory r = o.length > 0 ? o[o.length - 1] : rec(1, x);', 'return (r, string(abi.encodePacked(r.length)));');
    return { returns: 'uint256[] memory, string memory', body: L };
  },

  captured(g) {
    const L = ['uint256[][] memory o = new uint256[][](n % 4 + 1);', 'P memory p = P(x, new uint256[](0), "");'];
    L.push('for (uint256 i = 0; i < n % 6; i++) {');
    L.push('    uint256[] memory t = mk(i % 3 + 1, i);');
    L.push('    put(o, i, t);');
    L.push(...filler(g, '    '));
    L.push(`    ${g.pick(['setTag(p, string.concat("t", p.tag));', 'p.xs = t;', 'setTag(p, i % 2 == 0 ? "x" : p.tag);'])}`);
    if (g.chance(0.4)) L.push('    t[0] = 77;'); // written after capture: visible through o
    L.push('}');
    L.push('uint256 s;', 'for (uint256 i = 0; i < o.length; i++) s += sumOf(o[i]);');
    return { returns: 'uint256[][] memory, P memory, uint256', body: [...L, 'return (o, p, s);'] };
  },

  reads(g) {
    const L = ['bytes32 h;'];
    L.push('for (uint256 i = 0; i < n % 6; i++) {');
    L.push('    uint256[] memory t = mk(i % 4, x);', '    string memory s = string.concat("k", i % 2 == 0 ? "v" : "w");');
    L.push(`    h = ${g.pick(['keccak256(abi.encode(h, t, s))', 'keccak256(abi.encodePacked(h, t))', 'sha256(abi.encode(t, i))'])};`);
    if (g.chance(0.5)) L.push('    emit Ev(h, t, s);');
    if (g.chance(0.4)) L.push('    stored = t;');
    if (g.chance(0.3)) L.push('    storedS = s;');
    if (g.chance(0.4)) L.push('    (uint256[] memory back, string memory sb) = abi.decode(abi.encode(t, s), (uint256[], string)); h ^= keccak256(abi.encode(back, sb));');
    L.push(...filler(g, '    '));
    L.push('}');
    L.push('total += uint256(h) % 1000;');
    return { returns: 'bytes32, uint256[] memory', mutates: true, body: [...L, 'return (h, stored);'] };
  },

  asm(g) {
    const L = [];
    const v = g.int(8);
    if (v === 7) { // strings made across assembly blocks, one kept on some runs, an array of them read in assembly
      L.push('string memory best = "";', 'bytes[] memory parts = new bytes[](3);');
      L.push('for (uint256 i = 0; i < n % 6; i++) {', '    string memory d = digitsOf((x % 100000) * (i + 1));', '    parts[i % 3] = bytes(d);');
      L.push(`    if (i % ${g.pick(['2', '3'])} == 1) best = d;`, ...filler(g, '    '), '}');
      return { returns: 'bytes32, uint256', body: [...L, 'return (keccak256(bytes(best)), partsDigest(parts));'] };
    }
    if (v === 4) { // temporaries allocated in assembly, one carried (its value hidden: fp_hidden)
      L.push('bytes memory keep = rawBytes(n % 3, x);');
      L.push('for (uint256 i = 0; i < n % 6; i++) {', '    bytes memory t = rawBytes(i % 40 + 1, x + i);', '    x += uint256(keccak256(t)) % 11;');
      L.push(`    if (i % ${g.pick(['2', '3'])} == 0) keep = ${g.pick(['bytes.concat(keep, t)', 't', 'rawBytes(keep.length + 1, x)'])};`, ...filler(g, '    '), '}');
      return { returns: 'bytes32, uint256', body: [...L, 'return (keccak256(keep), x);'] };
    }
    if (v === 5) { // scratch hashing above the free pointer while temporaries are live and dead
      L.push('uint256[] memory t = mk(n % 4 + 1, x);', 'bytes32 h;');
      L.push('for (uint256 i = 0; i < n % 5; i++) {', '    uint256[] memory u = mk(i + 1, x);', '    h = scratchHash(uint256(h) ^ u[0], t.length + i);');
      L.push('    t[i % t.length] ^= uint256(h) % 100;', ...filler(g, '    '), '}');
      return { returns: 'uint256[] memory, bytes32', body: [...L, 'return (t, scratchHash(uint256(h), sumOf(t)));'] };
    }
    if (v === 6) { // memory allocated in assembly stored into an older array, read back later
      L.push('bytes[] memory bs = new bytes[](3);');
      L.push('for (uint256 i = 0; i < n % 7; i++) {', `    bs[i % 3] = rawBytes(i + ${g.int(3)}, x);`, '    uint256[] memory tmp = mk(i % 3, i);', '    x += tmp.length;', ...filler(g, '    '), '}');
      return { returns: 'bytes32, uint256', body: [...L, 'return (keccak256(abi.encode(bs)), x);'] };
    }
    if (v === 0) { // the free pointer as a value: its layout must be solc's
      L.push('uint256 before;', 'assembly ("memory-safe") { before := mload(0x40) }');
      L.push('uint256[] memory t = mk(n % 4, x);', ...filler(g, ''));
      L.push('uint256 afterFp;', 'assembly ("memory-safe") { afterFp := mload(0x40) }');
      return { returns: 'uint256, uint256[] memory', body: [...L, 'return (afterFp - before, t);'] };
    }
    if (v === 1) { // allocation by hand, then Solidity allocations above it
      L.push('uint256 p;', 'assembly ("memory-safe") { p := mload(0x40) mstore(p, x) mstore(0x40, add(p, 0x20)) }');
      L.push('for (uint256 i = 0; i < n % 5; i++) { uint256[] memory t = mk(i + 1, i); x += t.length; }');
      L.push('uint256 back;', 'assembly ("memory-safe") { back := mload(p) }');
      return { returns: 'uint256, uint256', body: [...L, 'return (back, x);'] };
    }
    if (v === 2) { // scratch memory
      L.push('uint256[] memory t = mk(n % 4 + 1, x);', 'bytes32 h;');
      L.push(`assembly ${g.pick(['("memory-safe") ', ''])}{ mstore(0, x) mstore(0x20, n) h := keccak256(0, 0x40) }`);
      L.push(...filler(g, ''), 't[0] ^= uint256(h);');
      return { returns: 'uint256[] memory, bytes32', body: [...L, 'return (t, h);'] };
    }
    // reading memory through a Solidity pointer, in a loop with temporaries
    L.push('uint256 s;');
    L.push('for (uint256 i = 0; i < n % 5; i++) {', '    uint256[] memory t = mk(i + 1, x);', ...filler(g, '    '));
    L.push(`    assembly ${g.pick(['("memory-safe") ', ''])}{ s := add(s, add(mload(t), mload(add(t, 0x20)))) }`);
    L.push('}');
    return { returns: 'uint256', body: [...L, 'return s;'] };
  },
};

const ARG_N = ['0', '1', '2', '3', '4', '5', '6', '7', '11', '13'];
const ARG_X = ['0', '1', '2', '5', '17', '1000', '115792089237316195423570985008687907853269984665640564039457584007913129639935'];

/** A program stressing escapes; `asm: false` leaves inline assembly out, `shapes` limits the shapes (a campaign on some). */
export function genSolEscape(seed, opts = {}) {
  const asm = opts.asm ?? true;
  const g = new Gen(seed);
  const contract = `Esc${seed}`;
  const shapes = SHAPES.filter((s) => (asm || s !== 'asm') && (!opts.shapes || opts.shapes.includes(s)));
  const chosen = [];
  const nFns = 3 + g.int(3);
  // the first shape rotates with the seed, so every shape appears in every run of the suite
  chosen.push(shapes[seed % shapes.length]);
  while (chosen.length < nFns) chosen.push(g.pick(shapes));
  const body = [];
  const fns = [];
  for (const [k, shape] of chosen.entries()) {
    const { returns, body: lines, mutates } = SHAPE_GEN[shape](g);
    const name = `e${k}_${shape}`;
    fns.push(name);
    const mut = mutates || lines.some((l) => /emit|stored|total/.test(l)) ? '' : ' pure';
    // a late revert, after the function's allocations (x % 7 == 3 for one call in seven)
    if (g.chance(0.4)) lines.splice(lines.length - 1, 0, g.pick(['require(x % 7 != 3, "late");', 'if (x % 7 == 3) revert Late(x, n);']));
    body.push(`    function ${name}(uint256 n, uint256 x) external${mut} returns (${returns}) {`);
    body.push(...lines.map((l) => `        ${l}`), '    }', '');
  }
  const source = [
    '// SPDX-License-Identifier: MIT',
    'pragma solidity ^0.8.20;',
    '',
    `/// generated by bench/gen-sol-escape.mjs, seed ${seed}: ${chosen.join(', ')}`,
    `contract ${contract} {`,
    '    struct P {',
    '        uint256 a;',
    '        uint256[] xs;',
    '        string tag;',
    '    }',
    '    struct Z {',
    '        uint256 a;',
    '        uint256 b;',
    '        string tag;',
    '    }',
    '    struct Q {',
    '        uint256[] xs;',
    '        uint256 a;',
    '        string tag;',
    '    }',
    '',
    '    uint256[] public stored;',
    '    string public storedS;',
    '    uint256 public total;',
    '',
    '    event Ev(bytes32 indexed h, uint256[] xs, string s);',
    '    error Late(uint256 x, uint256 n);',
    HELPERS,
    ...(asm ? [ASM_HELPERS] : []),
    MORE_HELPERS,
    DEEP_HELPERS,
    ...body,
    '}',
    '',
  ].join('\n');
  const calls = [];
  for (const fn of fns) {
    const count = 3 + g.int(3);
    for (let c = 0; c < count; c++) calls.push({ fn, args: [g.pick(ARG_N), g.chance(0.8) ? String(g.int(50)) : g.pick(ARG_X)] });
  }
  calls.push({ fn: 'total', args: [] }, { fn: 'storedS', args: [] });
  return { source, contract, calls, shapes: chosen };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const p = genSolEscape(Number(process.argv[2] ?? 1), { asm: !process.argv.includes('--no-asm') });
  process.stdout.write(p.source);
  process.stdout.write(`// calls: ${JSON.stringify(p.calls)}\n`);
}
