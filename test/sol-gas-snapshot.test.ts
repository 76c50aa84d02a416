/**
 * bench/sol-gas-snapshot.mjs writes and diffs gas snapshots in Foundry's format (forge
 * snapshot / forge snapshot --diff, crates/forge/src/cmd/snapshot.rs): the expected text below
 * is written by hand from that format, and the command line is run once end to end on one
 * benchmark call (a snapshot of the lifetime-off variant diffed against itself: no change).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiff, formatSnapshot, parseSnapshot } from '../bench/sol-gas-snapshot.mjs';

const before = [
  { contract: 'StructLoop', sig: 'walk(10)', gas: 13795 },
  { contract: 'ArrayInLoop', sig: 'fixedTmp(1000)', gas: 4542586 },
  { contract: 'ArrayInLoop', sig: 'fixedTmp(10)', gas: 44065 },
  { contract: 'HashLoop', sig: 'chainHash(10)', gas: 3973 },
];
const after = [
  { contract: 'ArrayInLoop', sig: 'fixedTmp(10)', gas: 40000 },
  { contract: 'ArrayInLoop', sig: 'fixedTmp(1000)', gas: 3308052 },
  { contract: 'HashLoop', sig: 'chainHash(10)', gas: 3973 },
  { contract: 'StructLoop', sig: 'walk(10)', gas: 14000 },
  { contract: 'StructLoop', sig: 'walkInPlace(10)', gas: 4878 },
];

describe('gas snapshots in forge format', () => {
  it('a snapshot is sorted `Contract:sig (gas: N)` lines without a final newline, and parses back', () => {
    const text = formatSnapshot(before);
    expect(text).toBe([
      // byte order, as forge sorts: ')' (0x29) sorts before '0' (0x30)
      'ArrayInLoop:fixedTmp(10) (gas: 44065)',
      'ArrayInLoop:fixedTmp(1000) (gas: 4542586)',
      'HashLoop:chainHash(10) (gas: 3973)',
      'StructLoop:walk(10) (gas: 13795)',
    ].join('\n'));
    expect(parseSnapshot(text)).toEqual([...before].sort((a, b) => (`${a.contract}:${a.sig}` < `${b.contract}:${b.sig}` ? -1 : 1)));
    expect(() => parseSnapshot('not a snapshot line')).toThrow(/Could not extract Snapshot Entry/);
  });

  it('a diff lists entries by |%| ascending with old → new, change and percentage, new entries, totals', () => {
    expect(formatDiff(before, after)).toEqual([
      '━ HashLoop::chainHash(10) (gas: 3973 → 3973 | 0 0.000%)',
      '↑ StructLoop::walk(10) (gas: 13795 → 14000 | 205 1.486%)',
      '↓ ArrayInLoop::fixedTmp(10) (gas: 44065 → 40000 | -4065 -9.225%)',
      '↓ ArrayInLoop::fixedTmp(1000) (gas: 4542586 → 3308052 | -1234534 -27.177%)',
      '',
      'New tests:',
      '  + StructLoop::walkInPlace(10)',
      '',
      '-'.repeat(80),
      'Total tests: 4, ↑ 1, ↓ 2, ━ 1',
      // (205 - 4065 - 1234534) / (3973 + 13795 + 44065 + 4542586)
      'Overall gas change: -1238394 (-26.896%)',
    ]);
  });

  it('--snap then --diff on the command line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gas-snap-'));
    const file = join(dir, '.gas-snapshot');
    const script = join(import.meta.dirname, '..', 'bench', 'sol-gas-snapshot.mjs');
    const common = ['--only', 'HashLoop.packedHash', '--sizes', '10,20', '--variant', 'off'];
    const snap = spawnSync(process.execPath, [script, '--snap', file, ...common], { encoding: 'utf8' });
    expect(snap.stderr).toBe('');
    expect(snap.status).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^HashLoop:packedHash\(10\) \(gas: \d+\)\nHashLoop:packedHash\(20\) \(gas: \d+\)$/);
    const diff = spawnSync(process.execPath, [script, '--diff', file, ...common], { encoding: 'utf8' });
    expect(diff.status).toBe(0);
    expect(diff.stdout).toMatch(/^━ HashLoop::packedHash\(10\) \(gas: (\d+) → \1 \| 0 0\.000%\)\n━ HashLoop::packedHash\(20\)/);
    expect(diff.stdout).toContain('Overall gas change: 0 (0.000%)');
  });
});
