/**
 * Round trip through the oracle: for an input F, `mlir-opt-19 F` and
 * `mlir-opt-19 <(lifeline-opt F)` must print identical text, in custom and in
 * generic form; and `lifeline-opt F` itself must print what `mlir-opt-19 F` prints. Checked on every round-trip fixture and example, and on seeded
 * generated programs (batched with --split-input-file: one oracle call per side).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// The generator is plain JS, shared with the benchmark.
import { genProgram } from '../bench/gen-module.mjs';
import { genAffineMaps, genIntegerSets } from '../bench/gen-affine-maps.mjs';
import { fixturePath, listFiles, readFixture, repoRoot, runOpt } from './fixtures.js';

const GENERATED = Number(process.env.ROUNDTRIP_PROGRAMS ?? 300);
const SEED = Number(process.env.ROUNDTRIP_SEED ?? 7);

function mlirOpt(args: string[], input: string): string {
  return execFileSync('mlir-opt-19', ['--allow-unregistered-dialect', ...args, '-'], {
    input, encoding: 'utf8', maxBuffer: 1 << 28,
  });
}

function expectRoundTrip(name: string, text: string, extra: string[]): void {
  const ours = runOpt(['--allow-unregistered-dialect', ...extra], text, name);
  expect(ours.stderr, `lifeline-opt failed on ${name}`).toBe('');
  expect(ours.code).toBe(0);
  const reference = mlirOpt(extra, text);
  expect(mlirOpt(extra, ours.stdout)).toBe(reference);
  // Beyond the round trip: we print exactly what mlir-opt-19 prints.
  expect(ours.stdout).toBe(reference);
}

describe('round trip through mlir-opt-19: fixtures and examples', () => {
  const files = [
    ...listFiles(join(repoRoot, 'test-fixtures', 'roundtrip'), '.mlir'),
    ...listFiles(join(repoRoot, 'examples'), '.mlir'),
  ];
  it('finds fixtures', () => expect(files.length).toBeGreaterThan(3));
  for (const f of files) {
    const text = readFixture(f);
    it(`${fixturePath(f)} (custom)`, () => expectRoundTrip(f, text, []));
    it(`${fixturePath(f)} (generic)`, () => expectRoundTrip(f, text, ['--mlir-print-op-generic']));
  }
});

describe('round trip through mlir-opt-19: generated programs', () => {
  const programs: string[] = [];
  for (let i = 0; i < GENERATED; i++) {
    programs.push(genProgram(SEED * 100003 + i, { funcs: 1 + (i % 4), opsPerFunc: 20 + (i % 50) }).text);
  }
  const joined = programs.join('// -----\n');
  for (const mode of [[], ['--mlir-print-op-generic']]) {
    it(`${GENERATED} programs, seed ${SEED} ${mode.join(' ') || '(custom)'}`, () => {
      const ours = runOpt(['--split-input-file', ...mode], joined, 'generated.mlir');
      expect(ours.stderr).toBe('');
      const reference = mlirOpt(['--split-input-file', ...mode], joined).split('// -----\n');
      const back = mlirOpt(['--split-input-file', ...mode], ours.stdout).split('// -----\n');
      expect(back.length).toBe(GENERATED);
      const bad = back.findIndex((t, i) => t !== reference[i]);
      expect(bad === -1 ? '' : `program ${bad}:\n${programs[bad]}`).toBe('');
      // Beyond the round trip: our text is mlir-opt-19's, program by program.
      const mine = ours.stdout.split('// -----\n');
      const differs = mine.findIndex((t, i) => t !== reference[i]);
      expect(differs === -1 ? '' : `program ${differs} prints differently:\n${programs[differs]}`).toBe('');
    });
  }
});

describe('affine maps and integer sets print as mlir-opt-19 builds and prints them', () => {
  // One function per map or set, so one printed differently shows up as its own line.
  const maps = [...genAffineMaps(SEED, 400), ...genIntegerSets(SEED, 200)];
  const text = maps.map((m, i) => `func.func private @f${i}() attributes {m = ${m}}\n`).join('');
  it(`${maps.length} generated maps and sets (dims and symbols renamed, expressions simplified)`, () => {
    const ours = runOpt([], text, 'maps.mlir');
    expect(ours.stderr).toBe('');
    const reference = mlirOpt([], text).split('\n');
    const lines = ours.stdout.split('\n');
    const bad = lines.findIndex((l, i) => l !== reference[i]);
    expect(bad === -1 ? '' : `line ${bad}: ours ${lines[bad]}\nmlir-opt-19 ${reference[bad]}`).toBe('');
    expect(lines.length).toBe(reference.length);
  });
});
