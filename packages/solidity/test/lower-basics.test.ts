/**
 * Lowering of small contracts, checked with FileCheck expectations written from the Solidity
 * source: state variables at solc's storage slots, constructors (initializers first),
 * function attributes and selectors, checked and unchecked arithmetic, comparisons, shifts,
 * conversions, control flow, reverts, events, getters, constants read by qualified name,
 * ternaries of tuples.
 */
import { describe, expect, it } from 'vitest';
import { printOp } from '@lifeline/ir';
import { lowerToSol } from '@lifeline/solidity';
import { HEADER, check, lowerOk } from './helpers.js';

describe('contracts, state variables, functions', () => {
  it('lays out state variables as solc does and initializes them in the constructor', () => {
    const text = lowerOk(`
contract C {
  uint256 public x = 5;
  bool flag;
  address owner;
  uint8 small;
  mapping(address => uint) bal;
  constructor(uint a) { owner = msg.sender; x = a; }
}`);
    check(text, `
// CHECK: sol.contract @C_{{[0-9]+}} attributes {kind = "contract"}
// CHECK: sol.state_var @x_{{[0-9]+}} slot 0 offset 0 : ui256
// CHECK: sol.state_var @flag_{{[0-9]+}} slot 1 offset 0 : i1
// CHECK: sol.state_var @owner_{{[0-9]+}} slot 1 offset 1 : !sol.address
// CHECK: sol.state_var @small_{{[0-9]+}} slot 1 offset 21 : ui8
// CHECK: sol.state_var @bal_{{[0-9]+}} slot 2 offset 0 : !sol.mapping<!sol.address, ui256>
// CHECK: sol.func @constructor_{{[0-9]+}}(%arg0: ui256) attributes {kind = "constructor", state_mutability = "nonpayable", visibility = "public"}
// initializer x = 5 runs before the body
// CHECK: sol.constant 5 : ui256
// CHECK: sol.addr_of @x_
// CHECK: sol.env caller : !sol.address
// CHECK: sol.addr_of @owner_
// CHECK: sol.return
// CHECK: sol.func @get_x_{{[0-9]+}}() -> ui256 attributes {kind = "getter", orig_name = "x", selector = "0x0c55699c", state_mutability = "view", visibility = "external"}
`);
  });

  it('lowers visibility, mutability, selectors, multiple and named returns, internal calls', () => {
    const text = lowerOk(`
contract C {
  function pair(uint a) external pure returns (uint lo, uint hi) { lo = a; hi = twice(a); }
  function twice(uint a) internal pure returns (uint) { return a * 2; }
  function p() private view returns (bool) { return address(this) == msg.sender; }
}`);
    check(text, `
// CHECK-LABEL: sol.func @pair_{{[0-9]+}}(%arg0: ui256) -> (ui256, ui256) attributes {orig_name = "pair", selector = "0x{{[0-9a-f]+}}", state_mutability = "pure", visibility = "external"}
// CHECK: %[[TW:.*]] = sol.call @twice_{{[0-9]+}}(%{{.*}}) : (ui256) -> ui256
// CHECK: sol.return %{{.*}}, %{{.*}} : ui256, ui256
// CHECK-LABEL: sol.func @twice_{{[0-9]+}}(%arg0: ui256) -> ui256 attributes {orig_name = "twice", state_mutability = "pure", visibility = "internal"}
// CHECK: sol.mul checked
// CHECK-LABEL: sol.func @p_
// CHECK-SAME: visibility = "private"
// CHECK: sol.env address : !sol.address
// CHECK: sol.cmp eq,
`);
  });
});

describe('arithmetic and conversions', () => {
  it('is checked outside unchecked blocks', () => {
    const text = lowerOk(`
contract C {
  function f(uint8 a, int16 b, uint c) external pure returns (uint8, int16, uint) {
    uint8 s = a + 1;
    unchecked { s = s * 3; }
    int16 n = -b;
    uint e = c ** 2;
    return (s, n % 7, e / c);
  }
}`);
    check(text, `
// CHECK: sol.add checked %{{.*}}, %{{.*}} : ui8
// CHECK: sol.mul %{{.*}}, %{{.*}} : ui8
// CHECK: sol.constant 0 : si16
// CHECK: sol.sub checked %{{.*}}, %{{.*}} : si16
// CHECK: sol.exp checked %{{.*}}, %{{.*}} : ui256, ui8
// CHECK: sol.mod checked %{{.*}}, %{{.*}} : si16
// CHECK: sol.div checked %{{.*}}, %{{.*}} : ui256
`);
  });

  it('lowers comparisons, shifts, bit operations and conversions', () => {
    const text = lowerOk(`
contract C {
  enum K { A, B, C }
  function f(uint x, bytes32 h, address a) external pure returns (bool, uint, bytes4, uint160, K) {
    bool lt = x < 10 || x >= 100;
    uint y = (x << 3) | (x >> 1) & ~x ^ 5;
    return (lt, y, bytes4(h), uint160(a), K(x));
  }
}`);
    check(text, `
// CHECK: sol.cmp lt, %{{.*}}, %{{.*}} : ui256
// CHECK: sol.if %{{.*}} -> (i1) {
// CHECK: sol.constant true : i1
// CHECK: } else {
// CHECK: sol.cmp ge,
// CHECK: sol.shl %{{.*}}, %{{.*}} : ui256, ui8
// CHECK: sol.shr %{{.*}}, %{{.*}} : ui256, ui8
// CHECK: sol.not %{{.*}} : ui256
// CHECK: sol.and
// CHECK: sol.xor
// CHECK: sol.or
// CHECK: sol.cast %{{.*}} : !sol.fixedbytes<32> to !sol.fixedbytes<4>
// CHECK: sol.cast %{{.*}} : !sol.address to ui160
// CHECK: sol.cast %{{.*}} : ui256 to !sol.enum<2>
`);
  });
});

describe('control flow', () => {
  it('lowers if / for / while / do-while with break and continue, and early returns', () => {
    const text = lowerOk(`
contract C {
  function f(uint n) external pure returns (uint s) {
    for (uint i = 0; i < n; i++) {
      if (i == 3) continue;
      if (i > 50) break;
      s += i;
    }
    while (s > 100) { s -= 7; }
    do { s++; } while (s < 5);
    if (s == 9) { return 1; } else { s = 2; }
  }
}`);
    check(text, `
// CHECK: sol.for cond {
// CHECK: sol.condition
// CHECK: } body {
// CHECK: sol.if %{{.*}} {
// CHECK-NEXT: sol.continue
// CHECK: sol.if %{{.*}} {
// CHECK-NEXT: sol.break
// CHECK: sol.add checked
// CHECK: sol.yield
// a simple counter loop (i < n, i++ and i not assigned in the body): solc increments unchecked
// CHECK: } step {
// CHECK-NOT: checked
// CHECK: sol.add %{{.*}}, %{{.*}} : ui256
// CHECK: sol.while {
// CHECK: sol.cmp gt,
// CHECK: sol.condition
// CHECK: } do {
// CHECK: sol.sub checked
// CHECK: sol.do_while {
// CHECK: } while {
// CHECK: sol.cmp lt,
// CHECK: sol.if %{{.*}} {
// CHECK: sol.return %{{.*}} : ui256
// CHECK-NEXT: } else {
// CHECK: sol.yield
// implicit return of the named return variable
// CHECK: sol.return %{{.*}} : ui256
`);
  });

  it('lowers require, revert with strings and custom errors, assert, events', () => {
    const text = lowerOk(`
contract C {
  error Low(uint have, uint want);
  event Moved(address indexed to, uint amount, string note);
  function f(uint v, string memory note) external {
    require(v > 1, "too low");
    require(v != 2);
    if (v == 3) revert("three");
    if (v == 4) revert Low(v, 5);
    assert(v != 6);
    emit Moved(msg.sender, v, note);
  }
}`);
    check(text, `
// CHECK: sol.require %{{.*}} "too low"
// CHECK: sol.require %{{[0-9a-z_]+}}{{$}}
// CHECK: sol.revert "three"
// CHECK: sol.revert error "Low(uint256,uint256)" (%{{.*}}, %{{.*}} : ui256, ui256) {selector = "0x{{[0-9a-f]+}}"}
// CHECK: sol.assert
// CHECK: sol.emit "Moved(address,uint256,string)" indexed(%{{.*}} : !sol.address) (%{{.*}}, %{{.*}} : ui256, !sol.string<Memory>) {selector = "0x{{[0-9a-f]+}}"}
`);
  });
});

describe('constants', () => {
  it('reads constants by qualified name (library, base, own contract) and file-level ones at their use', () => {
    const text = lowerOk(`
uint constant FILE = 3;
bytes4 constant TAG = 0x12345678;
library L { uint internal constant P = 7; uint8 internal constant Q = 2; }
contract B { uint internal constant K = 5; uint internal x; }
contract C is B {
  function f(uint n) external view returns (uint, uint, uint, uint, uint) { return (n % L.P, B.K, FILE, B.x, n * L.Q); }
  function g() external pure returns (bytes32) { return TAG; }
}`, 'C');
    check(text, `
// CHECK-LABEL: sol.func @f_
// CHECK: %[[P:.*]] = sol.constant 7 : ui256
// CHECK: sol.mod checked %{{.*}}, %[[P]] : ui256
// CHECK: sol.constant 5 : ui256
// CHECK: sol.constant 3 : ui256
// B.x is the state variable itself
// CHECK: sol.addr_of @x_
// an integer constant is built at the wider type its reader wants
// CHECK: %[[Q:.*]] = sol.constant 2 : ui256
// CHECK: sol.mul checked %{{.*}}, %[[Q]] : ui256
// CHECK-LABEL: sol.func @g_
// a bytes4 constant is built as bytes4, then widened (its bytes stay left-aligned)
// CHECK: sol.constant {{.*}} : !sol.fixedbytes<4>
// CHECK: sol.cast %{{.*}} : !sol.fixedbytes<4> to !sol.fixedbytes<32>
`);
  });

  it('reads a constant of an imported file by qualified name', () => {
    const r = lowerToSol({
      sources: {
        'k.sol': `${HEADER}uint constant K = 11;\nlibrary L { string internal constant NAME = "l"; }\n`,
        'a.sol': `${HEADER}import "./k.sol" as M;\ncontract C { function f() external pure returns (uint, string memory) { return (M.K, M.L.NAME); } }\n`,
      },
      contract: 'C',
    });
    expect(r.errors.filter((e) => e.severity === 'error')).toEqual([]);
    check(printOp(r.module), `
// CHECK: sol.constant 11 : ui256
// CHECK: sol.string_lit "l"
`);
  });

  it('gives a public constant its getter', () => {
    const text = lowerOk(`
contract C { uint public constant LIMIT = 2 ** 8 + 1; }`);
    check(text, `
// CHECK: sol.func @get_LIMIT_{{[0-9]+}}() -> ui256 attributes {kind = "getter", orig_name = "LIMIT", selector = "0x{{[0-9a-f]+}}", state_mutability = "view", visibility = "external"}
// CHECK: sol.constant 257 : ui256
`);
  });
});

describe('ternaries of tuples', () => {
  it('lower to one sol.if with a result per component, memory references included', () => {
    const text = lowerOk(`
contract C {
  function f(uint n, uint[] memory a, uint[] memory b) external pure returns (uint[] memory, uint) {
    (uint[] memory p, uint k) = n % 2 == 0 ? (a, 1) : (b, n);
    return n > 5 ? (p, k) : (a, 0);
  }
}`);
    check(text, `
// CHECK: %[[R:.*]]:2 = sol.if %{{.*}} -> (!sol.array<? x ui256, Memory>, ui256) {
// CHECK: %[[ONE:.*]] = sol.constant 1 : ui256
// CHECK: sol.yield %{{.*}}, %[[ONE]] : !sol.array<? x ui256, Memory>, ui256
// CHECK: } else {
// CHECK: sol.yield %{{.*}}, %{{.*}} : !sol.array<? x ui256, Memory>, ui256
// CHECK: sol.store %[[R]]#0
// CHECK: sol.store %[[R]]#1
// CHECK: %[[S:.*]]:2 = sol.if %{{.*}} -> (!sol.array<? x ui256, Memory>, ui256) {
// CHECK: sol.return %[[S]]#0, %[[S]]#1
`);
  });
});
