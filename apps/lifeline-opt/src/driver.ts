/**
 * lifeline-opt: an mlir-opt-compatible driver. Reads a file (or `-`), optionally
 * splits it at `// -----`, parses, verifies, runs the pass pipeline and prints.
 * Bad input exits 1 with `file:line:col: error: …`; it never throws.
 *
 * This module does not load the pass packages (analyses, bufferization): the
 * caller registers them first when the command line may name a pass
 * (`needsPasses`), so a plain parse/verify/print starts faster.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import {
  DiagnosticError, SourceFile, diag, nestedOpPrinter, parseSource, printOp, renderDiagnostic, verify, PassManager, passRegistry,
  type Diagnostic,
} from '@lifeline/ir';
import { allDialects, createRegistry } from '@lifeline/dialects';
import { firDialects } from '@lifeline/fir';
import { solDialects } from '@lifeline/sol';
import { isSilInput, parseSilSource, printSil, silDialects } from '@lifeline/sil';
import { parseArgs, UsageError, type DriverOptions } from './options.js';
import { checkExpectedDiagnostics } from './verify-diagnostics.js';

const HELP = `OVERVIEW: Lifeline modular optimizer driver (mlir-opt compatible)

USAGE: lifeline-opt [options] <input file>

OPTIONS:
  -o <file>                      Output filename
  --split-input-file             Split the input file into pieces and process each chunk independently
  --verify-diagnostics           Check that emitted diagnostics match expected-* lines on the corresponding line
  --pass-pipeline=<pipeline>     A textual description of a pass pipeline to run
  --allow-unregistered-dialect   Allow operation with no registered dialects
  --mlir-print-op-generic        Print the generic op form
  --mlir-print-debuginfo         Print debug info in MLIR output
  --mlir-print-ir-after-all      Print IR after each pass
  --mlir-print-ir-before-all     Print IR before each pass
  --mlir-timing                  Display execution times
  --mlir-pass-statistics         Display the statistics of each pass
  --mlir-disable-threading       Accepted for compatibility
  --version                      Display the version of this program
`;

const VERSION = `Lifeline lifeline-opt version 0.1.0
  Reads and writes the MLIR text of mlir-opt 19 (LLVM 19.1).
`;

interface ChunkResult {
  output: string;
  /** What passes wrote to stdout (`llvm::outs()`), which `-o` does not redirect. */
  passStdout?: string;
  diagnostics: Diagnostic[];
  ok: boolean;
}

/**
 * --split-input-file as mlir-opt-19 splits: at every `// -----`, even mid-line.
 * The text is cut at `// ---`; a piece that does not go on with `--` is a near
 * miss (a warning, and the pieces stay together). Each chunk is named
 * `within split at FILE:LINE offset ` (LINE: where the chunk starts) and counts
 * its own lines, so diagnostics and locations read as mlir-opt-19's do.
 */
function splitChunks(text: string, fileName: string, warn: (offset: number) => void): { text: string; name: string }[] {
  const cut = '// ---';
  const pieces = text.split(cut);
  const found: { start: number; text: string }[] = [];
  let prev = { start: 0, text: '' };
  let offset = 0;
  for (const piece of pieces) {
    const start = offset;
    offset += piece.length + cut.length;
    if (!prev.text) {
      prev = { start, text: piece };
      continue;
    }
    // MLIR's check reads the character after `--` and rejects a '0' there.
    if (piece.startsWith('--') && piece.length > 2 && piece[2] !== '0') {
      found.push(prev);
      prev = { start: start + 2, text: piece.slice(2) };
    } else {
      warn(start);
      prev = { start: prev.start, text: prev.text + cut + piece };
    }
  }
  if (prev.text) found.push(prev);
  const lines = new SourceFile(fileName, text);
  return found.map((c) => ({ text: c.text, name: `within split at ${fileName}:${lines.lineCol(c.start).line} offset ` }));
}

function processChunk(source: SourceFile, o: DriverOptions, stderr: string[]): ChunkResult {
  const registry = createRegistry([...allDialects, ...firDialects, ...solDialects, ...silDialects]);
  const diagnostics: Diagnostic[] = [];
  try {
    const t0 = performance.now();
    // SIL text (a .sil file, or text opening with `sil_stage`) is read and written as SIL.
    const sil = isSilInput(o.input, source.text);
    const { module, fileMetadata } = sil ? { module: parseSilSource(source), fileMetadata: undefined } : parseSource(source, registry, { allowUnregistered: o.allowUnregistered });
    const parseMs = performance.now() - t0;
    const verr = verify(module, registry, { allowUnregistered: o.allowUnregistered });
    if (verr.length) {
      diagnostics.push(...verr);
      return { output: '', diagnostics, ok: false };
    }
    const pm = PassManager.parse(o.pipeline, passRegistry);
    const passOutput: string[] = [];
    const result = pm.run(module, {
      printIrAfterAll: o.printIrAfterAll,
      printIrBeforeAll: o.printIrBeforeAll,
      printOptions: { generic: o.generic, debugInfo: o.debugInfo, localScope: o.localScope },
      log: (s: string) => stderr.push(s),
      outs: (s: string) => passOutput.push(s),
      registry,
      verify: (op) => verify(op, registry, { allowUnregistered: o.allowUnregistered }),
      verifyEach: o.verifyEach,
    });
    diagnostics.push(...result.diagnostics);
    if (!result.ok) return { output: '', diagnostics, ok: false };
    const t1 = performance.now();
    // mlir-opt ends each printed module with an empty line.
    const output = sil && !o.generic ? printSil(module) : printOp(module, { generic: o.generic, debugInfo: o.debugInfo, localScope: o.localScope, fileMetadata }) + '\n';
    if (o.passStatistics) stderr.push(result.statisticsReport());
    if (o.timing) stderr.push(result.timingReport({ parse: parseMs, output: performance.now() - t1 }));
    return { output, passStdout: passOutput.join(''), diagnostics, ok: true };
  } catch (e) {
    if (e instanceof DiagnosticError) {
      diagnostics.push(...e.earlier, e.diagnostic);
      return { output: '', diagnostics, ok: false };
    }
    throw e;
  }
}

/**
 * mlir-opt attaches "see current operation" to errors reported on an op (not
 * under --verify-diagnostics): the op in generic form, numbered from the nearest
 * op isolated from above, on its own lines when it spans several, with its
 * locations under --mlir-print-debuginfo.
 */
function withCurrentOperation(d: Diagnostic, debugInfo: boolean): Diagnostic {
  if (!d.op) return d;
  let scope = d.op;
  while (!scope.def?.has('IsolatedFromAbove') && scope.parentOp) scope = scope.parentOp;
  // with --mlir-print-debuginfo the op's locations print too, in place (no aliases)
  const text = nestedOpPrinter(scope, { generic: true, debugInfo })(d.op);
  const note = diag('note', d.op.loc, `see current operation: ${text.includes('\n') ? '\n' : ''}${text}`);
  return { ...d, notes: [note, ...d.notes] };
}

/** Where the driver reads and writes; the binary uses the process, tests use strings. */
export interface DriverIO {
  readInput(path: string): string;
  writeOutput(path: string, text: string): void;
  stdout(s: string): void;
  stderr(s: string): void;
}

export const processIO: DriverIO = {
  readInput: (path) => readFileSync(path === '-' ? 0 : path, 'utf8'),
  writeOutput: (path, text) => writeFileSync(path, text),
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
};

/**
 * Whether `argv` may need registered passes: a pipeline, `--help` (it lists
 * them), or an option that is not the driver's own (a pass flag, or an unknown
 * option whose error must be reported with the passes known).
 */
export function needsPasses(argv: readonly string[]): boolean {
  try {
    const o = parseArgs(argv, () => false);
    return o.help || o.pipeline.length > 0;
  } catch {
    return true;
  }
}

/**
 * Runs lifeline-opt on `argv` with the passes registered so far; returns the
 * exit code (0 ok, 1 user error, 2 internal error).
 */
export function runDriverCore(argv: readonly string[], io: DriverIO): number {
  let o: DriverOptions;
  try {
    o = parseArgs(argv, (n) => passRegistry.has(n));
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`lifeline-opt: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  if (o.help) {
    io.stdout(HELP + '\nPASSES:\n' + passRegistry.describe());
    return 0;
  }
  if (o.version) {
    // as `mlir-opt --version` answers (what a tool reports before reading any input)
    io.stdout(VERSION);
    return 0;
  }
  let text: string;
  const fileName = o.input === '-' ? '<stdin>' : o.input;
  try {
    text = io.readInput(o.input);
  } catch {
    io.stderr(`lifeline-opt: Could not open input file '${o.input}': No such file or directory\n`);
    return 1;
  }
  const whole = new SourceFile(fileName, text);
  const nearMiss = (offset: number) =>
    io.stderr(renderDiagnostic(diag('warning', whole.loc(offset), 'near miss with file split marker'), [whole]));
  const chunks = o.splitInputFile ? splitChunks(text, fileName, nearMiss) : [{ text, name: fileName }];
  // Pass stdout precedes the chunk's IR on stdout; with `-o FILE` it goes to stdout alone.
  const passStdout = (r: ChunkResult): string => {
    if (o.output === '-') return (r.passStdout ?? '') + r.output;
    if (r.passStdout) io.stdout(r.passStdout);
    return r.output;
  };
  const outputs: string[] = [];
  let failed = false;
  try {
    for (const c of chunks) {
      const source = new SourceFile(c.name, c.text);
      const stderr: string[] = [];
      const r = processChunk(source, o, stderr);
      if (o.verifyDiagnostics) {
        const problems = checkExpectedDiagnostics(source, r.diagnostics);
        for (const p of problems) io.stderr(p);
        if (problems.length) failed = true;
        outputs.push(r.ok ? passStdout(r) : '');
      } else {
        for (const d of r.diagnostics) io.stderr(renderDiagnostic(withCurrentOperation(d, o.debugInfo), [source]));
        if (!r.ok) failed = true;
        // A failed chunk prints nothing, but the separators around it stay (mlir-opt's interleave).
        outputs.push(r.ok ? passStdout(r) : '');
      }
      for (const s of stderr) io.stderr(s);
    }
  } catch (e) {
    // An internal error is a bug, but the user still gets one line, not a stack trace.
    io.stderr(`${fileName}: error: internal error: ${(e as Error).message}\n`);
    return 2;
  }
  const out = outputs.join(o.splitInputFile ? '// -----\n' : '');
  if (o.output === '-') io.stdout(out);
  else io.writeOutput(o.output, out);
  return failed ? 1 : 0;
}
