/**
 * lifeline-sol end to end through its command line: what `--standard-json` and file mode
 * return deploys and runs on the EVM with the result the Solidity source says, and
 * unsupported Solidity is an UnsupportedFeature error at its source location.
 */
import { describe, expect, it } from 'vitest';
import { Interface } from 'ethers';
import { Chain } from '@lifeline/evm';
import { runCli, type CliIO } from '@lifeline/lifeline-sol';
import { lowerToSol } from '@lifeline/solidity';
import type { Operation } from '@lifeline/ir';
import { compileContracts, lifetimeReport } from '../dist/compiler.js';
import type { CompileRequest } from '@lifeline/lifeline-sol';

function io(files: Record<string, string>, stdin = '') {
  const out = { stdout: '', stderr: '', written: {} as Record<string, string> };
  const cli: CliIO = {
    readFile: (p) => {
      if (!(p in files)) throw new Error(`ENOENT: ${p}`);
      return files[p]!;
    },
    readStdin: () => stdin,
    stdout: (s) => (out.stdout += s),
    stderr: (s) => (out.stderr += s),
    writeFile: (p, t) => (out.written[p] = t),
  };
  return { cli, out };
}

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Sum {
    function sum(uint256 n) external pure returns (uint256 s) {
        uint256[] memory xs = new uint256[](n);
        for (uint256 i = 0; i < n; i++) xs[i] = i * i;
        for (uint256 i = 0; i < n; i++) s += xs[i];
    }
}
`;

describe('lifeline-sol', () => {
  it('--standard-json: the bytecode computes what the source says (sum of squares below n)', async () => {
    const input = JSON.stringify({
      language: 'Solidity', sources: { 'Sum.sol': { content: SOURCE } },
      settings: { optimizer: { enabled: true }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'ir'] } } },
    });
    const { cli, out } = io({}, input);
    expect(runCli(['--standard-json'], cli, compileContracts)).toBe(0);
    const json = JSON.parse(out.stdout) as { contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } }; ir: string }>> };
    const c = json.contracts['Sum.sol']!.Sum!;
    expect(c.ir).toMatch(/^object "Sum"/m);
    const chain = await Chain.create();
    const { address } = await chain.deploy(c.evm.bytecode.object);
    const iface = new Interface(c.abi as never);
    const r = await chain.call(address, iface.encodeFunctionData('sum', [10]));
    expect(r.success).toBe(true);
    expect(iface.decodeFunctionResult('sum', r.returnData)[0]).toBe(285n); // 0² + … + 9²
  });

  it('file mode prints solc\'s sections per contract', () => {
    const { cli, out } = io({ 'Sum.sol': SOURCE });
    expect(runCli(['Sum.sol', '--bin', '--bin-runtime', '--abi', '--sol-ir'], cli, compileContracts)).toBe(0);
    expect(out.stdout).toMatch(/\n======= Sum\.sol:Sum =======\nBinary:\n[0-9a-f]+\nBinary of the runtime part:\n[0-9a-f]+\nContract JSON ABI\n\[.*"sum".*\]\nsol IR:\n/s);
    expect(out.stdout).toContain('sol.malloc');
  });

  it('interfaces, abstract contracts and libraries of internal functions have empty sections, as in solc; the contract using them runs', async () => {
    const src = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
interface IScale { function scale(uint256 x) external view returns (uint256); }
library Squares { uint256 internal constant K = 3; function sq(uint256 x) internal pure returns (uint256) { return x * x; } }
abstract contract Base { function base() internal pure virtual returns (uint256); }
contract Uses is Base {
    function base() internal pure override returns (uint256) { return 4; }
    function f(uint256 x) external pure returns (uint256) { return Squares.sq(x) + base(); }
}
`;
    const { cli, out } = io({ 'U.sol': src });
    expect(runCli(['U.sol', '--bin'], cli, compileContracts)).toBe(0);
    for (const name of ['IScale', 'Squares', 'Base']) expect(out.stdout).toContain(`======= U.sol:${name} =======\nBinary:\n\n`);
    expect(out.stderr).toMatch(/library Squares is not compiled on its own/);
    const bin = out.stdout.match(/======= U\.sol:Uses =======\nBinary:\n([0-9a-f]+)/)![1]!;
    const chain = await Chain.create();
    const { address } = await chain.deploy(bin);
    const iface = new Interface(['function f(uint256) pure returns (uint256)']);
    const r = await chain.call(address, iface.encodeFunctionData('f', [5]));
    expect(iface.decodeFunctionResult('f', r.returnData)[0]).toBe(29n);
  });

  it('unsupported Solidity is an UnsupportedFeature error at its location, and exit 1', () => {
    const src = 'pragma solidity ^0.8.20;\ncontract A { function g() public pure returns (uint) { return 1; } }\n'
      + 'contract B is A { function f() external view returns (uint) { try this.g() returns (uint v) { return v; } catch { return 0; } } }\n';
    const { cli, out } = io({ 'B.sol': src });
    expect(runCli(['B.sol', '--bin'], cli, compileContracts)).toBe(1);
    expect(out.stderr).toMatch(/UnsupportedFeature/);
    const json = JSON.parse((() => {
      const s = io({}, JSON.stringify({ language: 'Solidity', sources: { 'B.sol': { content: src } } }));
      runCli(['--standard-json'], s.cli, compileContracts);
      return s.out.stdout;
    })()) as { errors: { type: string; sourceLocation?: { file: string; start: number; end: number } }[] };
    const err = json.errors.find((e) => e.type === 'UnsupportedFeature')!;
    expect(err.sourceLocation?.file).toBe('B.sol');
    expect(src.slice(err.sourceLocation!.start, err.sourceLocation!.end)).toMatch(/^try this\.g\(\)/);
  });

  it('a missing file and an unknown flag are errors, not crashes', () => {
    const a = io({});
    expect(runCli(['nope.sol', '--bin'], a.cli, compileContracts)).toBe(1);
    expect(a.out.stderr).toContain('"nope.sol" is not found');
    const b = io({ 'Sum.sol': SOURCE });
    expect(runCli(['Sum.sol', '--frobnicate'], b.cli, compileContracts)).toBe(1);
  });

  it('runs the lifetime passes by default; --no-lifetime turns them off; --traced-releases adds traced releases; all compute the same', async () => {
    const asked: boolean[] = [];
    const traced: boolean[] = [];
    const spy = (r: CompileRequest) => (asked.push(r.lifetime), traced.push(!!r.traced), compileContracts(r));
    const results: string[] = [];
    for (const flags of [[], ['--lifetime'], ['--no-lifetime'], ['--traced-releases']]) {
      const { cli, out } = io({ 'Sum.sol': SOURCE });
      expect(runCli(['Sum.sol', '--bin', '--abi', ...flags], cli, spy)).toBe(0);
      const [, bin, abi] = /Binary:\n([0-9a-f]+)\nContract JSON ABI\n(.*)\n/.exec(out.stdout)!;
      const chain = await Chain.create();
      const { address } = await chain.deploy(bin!);
      const iface = new Interface(JSON.parse(abi!) as never);
      const r = await chain.call(address, iface.encodeFunctionData('sum', [10]));
      results.push(r.returnData);
    }
    expect(asked).toEqual([true, true, false, true]);
    expect(traced).toEqual([false, false, false, true]);
    expect(results.map((d) => BigInt(d))).toEqual([285n, 285n, 285n, 285n]);
  });

  it('--lifetime-report prints a section per contract, with no warning about lifetimes', () => {
    const { cli, out } = io({ 'Sum.sol': SOURCE });
    expect(runCli(['Sum.sol', '--lifetime-report', '--sol-ir'], cli, compileContracts)).toBe(0);
    expect(out.stdout).toMatch(/======= Sum\.sol:Sum =======\nsol IR:\n[\s\S]*\nLifetime report:\n/);
    expect(out.stderr).toBe('');
    const off = io({ 'Sum.sol': SOURCE });
    expect(runCli(['Sum.sol', '--lifetime-report', '--no-lifetime'], off.cli, compileContracts)).toBe(0);
    expect(off.out.stdout).toContain('Lifetime report:\n(lifetime passes off: --no-lifetime)');
  });

  it('a report line says where, what, in which function, the verdict and its reasons, and the release', () => {
    // entries made by hand around a real lowered module: the format, not the analysis, is tested
    const lowered = lowerToSol({ sources: { 'Sum.sol': SOURCE } });
    const mallocs: Operation[] = [];
    lowered.module!.walk((op) => { if (op.name === 'sol.malloc') mallocs.push(op); return undefined; });
    expect(mallocs.length).toBeGreaterThan(0);
    const op = mallocs[0]!;
    const lines = lifetimeReport({
      entries: [
        { op, func: 'sum_25', verdict: 'escapes', reasons: ['returned', 'stored into %3'], released: [] },
        { op, func: 'sum_25', verdict: 'local', reasons: [], released: ['freed at end of loop iteration'] },
      ],
    }, 'Sum');
    const col = SOURCE.split('\n')[4]!.indexOf('new uint256[](n)') + 1; // the `new` expression, line 5
    expect(lines).toEqual([
      `Sum.sol:5:${col}: sol.malloc in Sum.sum: escapes (returned; stored into %3) — not released`,
      `Sum.sol:5:${col}: sol.malloc in Sum.sum: local — freed at end of loop iteration`,
    ]);
    expect(lifetimeReport({ entries: [{ op, func: 'sum_25', verdict: 'local', reasons: [], released: [] }] }, 'Other')).toEqual([]);
  });
});
