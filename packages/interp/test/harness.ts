/**
 * Shared helpers of the interpreter tests: parse a fixture, run it in process, run
 * the lifeline-run binary, and ask the real oracles (mlir-opt-19, mlir-cpu-runner-19).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseString, verify, type Operation } from '@lifeline/ir';
import { createRegistry } from '@lifeline/dialects';
import { runModule, type RunOptions, type RunResult } from '@lifeline/interp';

export const HERE = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURES = path.join(HERE, 'fixtures');
export const LIFELINE_RUN = path.resolve(HERE, '../bin/lifeline-run.js');
export const tmp = mkdtempSync(path.join(os.tmpdir(), 'interp-test-'));
const registry = createRegistry();

export function parse(text: string, fileName = 'input.mlir'): Operation {
  const module = parseString(text, registry, { fileName });
  const errors = verify(module, registry);
  if (errors.length) throw new Error(`${fileName}: ${errors.map((e) => e.message).join('; ')}`);
  return module;
}

export function runText(text: string, options: RunOptions = {}, fileName?: string): RunResult {
  return runModule(parse(text, fileName), options);
}

export function runFixture(rel: string, options: RunOptions = {}): RunResult {
  const file = path.join(FIXTURES, rel);
  return runText(readFileSync(file, 'utf8'), options, file);
}

export function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [LIFELINE_RUN, ...args], { encoding: 'utf8' });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function tool(cmd: string, args: string[], input?: string): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', input, maxBuffer: 256 << 20 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
  return r.stdout;
}

/** mlir-opt-19 with `args` on `text`; returns the printed module. */
export function mlirOpt(text: string, args: string[]): string {
  return tool('mlir-opt-19', [...args, '-'], text);
}

/**
 * Lowering to the LLVM dialect for mlir-cpu-runner-19. memref.copy between strided
 * views lowers to a call into libmlir_c_runner_utils, which mlir-19-tools does not
 * ship; the oracle side therefore spells each copy as linalg.copy (same operands,
 * same meaning), which convert-linalg-to-loops turns into loads and stores.
 */
export const LOWER_TO_LLVM = 'builtin.module(expand-realloc,convert-linalg-to-loops,scf-forall-to-parallel,convert-bufferization-to-memref,' +
  'convert-scf-to-cf,arith-expand,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-arith-to-llvm,' +
  'convert-index-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)';

/** The i64 that `@main` returns when the program runs compiled by LLVM (mlir-cpu-runner-19). */
export function oracleMain(text: string): string {
  const copies = text.replace(/memref\.copy (%[^,]+), (%\S+) : (.+) to (.+)$/gm, 'linalg.copy ins($1 : $3) outs($2 : $4)');
  const llvm = mlirOpt(copies, [`--pass-pipeline=${LOWER_TO_LLVM}`]);
  const file = path.join(tmp, `llvm-${Math.random().toString(36).slice(2)}.mlir`);
  writeFileSync(file, llvm);
  return tool('mlir-cpu-runner-19', ['-e', 'main', '-entry-point-result=i64', '-O0', file]).trim();
}

/** Counters that must be zero for a memory-correct run. */
export function memoryErrors(r: RunResult): Record<string, number> {
  const m = r.memory;
  return { leaked: m.leaked, doubleFrees: m.doubleFrees, useAfterFree: m.useAfterFree, invalidFrees: m.invalidFrees };
}
export const NO_MEMORY_ERRORS = { leaked: 0, doubleFrees: 0, useAfterFree: 0, invalidFrees: 0 };
