/**
 * A small lit-style runner: finds fixtures with `RUN:` lines and executes
 * them with bash, with lit's `%s`/`%S`/`%p`/`%t`/`%T` substitutions and with
 * shims on PATH for `lifeline-opt`, `FileCheck`/`lifeline-filecheck` and `not`.
 *
 * There is no XFAIL/UNSUPPORTED: a fixture passes or fails. `REQUIRES: tool`
 * fails (never skips) when `tool` is not on PATH.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, readFileSync, readdirSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURES_DIR = path.join(REPO_ROOT, 'test-fixtures');
export const LIT_EXTENSIONS = ['.mlir', '.fir', '.sil', '.sol', '.yul', '.ll'];
export const DEFAULT_TIMEOUT_MS = 60_000;

const LIFELINE_OPT_JS = path.join(REPO_ROOT, 'apps/lifeline-opt/bin/lifeline-opt.js');
const FILECHECK_JS = path.join(REPO_ROOT, 'packages/filecheck/bin/filecheck.js');

export interface RunLine {
  /** 1-based line number of the (first) RUN line. */
  line: number;
  /** The command with continuations joined, before substitution. */
  command: string;
}

const RUN_RE = /^\s*(?:\/\/+|;+|#+)\s*RUN:(.*)$/;
const REQUIRES_RE = /^\s*(?:\/\/+|;+|#+)\s*REQUIRES:(.*)$/;

/** Extract RUN commands, joining lines that end in `\`. */
export function parseRunLines(text: string): RunLine[] {
  const runs: RunLine[] = [];
  let pending: RunLine | null = null;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const m = RUN_RE.exec(lines[i]!);
    if (!m) continue;
    let part = m[1]!.trim();
    const continues = part.endsWith('\\');
    if (continues) part = part.slice(0, -1).trimEnd();
    if (pending) pending.command = pending.command ? `${pending.command} ${part}` : part;
    else pending = { line: i + 1, command: part };
    if (!continues) {
      runs.push(pending);
      pending = null;
    }
  }
  if (pending) throw new Error(`unterminated RUN line continuation starting at line ${pending.line}`);
  return runs;
}

/** Features named by `REQUIRES:` lines (comma separated). */
export function parseRequires(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = REQUIRES_RE.exec(line);
    if (m) for (const f of m[1]!.split(',')) if (f.trim()) out.push(f.trim());
  }
  return out;
}

/** All fixture files under `root` (recursively) that contain RUN lines, sorted. */
export function findLitFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && LIT_EXTENSIONS.includes(path.extname(entry.name))) {
        if (parseRunLines(readFileSync(full, 'utf8')).length > 0) found.push(full);
      }
    }
  };
  walk(root);
  return found.sort();
}

export type Substitutions = Record<'s' | 'S' | 'p' | 't' | 'T', string>;

/** lit's substitutions for `file`, with `tmpDir` as its private temp directory. */
export function substitutionsFor(file: string, tmpDir: string): Substitutions {
  const abs = path.resolve(file);
  return {
    s: abs,
    S: path.dirname(abs),
    p: path.dirname(abs),
    t: path.join(tmpDir, `${path.basename(abs)}.tmp`),
    T: tmpDir,
  };
}

/** Apply `%s %S %p %t %T %basename_t %{pathsep} %%` to a command. */
export function applySubstitutions(command: string, subs: Substitutions): string {
  return command.replace(/%(%|\{pathsep\}|basename_t|[sSptT])/g, (_, key: string) => {
    if (key === '%') return '%';
    if (key === '{pathsep}') return path.delimiter;
    if (key === 'basename_t') return path.basename(subs.t);
    return subs[key as keyof Substitutions];
  });
}

const shq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

const NOT_JS = `import { spawnSync } from 'node:child_process';
let args = process.argv.slice(2);
const crash = args[0] === '--crash';
if (crash) args = args.slice(1);
if (args.length === 0) { console.error('not: missing command'); process.exit(1); }
const r = spawnSync(args[0], args.slice(1), { stdio: 'inherit' });
if (r.error) { console.error(\`not: cannot run '\${args[0]}': \${r.error.message}\`); process.exit(1); }
if (r.signal) {
  if (crash) process.exit(0);
  console.error(\`not: '\${args[0]}' crashed with signal \${r.signal}\`);
  process.exit(1);
}
if (crash) { console.error(\`not --crash: '\${args[0]}' exited with \${r.status} instead of crashing\`); process.exit(1); }
process.exit(r.status === 0 ? 1 : 0);
`;

let shimDir: Promise<string> | null = null;

/** Write `text` to `file` atomically unless it already has that content. */
async function writeIfChanged(file: string, text: string, mode: number): Promise<void> {
  try {
    if (readFileSync(file, 'utf8') === text) return;
  } catch {
    // missing: write it
  }
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await writeFile(tmp, text, { mode });
  await chmod(tmp, mode);
  await rename(tmp, file);
}

/**
 * Create the directory of tool shims put first on PATH. Its name depends only
 * on the repository and the node binary, so parallel workers share it.
 */
export function ensureShims(): Promise<string> {
  shimDir ??= (async () => {
    const key = createHash('sha256').update(`${REPO_ROOT}\0${process.execPath}`).digest('hex').slice(0, 12);
    const dir = path.join(os.tmpdir(), `lifeline-lit-bin-${key}`);
    await mkdir(dir, { recursive: true });
    const node = shq(process.execPath);
    const wrap = (target: string) => `#!/usr/bin/env bash\nexec ${node} ${shq(target)} "$@"\n`;
    await writeIfChanged(path.join(dir, 'not.mjs'), NOT_JS, 0o644);
    const shims: Record<string, string> = {
      'lifeline-opt': wrap(LIFELINE_OPT_JS),
      FileCheck: wrap(FILECHECK_JS),
      'lifeline-filecheck': wrap(FILECHECK_JS),
      not: wrap(path.join(dir, 'not.mjs')),
    };
    for (const [name, text] of Object.entries(shims)) await writeIfChanged(path.join(dir, name), text, 0o755);
    return dir;
  })();
  return shimDir;
}

/** Environment for RUN lines: PATH starts with the shim directory. */
export async function litEnv(): Promise<NodeJS.ProcessEnv> {
  const dir = await ensureShims();
  return { ...process.env, PATH: `${dir}${path.delimiter}${process.env.PATH ?? ''}` };
}

/** Whether an executable called `name` is on `pathVar`. */
export function onPath(name: string, pathVar: string): boolean {
  for (const dir of pathVar.split(path.delimiter)) {
    if (!dir) continue;
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return true;
    } catch {
      // keep looking
    }
  }
  return false;
}

export interface CommandResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

const OUTPUT_CAP = 1 << 20;

/** Run `command` with `bash -o pipefail -c`, killing its process group on timeout. */
export function runShell(command: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', command], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const keep = (buf: string, chunk: Buffer) => {
      const next = buf + chunk.toString('utf8');
      return next.length > OUTPUT_CAP ? next.slice(next.length - OUTPUT_CAP) : next;
    };
    child.stdout.on('data', (c: Buffer) => (stdout = keep(stdout, c)));
    child.stderr.on('data', (c: Buffer) => (stderr = keep(stderr, c)));
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) killGroup();
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}

export interface LitResult {
  ok: boolean;
  file: string;
  /** Empty on success; otherwise a report of the failing RUN line. */
  message: string;
  /** Commands that were executed (after substitution). */
  commands: string[];
  /** The `%T` directory, kept for inspection when a RUN line failed. */
  tmpDir?: string;
}

export interface LitOptions {
  timeoutMs?: number;
}

function tail(text: string, maxLines: number): string {
  const lines = text.replace(/\n$/, '').split('\n');
  const cut = lines.length > maxLines ? [`... (${lines.length - maxLines} earlier lines omitted)`, ...lines.slice(-maxLines)] : lines;
  return cut.join('\n');
}

/** Execute every RUN line of `file`; stops at the first failing line. */
export async function runLitFile(file: string, options: LitOptions = {}): Promise<LitResult> {
  const abs = path.resolve(file);
  const rel = path.relative(REPO_ROOT, abs);
  const text = readFileSync(abs, 'utf8');
  const result = (ok: boolean, message: string, commands: string[]): LitResult => ({ ok, file: abs, message, commands });
  let runs: RunLine[];
  try {
    runs = parseRunLines(text);
  } catch (e) {
    return result(false, `${rel}: ${(e as Error).message}`, []);
  }
  if (runs.length === 0) return result(false, `${rel}: no RUN lines found`, []);

  const env = await litEnv();
  const missing = parseRequires(text).filter((f) => !onPath(f, env.PATH ?? ''));
  if (missing.length > 0) {
    return result(
      false,
      `${rel}: REQUIRES ${missing.map((m) => `'${m}'`).join(', ')}, which is not available on PATH. ` +
        'Fixtures are never skipped in this project: install the missing tool.',
      [],
    );
  }

  const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'lifeline-lit-'));
  const subs = substitutionsFor(abs, tmpDir);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const commands: string[] = [];
  for (const run of runs) {
    const command = applySubstitutions(run.command, subs);
    commands.push(command);
    const r = await runShell(command, REPO_ROOT, env, timeoutMs);
    if (r.code === 0 && !r.timedOut) continue;
    const status = r.timedOut
      ? `timed out after ${timeoutMs / 1000} s`
      : r.signal
        ? `killed by signal ${r.signal}`
        : `exit code ${r.code}`;
    const message = [
      `${rel}:${run.line}: RUN line failed (${status})`,
      `  RUN: ${run.command}`,
      `  command: ${command}`,
      `  temp dir (kept): ${tmpDir}`,
      '--- stdout (tail) ---',
      tail(r.stdout, 40),
      '--- stderr ---',
      tail(r.stderr, 200),
    ].join('\n');
    return { ...result(false, message, commands), tmpDir };
  }
  await rm(tmpDir, { recursive: true, force: true });
  return result(true, '', commands);
}
