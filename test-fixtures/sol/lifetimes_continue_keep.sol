// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A loop that replaces an array of strings only in the runs that reach the end of its body:
/// the others `continue` first. Keeping the array at every end of a run would walk it each
/// time for nothing (packages/sol/src/lifetime/releases.ts (R4')).
contract ContinueKeep {
    function label(uint256 k) internal pure returns (string memory) {
        bytes memory b = new bytes(3);
        b[0] = "w";
        b[1] = bytes1(uint8(97 + (k % 26)));
        b[2] = bytes1(uint8(48 + (k % 10)));
        return string(b);
    }

    /// distinct labels and how often each came, in order of first sight
    function tally(uint256 n) external pure returns (string[] memory seen, uint256[] memory times) {
        seen = new string[](0);
        times = new uint256[](0);
        for (uint256 i = 0; i < n; i++) {
            string memory w = label((i * 7 + i / 3) % 17);
            uint256 at = seen.length;
            for (uint256 j = 0; j < seen.length; j++) {
                if (keccak256(bytes(seen[j])) == keccak256(bytes(w))) {
                    at = j;
                    break;
                }
            }
            if (at < seen.length) {
                times[at] += 1;
                continue;
            }
            string[] memory s2 = new string[](seen.length + 1);
            uint256[] memory t2 = new uint256[](seen.length + 1);
            for (uint256 j = 0; j < seen.length; j++) {
                s2[j] = seen[j];
                t2[j] = times[j];
            }
            s2[seen.length] = w;
            t2[seen.length] = 1;
            seen = s2;
            times = t2;
        }
    }
}
