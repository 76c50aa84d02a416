/**
 * mlir-opt's command line: every long option with one or two dashes, `--opt=value`
 * or `--opt value`, pass flags (`--cse`, `--canonicalize=opt=v`, `--pass{opt=v}`)
 * kept in order.
 */

export interface DriverOptions {
  input: string;
  output: string;
  splitInputFile: boolean;
  verifyDiagnostics: boolean;
  generic: boolean;
  debugInfo: boolean;
  localScope: boolean;
  allowUnregistered: boolean;
  printIrAfterAll: boolean;
  printIrBeforeAll: boolean;
  timing: boolean;
  passStatistics: boolean;
  verifyEach: boolean;
  noVerify: boolean;
  showDialects: boolean;
  help: boolean;
  version: boolean;
  /** Pass pipeline text from --pass-pipeline and individual pass flags, in order. */
  pipeline: string[];
}

/** Flags accepted and ignored (they change nothing observable in our implementation). */
const IGNORED_FLAGS = new Set([
  'mlir-disable-threading', 'mlir-print-value-users', 'mlir-pretty-debuginfo',
  'mlir-print-elementsattrs-with-hex-if-larger', 'mlir-elide-elementsattrs-if-larger', 'mlir-print-ir-module-scope',
  'mlir-print-stacktrace-on-diagnostic', 'mlir-print-op-on-diagnostic', 'color', 'allow-unregistered-dialects',
  'mlir-timing-display', 'split-input-file-marker',
]);

export class UsageError extends Error {}

export function parseArgs(argv: readonly string[], isPassName: (name: string) => boolean): DriverOptions {
  const o: DriverOptions = {
    input: '-', output: '-', splitInputFile: false, verifyDiagnostics: false, generic: false, debugInfo: false, localScope: false,
    allowUnregistered: false, printIrAfterAll: false, printIrBeforeAll: false, timing: false, passStatistics: false,
    verifyEach: true, noVerify: false, showDialects: false, help: false, version: false, pipeline: [],
  };
  let sawInput = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-' || !arg.startsWith('-')) {
      if (sawInput) throw new UsageError('Too many positional arguments specified!');
      o.input = arg;
      sawInput = true;
      continue;
    }
    const body = arg.replace(/^--?/, '');
    const eq = body.indexOf('=');
    const brace = body.indexOf('{');
    const nameEnd = [eq, brace].filter((x) => x >= 0).reduce((a, b) => Math.min(a, b), body.length);
    const name = body.slice(0, nameEnd);
    const value = eq >= 0 && (brace < 0 || eq < brace) ? body.slice(eq + 1) : undefined;
    const takeValue = (): string => {
      if (value !== undefined) return value;
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`Not enough positional command line arguments specified! (option '${name}')`);
      return v;
    };
    switch (name) {
      case 'o': o.output = takeValue(); continue;
      case 'split-input-file': o.splitInputFile = value === undefined || value !== 'false'; continue;
      case 'verify-diagnostics': o.verifyDiagnostics = true; continue;
      case 'mlir-print-op-generic': o.generic = true; continue;
      case 'mlir-print-debuginfo': o.debugInfo = true; continue;
      case 'mlir-print-local-scope': o.localScope = value !== 'false'; continue;
      case 'allow-unregistered-dialect': o.allowUnregistered = true; continue;
      case 'mlir-print-ir-after-all': o.printIrAfterAll = true; continue;
      case 'mlir-print-ir-before-all': o.printIrBeforeAll = true; continue;
      case 'mlir-timing': o.timing = true; continue;
      case 'mlir-pass-statistics': o.passStatistics = true; continue;
      case 'verify-each': o.verifyEach = value !== 'false' && value !== '0'; continue;
      case 'no-implicit-module': continue;
      case 'show-dialects': o.showDialects = true; continue;
      case 'help': case 'h': o.help = true; continue;
      case 'version': o.version = true; continue;
      case 'pass-pipeline': o.pipeline.push(takeValue()); continue;
    }
    if (IGNORED_FLAGS.has(name)) continue;
    if (isPassName(name)) {
      // `--pass`, `--pass=opts` or `--pass{opts}` / `--pass='opt=v opt2=w'`
      let opts = '';
      if (brace >= 0 && (eq < 0 || brace < eq)) opts = body.slice(brace);
      else if (value !== undefined) opts = `{${value}}`;
      o.pipeline.push(`__flag__:${name}${opts}`);
      continue;
    }
    throw new UsageError(`Unknown command line argument '${arg}'.  Try: 'lifeline-opt --help'`);
  }
  return o;
}
