#!/usr/bin/env node
// Runs the bundle of the driver that `pnpm build` makes (scripts/bundle-opt.mjs: it
// starts faster) while it is newer than every file it was built from; the per-file
// modules otherwise.
import { readFileSync, statSync } from 'node:fs';

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
