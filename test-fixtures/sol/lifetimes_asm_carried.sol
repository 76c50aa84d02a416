// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Memory allocated from the free pointer in one assembly block and handed to a later block in
/// a value-typed local (a carrier), which points the result there; a joiner that reads the
/// length of an array of arrays; and near misses where the carried address or an element's
/// address shows.
library Carried {
    /// Decimal digits of `v`, written backwards: the first block reserves 96 bytes and leaves
    /// their end in `end` and `ptr`, Solidity moves `ptr`, the last block makes the string.
    function decimal(uint256 v) internal pure returns (string memory s) {
        uint256 ptr;
        uint256 end;
        assembly ("memory-safe") {
            let m := mload(0x40)
            end := add(m, 0x60)
            mstore(0x40, add(end, 0x20))
            ptr := end
        }
        do {
            ptr--;
            uint256 d = 48 + (v % 10);
            assembly ("memory-safe") {
                mstore8(ptr, d)
            }
            v /= 10;
        } while (v != 0);
        assembly ("memory-safe") {
            s := sub(ptr, 0x20)
            mstore(s, sub(end, ptr))
        }
    }

    /// The same, with the carried address also returned as a number: where memory lies shows.
    function decimalAt(uint256 v) internal pure returns (string memory s, uint256 at) {
        uint256 ptr;
        assembly ("memory-safe") {
            ptr := add(mload(0x40), 0x60)
            mstore(0x40, add(ptr, 0x20))
        }
        uint256 end = 0;
        do {
            ptr--;
            end++;
            uint256 d = 48 + (v % 10);
            assembly ("memory-safe") {
                mstore8(ptr, d)
            }
            v /= 10;
        } while (v != 0);
        assembly ("memory-safe") {
            s := sub(ptr, 0x20)
            mstore(s, end)
            at := ptr
        }
    }

    /// A carrier that holds fresh memory on one path and the argument's on the other: the
    /// result may be `b` itself.
    function freshOrSame(bytes memory b, bool fresh) internal pure returns (bytes memory r) {
        uint256 p;
        if (fresh) {
            assembly ("memory-safe") {
                p := mload(0x40)
                mstore(p, 2)
                mstore(add(p, 0x20), shl(240, 0x6869))
                mstore(0x40, add(p, 0x40))
            }
        } else {
            assembly ("memory-safe") {
                p := b
            }
        }
        assembly ("memory-safe") {
            r := p
        }
    }

    /// `parts` joined: the end of its elements comes from the array's length word.
    function join(bytes[] memory parts) internal pure returns (bytes memory r) {
        assembly ("memory-safe") {
            r := mload(0x40)
            let dst := add(r, 0x20)
            let at := add(parts, 0x20)
            let last := add(at, shl(5, mload(parts)))
            for {} lt(at, last) { at := add(at, 0x20) } {
                let part := mload(at)
                let len := mload(part)
                for { let o := 0 } lt(o, len) { o := add(o, 0x20) } { mstore(add(dst, o), mload(add(part, add(0x20, o)))) }
                dst := add(dst, len)
            }
            mstore(r, sub(dst, add(r, 0x20)))
            mstore(0x40, and(add(dst, 63), not(31)))
        }
    }

    /// The block steps `parts` to its first element: the word there is an address.
    function firstElementWord(bytes[] memory parts) internal pure returns (uint256 w) {
        assembly ("memory-safe") {
            parts := add(parts, 0x20)
            w := mload(parts)
        }
    }
}

contract LifetimesAsmCarried {
    /// The digits of 0..n-1 one after another: each string dies in its run.
    function digitSum(uint256 n) external pure returns (uint256 total, bytes32 h) {
        for (uint256 i = 0; i < n; i++) {
            string memory s = Carried.decimal(i * 7919);
            total += bytes(s).length;
            h = keccak256(abi.encodePacked(h, s));
        }
    }

    /// The last string survives the loop.
    function lastDecimal(uint256 n) external pure returns (string memory last) {
        for (uint256 i = 0; i <= n; i++) {
            string memory s = Carried.decimal(i * i + 3);
            if (bytes(s).length > 1) last = s;
        }
    }

    /// Runs of "i,i+1,i+2" joined, hashed, and dropped.
    function joins(uint256 n) external pure returns (bytes32 h) {
        for (uint256 i = 0; i < n; i++) {
            bytes[] memory parts = new bytes[](3);
            for (uint256 k = 0; k < 3; k++) parts[k] = bytes(Carried.decimal(i + k));
            h = keccak256(abi.encodePacked(h, Carried.join(parts)));
        }
    }

    /// Near miss: the carried address read as a number.
    function seenCarrier(uint256 n) external pure returns (uint256 sum) {
        for (uint256 i = 0; i < n; i++) {
            bytes memory tmp = new bytes(40 + i);
            (string memory s, uint256 at) = Carried.decimalAt(i + tmp.length);
            sum += at + bytes(s).length;
        }
    }

    /// Near miss: a result that is the argument on odd runs, kept past the loop and written
    /// through the argument afterwards.
    function maybeSame(uint256 n) external pure returns (bytes memory) {
        bytes memory keep = new bytes(2);
        bytes memory last;
        for (uint256 i = 0; i < n; i++) {
            bytes memory tmp = abi.encodePacked(i, last.length > 0 ? last[0] : bytes1(0));
            bytes memory r = Carried.freshOrSame(keep, i % 2 == 0);
            r[0] = tmp[31];
            last = r;
        }
        keep[1] = "Z";
        return abi.encodePacked(last, keep);
    }

    /// Near miss: the address of the first element, read through a stepped array address.
    function seenElement(uint256 n) external pure returns (uint256 sum) {
        for (uint256 i = 0; i < n; i++) {
            bytes memory tmp = abi.encodePacked(i, n);
            sum += uint8(tmp[31]);
            bytes[] memory parts = new bytes[](2);
            parts[0] = new bytes(i + 1);
            parts[1] = new bytes(33);
            sum += Carried.firstElementWord(parts);
        }
    }
}
