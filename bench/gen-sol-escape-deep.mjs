// The `deep` shape of bench/gen-sol-escape.mjs: object graphs carried across loop iterations
// (deep moves, packages/sol/LIFETIME.md "Deep moves") and results that outlive temporaries
// allocated below them (compaction at allocations). Variations:
//   0  uint256[2][2] carried through `m = mat(m, i)`, sometimes with a row replaced in place
//      or the two rows made one (`m[0] = m[1]`), next to a matrix the loop only reads
//   1  a struct holding an array and a string carried through `q = stepQ(q, i, share)`; with
//      share the new instance keeps the old one's string (no deep move may happen then)
//   2  an array of arrays whose rows are fresh, kept from the old instance or shared, while
//      a row of an old instance is kept in another variable
//   3  uint256[2][2][2] rebuilt from the old one's parts each iteration (nested graphs)
//   4  `keccak256(abi.encodePacked(h, string.concat("k", str(i), ":", str(x))))` and
//      `abi.encode(string.concat(...), h)`: results over temporaries
//   5  structs a helper builds between its temporaries (spans with holes), kept in one or
//      two variables on some runs, sometimes sharing a string or written through one
// filler(g, indent) adds seeded allocations between the steps (from the main generator).

/** Helpers the deep shapes call (in every generated contract, with struct Q). */
export const DEEP_HELPERS = `
    /// a fresh 2x2 matrix from the argument (loop-carried graph: m = mat(m, i))
    function mat(uint256[2][2] memory a, uint256 v) internal pure returns (uint256[2][2] memory c) {
        c[0] = [a[0][0] + a[1][1] + v, a[0][1] ^ v];
        c[1][0] = a[1][0] + 1;
        c[1][1] = (a[0][0] * 3 + a[1][1]) % 1000003;
    }

    /// a fresh struct from the argument; with share, its tag is the old instance's
    function stepQ(Q memory q, uint256 v, bool share) internal pure returns (Q memory r) {
        r.xs = new uint256[](q.xs.length % 4 + 1);
        for (uint256 i = 0; i < r.xs.length; i++) r.xs[i] = v + i + (i < q.xs.length ? q.xs[i] : 0);
        r.a = q.a + v;
        r.tag = share ? q.tag : string.concat(q.tag, v % 2 == 0 ? "e" : "o");
        if (bytes(r.tag).length > 5) r.tag = "";
    }

    /// a fresh array of arrays from the argument: rows replaced, kept or shared
    function rows(uint256[][] memory o, uint256 v) internal pure returns (uint256[][] memory r) {
        r = new uint256[][](2);
        r[0] = mk(v % 3 + 1, v);
        r[1] = v % 3 == 0 ? r[0] : o[0];
    }

    /// a struct whose parts lie between the helper's temporaries: its span has holes
    function holeyQ(uint256 v) internal pure returns (Q memory r) {
        bytes memory t = abi.encode(v, v + 1);
        r.tag = str(v % 97);
        uint256[] memory tmp = mk(v % 3 + 1, v);
        r.xs = mk(v % 4 + 1, uint256(keccak256(t)) % 50 + tmp[0]);
        r.a = v + tmp.length;
    }

    function str(uint256 v) internal pure returns (string memory) {
        if (v == 0) return "0";
        uint256 len;
        for (uint256 t = v; t != 0; t /= 10) len++;
        bytes memory b = new bytes(len);
        for (uint256 i = len; i > 0; i--) { b[i - 1] = bytes1(uint8(48 + v % 10)); v /= 10; }
        return string(b);
    }
`;

export function deepShape(g, filler) {
    const v = g.int(6);
    const L = [];
    if (v === 0) {
      L.push('uint256[2][2] memory m = [[x % 1000, uint256(1)], [uint256(2), n]];');
      if (g.chance(0.5)) L.push('uint256[2][2] memory k = [[uint256(7), 0], [uint256(0), 7]];');
      else L.push('uint256[2][2] memory k = m;');
      L.push('for (uint256 i = 0; i < n % 7; i++) {', ...filler(g, '    '));
      L.push(`    ${g.pick(['m = mat(m, i + k[0][0]);', 'if (i % 2 == 0) m = mat(m, i); else m[1] = [i, m[0][0]];', 'm = mat(m, i); m[0] = m[1];'])}`);
      if (g.chance(0.4)) L.push('    k[1][1] += m[1][0] % 5;');
      L.push('}');
      return { returns: 'uint256, uint256, uint256', body: [...L, 'return (m[0][0] + m[0][1], m[1][0] + m[1][1], k[0][0] + k[1][1]);'] };
    }
    if (v === 1) {
      L.push('Q memory q;', g.chance(0.5) ? 'q.tag = "s";' : 'q.xs = mk(2, x);');
      L.push('for (uint256 i = 0; i < n % 7; i++) {', ...filler(g, '    '));
      L.push(`    q = stepQ(q, x + i, ${g.pick(['false', 'i % 3 == 1', 'true'])});`);
      if (g.chance(0.3)) L.push('    if (q.a % 4 == 1) continue;');
      L.push('}');
      return { returns: 'uint256[] memory, uint256, string memory', body: [...L, 'return (q.xs, q.a, q.tag);'] };
    }
    if (v === 2) {
      L.push('uint256[][] memory o = new uint256[][](2);', 'o[0] = mk(1, x);', 'o[1] = o[0];');
      L.push('uint256[] memory row = o[0];');
      L.push('for (uint256 i = 0; i < n % 6; i++) {', ...filler(g, '    '));
      L.push('    o = rows(o, x + i);');
      if (g.chance(0.5)) L.push('    if (i % 2 == 1) row = o[1];');
      L.push('    o[1][0] += 1;');
      L.push('}');
      return { returns: 'uint256[] memory, uint256[] memory, uint256[] memory', body: [...L, 'return (o[0], o[1], row);'] };
    }
    if (v === 3) {
      L.push('uint256[2][2][2] memory c;');
      L.push('for (uint256 i = 0; i < n % 6; i++) {', ...filler(g, '    '));
      L.push('    uint256[2][2][2] memory d;');
      L.push(`    d[i % 2] = ${g.pick(['c[(i + 1) % 2]', 'mat(c[0], i)'])};`);
      L.push('    d[1][1][1] = c[1][1][1] + i + 1;');
      L.push('    c = d;');
      L.push('}');
      return { returns: 'uint256, uint256', body: [...L, 'return (c[0][0][0] + c[1][0][1], c[1][1][1] + c[0][1][0]);'] };
    }
    if (v === 5) {
      L.push('Q memory best = holeyQ(x);', g.pick(['Q memory last = best;', 'Q memory last = holeyQ(x + 1);', 'Q memory last;']));
      L.push(`for (uint256 i = 0; i < n % ${5 + g.int(9)}; i++) {`, ...filler(g, '    '));
      L.push('    Q memory c = holeyQ(x + i * 7);');
      L.push(`    ${g.pick(['if (c.a % 3 == 1 || i == 0) best = c;', 'if (c.xs[0] > best.xs[0]) best = c;', 'if (i % 4 != 3) best = c;'])}`);
      if (g.chance(0.6)) L.push(`    if (i % ${2 + g.int(3)} == 1) last = best;`);
      if (g.chance(0.3)) L.push('    if (i % 4 == 2) last.tag = c.tag;');
      if (g.chance(0.3)) L.push('    if (bytes(best.tag).length > 0) bytes(best.tag)[0] = "q";');
      L.push('}');
      return { returns: 'uint256[] memory, uint256, string memory', body: [...L, 'return (best.xs, best.a + last.a + last.xs.length, string.concat(best.tag, "|", last.tag));'] };
    }
    // a result that outlives the temporaries allocated below it
    L.push('bytes32 h;');
    L.push('for (uint256 i = 0; i < n % 7; i++) {', ...filler(g, '    '));
    L.push(`    ${g.pick(['h = keccak256(abi.encodePacked(h, string.concat("k", str(i), ":", str(x))));', 'bytes memory e = abi.encode(string.concat(str(i), "/", str(x + i)), h); h = keccak256(e);'])}`);
    L.push('}');
    L.push(`string memory last = string.concat(str(x), "-", str(n));`, 'bytes memory enc = abi.encodePacked(last, h);');
    return { returns: 'bytes32, string memory, bytes memory', body: [...L, 'return (h, last, enc);'] };
  }
