/** The FileCheck driver: options, check-file reading and matching. */
import { CheckFileError, readCheckFile, type CheckString } from './directives.js';
import { Matcher } from './matcher.js';
import { SourceBuffer, canonicalize } from './source.js';

export interface FileCheckOptions {
  /** Name used for the check file in diagnostics (default `<check-file>`). */
  checkFileName?: string;
  /** Name used for the input in diagnostics (default `<stdin>`). */
  inputFileName?: string;
  /** Check prefixes (default `['CHECK']`). */
  prefixes?: string[];
  /** Patterns that must not occur anywhere in the input (`--implicit-check-not`). */
  implicitCheckNot?: string[];
  matchFullLines?: boolean;
  strictWhitespace?: boolean;
  enableVarScope?: boolean;
  allowEmpty?: boolean;
  /** Do not fail when some of several prefixes has no directive. */
  allowUnusedPrefixes?: boolean;
  /** Pattern variables defined up front (`-DNAME=VALUE`). */
  defines?: Record<string, string>;
}

export interface FileCheckResult {
  ok: boolean;
  diagnostics: string;
}

export interface FileCheckRun extends FileCheckResult {
  /** FileCheck's exit code: 0 success, 1 check failure, 2 bad check file/options. */
  exitCode: 0 | 1 | 2;
}

const PREFIX_RE = /^[A-Za-z][A-Za-z0-9_-]*$/;
const VAR_RE = /^\$?[A-Za-z_][A-Za-z0-9_]*$/;

function usageError(diagnostics: string): FileCheckRun {
  return { ok: false, exitCode: 2, diagnostics };
}

/** Run FileCheck and report the exit code it would have. */
export function runFileCheck(checkText: string, input: string, options: FileCheckOptions = {}): FileCheckRun {
  const prefixes = options.prefixes && options.prefixes.length > 0 ? options.prefixes : ['CHECK'];
  for (const p of prefixes) {
    if (!PREFIX_RE.test(p)) {
      return usageError(
        `error: supplied check prefix must start with a letter and contain only alphanumeric ` +
          `characters, hyphens, and underscores: '${p}'\n`,
      );
    }
  }
  if (new Set(prefixes).size !== prefixes.length) {
    return usageError(`error: supplied check prefixes must be unique: ${prefixes.join(',')}\n`);
  }
  const strict = options.strictWhitespace ?? false;
  const vars = new Map<string, string>();
  for (const [name, value] of Object.entries(options.defines ?? {})) {
    if (!VAR_RE.test(name)) return usageError(`error: invalid variable name in -D option: '${name}'\n`);
    vars.set(name, value);
  }

  const checkBuf = new SourceBuffer(options.checkFileName ?? '<check-file>', canonicalize(checkText, strict));
  let checks: CheckString[];
  try {
    checks = readCheckFile(checkBuf, {
      prefixes,
      implicitCheckNot: (options.implicitCheckNot ?? []).map((p) => canonicalize(p, strict)),
      matchFullLines: options.matchFullLines ?? false,
      strictWhitespace: strict,
      allowUnusedPrefixes: options.allowUnusedPrefixes ?? false,
    });
  } catch (e) {
    if (e instanceof CheckFileError) return usageError(e.diagnostics);
    throw e;
  }

  const inputName = options.inputFileName ?? '<stdin>';
  if (input.length === 0 && !options.allowEmpty) {
    return usageError(`FileCheck error: '${inputName}' is empty.\n`);
  }
  const inputBuf = new SourceBuffer(inputName, canonicalize(input, strict));
  const matcher = new Matcher(inputBuf, checks, vars, { enableVarScope: options.enableVarScope ?? false });
  const ok = matcher.run();
  return { ok, exitCode: ok ? 0 : 1, diagnostics: matcher.diagnostics };
}

/** Check `input` against the directives in `checkText`. */
export function fileCheck(checkText: string, input: string, options: FileCheckOptions = {}): FileCheckResult {
  const { ok, diagnostics } = runFileCheck(checkText, input, options);
  return { ok, diagnostics };
}
