#!/usr/bin/env node
// Bundles the lifeline-opt binary (apps/lifeline-opt/dist/cli.js and the packages it
// imports) into one CommonJS file, apps/lifeline-opt/dist/bundle/cli.cjs, run by
// `pnpm build` after `tsc -b`.
//
// Why: Node resolves, reads and compiles every ES module file on start-up; one
// file starts noticeably faster, which counts for the many short runs of the test
// suite and for the parse/print benchmark against mlir-opt-19. CommonJS rather
// than ESM because bin/lifeline-opt.js compiles it with `vm.Script`, whose V8 code
// cache (Node 20 has no module compile cache) skips most of that compilation on
// later runs. The pass packages are still initialised only when a pass may run:
// esbuild turns cli.ts's `import('./passes.js')` into a call of a lazy module
// initialiser.
//
// The bundle is an optimisation only: bin/lifeline-opt.js uses it while it is
// newer than every file it was built from (inputs.json), and the per-file
// modules otherwise (e.g. after a plain `tsc -b`, or when esbuild is missing).
import { writeFileSync, rmSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const app = join(root, 'apps', 'lifeline-opt');
const out = join(app, 'dist', 'bundle');

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.warn('bundle-opt: esbuild not available; lifeline-opt runs from the per-file modules');
  process.exit(0);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await esbuild.build({
  entryPoints: [join(app, 'dist', 'cli.js')],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outfile: join(out, 'cli.cjs'),
  metafile: true,
  logLevel: 'warning',
});
// Written last: a bundle without its input list is never used.
const inputs = Object.keys(result.metafile.inputs).map((p) => relative(out, join(root, p)));
writeFileSync(join(out, 'inputs.json'), JSON.stringify(inputs));
