/**
 * emitYul on a hand-written sol module that mirrors a Solidity contract op for op (what the
 * AST lowering produces for it): both are deployed (ours assembled from the emitted Yul,
 * solc's compiled viaIR + optimizer) and called with the same calldata; return data, revert
 * data, logs and storage changes must be identical and our gas within 1.10× of solc's.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { Interface } from 'ethers';
import { parseString } from '@lifeline/ir';
import { allDialects, createRegistry } from '@lifeline/dialects';
import { emitYul, solDialects } from '@lifeline/sol';
import { callBoth, deployPair, observable, type Pair } from './yul-diff.js';

const SOL = `
pragma solidity ^0.8.0;
contract C {
  uint x; bool flag; address owner; mapping(address => uint) bal; uint8[] arr;
  event Dep(address indexed who, uint amount);
  error TooSmall(uint v);
  constructor(uint v) { x = v; owner = msg.sender; }
  function add(uint a, uint b) external pure returns (uint, uint) { uint s; unchecked { s = a + b; } return (twice(a + b), s); }
  function twice(uint a) internal pure returns (uint) { return a * 2; }
  function deposit() external payable returns (uint) { bal[msg.sender] += msg.value; arr.push(uint8(msg.value)); emit Dep(msg.sender, msg.value); return arr.length; }
  function sum(uint n) external pure returns (uint s) { for (uint i = 0; i < n; i++) { if (i == 3) continue; s += i; } }
  function mk(uint n) external pure returns (uint[] memory a) { a = new uint[](n); for (uint i = 0; i < n; i++) a[i] = i * i; }
  function chk(uint v) external pure returns (bytes memory) { if (v < 5) revert TooSmall(v); require(v < 100, "too big"); return abi.encode(v, "hi"); }
  function getX() external view returns (uint) { return x; }
  function word(bytes memory b, uint i) external pure returns (bytes1) { return b[i]; }
}`;

const SOL_IR = `
module {
  sol.contract @C_1 attributes {kind = "contract"} {
    sol.state_var @x slot 0 offset 0 : ui256
    sol.state_var @flag slot 1 offset 0 : i1
    sol.state_var @owner slot 1 offset 1 : !sol.address
    sol.state_var @bal slot 2 offset 0 : !sol.mapping<!sol.address, ui256>
    sol.state_var @arr slot 3 offset 0 : !sol.array<? x ui8, Storage>
    sol.func @constructor_1(%v: ui256) attributes {kind = "constructor", state_mutability = "nonpayable", visibility = "public"} {
      %0 = sol.addr_of @x : !sol.ptr<ui256, Storage>
      sol.store %v, %0 : !sol.ptr<ui256, Storage>
      %1 = sol.env caller : !sol.address
      %2 = sol.addr_of @owner : !sol.ptr<!sol.address, Storage>
      sol.store %1, %2 : !sol.ptr<!sol.address, Storage>
      sol.return
    }
    sol.func @add_2(%a: ui256, %b: ui256) -> (ui256, ui256) attributes {orig_name = "add", selector = "0x771602f7", state_mutability = "pure", visibility = "external"} {
      %s = sol.alloca : !sol.ptr<ui256, Stack>
      %z = sol.constant 0 : ui256
      sol.store %z, %s : !sol.ptr<ui256, Stack>
      %0 = sol.add %a, %b : ui256
      sol.store %0, %s : !sol.ptr<ui256, Stack>
      %1 = sol.add checked %a, %b : ui256
      %2 = sol.call @twice_3(%1) : (ui256) -> ui256
      %3 = sol.load %s : !sol.ptr<ui256, Stack>
      sol.return %2, %3 : ui256, ui256
    }
    sol.func @twice_3(%a: ui256) -> ui256 attributes {state_mutability = "pure", visibility = "internal"} {
      %c2 = sol.constant 2 : ui256
      %0 = sol.mul checked %a, %c2 : ui256
      sol.return %0 : ui256
    }
    sol.func @deposit_4() -> ui256 attributes {orig_name = "deposit", selector = "0xd0e30db0", state_mutability = "payable", visibility = "external"} {
      %0 = sol.addr_of @bal : !sol.ptr<!sol.mapping<!sol.address, ui256>, Storage>
      %1 = sol.load %0 : !sol.ptr<!sol.mapping<!sol.address, ui256>, Storage>
      %2 = sol.env caller : !sol.address
      %3 = sol.map %1, %2 : !sol.mapping<!sol.address, ui256>
      %4 = sol.load %3 : !sol.ptr<ui256, Storage>
      %5 = sol.env callvalue : ui256
      %6 = sol.add checked %4, %5 : ui256
      sol.store %6, %3 : !sol.ptr<ui256, Storage>
      %7 = sol.addr_of @arr : !sol.ptr<!sol.array<? x ui8, Storage>, Storage>
      %8 = sol.load %7 : !sol.ptr<!sol.array<? x ui8, Storage>, Storage>
      %9 = sol.push %8 : !sol.array<? x ui8, Storage>
      %10 = sol.cast %5 : ui256 to ui8
      sol.store %10, %9 : !sol.ptr<ui8, Storage>
      sol.emit "Dep(address,uint256)" indexed(%2 : !sol.address) (%5 : ui256) {selector = "0x665e21040d5e8958214c438015056f809462e578e90282bb5399b416ec34a29a"}
      %11 = sol.length %8 : !sol.array<? x ui8, Storage>
      sol.return %11 : ui256
    }
    sol.func @sum_5(%n: ui256) -> ui256 attributes {orig_name = "sum", selector = "0x188b85b4", state_mutability = "pure", visibility = "external"} {
      %s = sol.alloca : !sol.ptr<ui256, Stack>
      %z = sol.constant 0 : ui256
      sol.store %z, %s : !sol.ptr<ui256, Stack>
      %i = sol.alloca : !sol.ptr<ui256, Stack>
      sol.store %z, %i : !sol.ptr<ui256, Stack>
      sol.for cond {
        %0 = sol.load %i : !sol.ptr<ui256, Stack>
        %1 = sol.cmp lt, %0, %n : ui256
        sol.condition %1
      } body {
        %0 = sol.load %i : !sol.ptr<ui256, Stack>
        %c3 = sol.constant 3 : ui256
        %1 = sol.cmp eq, %0, %c3 : ui256
        sol.if %1 {
          sol.continue
        }
        %2 = sol.load %s : !sol.ptr<ui256, Stack>
        %3 = sol.add checked %2, %0 : ui256
        sol.store %3, %s : !sol.ptr<ui256, Stack>
        sol.yield
      } step {
        %0 = sol.load %i : !sol.ptr<ui256, Stack>
        %c1 = sol.constant 1 : ui256
        %1 = sol.add checked %0, %c1 : ui256
        sol.store %1, %i : !sol.ptr<ui256, Stack>
        sol.yield
      }
      %r = sol.load %s : !sol.ptr<ui256, Stack>
      sol.return %r : ui256
    }
    sol.func @mk_6(%n: ui256) -> !sol.array<? x ui256, Memory> attributes {orig_name = "mk", selector = "0x64c633a3", state_mutability = "pure", visibility = "external"} {
      %a = sol.malloc size(%n : ui256) zero_init : !sol.array<? x ui256, Memory>
      %i = sol.alloca : !sol.ptr<ui256, Stack>
      %z = sol.constant 0 : ui256
      sol.store %z, %i : !sol.ptr<ui256, Stack>
      sol.for cond {
        %0 = sol.load %i : !sol.ptr<ui256, Stack>
        %1 = sol.cmp lt, %0, %n : ui256
        sol.condition %1
      } body {
        %0 = sol.load %i : !sol.ptr<ui256, Stack>
        %1 = sol.mul checked %0, %0 : ui256
        %2 = sol.gep %a[%0] : !sol.array<? x ui256, Memory>, ui256 -> !sol.ptr<ui256, Memory>
        sol.store %1, %2 : !sol.ptr<ui256, Memory>
        sol.yield
      } step {
        %0 = sol.load %i : !sol.ptr<ui256, Stack>
        %c1 = sol.constant 1 : ui256
        %1 = sol.add checked %0, %c1 : ui256
        sol.store %1, %i : !sol.ptr<ui256, Stack>
        sol.yield
      }
      sol.return %a : !sol.array<? x ui256, Memory>
    }
    sol.func @chk_7(%v: ui256) -> !sol.string<Memory> attributes {orig_name = "chk", selector = "0x4e01404f", state_mutability = "pure", visibility = "external"} {
      %c5 = sol.constant 5 : ui256
      %0 = sol.cmp lt, %v, %c5 : ui256
      sol.if %0 {
        sol.revert error "TooSmall(uint256)" (%v : ui256) {selector = "0x42128ec3"}
      }
      %c100 = sol.constant 100 : ui256
      %1 = sol.cmp lt, %v, %c100 : ui256
      sol.require %1 "too big"
      %2 = sol.const_string "hi" : !sol.string_literal
      %3 = sol.encode (%v, %2) : (ui256, !sol.string_literal) -> !sol.string<Memory>
      sol.return %3 : !sol.string<Memory>
    }
    sol.func @getX_8() -> ui256 attributes {orig_name = "getX", selector = "0x5197c7aa", state_mutability = "view", visibility = "external"} {
      %0 = sol.addr_of @x : !sol.ptr<ui256, Storage>
      %1 = sol.load %0 : !sol.ptr<ui256, Storage>
      sol.return %1 : ui256
    }
    sol.func @word_9(%b: !sol.string<Memory>, %i: ui256) -> !sol.fixedbytes<1> attributes {orig_name = "word", selector = "0x8ce8a8b7", state_mutability = "pure", visibility = "external"} {
      %0 = sol.gep %b[%i] : !sol.string<Memory>, ui256 -> !sol.ptr<!sol.fixedbytes<1>, Memory>
      %1 = sol.load %0 : !sol.ptr<!sol.fixedbytes<1>, Memory>
      sol.return %1 : !sol.fixedbytes<1>
    }
  }
}`;

describe('emitYul (hand-written sol module) vs solc', () => {
  let pair: Pair;
  let iface: Interface;
  const ratios: string[] = [];
  let worst = 0;
  beforeAll(async () => {
    const module = parseString(SOL_IR, createRegistry([...allDialects, ...solDialects]));
    const yul = emitYul(module, 'C');
    pair = await deployPair(SOL, 'C', yul, '0x' + (42n).toString(16).padStart(64, '0'));
    iface = new Interface(pair.abi as never);
  });

  async function same(label: string, fn: string, args: unknown[], value = 0n) {
    const r = await callBoth(pair, iface.encodeFunctionData(fn, args), value);
    expect(observable(r.ours), label).toEqual(observable(r.oracle));
    ratios.push(`${label}: ${r.ours.gasUsed}/${r.oracle.gasUsed} = ${r.ratio.toFixed(3)}`);
    worst = Math.max(worst, r.ratio);
  }

  it('gives solc results for calls, reverts, events, storage and memory', async () => {
    await same('getX', 'getX', []);
    await same('add', 'add', [3, 4]);
    await same('add overflow', 'add', [(1n << 256n) - 1n, 1]);
    await same('add twice overflow', 'add', [1n << 255n, 0]);
    await same('deposit', 'deposit', [], 7n);
    await same('deposit again', 'deposit', [], 300n);
    await same('sum 10', 'sum', [10]);
    await same('sum 0', 'sum', [0]);
    await same('mk 5', 'mk', [5]);
    await same('mk 0', 'mk', [0]);
    await same('chk small', 'chk', [3]);
    await same('chk big', 'chk', [300]);
    await same('chk ok', 'chk', [50]);
    await same('word', 'word', ['0x112233', 2]);
    await same('word oob', 'word', ['0x112233', 3]);
    await same('nonpayable with value', 'getX', [], 1n);
    console.log(ratios.join('\n'));
    expect(worst).toBeLessThanOrEqual(1.1);
  });
});
