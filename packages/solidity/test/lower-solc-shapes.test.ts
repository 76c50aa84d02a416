/**
 * Lowering choices that follow solc's IR generator for its gas and memory, each checked two
 * ways: the sol IR says what it should (FileCheck, expectations written from the source), and
 * the compiled contract behaves exactly as solc viaIR's (return / revert data, logs, storage)
 * without using more memory —
 *  - string literals consumed by an encoder are sol.const_string (no allocation) and written
 *    in place; keccak256 of a literal is a constant, sha256 of one hashes it in place; a
 *    literal that must be a memory value is still a sol.string_lit;
 *  - a simple counter loop's increment is unchecked, any other loop's is checked;
 *  - `lhs op= rhs` evaluates rhs before reading lhs.
 */
import { describe, expect, it } from 'vitest';
import { Interface } from 'ethers';
import { Chain, compileSolidity, type CallResult } from '@lifeline/evm';
import { parseString, type Operation } from '@lifeline/ir';
import { compileToBytecode, lowerToSol } from '@lifeline/solidity';
import { HEADER, check, lowerOk, registry } from './helpers.js';

const LONG = 'a literal longer than one word: 0123456789abcdef';

const LITERALS = `
contract L {
  error Bad(uint code, string why);
  event Note(uint indexed id, string text, bytes raw);
  event Tagged(string indexed tag, uint v);
  bytes32 constant H = keccak256("Order(address maker,uint256 amount)");
  function enc(uint x) external pure returns (bytes memory) { return abi.encode(x, "tag", "${LONG}"); }
  function packed(uint16 x) external pure returns (bytes memory) { return abi.encodePacked("<", x, "${LONG}", ">"); }
  function cat(string memory s) external pure returns (string memory) { return string.concat("[", s, "${LONG}", "]"); }
  function bcat(bytes memory b) external pure returns (bytes memory) { return bytes.concat(b, "xy", "${LONG}"); }
  function hashes() external pure returns (bytes32, bytes32, bytes32, bytes32) { return (keccak256(""), keccak256("${LONG}"), H, sha256("${LONG}")); }
  function mem(bool c) external pure returns (string memory r) { string memory t = "kept"; r = c ? t : "other"; }
  function fail(uint x) external pure { if (x > 1) revert Bad(x, "${LONG}"); require(x == 0, "plain"); }
  function log(uint id) external { emit Note(id, "${LONG}", hex"00ff"); emit Tagged("tag", id); }
}`;

const LOOPS = `
contract C {
  uint s;
  function bump() internal returns (uint) { s = 100; return 1; }
  function store() external returns (uint) { s = 5; s += bump(); return s; }
  function arr(uint i) external pure returns (uint[] memory a) {
    a = new uint[](3);
    a[i] += grow(a, i);
  }
  function grow(uint[] memory a, uint i) internal pure returns (uint) { a[i] = 40; return 2; }
  function simple(uint8 n) external pure returns (uint acc) { for (uint8 i = 250; i < n; i++) acc += i; }
  function notSimple(uint8 n) external pure returns (uint acc) { for (uint8 i = 250; i <= n; i++) acc += i; }
  function shifted(uint x) external pure returns (uint y) { y = 1; y <<= x; y -= 1; }
}`;

const observable = (r: CallResult) => ({ success: r.success, returnData: r.returnData, revertData: r.revertData, logs: r.logs, storage: r.storageChanges });

/** Runs `calls` on our build and solc viaIR's; results must be identical, our memory no larger. */
async function sameAsSolc(src: string, contract: string, calls: [string, unknown[]][]): Promise<string[]> {
  const sources = { 'a.sol': HEADER + src };
  const ours = compileToBytecode({ sources, contract });
  expect(ours.errors.filter((e) => e.severity === 'error').map((e) => e.formattedMessage)).toEqual([]);
  const theirs = compileSolidity(sources, { viaIR: true, optimizer: true, contract }).contracts[contract]!;
  const [a, b] = [await Chain.create(), await Chain.create()];
  const [da, db] = [await a.deploy(ours.bytecode), await b.deploy(theirs.bytecode)];
  const iface = new Interface(theirs.abi as never);
  const lines: string[] = [];
  for (const [fn, args] of calls) {
    const data = iface.encodeFunctionData(fn, args);
    const [ra, rb] = [await a.call(da.address!, data), await b.call(db.address!, data)];
    const label = `${fn}(${args.join(', ')})`;
    expect(observable(ra), label).toEqual(observable(rb));
    expect(ra.peakMemoryBytes, `${label} peak memory`).toBeLessThanOrEqual(rb.peakMemoryBytes);
    lines.push(`${label}: ${rb.success ? 'ok' : 'reverts'}, gas ${ra.gasUsed}/${rb.gasUsed}, memory ${ra.peakMemoryBytes}/${rb.peakMemoryBytes}`);
  }
  return lines;
}

describe('string literals', () => {
  it('stay in the code where an encoder takes them; a memory value is still allocated', () => {
    const text = lowerOk(LITERALS, 'L');
    check(text, `
// CHECK-LABEL: sol.func @enc_
// CHECK-NOT: sol.string_lit "
// CHECK: %[[T:.*]] = sol.const_string "tag" : !sol.string_literal
// CHECK: %[[G:.*]] = sol.const_string "${LONG}" : !sol.string_literal
// CHECK: sol.encode (%{{.*}}, %[[T]], %[[G]]) : (ui256, !sol.string_literal, !sol.string_literal) -> !sol.string<Memory>
// CHECK-LABEL: sol.func @packed_
// CHECK-NOT: sol.string_lit "
// CHECK: sol.encode packed
// CHECK-LABEL: sol.func @cat_
// CHECK-NOT: sol.string_lit "
// CHECK: sol.concat(
// CHECK-LABEL: sol.func @bcat_
// CHECK-NOT: sol.string_lit "
// CHECK: sol.concat(
// keccak256 of literals: constants (of "" and of the long literal), also through the constant
// CHECK-LABEL: sol.func @hashes_
// CHECK-NOT: sol.keccak256
// CHECK: sol.constant 6022380972309489140394274077277865548317690886198165316730399678214022087246 : !sol.fixedbytes<32>
// CHECK-NOT: sol.keccak256
// sha256 of a literal: written in place at the free pointer
// CHECK: %[[S:.*]] = sol.const_string "${LONG}" : !sol.string_literal
// CHECK-NEXT: sol.sha256 %[[S]] : !sol.string_literal
// CHECK: sol.return
// CHECK-LABEL: sol.func @mem_
// CHECK: sol.string_lit "kept" : !sol.string<Memory>
// CHECK: sol.string_lit "other" : !sol.string<Memory>
// CHECK-LABEL: sol.func @fail_
// CHECK: %[[W:.*]] = sol.const_string "${LONG}" : !sol.string_literal
// CHECK: sol.revert error "Bad(uint256,string)" (%{{.*}}, %[[W]] : ui256, !sol.string_literal)
// CHECK-LABEL: sol.func @log_
// CHECK: sol.const_string "${LONG}"
// CHECK: sol.emit "Note(uint256,string,bytes)" indexed(%{{.*}} : ui256) (%{{.*}}, %{{.*}} : !sol.string_literal, !sol.string_literal)
// an indexed literal is hashed from memory, as solc does
// CHECK: sol.string_lit "tag"
// CHECK: sol.emit "Tagged(string,uint256)" indexed(%{{.*}} : !sol.string<Memory>)
`);
  });

  it('in the code allocate nothing; a literal in memory is an allocation (the dialect contract)', () => {
    const { module } = lowerToSol({ sources: { 'a.sol': HEADER + LITERALS }, contract: 'L' });
    const all: Operation[] = [];
    const visit = (op: Operation) => {
      all.push(op);
      for (const r of op.regions) for (const b of r.blocks) for (let o = b.first; o; o = o.next) visit(o);
    };
    visit(module!);
    const effects = (op: Operation) => op.def?.spec.memoryEffects?.(op) ?? [];
    const consts = all.filter((o) => o.name === 'sol.const_string');
    const lits = all.filter((o) => o.name === 'sol.string_lit');
    expect(consts.length).toBeGreaterThan(6);
    expect(lits.length).toBe(3);
    for (const c of consts) {
      expect(effects(c)).toEqual([]);
      expect(c.def!.spec.memorySource).toBeUndefined();
    }
    for (const l of lits) expect(effects(l)).toContainEqual({ kind: 'allocate', value: l.result(0), resource: 'Memory' });
  });

  it('behave as solc viaIR (encoded in place, no extra memory)', async () => {
    const lines = await sameAsSolc(LITERALS, 'L', [
      ['enc', [7]], ['packed', [513]], ['cat', ['mid']], ['cat', ['']], ['bcat', ['0x0102']], ['hashes', []],
      ['mem', [true]], ['mem', [false]], ['fail', [0]], ['fail', [1]], ['fail', [9]], ['log', [3]],
    ]);
    console.log(lines.join('\n'));
  });

  it('are refused by the Yul emitter where no encoder takes them (never silently wrong code)', () => {
    const ir = `module {
  sol.contract @R_1 attributes {kind = "contract"} {
    sol.func @f_1(%x: ui256) -> ui256 attributes {orig_name = "f", selector = "0xb3de648b", state_mutability = "pure", visibility = "external"} {
      %s = sol.const_string "abc" : !sol.string_literal
      %r = sol.call @g_2(%s) : (!sol.string_literal) -> ui256
      sol.return %r : ui256
    }
    sol.func @g_2(%s: !sol.string_literal) -> ui256 attributes {orig_name = "g", state_mutability = "pure", visibility = "internal"} {
      %c = sol.constant 1 : ui256
      sol.return %c : ui256
    }
  }
}`;
    const src = 'pragma solidity ^0.8.0;\ncontract R { function f(uint x) external pure returns (uint) { return x; } }';
    const out = compileToBytecode({ sources: { 'r.sol': src } }, () => ({ module: parseString(ir, registry) as Operation, contract: 'R', errors: [] }));
    expect(out.bytecode).toBe('');
    expect(out.errors.map((e) => [e.type, e.message])).toContainEqual(['UnsupportedFeature', 'sol.const_string: a string literal used other than by an encoder is not supported by the Yul emitter']);
  });
});

describe('loops and compound assignment', () => {
  it('lower the counter increment of a simple counter loop unchecked and others checked; rhs first', () => {
    const text = lowerOk(LOOPS, 'C');
    check(text, `
// rhs (the call) before the target is read
// CHECK-LABEL: sol.func @store_
// CHECK: sol.call @bump_
// CHECK: sol.addr_of
// CHECK-NEXT: sol.load
// CHECK-LABEL: sol.func @arr_
// CHECK: sol.call @grow_
// CHECK: sol.gep
// CHECK-NEXT: sol.load
// CHECK-LABEL: sol.func @simple_
// CHECK: } step {
// CHECK-NOT: checked
// CHECK: sol.add %{{.*}}, %{{.*}} : ui8
// CHECK-LABEL: sol.func @notSimple_
// CHECK: } step {
// CHECK: sol.add checked %{{.*}}, %{{.*}} : ui8
`);
  });

  it('behave as solc viaIR (the non-simple loop panics on overflow, the simple one cannot)', async () => {
    const lines = await sameAsSolc(LOOPS, 'C', [
      ['store', []], ['arr', [1]], ['arr', [3]], ['simple', [255]], ['simple', [3]], ['notSimple', [254]], ['notSimple', [255]],
      ['shifted', [3]], ['shifted', [300]],
    ]);
    console.log(lines.join('\n'));
  });
});
