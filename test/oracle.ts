/**
 * Running mlir-opt-19 from tests: availability, asynchronous runs (at most a few at
 * once, so a batch of programs does not flood two cores), temporary input files.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ORACLE = 'mlir-opt-19';
/** What separates the chunks of `--split-input-file` input and output. */
export const SPLIT_MARKER = '// -----\n';

export interface OracleOutput { stdout: string; stderr: string; code: number | null; signal: string | null }

/** Why the oracle cannot run, or undefined when it can. */
export function oracleMissing(tool = ORACLE): string | undefined {
  const r = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  return r.error ? `${tool} is not installed (${r.error.message}); apt-get install -y mlir-19-tools flang-19` : undefined;
}

export interface ToolOptions {
  /** Added to the environment. */
  env?: Record<string, string>;
  /** Kill the tool after this many milliseconds (a hang is a failure, not a stuck suite). */
  timeoutMs?: number;
}

/** Runs `cmd args`; resolves with its output, whatever its exit. */
export function runTool(cmd: string, args: readonly string[], o: ToolOptions = {}): Promise<OracleOutput> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, {
      stdio: ['ignore', 'pipe', 'pipe'], env: o.env ? { ...process.env, ...o.env } : undefined, timeout: o.timeoutMs,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    p.stdout.on('data', (d: Buffer) => out.push(d));
    p.stderr.on('data', (d: Buffer) => err.push(d));
    p.on('error', reject);
    p.on('close', (code, signal) => resolve({
      stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), code, signal,
    }));
  });
}

const MAX_RUNNING = 4;
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `tool args file`, at most MAX_RUNNING at once; resolves with its output, whatever its exit. */
export async function runOracle(args: readonly string[], file: string, tool = ORACLE): Promise<OracleOutput> {
  if (running >= MAX_RUNNING) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    return await runTool(tool, [...args, file]);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

let dir: string | undefined;
let n = 0;

/** Writes `text` to a fresh file in a temporary directory removed when the process exits. */
export function writeTemp(text: string, ext = '.mlir'): string {
  if (!dir) {
    const d = mkdtempSync(join(tmpdir(), 'lifeline-test-'));
    dir = d;
    process.on('exit', () => rmSync(d, { recursive: true, force: true }));
  }
  const file = join(dir, `input-${n++}${ext}`);
  writeFileSync(file, text);
  return file;
}
