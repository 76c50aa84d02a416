/** Helpers shared by the repo-level tests: fixture discovery and an in-process lifeline-opt. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDriver } from '@lifeline/lifeline-opt';
import { LIFELINE_OPT } from './dealloc-exec.js';
import { runTool } from './oracle.js';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export function listFiles(dir: string, ext: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listFiles(p, ext));
    else if (name.endsWith(ext)) out.push(p);
  }
  return out;
}

export function fixturePath(p: string): string {
  return relative(repoRoot, p);
}

export interface OptResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs lifeline-opt in this process on `input` (as file `name`). */
export function runOpt(args: string[], input: string, name = 'input.mlir'): OptResult {
  let stdout = '';
  let stderr = '';
  const code = runDriver([...args, name], {
    readInput: () => input,
    writeOutput: () => {},
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
  });
  return { code, stdout, stderr };
}

/**
 * Runs the lifeline-opt binary on `file` in a child process. A large batch run in this process
 * blocks the test worker's event loop, and a worker that answers none of vitest's RPC calls for
 * 60 s fails the whole run ('Timeout calling "onTaskUpdate"').
 */
export async function runOptProcess(args: string[], file: string): Promise<OptResult> {
  const r = await runTool(process.execPath, [LIFELINE_OPT, ...args, file]);
  return { code: r.code ?? 1, stdout: r.stdout, stderr: r.stderr };
}

export function readFixture(p: string): string {
  return readFileSync(p, 'utf8');
}

/** The deterministic PRNG (mulberry32) of the program generator, so failures reproduce from the seed. */
export { rng } from '../bench/gen-module.mjs';
