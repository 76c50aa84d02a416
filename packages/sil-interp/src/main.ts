/**
 * `lifeline-sil-run FILE [--entry NAME] [--args V1 V2 …] [--max-steps N] [--frees]`
 * runs a SIL program (the subset of @lifeline/sil) and checks its reference counting.
 *
 * FILE (`-` for stdin) is parsed with parseSil; the entry function (default `main`) runs
 * with the integer arguments after `--args`. stdout: each observable event (a call of a
 * body-less function, `@observe(5)`) on its own line, with `--frees` also each free
 * (`free #3`) where it happens, then the entry's result. stderr: located diagnostics of
 * memory problems and of a runtime error, then two summary lines:
 *
 *   rc: retains=N releases=N
 *   memory: objects=N freed=N leaked=N over-releases=N use-after-free=N
 *
 * Exit 0: clean; 1: a memory error, bad input or wrong entry arguments; 2: a runtime
 * error (cond_fail, unreachable, failed cast, step limit, unsupported instruction).
 */
import { readFileSync } from 'node:fs';
import { DiagnosticError, SourceFile, renderDiagnostic } from '@lifeline/ir';
import { parseSilSource } from '@lifeline/sil';
import { DEFAULT_MAX_STEPS, runSil, type SilRunResult } from './run.js';

const USAGE = 'usage: lifeline-sil-run FILE [--entry NAME] [--args V1 V2 ...] [--max-steps N] [--frees]\n';

interface CliOptions { file: string; entry: string; args: string[]; maxSteps: number; frees: boolean }

function parseArgs(argv: readonly string[]): CliOptions | string {
  const o: CliOptions = { file: '', entry: 'main', args: [], maxSteps: DEFAULT_MAX_STEPS, frees: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = a.indexOf('=');
    const [flag, inline] = a.startsWith('--') && eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--entry') o.entry = value() ?? '';
    else if (flag === '--frees') o.frees = true;
    else if (flag === '--max-steps') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) return 'invalid --max-steps value';
      o.maxSteps = n;
    } else if (flag === '--args') {
      if (inline !== undefined) o.args.push(inline);
      while (i + 1 < argv.length && !/^--[a-z]/.test(argv[i + 1]!)) o.args.push(argv[++i]!);
    } else if (flag === '-h' || flag === '--help') return '';
    else if (a.startsWith('--')) return `unknown option '${a}'`;
    else if (o.file) return `unexpected argument '${a}'`;
    else o.file = a;
  }
  return o.file ? o : 'no input file';
}

export function summary(r: Pick<SilRunResult, 'rc' | 'memory'>): string {
  const m = r.memory;
  return `rc: retains=${r.rc.retains} releases=${r.rc.releases}\n` +
    `memory: objects=${m.objects} freed=${m.freed} leaked=${m.leaked} over-releases=${m.overReleases} use-after-free=${m.useAfterFree}\n`;
}

/** The trace with the frees placed where they happened (--frees). */
export function traceLines(r: SilRunResult, frees: boolean): string[] {
  if (!frees) return r.trace;
  const out: string[] = [];
  let k = 0;
  for (let i = 0; i <= r.trace.length; i++) {
    while (k < r.frees.length && r.frees[k]!.at === i) out.push(`free #${r.frees[k++]!.object}`);
    if (i < r.trace.length) out.push(r.trace[i]!);
  }
  return out;
}

export interface CliIO { readInput(path: string): string; stdout(s: string): void; stderr(s: string): void }

const processIO: CliIO = {
  readInput: (p) => readFileSync(p === '-' ? 0 : p, 'utf8'),
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
};

const NOTHING_RAN = summary({ rc: { retains: 0, releases: 0 }, memory: { objects: 0, freed: 0, leaked: 0, overReleases: 0, useAfterFree: 0 } });

export function runCli(argv: readonly string[], io: CliIO): number {
  const failInput = (message: string): number => (io.stderr(message + NOTHING_RAN), 1);
  const o = parseArgs(argv);
  if (typeof o === 'string') {
    if (!o) io.stderr(USAGE);
    return o ? failInput(`lifeline-sil-run: ${o}\n${USAGE}`) : 0;
  }
  const name = o.file === '-' ? '<stdin>' : o.file;
  let text: string;
  try {
    text = io.readInput(o.file);
  } catch {
    return failInput(`lifeline-sil-run: Could not open input file '${o.file}': No such file or directory\n`);
  }
  const source = new SourceFile(name, text);
  let module;
  try {
    module = parseSilSource(source);
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    return failInput(renderDiagnostic(e.diagnostic, [source]));
  }
  const r = runSil(module, { entry: o.entry, args: o.args, maxSteps: o.maxSteps });
  const lines = [...traceLines(r, o.frees), ...r.results];
  if (lines.length) io.stdout(lines.join('\n') + '\n');
  for (const p of r.problems) io.stderr(renderDiagnostic(p, [source]));
  if (r.error) io.stderr(renderDiagnostic(r.error, [source]));
  io.stderr(summary(r));
  return r.errorKind === 'input' ? 1 : r.error ? 2 : r.clean ? 0 : 1;
}

export async function main(argv: string[]): Promise<number> {
  return runCli(argv, processIO);
}
