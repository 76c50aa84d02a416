/**
 * The lifeline-sol command line, shaped like solc's so that Foundry and Hardhat can run it
 * in solc's place:
 *
 *   lifeline-sol --version                     solc's version banner (tools parse it)
 *   lifeline-sol --standard-json [FILE]        standard JSON in (stdin or FILE), out on stdout
 *   lifeline-sol X.sol… [--bin] [--bin-runtime] [--abi] [--ir] [--sol-ir] [--lifetime-report]
 *                [--optimize] [--optimize-runs N] [--lifetime | --no-lifetime] [--traced-releases] [-o DIR]
 *
 * File mode prints, per contract, solc's sections (`======= X.sol:C =======`, `Binary:`,
 * `Binary of the runtime part:`, `Contract JSON ABI`, `IR:`) plus `sol IR:` (after the
 * lifetime passes) and `Lifetime report:` (one line per allocation: `file:line:col: <op> in
 * <Contract>.<function>: local|escapes (<reasons>) — <released>`). The lifetime passes are ON
 * by default (they are what lifeline-sol is for); `--no-lifetime` turns them off, `--lifetime`
 * is accepted for explicitness; `--traced-releases` gives every loop no plan of kept slots
 * covers a traced release (by default only persistent updates get one: packages/sol/LIFETIME.md
 * 2*). Errors are printed as solc formats them, and the exit code is
 * 1 when there is an error.
 */
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileStandardJson, type Compiler } from './standard-json.js';

export const VERSION = '0.8.37+commit.f401782d.lifeline';

export interface CliIO {
  readFile(path: string): string;
  readStdin(): string;
  stdout(s: string): void;
  stderr(s: string): void;
  writeFile(path: string, text: string): void;
}

export const processIO: CliIO = {
  readFile: (p) => readFileSync(p, 'utf8'),
  readStdin: () => readFileSync(0, 'utf8'),
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  writeFile: (p, t) => writeFileSync(p, t),
};

const USAGE = `Usage: lifeline-sol [options] [input_file...]
       lifeline-sol --standard-json [input_file]
Options: --bin --bin-runtime --abi --ir --sol-ir --lifetime-report --optimize --optimize-runs N
         --lifetime (default) | --no-lifetime   --traced-releases   -o DIR --version --help
`;

const OUTPUT_FLAGS = new Set(['--bin', '--bin-runtime', '--abi', '--ir', '--sol-ir', '--lifetime-report']);

export function runCli(argv: readonly string[], io: CliIO, compile: Compiler): number {
  if (argv.includes('--version')) {
    io.stdout(`lifeline-sol, a Solidity compiler with memory lifetimes (solc-compatible interface)\nVersion: ${VERSION}\n`);
    return 0;
  }
  if (argv.includes('--help') || argv.length === 0) {
    io.stdout(USAGE);
    return argv.length === 0 ? 1 : 0;
  }
  if (argv.includes('--standard-json')) {
    const file = argv.find((a) => !a.startsWith('-'));
    let text: string;
    try {
      text = file ? io.readFile(file) : io.readStdin();
    } catch (e) {
      io.stderr(`Error: ${(e as Error).message}\n`);
      return 1;
    }
    io.stdout(`${JSON.stringify(compileStandardJson(text, compile))}\n`);
    return 0; // solc exits 0 in standard-JSON mode; errors are in the output
  }
  return fileMode(argv, io, compile);
}

function fileMode(argv: readonly string[], io: CliIO, compile: Compiler): number {
  const files: string[] = [];
  const outputs = new Set<string>();
  let optimize = false;
  let runs = 200;
  let lifetime = true;
  let traced = false;
  let outDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (OUTPUT_FLAGS.has(a)) outputs.add(a);
    else if (a === '--optimize') optimize = true;
    else if (a === '--optimize-runs') runs = Number(argv[++i]);
    else if (a === '--lifetime') lifetime = true;
    else if (a === '--no-lifetime') lifetime = false;
    else if (a === '--traced-releases') traced = true;
    else if (a === '-o' || a === '--output-dir') outDir = argv[++i];
    else if (a === '--via-ir') continue; // always: we compile through Yul
    else if (a.startsWith('-')) {
      io.stderr(`Error: unrecognised option '${a}'\n${USAGE}`);
      return 1;
    } else files.push(a);
  }
  if (!files.length) {
    io.stderr('Error: No input files given.\n');
    return 1;
  }
  const sources: Record<string, string> = {};
  for (const f of files) {
    try {
      sources[f] = io.readFile(f);
    } catch {
      io.stderr(`Error: "${f}" is not found.\n`);
      return 1;
    }
  }
  const result = compile({ sources, optimizer: { enabled: optimize, runs }, lifetime, traced });
  for (const e of result.errors) io.stderr(`${e.formattedMessage ?? `${e.type}: ${e.message}`}\n`);
  if (result.errors.some((e) => e.severity === 'error')) return 1;
  for (const [file, byName] of Object.entries(result.contracts)) {
    for (const [name, c] of Object.entries(byName)) {
      const sections: [string, string, string][] = [];
      if (outputs.has('--bin')) sections.push(['Binary:', c.bytecode, `${name}.bin`]);
      if (outputs.has('--bin-runtime')) sections.push(['Binary of the runtime part:', c.deployedBytecode, `${name}.bin-runtime`]);
      if (outputs.has('--abi')) sections.push(['Contract JSON ABI', JSON.stringify(c.abi), `${name}.abi`]);
      if (outputs.has('--ir')) sections.push(['IR:', c.yul, `${name}.yul`]);
      if (outputs.has('--sol-ir')) sections.push(['sol IR:', c.solIR, `${name}.sol.mlir`]);
      if (outputs.has('--lifetime-report')) {
        const report = lifetime ? c.lifetimeReport.join('\n') : '(lifetime passes off: --no-lifetime)';
        sections.push(['Lifetime report:', report, `${name}.lifetime.txt`]);
      }
      if (outDir) {
        mkdirSync(outDir, { recursive: true });
        for (const [, text, fileName] of sections) io.writeFile(join(outDir, fileName), text);
        continue;
      }
      io.stdout(`\n======= ${file}:${name} =======\n`);
      for (const [title, text] of sections) io.stdout(`${title}\n${text.endsWith('\n') ? text : `${text}\n`}`);
    }
  }
  return 0;
}
