// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.0;

// Compaction at an allocation (LIFETIME.md (K2), (K5), (K6)): a string a local holds outlives
// the temporaries it was built from and is moved down over them before the next allocation,
// although an outer array that will hold it later reaches it for points-to. Where an older
// object was written since the temporaries to hold it, it must stay.
contract LifetimesCompactionSince {
  struct Param { string key; string value; }

  function itoa(uint256 v) internal pure returns (string memory) {
    uint256 digits = 1;
    for (uint256 x = v / 10; x != 0; x /= 10) digits++;
    bytes memory b = new bytes(digits);
    for (; digits > 0; v /= 10) b[--digits] = bytes1(uint8(48 + (v % 10)));
    return string(b);
  }

  function value(uint256 r) internal pure returns (string memory) {
    bytes memory v = new bytes(1 + (r % 9));
    for (uint256 k = 0; k < v.length; k++) v[k] = bytes1(uint8(97 + ((r >> k) % 26)));
    return string(v);
  }

  function digest(Param[] memory ps) internal pure returns (bytes32 h) {
    for (uint256 i = 0; i < ps.length; i++) h = keccak256(abi.encodePacked(h, ps[i].key, "=", ps[i].value));
  }

  // the key (a local) is moved down over the literal and the number before `value` allocates
  function params(uint256 n) external pure returns (bytes32, uint256) {
    Param[] memory ps = new Param[](n);
    for (uint256 i = 0; i < n; i++) {
      string memory key = string.concat(i % 2 == 0 ? "even" : "odd", itoa(i * 7));
      ps[i] = Param(key, value(i));
    }
    return (digest(ps), ps.length);
  }

  // ---- must stay ----

  // the element's key is written before `value` allocates: the key may not move
  function writtenFirst(uint256 n) external pure returns (bytes32) {
    Param[] memory ps = new Param[](n);
    for (uint256 i = 0; i < n; i++) {
      string memory key = string.concat(i % 2 == 0 ? "even" : "odd", itoa(i * 7));
      ps[i].key = key;
      string memory v = value(i);
      ps[i].value = string.concat(v, key);
    }
    return digest(ps);
  }

  // a callee stores the key into the array before `value` allocates
  function storedByCall(uint256 n) external pure returns (bytes32) {
    Param[] memory ps = new Param[](n);
    for (uint256 i = 0; i < n; i++) {
      string memory key = string.concat(i % 2 == 0 ? "even" : "odd", itoa(i * 7));
      setKey(ps, i, key);
      string memory v = value(i);
      ps[i].value = string.concat(v, key);
    }
    return digest(ps);
  }

  function setKey(Param[] memory ps, uint256 i, string memory key) internal pure {
    ps[i].key = key;
  }
}
