/**
 * FileCheck's command line: `FileCheck CHECKFILE [options]`.
 * Options take one or two dashes, and values either as `--opt=value` or as
 * the next argument (`--opt value`); `-DNAME=VALUE` defines a variable.
 */
import { readFileSync } from 'node:fs';
import { runFileCheck, type FileCheckOptions } from './filecheck.js';

export interface CliResult {
  code: number;
  stderr: string;
}

export interface ParsedArgs {
  checkFile: string;
  inputFile: string | null;
  options: FileCheckOptions;
}

type OptKind = 'list' | 'string' | 'bool' | 'ignore-value' | 'ignore-flag';

const OPTIONS: Record<string, OptKind> = {
  'check-prefix': 'list',
  'check-prefixes': 'list',
  'implicit-check-not': 'list',
  'input-file': 'string',
  'match-full-lines': 'bool',
  'strict-whitespace': 'bool',
  'allow-empty': 'bool',
  'enable-var-scope': 'bool',
  'allow-unused-prefixes': 'bool',
  'dump-input': 'ignore-value',
  'dump-input-filter': 'ignore-value',
  'dump-input-context': 'ignore-value',
  color: 'ignore-flag',
  v: 'ignore-flag',
  vv: 'ignore-flag',
};

const USAGE =
  'USAGE: FileCheck [options] <check-file>\n' +
  'Options: --check-prefix=X --check-prefixes=A,B --implicit-check-not=PAT --input-file=F\n' +
  '         --match-full-lines --strict-whitespace --enable-var-scope --allow-empty\n' +
  '         --allow-unused-prefixes -DVAR=VALUE --dump-input=MODE (ignored)\n';

/** Values of the ignored `--dump-input*` options. */
const IGNORED_VALUES = /^(help|always|fail|never|all|annotation-full|annotation|error|\d+)$/;

class UsageError extends Error {
  constructor(
    message: string,
    readonly code = 2,
  ) {
    super(message);
  }
}

function parseBool(name: string, value: string | undefined): boolean {
  if (value === undefined || value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new UsageError(`FileCheck: for the --${name} option: '${value}' is invalid value for boolean argument!`);
}

/** Parse FileCheck arguments (without the program name). Throws on misuse. */
export function parseArgs(argv: string[]): ParsedArgs {
  const positional: string[] = [];
  const prefixes: string[] = [];
  const implicitCheckNot: string[] = [];
  const defines: Record<string, string> = {};
  const options: FileCheckOptions = {};
  let inputFile: string | null = null;

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-' || !arg.startsWith('-')) {
      positional.push(arg);
      continue;
    }
    const body = arg.replace(/^--?/, '');
    if (body.startsWith('D') && !Object.hasOwn(OPTIONS, body)) {
      const def = body.slice(1) || argv[++i] || '';
      const eq = def.indexOf('=');
      if (eq <= 0) throw new UsageError(`FileCheck: -D option requires NAME=VALUE, got '${def}'`);
      defines[def.slice(0, eq)] = def.slice(eq + 1);
      continue;
    }
    const eq = body.indexOf('=');
    const name = eq === -1 ? body : body.slice(0, eq);
    let value = eq === -1 ? undefined : body.slice(eq + 1);
    const kind = OPTIONS[name];
    if (name === 'help' || name === 'h') throw new UsageError(USAGE, 0);
    if (kind === undefined) throw new UsageError(`FileCheck: Unknown command line argument '${arg}'.`);
    if ((kind === 'list' || kind === 'string') && value === undefined) {
      value = argv[++i];
      if (value === undefined) throw new UsageError(`FileCheck: option '--${name}' requires a value!`);
    }
    switch (name) {
      case 'check-prefix':
        prefixes.push(value!);
        break;
      case 'check-prefixes':
        prefixes.push(...value!.split(','));
        break;
      case 'implicit-check-not':
        implicitCheckNot.push(value!);
        break;
      case 'input-file':
        inputFile = value!;
        break;
      case 'match-full-lines':
        options.matchFullLines = parseBool(name, value);
        break;
      case 'strict-whitespace':
        options.strictWhitespace = parseBool(name, value);
        break;
      case 'allow-empty':
        options.allowEmpty = parseBool(name, value);
        break;
      case 'enable-var-scope':
        options.enableVarScope = parseBool(name, value);
        break;
      case 'allow-unused-prefixes':
        options.allowUnusedPrefixes = parseBool(name, value);
        break;
      default:
        if (kind === 'ignore-value' && value === undefined) {
          // `--dump-input fail`: consume a separate value when it is one.
          const next = argv[i + 1];
          if (next !== undefined && IGNORED_VALUES.test(next)) i++;
        }
        break;
    }
  }
  if (positional.length === 0) {
    throw new UsageError(
      'FileCheck: Not enough positional command line arguments specified!\n' +
        'Must specify at least 1 positional argument: See: FileCheck --help',
    );
  }
  if (positional.length > 1) {
    throw new UsageError(`FileCheck: Too many positional arguments specified! Can specify at most 1 positional argument: '${positional[1]}'`);
  }
  if (prefixes.length > 0) options.prefixes = prefixes;
  if (implicitCheckNot.length > 0) options.implicitCheckNot = implicitCheckNot;
  if (Object.keys(defines).length > 0) options.defines = defines;
  options.checkFileName = positional[0]!;
  if (inputFile !== null && inputFile !== '-') options.inputFileName = inputFile;
  return { checkFile: positional[0]!, inputFile, options };
}

/** True when these arguments make FileCheck read its input from stdin. */
export function cliReadsStdin(argv: string[]): boolean {
  try {
    const { inputFile } = parseArgs(argv);
    return inputFile === null || inputFile === '-';
  } catch {
    return false;
  }
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'No such file or directory' : (e as Error).message;
    throw new UsageError(`Could not open ${what} file '${path}': ${reason}`);
  }
}

/**
 * Run FileCheck as the command line would. `stdin` is the standard input
 * text (or a function producing it, called only when it is needed).
 */
export function runFileCheckCli(argv: string[], stdin: string | (() => string)): CliResult {
  try {
    const { checkFile, inputFile, options } = parseArgs(argv);
    const checkText = readText(checkFile, 'check');
    const input =
      inputFile === null || inputFile === '-'
        ? typeof stdin === 'function'
          ? stdin()
          : stdin
        : readText(inputFile, 'input');
    const r = runFileCheck(checkText, input, options);
    return { code: r.exitCode, stderr: r.diagnostics };
  } catch (e) {
    if (e instanceof UsageError) {
      const msg = e.message.endsWith('\n') ? e.message : `${e.message}\n`;
      return { code: e.code, stderr: msg };
    }
    throw e;
  }
}
