// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Loops whose garbage no plan of kept slots can give back, so the lifetime passes place traced
/// releases (sol.free_traced): the live objects are found at run time from the live variables,
/// slid down in address order and every address of one rebased. Each function reads back
/// everything it kept, so an object the walk missed, or an address not rebased, shows up in
/// the result.
contract LifetimesTraced {
    struct Tx {
        uint256 id;
        uint256 amount;
        string memo;
    }

    struct Account {
        uint256 id;
        string owner;
        Tx[] history;
        uint256 len;
        uint256[3] totals;
    }

    struct Item {
        uint256 key;
        string label;
        bytes blob;
    }

    function _itoa(uint256 v) private pure returns (string memory) {
        if (v == 0) return "0";
        uint256 len;
        for (uint256 x = v; x != 0; x /= 10) len++;
        bytes memory b = new bytes(len);
        for (; v != 0; v /= 10) b[--len] = bytes1(uint8(48 + (v % 10)));
        return string(b);
    }

    /// A history array grown by copying in a helper (the old array becomes garbage inside an
    /// older account struct); one Tx shared by two accounts (walked once, rebased in both).
    function _record(Account memory a, Tx memory t) private pure {
        if (a.len == a.history.length) {
            Tx[] memory bigger = new Tx[](a.history.length * 2 + 1);
            for (uint256 k; k < a.len; k++) bigger[k] = a.history[k];
            a.history = bigger;
        }
        a.history[a.len++] = t;
        a.totals[t.id % 3] += t.amount;
    }

    function ledger(uint256 n) external pure returns (bytes32 h, uint256 kept) {
        Account[] memory accts = new Account[](5);
        for (uint256 i; i < accts.length; i++) {
            accts[i].id = i;
            accts[i].owner = string.concat("acct-", _itoa(i));
        }
        for (uint256 i; i < n; i++) {
            bytes memory pad = new bytes(2000 + (i % 64));
            pad[3] = 0x03;
            Tx memory t = Tx(i, (i * 7919) % 1000 + uint8(pad[3]), i % 4 == 0 ? string.concat("invoice #", _itoa(i)) : "transfer");
            // a third are rejected: t is garbage at once
            if (i % 3 == 2) continue;
            _record(accts[i % 5], t);
            _record(accts[(i + 2) % 5], t);
            Account memory b = accts[(i + 1) % 5];
            if (b.len > 0) h = keccak256(abi.encode(h, b.history[b.len - 1].memo, b.history[0].id));
        }
        for (uint256 i; i < accts.length; i++) {
            Account memory a = accts[i];
            h = keccak256(abi.encode(h, a.owner, a.len, a.totals));
            for (uint256 k; k < a.len; k++) h = keccak256(abi.encode(h, a.history[k].id, a.history[k].amount, a.history[k].memo));
            kept += a.len;
        }
    }

    /// A ring of items replaced in turn: the displaced item and its strings are garbage.
    function ring(uint256 n) external pure returns (bytes32 h, uint256 total) {
        Item[] memory q = new Item[](7);
        for (uint256 i; i < n; i++) {
            // zeroed memory above the free pointer first: an address a release did not rebase
            // would read it
            bytes memory pad = new bytes(2000 + (i % 64));
            pad[1] = 0x07;
            Item memory it = Item(i, string.concat("item-", _itoa(i)), abi.encodePacked(i, bytes3(0x616263), pad[1]));
            q[i % 7] = it;
            total += bytes(q[(i + 3) % 7].label).length;
        }
        for (uint256 k; k < q.length; k++) h = keccak256(abi.encode(h, q[k].key, q[k].label, q[k].blob));
    }

    /// Two live variables reaching the same young objects, and a string that survives only
    /// through the second one.
    function twoRoots(uint256 n) external pure returns (bytes32 h) {
        string[] memory names = new string[](4);
        string memory last = "start";
        uint256[] memory lens = new uint256[](4);
        for (uint256 i; i < n; i++) {
            // zeroed memory above the free pointer before `last` is read: a stale `last` (an
            // address the release did not rebase) would read it
            bytes memory pad = new bytes(2000 + (i % 64));
            pad[0] = bytes1(uint8(i));
            string memory s = string.concat(last, "/", _itoa(uint8(pad[0]) % 97));
            if (bytes(s).length > 40) s = _itoa(i);
            names[i % 4] = s;
            last = s;
            lens[i % 4] = bytes(s).length;
            // a string stored three runs ago, kept only by the array
            h = keccak256(abi.encode(h, names[(i + 1) % 4]));
        }
        for (uint256 k; k < 4; k++) h = keccak256(abi.encode(h, names[k], lens[k]));
        h = keccak256(abi.encode(h, last));
    }

    /// A grid of rows replaced by copies that keep some old cells (the new rows hold strings
    /// older than themselves).
    function grid(uint256 n) external pure returns (bytes32 h) {
        string[][] memory rows = new string[][](3);
        for (uint256 r; r < 3; r++) rows[r] = new string[](2);
        for (uint256 i; i < n; i++) {
            uint256 r = i % 3;
            bytes memory pad = new bytes(2000 + (i % 64));
            pad[2] = 0x05;
            string[] memory old = rows[r];
            string[] memory row = new string[](old.length + (i % 5 == 0 ? 1 : 0));
            for (uint256 k; k < old.length; k++) row[k] = k % 2 == 0 ? old[k] : string.concat(_itoa(i), ":", _itoa(k + uint8(pad[2])));
            if (row.length > 6) {
                string[] memory cut = new string[](2);
                cut[0] = row[row.length - 1];
                cut[1] = row[0];
                row = cut;
            }
            rows[r] = row;
            h = keccak256(abi.encode(h, rows[(r + 1) % 3][0]));
        }
        for (uint256 r; r < 3; r++) for (uint256 k; k < rows[r].length; k++) h = keccak256(abi.encode(h, r, k, rows[r][k]));
    }
}
