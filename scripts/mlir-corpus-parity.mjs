#!/usr/bin/env node
/**
 * Agreement with mlir-opt-19 on MLIR's own test inputs (read from an unpacked LLVM
 * source tree; nothing is copied into this repository).
 *
 *   node scripts/mlir-corpus-parity.mjs MLIR_TEST_DIR FILE... [--show] [--only=N]
 *
 * (1) Every `// RUN: mlir-opt …` line of a file gives one pass pipeline (the flags up
 *     to the first `|` or `>`, `%s` removed).
 * (2) The file is split at `// -----` lines; each split runs on its own through
 *     mlir-opt-19 and lifeline-opt with the same flags.
 * (3) Both succeed: both outputs are printed again by `mlir-opt-19
 *     --allow-unregistered-dialect`, so only structure can differ; equal text is
 *     "identical". Either fails: the exit status and the error lines must agree.
 * (4) A split that uses a dialect we do not implement is "skipped"; one where
 *     mlir-opt-19 crashes is "oracle crash". Both are counted, not compared.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const here = new URL('..', import.meta.url).pathname;
const OURS = join(here, 'apps/lifeline-opt/bin/lifeline-opt.js');
const args = process.argv.slice(2);
const show = args.includes('--show');
/** --alone=FLAG: also run FLAG by itself (e.g. OBBD without the simplification RUN lines add). */
const alone = args.filter((a) => a.startsWith('--alone=')).map((a) => a.slice(8));
/** --ours=FROM=>TO: rewrite one of our flags (e.g. to turn a documented extension off). */
const subst = args.filter((a) => a.startsWith('--ours=')).map((a) => a.slice(7).split('=>'));
const oursFlags = (flags) => flags.map((f) => subst.reduce((g, [from, to]) => (g === from ? to : g), f));
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const [root, ...files] = args.filter((a) => !a.startsWith('--'));
const tmp = mkdtempSync(join(tmpdir(), 'corpus-parity-'));
const UNSUPPORTED = /\b(tensor|linalg|affine|gpu|vector|omp|async|shape|sparse_tensor|math|index|llvm|spirv|acc)\.[a-z_]+/;
/** (4) The test-dialect ops we implement (the rest count as unsupported). */
const OUR_TEST_OPS = new Set(readFileSync(join(here, 'packages/dialects/src/test.ts'), 'utf8').match(/'test\.[a-z_]+'/g).map((t) => t.slice(1, -1)));
function unsupported(s) {
  const code = s.replace(/^\s*\/\/.*$/gm, '');
  const missing = (code.match(/\btest\.[a-z_]+/g) ?? []).filter((op) => !OUR_TEST_OPS.has(op));
  return UNSUPPORTED.test(code) || missing.length > 0;
}

/** (1) The flags of each RUN line. */
function runLines(text) {
  const cmds = [];
  let cur = null;
  for (const line of text.split('\n')) {
    const m = /^\/\/\s*RUN:(.*)$/.exec(line);
    if (!m) { if (cur !== null) { cmds.push(cur); cur = null; } continue; }
    let body = m[1];
    const cont = /\\\s*$/.test(body);
    if (cont) body = body.replace(/\\\s*$/, ' ');
    cur = (cur ?? '') + body;
    if (!cont) { cmds.push(cur); cur = null; }
  }
  if (cur !== null) cmds.push(cur);
  return cmds.map((c) => c.split(/[|>]/)[0].trim()).filter((c) => /^mlir-opt\b/.test(c)).map((c) =>
    (c.match(/(?:[^\s"]+|"[^"]*")+/g) ?? []).slice(1).map((t) => t.replace(/"/g, '')).filter((t) => t !== '%s'));
}

const run = (cmd, argv) => spawnSync(cmd, argv, { encoding: 'utf8', timeout: 60000 });
const errors = (s) => s.split('\n').filter((l) => / error: /.test(l)).map((l) => l.replace(/^\S*?\.mlir:/, 'F:'));
const crashed = (r) => r.signal !== null || /Stack dump|PLEASE submit/.test(r.stderr);

function normalize(text, n) {
  const f = join(tmp, `norm-${n}.mlir`);
  writeFileSync(f, text);
  const r = run('mlir-opt-19', ['--allow-unregistered-dialect', f]);
  return r.status === 0 ? r.stdout : `<<does not reparse>>\n${r.stderr}\n${text}`;
}

let n = 0;
for (const rel of files) {
  const text = readFileSync(join(root, rel), 'utf8');
  const splits = text.split(/^\/\/ -----\s*$/m);
  const pipelines = [...runLines(text), ...alone.map((p) => ['--allow-unregistered-dialect', '-verify-diagnostics', p])];
  for (const flags0 of pipelines) {
    const flags = flags0.filter((f) => !/^--?split-input-file$/.test(f));
    const verify = flags.some((f) => /^--?verify-diagnostics$/.test(f));
    const tally = { total: splits.length, identical: 0, skipped: 0, crash: 0, different: [] };
    splits.forEach((s, i) => {
      if (only !== undefined && String(i) !== only) return;
      const f = join(tmp, `in-${n++}.mlir`);
      writeFileSync(f, s);
      if (unsupported(s)) { tally.skipped++; return; }
      const ref = run('mlir-opt-19', [...flags, f]);
      if (crashed(ref)) { tally.crash++; return; }
      const ours = run('node', [OURS, ...oursFlags(flags), f]);
      let same;
      let detail = '';
      if (ref.status === 0 && ours.status === 0) {
        const a = normalize(ref.stdout, n++);
        const b = normalize(ours.stdout, n++);
        same = a === b;
        if (!same) {
          const fa = join(tmp, `a-${n}.mlir`), fb = join(tmp, `b-${n}.mlir`);
          writeFileSync(fa, a); writeFileSync(fb, b);
          detail = run('diff', ['-u', fa, fb]).stdout;
        }
      } else {
        same = ref.status === ours.status && (verify || errors(ref.stderr).join('\n') === errors(ours.stderr).join('\n'));
        if (!same) detail = `ref exit ${ref.status}: ${ref.stderr.slice(0, 1500)}\nours exit ${ours.status}: ${ours.stderr.slice(0, 1500)}`;
      }
      if (same) tally.identical++;
      else tally.different.push(i);
      if (!same && show) console.log(`---- ${rel} [${flags.join(' ')}] split ${i}\n${detail}`);
    });
    console.log(`${rel}\t${flags.join(' ')}\ttotal ${tally.total}\tidentical ${tally.identical}\tskipped ${tally.skipped}\toracle-crash ${tally.crash}\tdifferent ${tally.different.length} [${tally.different.join(',')}]`);
  }
}
