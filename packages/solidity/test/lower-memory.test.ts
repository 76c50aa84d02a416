/**
 * Memory and storage data: every allocation is a sol.malloc-like op (new T[](n), struct
 * literals, zeroed locals, literals, abi.encode*, concat, copies to memory), index and member
 * access, storage arrays (push / pop / length), storage structs, copies between locations,
 * abi.decode and hashing.
 */
import { describe, it } from 'vitest';
import { check, lowerOk } from './helpers.js';

describe('memory arrays and structs', () => {
  it('allocates arrays (static, dynamic, nested) and struct literals', () => {
    const text = lowerOk(`
contract C {
  struct P { uint x; uint[] ys; }
  function f(uint n) external pure returns (uint) {
    uint[3] memory a;
    uint[] memory d = new uint[](n);
    uint[][] memory nested = new uint[][](2);
    nested[1] = d;
    P memory p = P(7, d);
    P memory q;
    a[2] = p.x + nested[1].length;
    uint8[3] memory lit = [1, 2, 3];
    return a[2] + q.x + lit[0];
  }
}`);
    check(text, `
// CHECK: sol.malloc zero_init : !sol.array<3 x ui256, Memory>
// CHECK: sol.malloc size(%{{.*}} : ui256) zero_init : !sol.array<? x ui256, Memory>
// CHECK: sol.malloc size(%{{.*}} : ui256) zero_init : !sol.array<? x !sol.array<? x ui256, Memory>, Memory>
// nested[1] = d stores the inner array's address
// CHECK: sol.gep %{{.*}}[%{{.*}}] : !sol.array<? x !sol.array<? x ui256, Memory>, Memory>, ui256 -> !sol.ptr<!sol.array<? x ui256, Memory>, Memory>
// CHECK: sol.store
// the struct literal: arguments first, then an allocation without zeroing, then member stores
// CHECK: sol.constant 7 : ui256
// CHECK: %[[P:.*]] = sol.malloc : !sol.struct<(ui256, !sol.array<? x ui256, Memory>), Memory>
// CHECK: sol.gep %[[P]][%{{.*}}] : !sol.struct<(ui256, !sol.array<? x ui256, Memory>), Memory>, ui64 -> !sol.ptr<ui256, Memory>
// CHECK: sol.gep %[[P]][%{{.*}}] : !sol.struct<(ui256, !sol.array<? x ui256, Memory>), Memory>, ui64 -> !sol.ptr<!sol.array<? x ui256, Memory>, Memory>
// P memory q; is zeroed
// CHECK: sol.malloc zero_init : !sol.struct<(ui256, !sol.array<? x ui256, Memory>), Memory>
// CHECK: sol.length %{{.*}} : !sol.array<? x ui256, Memory>
// CHECK: sol.array_lit(%{{.*}}, %{{.*}}, %{{.*}}) : !sol.array<3 x ui8, Memory>
`);
  });

  it('lowers bytes and strings: literals, index, length, concat, empty values', () => {
    const text = lowerOk(`
contract C {
  function f(bytes memory b, string calldata s) external pure returns (bytes1, uint, string memory, bytes memory) {
    string memory t = string.concat(s, "!");
    bytes memory e;
    bytes memory j = bytes.concat(b, bytes2(0x4142));
    return (b[0], bytes(t).length + e.length, t, j);
  }
}`);
    check(text, `
// a literal operand of concat stays in the code: written in place, no allocation
// CHECK: %[[L:.*]] = sol.const_string "!" : !sol.string_literal
// CHECK: sol.concat(%{{.*}}, %[[L]]) : (!sol.string<CallData>, !sol.string_literal) -> !sol.string<Memory>
// CHECK: sol.empty : !sol.string<Memory>
// bytes2(0x4142) is the left-aligned word: 0x4142 << 240
// CHECK: sol.constant 29516947064187688610018568047411196725413945981204090314379553198794505977856 : !sol.fixedbytes<2>
// CHECK: sol.concat(%{{.*}}, %{{.*}}) : (!sol.string<Memory>, !sol.fixedbytes<2>) -> !sol.string<Memory>
// CHECK: sol.gep %{{.*}}[%{{.*}}] : !sol.string<Memory>, ui256 -> !sol.ptr<!sol.fixedbytes<1>, Memory>
// CHECK: sol.length %{{.*}} : !sol.string<Memory>
`);
  });

  it('lowers abi.encode*, abi.decode, keccak256, sha256', () => {
    const text = lowerOk(`
contract C {
  function f(uint a, string memory s) external pure returns (bytes32, bytes32, uint, string memory) {
    bytes memory e = abi.encode(a, s);
    bytes32 h = keccak256(abi.encodePacked(s, a));
    bytes memory w = abi.encodeWithSelector(bytes4(0x12345678), a);
    bytes memory g = abi.encodeWithSignature("transfer(address,uint256)", a);
    (uint x, string memory y) = abi.decode(e, (uint, string));
    return (h, sha256(w), x + g.length, y);
  }
}`);
    check(text, `
// CHECK: sol.encode (%{{.*}}, %{{.*}}) : (ui256, !sol.string<Memory>) -> !sol.string<Memory>
// CHECK: %[[P:.*]] = sol.encode packed (%{{.*}}, %{{.*}}) : (!sol.string<Memory>, ui256) -> !sol.string<Memory>
// CHECK: sol.keccak256 %[[P]] : !sol.string<Memory>
// CHECK: sol.encode selector(%{{.*}}) (%{{.*}}) : (ui256) -> !sol.string<Memory>
// transfer(address,uint256) = 0xa9059cbb, left-aligned in the word: 0xa9059cbb << 224
// CHECK: sol.constant 76450787359836037641860180984291677749980919077056822294353438043884394381312 : !sol.fixedbytes<4>
// CHECK: sol.encode selector(%{{.*}}) (%{{.*}}) : (ui256) -> !sol.string<Memory>
// CHECK: sol.decode %{{.*}} : !sol.string<Memory> -> (ui256, !sol.string<Memory>)
// CHECK: sol.sha256
`);
  });
});

describe('storage data', () => {
  it('lowers storage arrays, mappings, structs and copies between locations', () => {
    const text = lowerOk(`
contract C {
  struct S { uint a; uint[] list; }
  uint[] nums;
  mapping(uint => mapping(address => uint)) m;
  S s;
  string name;
  function f(uint[] calldata xs, string memory n) external returns (uint, uint[] memory) {
    nums.push(xs[0]);
    nums.push();
    nums.pop();
    m[1][msg.sender] += nums.length;
    s.a = 5;
    s.list = xs;
    name = n;
    uint[] memory copy = nums;
    uint[] memory fromCalldata = xs;
    S memory t = s;
    return (t.a + fromCalldata.length, copy);
  }
}`);
    check(text, `
// CHECK: sol.gep %{{.*}}[%{{.*}}] : !sol.array<? x ui256, CallData>, ui256 -> !sol.ptr<ui256, CallData>
// CHECK: %[[E:.*]] = sol.push %{{.*}} : !sol.array<? x ui256, Storage>
// CHECK: sol.store %{{.*}}, %[[E]] : !sol.ptr<ui256, Storage>
// CHECK: sol.push %{{.*}} : !sol.array<? x ui256, Storage>
// CHECK: sol.pop %{{.*}} : !sol.array<? x ui256, Storage>
// the right-hand side of a compound assignment first, as solc evaluates it
// CHECK: sol.length %{{.*}} : !sol.array<? x ui256, Storage>
// CHECK: sol.map %{{.*}}, %{{.*}} : !sol.mapping<ui256, !sol.mapping<!sol.address, ui256>>
// CHECK: sol.map %{{.*}}, %{{.*}} : !sol.mapping<!sol.address, ui256>
// CHECK: sol.add checked
// CHECK: sol.gep %{{.*}}[%{{.*}}] : !sol.struct<(ui256, !sol.array<? x ui256, Storage>), Storage>, ui64 -> !sol.ptr<ui256, Storage>
// CHECK: sol.copy %{{.*}}, %{{.*}} : !sol.array<? x ui256, CallData>, !sol.array<? x ui256, Storage>
// CHECK: sol.copy %{{.*}}, %{{.*}} : !sol.string<Memory>, !sol.string<Storage>
// CHECK: sol.data_loc_cast %{{.*}} : !sol.array<? x ui256, Storage> -> !sol.array<? x ui256, Memory>
// CHECK: sol.data_loc_cast %{{.*}} : !sol.array<? x ui256, CallData> -> !sol.array<? x ui256, Memory>
// CHECK: sol.data_loc_cast %{{.*}} : !sol.struct<(ui256, !sol.array<? x ui256, Storage>), Storage> -> !sol.struct<(ui256, !sol.array<? x ui256, Memory>), Memory>
`);
  });

  it('generates getters for public mappings and arrays', () => {
    const text = lowerOk(`
contract C {
  mapping(address => mapping(uint => bool)) public allowed;
  uint16[] public vals;
  string public title;
}`);
    check(text, `
// CHECK: sol.func @get_allowed_{{[0-9]+}}(%arg0: !sol.address, %arg1: ui256) -> i1 attributes {kind = "getter", orig_name = "allowed"
// CHECK: sol.map
// CHECK: sol.map
// CHECK: sol.func @get_vals_{{[0-9]+}}(%arg0: ui256) -> ui16
// a getter's index out of bounds reverts with empty data (no Panic), as solc's getters do
// CHECK: %[[LEN:.*]] = sol.length %{{.*}} : !sol.array<? x ui16, Storage>
// CHECK: sol.cmp ge, %arg0, %[[LEN]] : ui256
// CHECK-NEXT: sol.if
// CHECK-NEXT: sol.revert
// CHECK: sol.gep %{{.*}}[%arg0] no_panic_bounds : !sol.array<? x ui16, Storage>, ui256 -> !sol.ptr<ui16, Storage>
// CHECK: sol.func @get_title_{{[0-9]+}}() -> !sol.string<Memory>
// CHECK: sol.data_loc_cast %{{.*}} : !sol.string<Storage> -> !sol.string<Memory>
`);
  });
});
