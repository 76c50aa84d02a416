// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Copies between locations: nested storage arrays, arrays of strings, string-keyed mappings,
/// structs holding nested structs / struct arrays / static arrays copied storage ↔ memory,
/// delete of whole aggregates, indexed struct event arguments, nested memory arrays.
contract CopiesNested {
    struct In { uint8 a; bytes b; }
    struct S { uint256 x; In inner; In[] list; uint16[3] fixd; }
    S internal st;
    uint256[][] internal grid;
    string[] internal words;
    mapping(string => uint256) internal byName;
    uint64[5] internal fixedArr;
    event E(S indexed s, In x);

    function a(uint256 n) external returns (uint256, uint256) {
        grid.push();
        grid[grid.length - 1].push(n);
        grid.push(new uint256[](2));
        uint256[][] memory g = grid;
        words.push("w");
        words.push(string(abi.encodePacked("long word ", n, " that is long")));
        byName[words[1]] = n;
        return (g.length, byName[words[1]]);
    }
    function b(uint8 v, bytes memory bb) external returns (S memory) {
        st.x = v;
        st.inner = In(v, bb);
        st.list.push(In(v + 1, bb));
        st.list.push(st.inner);
        st.fixd[1] = 7;
        fixedArr[4] = 9;
        S memory m = st;
        emit E(m, m.inner);
        return m;
    }
    function c() external returns (uint256) {
        delete st;
        delete grid;
        delete fixedArr;
        return st.list.length;
    }
    function d(bytes memory data) external pure returns (In memory r, uint256[] memory xs) {
        (r, xs) = abi.decode(data, (In, uint256[]));
    }
    function e(uint256[][] memory m) external pure returns (uint256[][] memory, uint256) {
        uint256[][] memory c2 = m;
        delete c2;
        int8 z = -5;
        return (m, uint256(int256(-z)));
    }
    function f(uint256 i) external view returns (string memory, uint64) {
        return (words[i], fixedArr[i]);
    }
}
