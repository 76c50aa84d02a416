/**
 * @lifeline/evm against hand-computed expectations: a small contract compiled by solc
 * (viaIR and legacy, optimizer on), deployed on the Osaka EVM and called. Every expected
 * value below is derived from the Solidity source and the ABI / memory-layout rules, not
 * from an earlier run.
 */
import { AbiCoder, Interface, id, keccak256, zeroPadValue } from 'ethers';
import { describe, expect, it } from 'vitest';
import { Chain, assembleYul, compileSolidity, decodeRevert, formatRevert, solcStandardJson, solcVersion } from '../dist/index.js';

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Other { function f() external pure returns (uint256) { return 1; } }
contract Calc {
    uint256 public total;                      // slot 0
    mapping(uint256 => uint256) public seen;   // slot 1
    event Added(address indexed who, uint256 amount, uint256 newTotal);
    error TooBig(uint256 got, uint256 limit);
    constructor(uint256 start) { total = start; }
    function add(uint256 a) external returns (uint256) {
        if (a > 1000) revert TooBig(a, 1000);
        total += a;
        seen[a] = total;
        emit Added(msg.sender, a, total);
        return total;
    }
    function divmod(uint256 a, uint256 b) external pure returns (uint256 q, uint256 r) { q = a / b; r = a % b; }
    function need(bool ok) external pure { require(ok, "not ok"); }
    function sub8(uint8 a, uint8 b) external pure returns (uint8) { return a - b; }
    function pick(uint256 i) external pure returns (uint256) { uint256[3] memory a = [uint256(7), 8, 9]; return a[i]; }
    function alloc(uint256 n) external pure returns (uint256 s) {
        uint256[] memory a = new uint256[](n);
        for (uint256 i = 0; i < n; i++) a[i] = i;
        for (uint256 i = 0; i < n; i++) s += a[i];
    }
    function pay() external payable returns (uint256) { return msg.value; }
}`;

const SENDER = '0x1000000000000000000000000000000000000001';
const coder = AbiCoder.defaultAbiCoder();
const word = (v: bigint | number) => zeroPadValue('0x' + BigInt(v).toString(16).padStart(2, '0'), 32).toLowerCase();
const panic = (code: number) => '0x4e487b71' + word(code).slice(2);

for (const viaIR of [true, false]) {
  describe(`compile + deploy + call (${viaIR ? 'viaIR' : 'legacy'}, optimizer on)`, () => {
    const compiled = compileSolidity({ 'calc.sol': SOURCE }, { viaIR, outputs: viaIR ? ['ir', 'irOptimized'] : [] });
    const calc = compiled.contracts.Calc!;
    const iface = new Interface(calc.abi as never);

    async function deployed() {
      const chain = await Chain.create();
      const d = await chain.deploy(calc.bytecode, coder.encode(['uint256'], [5]));
      expect(d.success).toBe(true);
      return { chain, address: d.address! };
    }

    it('compiles both contracts of the file, no errors', () => {
      expect(compiled.ok).toBe(true);
      expect(Object.keys(compiled.contracts).sort()).toEqual(['Calc', 'Other']);
      expect(calc.deployedBytecode.length).toBeGreaterThan(0);
      expect(calc.bytecode.length).toBeGreaterThan(calc.deployedBytecode.length);
      if (viaIR) {
        expect(calc.ir).toContain('object "Calc_');
        expect(calc.irOptimized).toContain('memoryguard');
      }
    });

    it('constructor writes storage; call returns, logs and writes storage', async () => {
      const { chain, address } = await deployed();
      expect(await chain.storage(address, 0)).toBe(5n);
      const r = await chain.call(address, iface.encodeFunctionData('add', [7]));
      expect(r.success).toBe(true);
      expect(BigInt(r.returnData)).toBe(12n);
      // seen[7] lives at keccak256(abi.encode(7, 1)) (mapping at slot 1)
      const seenSlot = keccak256(coder.encode(['uint256', 'uint256'], [7, 1])).toLowerCase();
      expect(r.storageWrites).toEqual({ [word(0)]: word(12), [seenSlot]: word(12) });
      expect(r.storageChanges).toEqual(r.storageWrites);
      expect(r.logs).toEqual([
        {
          address,
          topics: [id('Added(address,uint256,uint256)'), zeroPadValue(SENDER, 32)],
          data: coder.encode(['uint256', 'uint256'], [7, 12]),
        },
      ]);
      expect(await chain.storage(address, seenSlot)).toBe(12n);
      // total += 0 stores the same value again: a write but not a change
      const z = await chain.call(address, iface.encodeFunctionData('add', [0]));
      const seen0 = keccak256(coder.encode(['uint256', 'uint256'], [0, 1])).toLowerCase();
      expect(z.storageWrites).toEqual({ [word(0)]: word(12), [seen0]: word(12) });
      expect(z.storageChanges).toEqual({ [seen0]: word(12) });
      expect(r.gasUsed).toBeGreaterThan(22_100); // at least one cold zero→nonzero SSTORE
    });

    it('multiple returns decode', async () => {
      const { chain, address } = await deployed();
      const r = await chain.call(address, iface.encodeFunctionData('divmod', [47, 5]));
      expect(r.returnData).toBe(coder.encode(['uint256', 'uint256'], [9, 2]));
    });

    it('reverts: Panic codes, Error(string), custom errors; state and logs undone', async () => {
      const { chain, address } = await deployed();
      const cases: [string, unknown[], string][] = [
        ['divmod', [1, 0], panic(0x12)],
        ['sub8', [3, 4], panic(0x11)],
        ['pick', [3], panic(0x32)],
        ['need', [false], '0x08c379a0' + coder.encode(['string'], ['not ok']).slice(2)],
        ['add', [1001], id('TooBig(uint256,uint256)').slice(0, 10) + coder.encode(['uint256', 'uint256'], [1001, 1000]).slice(2)],
      ];
      for (const [fn, args, revertData] of cases) {
        const r = await chain.call(address, iface.encodeFunctionData(fn, args));
        expect(r.success, fn).toBe(false);
        expect(r.revertData, fn).toBe(revertData);
        expect(r.logs).toEqual([]);
        expect(r.storageWrites).toEqual({});
      }
      expect(await chain.storage(address, 0)).toBe(5n);
      const ok = await chain.call(address, iface.encodeFunctionData('pick', [2]));
      expect(BigInt(ok.returnData)).toBe(9n);
      expect(decodeRevert(panic(0x11))).toEqual({ kind: 'panic', code: 0x11 });
      expect(formatRevert(cases[3]![2])).toBe('Error("not ok")');
      // calldata with an unknown selector: solc's dispatcher reverts with empty data
      const u = await chain.call(address, '0xdeadbeef');
      expect(u).toMatchObject({ success: false, revertData: '0x' });
    });

    it('peak memory of new uint256[](n): 0x80 + 32·(n+1) + the 32-byte return buffer', async () => {
      const { chain, address } = await deployed();
      for (const n of [0, 10, 50]) {
        const r = await chain.call(address, iface.encodeFunctionData('alloc', [n]));
        expect(BigInt(r.returnData)).toBe(BigInt((n * (n - 1)) / 2));
        // `new` always allocates the length word, even for n = 0 (only an uninitialised
        // `uint256[] memory a;` points at the zero slot 0x60 without allocating)
        expect(r.peakMemoryBytes).toBe(0x80 + 32 * (n + 1) + 32);
      }
    });

    it('value transfers reach msg.value', async () => {
      const { chain, address } = await deployed();
      const r = await chain.call(address, iface.encodeFunctionData('pay', []), { value: 12345n });
      expect(BigInt(r.returnData)).toBe(12345n);
      const np = await chain.call(address, iface.encodeFunctionData('pick', [0]), { value: 1n });
      expect(np).toMatchObject({ success: false, revertData: '0x' }); // non-payable
    });
  });
}

describe('solc front matter', () => {
  it('is solc 0.8.37', () => {
    expect(solcVersion()).toMatch(/^0\.8\.37\+commit\./);
  });

  it('reports syntax errors with a location, and bad standard JSON as errors', () => {
    const r = compileSolidity({ 'bad.sol': 'contract X { function f( }' });
    expect(r.ok).toBe(false);
    const e = r.errors.find((x) => x.severity === 'error')!;
    expect(e.type).toBe('ParserError');
    expect(e.sourceLocation?.file).toBe('bad.sol');
    const raw = JSON.parse(solcStandardJson('{ not json'));
    expect(raw.errors[0].severity).toBe('error');
  });

  it('selects one contract with `contract`', () => {
    const r = compileSolidity({ 'calc.sol': SOURCE }, { contract: 'Other' });
    expect(Object.keys(r.contracts)).toEqual(['Other']);
  });
});

describe('assembleYul', () => {
  // runtime: reverts with empty data below 32 bytes of calldata, else returns 3·x + 1
  const YUL = `object "Tri" {
  code {
    datacopy(0, dataoffset("Tri_deployed"), datasize("Tri_deployed"))
    return(0, datasize("Tri_deployed"))
  }
  object "Tri_deployed" {
    code {
      if lt(calldatasize(), 32) { revert(0, 0) }
      mstore(0, add(mul(calldataload(0), 3), 1))
      return(0, 32)
    }
  }
}`;
  for (const optimizer of [true, false]) {
    it(`assembles and runs a hand-written object (optimizer ${optimizer})`, async () => {
      const a = assembleYul(YUL, { optimizer });
      expect(a.ok).toBe(true);
      expect(a.errors.filter((e) => e.severity === 'error')).toEqual([]);
      const chain = await Chain.create();
      const d = await chain.deploy(a.bytecode);
      expect(d.codeSize * 2).toBe(a.deployedBytecode.length);
      expect(await chain.code(d.address!)).toBe('0x' + a.deployedBytecode);
      const r = await chain.call(d.address!, word(14));
      expect(BigInt(r.returnData)).toBe(43n);
      expect(r.peakMemoryBytes).toBe(32);
      expect(await chain.call(d.address!, '0x01')).toMatchObject({ success: false, revertData: '0x' });
    });
  }

  it('reports Yul errors', () => {
    const a = assembleYul('object "X" { code { let x := foo() } }');
    expect(a.ok).toBe(false);
    expect(a.errors.some((e) => e.severity === 'error')).toBe(true);
  });

  it('reports a function too deep for the stack as solc words it, not as an uncaught exception', () => {
    // a recursive function (its locals cannot move to memory) with 18 locals live across the call
    const locals = Array.from({ length: 18 }, (_, i) => `let b${i} := add(a, ${i})`).join(' ');
    const sum = Array.from({ length: 18 }, (_, i) => `b${i}`).reduce((x, y) => `add(${x}, ${y})`);
    const yul = `object "D" { code { mstore(0, f(calldataload(0))) return(0, 32)
      function f(a) -> r { if lt(a, 2) { leave } ${locals} mstore(0x80, f(sub(a, 1))) r := ${sum} } } }`;
    const a = assembleYul(yul, { optimizer: false });
    expect(a.ok).toBe(false);
    expect(a.errors).toHaveLength(1);
    expect(a.errors[0]).toMatchObject({ type: 'YulException', severity: 'error' });
    expect(a.errors[0]!.message).toMatch(/^Cannot swap .* too deep in the stack by \d+ slots? .*16 stack slots/);
    expect(a.errors[0]!.message).not.toMatch(/Uncaught|boost|\.cpp/);
  });
});
