/**
 * The live-bytes lower bound (bench/live-bytes.mjs) on calls whose bound follows from the
 * Solidity source by hand (solc viaIR, optimizer on): 0x80 + the most bytes of allocations
 * live together, counting the ABI return buffer.
 */
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { Chain, compileSolidity } from '@lifeline/evm';
import { liveBytesTracer } from '../bench/live-bytes.mjs';

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract L {
    /// one 3-word array (32 + 96 bytes) live at a time; a one-word return buffer after them
    function loopTmp(uint256 n) external pure returns (uint256 s) {
        for (uint256 i = 0; i < n; i++) {
            uint256[] memory t = new uint256[](3);
            t[i % 3] = i;
            s += t[0] + t[1] + t[2];
        }
    }
    /// the returned array (32 + 32n) and its ABI encoding (32 + 32 + 32n) live together
    function ret(uint256 n) external pure returns (uint256[] memory r) {
        r = new uint256[](n);
        for (uint256 i = 0; i < n; i++) r[i] = i;
    }
    /// two arrays kept until the end, then a third built from both
    function keepTwo(uint256 n) external pure returns (uint256) {
        uint256[] memory a = new uint256[](n);
        uint256[] memory b = new uint256[](n);
        a[0] = 1;
        b[0] = 2;
        uint256[] memory c = new uint256[](1);
        c[0] = a[0] + b[0];
        return c[0];
    }
}
`;

describe('live-bytes lower bound', () => {
  it('matches the bound computed by hand from the source', async () => {
    const r = compileSolidity({ 'L.sol': SOURCE }, { viaIR: true, optimizer: true, contract: 'L' });
    const c = r.contracts.L!;
    const chain = await Chain.create();
    const { address } = await chain.deploy(c.bytecode);
    const iface = new Interface(c.abi as never);
    const tracer = await liveBytesTracer();
    const bound = async (fn: string, n: number) => {
      tracer.start();
      const res = await chain.call(address!, iface.encodeFunctionData(fn, [n]));
      const lb = tracer.stop((res.returnData.length - 2) / 2);
      expect(res.success).toBe(true);
      expect(lb.monotonic).toBe(true);
      return { lb: lb.lowerBound, peak: res.peakMemoryBytes };
    };
    expect((await bound('loopTmp', 5)).lb).toBe(0x80 + 128);
    const loop = await bound('loopTmp', 5);
    expect(loop.peak).toBe(0x80 + 5 * 128 + 32); // solc keeps all five, then the return word
    expect((await bound('ret', 4)).lb).toBe(0x80 + (32 + 128) + (64 + 128));
    expect((await bound('keepTwo', 3)).lb).toBe(0x80 + 2 * (32 + 96) + 64);
  });
});
