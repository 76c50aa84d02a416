// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.0;

// Arrays of structs that escape (returned, passed to helpers) whose element types nothing in the
// program writes in place: their slots start at one zero element instead of one each. W is
// written in place (bump), so arrays of W keep one zero element per slot.
contract LifetimesZeroByType {
  struct P { uint256 x; uint256 y; }
  struct Box { uint256[2] lo; uint256 tag; }
  struct W { uint256 a; uint256 b; uint256 c; }

  function append(P[] memory a, P memory p) internal pure returns (P[] memory b) {
    b = new P[](a.length + 1);
    for (uint256 i = 0; i < a.length; i++) b[i] = a[i];
    b[a.length] = p;
  }

  // an array grown by a helper that returns a new, longer one each time
  function polygon(uint256 n) external pure returns (uint256 s) {
    P[] memory pts;
    for (uint256 i = 0; i < n; i++) pts = append(pts, P(i, i * i));
    for (uint256 i = 0; i < pts.length; i++) s += pts[i].x * 3 + pts[i].y;
  }

  function heavy(P[] memory a, uint256 min) internal pure returns (P[] memory out) {
    uint256 count = 0;
    for (uint256 i = 0; i < a.length; i++) if (a[i].y >= min) count++;
    out = new P[](count);
    uint256 k = 0;
    for (uint256 i = 0; i < a.length; i++) if (a[i].y >= min) out[k++] = a[i];
  }

  // filtered into a returned array, then returned itself with one slot left zero
  function filtered(uint256 n) external pure returns (P[] memory out) {
    P[] memory all = new P[](n);
    for (uint256 i = 0; i < n; i++) all[i] = P(i, (i * 7) % 10);
    P[] memory h = heavy(all, 5);
    out = new P[](h.length + 1);
    for (uint256 i = 0; i < h.length; i++) out[i + 1] = h[i];
  }

  // slots never replaced are read back (and ABI-encoded) as zero
  function sparse(uint256 n) external pure returns (P[] memory ps, uint256 zeros) {
    ps = new P[](n);
    for (uint256 i = 0; i < n; i += 3) ps[i] = P(i + 1, 2 * i + 1);
    for (uint256 i = 0; i < n; i++) if (ps[i].x == 0 && ps[i].y == 0) zeros++;
  }

  function makeBoxes(uint256 n) internal pure returns (Box[] memory bs) {
    bs = new Box[](n);
    for (uint256 i = 1; i < n; i += 2) bs[i] = Box([i, i + 1], 7);
  }

  // elements with a static array inside, from a helper
  function boxes(uint256 n) external pure returns (Box[] memory bs) {
    bs = makeBoxes(n);
    if (n > 0) bs[0] = bs[n - 1];
  }

  function bump(W[] memory ws, uint256 k) internal pure {
    ws[k].a += 5;
    ws[k].c = ws[k].a + k;
  }

  // written in place: each slot keeps its own zero element
  function written(uint256 n) external pure returns (W[] memory ws) {
    ws = new W[](n);
    for (uint256 i = 0; i < n; i += 2) bump(ws, i);
    if (n > 1) bump(ws, 1);
  }
}
