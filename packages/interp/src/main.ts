/**
 * `lifeline-run FILE [--entry NAME] [--args V1 V2 …] [--max-steps N]` runs a
 * func/arith/cf/scf/memref/bufferization program and checks its memory behaviour.
 *
 * FILE (`-` for stdin) is parsed and verified like lifeline-opt does; then the entry
 * function (default `main`) runs with the scalar arguments after `--args` (integers for
 * iN/index, decimals for floats). Each result prints on its own line of stdout: integers
 * as signed decimals (i1 as 0/1), floats as their shortest round-trip decimal, memrefs as
 * nested `[…]` lists. stderr ends with two summary lines:
 *
 *   work: dealloc-helper-calls=N pointer-extracts=N pointer-compares=N clones=N
 *   memory: allocs=N frees=N leaked=N double-frees=N use-after-free=N invalid-frees=N
 *
 * Exit 0: no memory error and no runtime error; 1: a memory error (leak, double free,
 * use after free, invalid free), bad input (located diagnostics, as lifeline-opt) or
 * wrong entry arguments; 2: a runtime error (out-of-bounds access, failed cf.assert,
 * undefined behaviour, step limit, unsupported op), reported as `FILE:line:col: error: …`
 * at the op.
 * The library entry point is `runModule` from `@lifeline/interp`.
 */
import { readFileSync } from 'node:fs';
import { DiagnosticError, SourceFile, parseSource, renderDiagnostic, verify } from '@lifeline/ir';
import { createRegistry } from '@lifeline/dialects';
import { DEFAULT_MAX_STEPS, runModule, type RunResult } from './run.js';

const USAGE = 'usage: lifeline-run FILE [--entry NAME] [--args V1 V2 ...] [--max-steps N]\n';

interface CliOptions {
  file: string;
  entry: string;
  args: string[];
  maxSteps: number;
}

function parseArgs(argv: readonly string[]): CliOptions | string {
  const o: CliOptions = { file: '', entry: 'main', args: [], maxSteps: DEFAULT_MAX_STEPS };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = a.indexOf('=');
    const [flag, inline] = a.startsWith('--') && eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--entry') o.entry = value() ?? '';
    else if (flag === '--max-steps') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) return `invalid --max-steps value`;
      o.maxSteps = n;
    } else if (flag === '--args') {
      if (inline !== undefined) o.args.push(inline);
      // Everything up to the next option is an argument (negative numbers included).
      while (i + 1 < argv.length && !/^--[a-z]/.test(argv[i + 1]!)) o.args.push(argv[++i]!);
    } else if (flag === '-h' || flag === '--help') return '';
    else if (a.startsWith('--')) return `unknown option '${a}'`;
    else if (o.file) return `unexpected argument '${a}'`;
    else o.file = a;
  }
  if (!o.file) return 'no input file';
  return o;
}

export function summary(r: RunResult): string {
  const w = r.work;
  const m = r.memory;
  return `work: dealloc-helper-calls=${w.deallocHelperCalls} pointer-extracts=${w.pointerExtracts} ` +
    `pointer-compares=${w.pointerCompares} clones=${w.clones}\n` +
    `memory: allocs=${m.allocs} frees=${m.frees} leaked=${m.leaked} double-frees=${m.doubleFrees} ` +
    `use-after-free=${m.useAfterFree} invalid-frees=${m.invalidFrees}\n`;
}

export function hasMemoryError(r: RunResult): boolean {
  const m = r.memory;
  return m.leaked + m.doubleFrees + m.useAfterFree + m.invalidFrees > 0;
}

export interface CliIO {
  readInput(path: string): string;
  stdout(s: string): void;
  stderr(s: string): void;
}

const processIO: CliIO = {
  readInput: (p) => readFileSync(p === '-' ? 0 : p, 'utf8'),
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
};

/** The summary of a run that never started (bad input): every counter 0. */
const NOTHING_RAN = summary({
  results: [], steps: 0,
  memory: { allocs: 0, frees: 0, leaked: 0, doubleFrees: 0, useAfterFree: 0, invalidFrees: 0 },
  work: { deallocHelperCalls: 0, pointerExtracts: 0, pointerCompares: 0, clones: 0 },
});

export function runCli(argv: readonly string[], io: CliIO): number {
  // The summary lines end stderr on every path except --help, so scripts can rely on them.
  const failInput = (message: string): number => {
    io.stderr(message + NOTHING_RAN);
    return 1;
  };
  const o = parseArgs(argv);
  if (typeof o === 'string') {
    if (!o) io.stderr(USAGE);
    return o ? failInput(`lifeline-run: ${o}\n${USAGE}`) : 0;
  }
  const name = o.file === '-' ? '<stdin>' : o.file;
  let text: string;
  try {
    text = io.readInput(o.file);
  } catch {
    return failInput(`lifeline-run: Could not open input file '${o.file}': No such file or directory\n`);
  }
  const source = new SourceFile(name, text);
  const registry = createRegistry();
  let module;
  try {
    module = parseSource(source, registry).module;
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    return failInput(renderDiagnostic(e.diagnostic, [source]));
  }
  const errors = verify(module, registry);
  if (errors.length) return failInput(errors.map((d) => renderDiagnostic(d, [source])).join(''));
  const r = runModule(module, { entry: o.entry, args: o.args, maxSteps: o.maxSteps });
  if (r.results.length) io.stdout(r.results.join('\n') + '\n');
  if (r.error) io.stderr(renderDiagnostic(r.error, [source]));
  io.stderr(summary(r));
  return r.errorKind === 'input' ? 1 : r.error ? 2 : hasMemoryError(r) ? 1 : 0;
}

export async function main(argv: string[]): Promise<number> {
  return runCli(argv, processIO);
}
