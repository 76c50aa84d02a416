#!/usr/bin/env node
// Runs the bundle of the driver that `pnpm build` makes (scripts/bundle-opt.mjs: it
// starts faster) while it is newer than every file it was built from; the per-file
// modules otherwise.
import { readFileSync, statSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

// Tier up to the optimizing compiler 8x later than V8's default (67584 bytecode
// budget): most runs are short, and optimizing (on a second core) what a 1k-op or
// 10k-op input only runs a few times cost more CPU than it saved — the deallocation
// pipeline took 0.66 s user on 1k cf ops and 2.7 s on 10k, 0.30 s and 1.9 s with
// this budget; hot loops of 100k-op inputs still get optimized (no measurable change
// there). Set before the driver's modules are loaded, so it applies to all their code.
setFlagsFromString('--interrupt-budget=540672');

const bundle = new URL('../dist/bundle/', import.meta.url);

function bundleIsFresh() {
  try {
    const built = statSync(new URL('inputs.json', bundle)).mtimeMs;
    for (const input of JSON.parse(readFileSync(new URL('inputs.json', bundle), 'utf8'))) {
      if (statSync(new URL(input, bundle)).mtimeMs > built) return false;
    }
    return true;
  } catch {
    return false;
  }
}

const { cli } = await import(bundleIsFresh() ? '../dist/bundle/cli.js' : '../dist/cli.js');
process.exitCode = await cli(process.argv.slice(2));
