// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Objects an outer array holds (packages/sol/src/lifetime/held-release.ts): a loop stores each
// iteration's new object into an element of an array allocated before it. The first functions
// may reuse the displaced objects' memory; the ones after `// not reusable` must not (another
// holder, a second store, a store in a nested loop, a choice of objects) and check that the
// results stay right either way.
contract LifetimesHeld {
  struct P { uint256 x; uint256 y; }
  struct Node { uint256 v; uint256[] kids; string tag; }

  function grid(uint256 n) external pure returns (uint256 s) {
    uint256[][] memory g = new uint256[][](3);
    for (uint256 i = 0; i < n; i++) {
      uint256[] memory row = new uint256[](3);
      row[i % 3] = i + 1;
      if (i % 5 == 0) g[i % 3] = row;
      uint256[] memory junk = new uint256[](i % 7 + 1);
      junk[0] = row[i % 3];
      s += junk[0];
    }
    for (uint256 r = 0; r < 3; r++) if (g[r].length > 0) s += g[r][0] * 3 + g[r][1] * 5 + g[r][2] * 7;
  }

  function label(uint256 i) internal pure returns (string memory) {
    bytes memory b = new bytes(i % 5 + 1);
    for (uint256 k = 0; k < b.length; k++) b[k] = bytes1(uint8(97 + (i + k) % 26));
    return string(b);
  }

  function ring(uint256 n, uint256 k) external pure returns (string[] memory out) {
    out = new string[](k % 4 + 1);
    for (uint256 i = 0; i < n; i++) out[i % out.length] = string.concat(label(i), "-", label(i * 7));
  }

  // lengths of one to three words: a longer one does not fit into the one it displaces
  function sizes(uint256 n) external pure returns (bytes32 h, uint256 total) {
    bytes[] memory out = new bytes[](2);
    for (uint256 i = 0; i < n; i++) {
      bytes memory b = new bytes((i * 37) % 70);
      if (b.length > 0) b[b.length - 1] = bytes1(uint8(i));
      out[i % 2] = b;
    }
    for (uint256 r = 0; r < 2; r++) total += out[r].length;
    h = keccak256(abi.encode(out));
  }

  function pairs(uint256 n) external pure returns (uint256[2][] memory out) {
    require(n <= 100, "too many");
    out = new uint256[2][](n % 3 + 2);
    for (uint256 i = 0; i < n; i++) {
      uint256[2] memory p = [i, i * i];
      out[i % out.length] = p;
    }
  }

  function point(uint256 x, uint256 y) internal pure returns (P memory) {
    return P(x, y);
  }

  function points(uint256 n) external pure returns (uint256 s) {
    P[] memory ps = new P[](3);
    for (uint256 i = 0; i < n; i++) {
      ps[(i * 7) % 3] = point(i, s);
      s += ps[i % 3].x + ps[(i + 1) % 3].y % 1000;
    }
  }

  // each element is written once, with temporaries: they are given back, the labels moved down
  function fillLabels(uint256 n) external pure returns (string[] memory out) {
    out = new string[](n);
    for (uint256 i = 0; i < n; i++) out[i] = string.concat(label(i), "!", label(i + 3));
  }

  // nothing to give back: each element is written once and nothing else is allocated
  function fill(uint256 n) external pure returns (P[] memory out) {
    out = new P[](n);
    for (uint256 i = 0; i < n; i++) out[i] = P(i, i * i);
  }

  // nothing to give back either: each element is written once (`k++`, in the same statement)
  function evens(uint256 n) external pure returns (uint256[][] memory parts) {
    parts = new uint256[][](n / 2 + n % 2);
    uint256 k;
    for (uint256 i = 0; i < n; i++) {
      if (i % 2 == 0) {
        uint256[] memory w = new uint256[](1);
        w[0] = i * i;
        parts[k++] = w;
      }
    }
  }

  // a graph: each node's arrays are copied into the displaced node's when they fit
  function nodes(uint256 n) external pure returns (uint256 s) {
    Node[] memory ns = new Node[](3);
    for (uint256 i = 0; i < n; i++) {
      Node memory x = Node(i, new uint256[](i % 4 + 1), string.concat("n", i % 5 == 0 ? "five" : "o"));
      x.kids[0] = i * 2;
      ns[i % 3] = x;
      uint256[] memory scratch = new uint256[](3);
      scratch[2] = x.kids[x.kids.length - 1];
      s += scratch[2] + ns[(i + 1) % 3].v + bytes(ns[(i + 2) % 3].tag).length;
    }
    for (uint256 k = 0; k < 3; k++) s += ns[k].kids.length * 7 + (ns[k].kids.length == 0 ? 0 : ns[k].kids[0]) + bytes(ns[k].tag).length;
  }

  // a graph whose array was allocated before the loop: its address is copied
  function sharedKids(uint256 n) external pure returns (uint256 s) {
    uint256[] memory base = new uint256[](2);
    Node[] memory ns = new Node[](2);
    for (uint256 i = 0; i < n; i++) {
      ns[i % 2] = Node(i, base, "t");
      base[i % 2] += i;
    }
    for (uint256 k = 0; k < 2; k++) s += ns[k].v + (ns[k].kids.length == 0 ? 0 : ns[k].kids[0] * 3 + ns[k].kids[1] * 5);
  }

  // not reusable: a local variable keeps the last node's array
  function kidsKept(uint256 n) external pure returns (uint256 s) {
    Node[] memory ns = new Node[](2);
    uint256[] memory last = new uint256[](0);
    for (uint256 i = 0; i < n; i++) {
      uint256[] memory k = new uint256[](2);
      k[1] = i;
      ns[i % 2] = Node(i, k, "");
      last = k;
    }
    if (last.length > 0) last[0] = 9;
    for (uint256 j = 0; j < 2; j++) s += ns[j].kids.length == 0 ? 0 : ns[j].kids[0] * 10 + ns[j].kids[1];
  }

  // the displaced row is read and written after the store, before it is reused
  function readOld(uint256 n) external pure returns (uint256 s) {
    uint256[][] memory g = new uint256[][](2);
    g[0] = new uint256[](2);
    g[1] = new uint256[](2);
    for (uint256 i = 0; i < n; i++) {
      uint256[] memory old = g[i % 2];
      uint256[] memory row = new uint256[](2);
      row[0] = i;
      row[1] = old[0] + 1;
      g[i % 2] = row;
      old[1] += 5;
      s += old[0] + old[1] + row[1];
    }
    s += g[0][0] + g[0][1] + g[1][0] + g[1][1];
  }

  // some iterations leave early, after the store
  function skips(uint256 n) external pure returns (uint256 s) {
    bytes[] memory bs = new bytes[](3);
    for (uint256 i = 0; i < n; i++) {
      bytes memory b = abi.encodePacked(uint16(i), uint8(i % 3));
      bs[i % 3] = b;
      if (i % 4 == 1) continue;
      bytes memory t = abi.encodePacked(b, b);
      s += uint8(t[3]);
    }
    for (uint256 r = 0; r < 3; r++) s += bs[r].length == 0 ? 0 : uint8(bs[r][1]) + uint8(bs[r][0]);
  }

  // a new outer array for each run of the inner loop
  function rounds(uint256 n) external pure returns (uint256 s) {
    for (uint256 j = 0; j < 3; j++) {
      uint256[][] memory g = new uint256[][](2);
      for (uint256 i = 0; i < n; i++) {
        uint256[] memory row = new uint256[](2);
        row[1] = j;
        row[0] = i + j;
        g[i % 2] = row;
      }
      uint256[] memory tmp = new uint256[](4);
      tmp[3] = j;
      for (uint256 r = 0; r < 2; r++) if (g[r].length > 0) s += g[r][0] * (r + 2) + g[r][1] + tmp[3];
    }
  }

  // an element starts with an array a local variable keeps
  function keptStart(uint256 n) external pure returns (uint256 s) {
    uint256[] memory first = new uint256[](2);
    first[0] = 11;
    uint256[][] memory g = new uint256[][](2);
    g[0] = first;
    for (uint256 i = 0; i < n; i++) {
      uint256[] memory row = new uint256[](2);
      row[1] = i;
      g[i % 2] = row;
    }
    first[1] = 3;
    s = first[0] + first[1] + g[0][1] + g[1][1];
  }

  // either of two new objects, made in the two branches of an `if` (one record for both)
  function branches(uint256 n) external pure returns (uint256 s) {
    P[] memory ps = new P[](4);
    for (uint256 i = 0; i < n; i++) {
      P memory cur = ps[i % 4];
      s += cur.x + cur.y * 2;
      if (i % 3 == 0) ps[i % 4] = point(i, i + 1);
      else if (i % 3 == 1) delete ps[(i + 1) % 4];
    }
    for (uint256 k = 0; k < 4; k++) s += ps[k].x * 3 + ps[k].y;
  }

  // the two stores of branches, with a temporary outside them that dies after them: the
  // release stays at the region's end, one record for both stores
  function branchesTemp(uint256 n) external pure returns (uint256 s) {
    P[] memory ps = new P[](4);
    for (uint256 i = 0; i < n; i++) {
      uint256[] memory t = new uint256[](3);
      t[i % 3] = i;
      if (i % 3 == 0) ps[i % 4] = point(i, i + 1);
      else if (i % 3 == 1) delete ps[(i + 1) % 4];
      s += t[0] + ps[i % 4].x;
    }
    for (uint256 k = 0; k < 4; k++) s += ps[k].x * 3 + ps[k].y;
  }

  // the new row is read after its branch through a local: released at the region's end, not
  // at the branch's (moving a longer row down would overwrite what the local still reads)
  function readAfterBranch(uint256 n) external pure returns (bytes32 h, uint256 s) {
    bytes[] memory out = new bytes[](1);
    out[0] = new bytes(1);
    for (uint256 i = 0; i < n; i++) {
      bytes memory cur = out[0];
      if (i % 2 == 0) {
        bytes memory b = new bytes(i % 90 + 1);
        b[0] = bytes1(uint8(i));
        b[b.length - 1] = bytes1(uint8(i + 7));
        out[0] = b;
        cur = b;
      }
      s += uint8(cur[0]) + cur.length * 3 + uint8(cur[cur.length - 1]);
    }
    h = keccak256(out[0]);
  }

  // not reusable: the last row stays in a local variable too
  function alsoLocal(uint256 n) external pure returns (uint256 s) {
    uint256[][] memory g = new uint256[][](2);
    uint256[] memory last = new uint256[](2);
    for (uint256 i = 0; i < n; i++) {
      uint256[] memory row = new uint256[](2);
      row[0] = i;
      g[i % 2] = row;
      last = row;
    }
    last[1] = 9;
    s = last[0] + last[1] + g[0][0] + g[1][0] + g[0][1] + g[1][1];
  }

  // not reusable: one row in two elements
  function twice(uint256 n) external pure returns (uint256 s) {
    uint256[][] memory g = new uint256[][](3);
    for (uint256 i = 0; i < n; i++) {
      uint256[] memory row = new uint256[](2);
      row[0] = i;
      g[i % 3] = row;
      g[(i + 1) % 3] = row;
      g[(i + 1) % 3][1] += 1;
    }
    for (uint256 r = 0; r < 3; r++) if (g[r].length > 0) s += g[r][0] * 10 + g[r][1];
  }

  // not reusable: two outer arrays hold the row
  function twoHolders(uint256 n) external pure returns (uint256 s) {
    uint256[][] memory a = new uint256[][](2);
    uint256[][] memory b = new uint256[][](2);
    for (uint256 i = 0; i < n; i++) {
      uint256[] memory row = new uint256[](2);
      row[0] = i;
      a[i % 2] = row;
      b[(i + 1) % 2] = row;
    }
    a[0][1] = 7;
    for (uint256 r = 0; r < 2; r++) if (b[r].length > 0) s += b[r][0] + b[r][1] * 3;
  }

  // not reusable: the store runs many times an iteration
  function inner(uint256 n) external pure returns (uint256 s) {
    uint256[][] memory g = new uint256[][](2);
    for (uint256 i = 0; i < n; i++) {
      uint256[] memory row = new uint256[](2);
      row[0] = i;
      for (uint256 j = 0; j < 2; j++) g[(i + j) % 2] = row;
      row[1] = i * 2;
    }
    s = g[0][0] + g[0][1] * 3 + g[1][0] * 5 + g[1][1] * 7;
  }

  // not reusable: the loop also stores an array a local variable keeps
  function otherKept(uint256 n) external pure returns (uint256 s) {
    uint256[][] memory g = new uint256[][](2);
    uint256[] memory kept = new uint256[](0);
    for (uint256 i = 0; i < n; i++) {
      if (i == 1) {
        kept = new uint256[](2);
        kept[0] = 100;
        g[0] = kept;
      }
      uint256[] memory row = new uint256[](2);
      row[0] = i;
      g[i % 2] = row;
    }
    s = g[0][0] + g[1][0] * 3 + (kept.length > 0 ? kept[0] * 5 : 0);
  }

  // not reusable: two new rows stored in one iteration
  function bothStored(uint256 n) external pure returns (uint256 s) {
    uint256[][] memory g = new uint256[][](3);
    for (uint256 i = 0; i < n; i++) {
      uint256[] memory a = new uint256[](2);
      a[0] = i;
      g[i % 3] = a;
      uint256[] memory b = new uint256[](2);
      b[0] = i * 5;
      g[(i + 1) % 3] = b;
    }
    s = g[0][0] + g[1][0] * 3 + g[2][0] * 7;
  }

  // not reusable: either of two new rows
  function choice(uint256 n) external pure returns (uint256 s) {
    uint256[][] memory g = new uint256[][](2);
    for (uint256 i = 0; i < n; i++) {
      uint256[] memory a = new uint256[](2);
      uint256[] memory b = new uint256[](3);
      a[0] = i;
      b[0] = i * 3;
      g[i % 2] = i % 3 == 0 ? a : b;
    }
    s = g[0][0] + g[1][0] + g[0].length * 10 + g[1].length * 100;
  }
}
