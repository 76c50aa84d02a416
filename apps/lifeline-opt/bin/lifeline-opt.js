#!/usr/bin/env node
// Runs the bundle of the driver that `pnpm build` makes (scripts/bundle-opt.mjs: it
// starts faster) while it is newer than every file it was built from; the per-file
// modules otherwise.
import { readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

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

/**
 * Loads the CommonJS bundle through `vm.Script` with V8's code cache
 * (dist/bundle/cli.cjs.cache): compiling the 1.3 MB bundle, and lazily every
 * function a run calls, is a good part of a short run (10k ops: 0.32 s → 0.30 s).
 * The cache is written after the first run, so it holds the bytecode of what that
 * run compiled, and it is keyed by the bundle's size and mtime and the Node
 * version (V8 itself checks only the source's length, its version and flags).
 * Never a correctness risk: a missing, stale or rejected cache means a normal
 * compile, and a cache that cannot be written (read-only install) is skipped.
 */
function loadBundle() {
  const file = fileURLToPath(new URL('cli.cjs', bundle));
  const cacheFile = file + '.cache';
  const st = statSync(file);
  const key = Buffer.from(`${process.version} ${st.size} ${st.mtimeMs}\n`);
  let cachedData;
  try {
    const c = readFileSync(cacheFile);
    if (c.subarray(0, key.length).equals(key)) cachedData = c.subarray(key.length);
  } catch {
    // no cache yet
  }
  const source = readFileSync(file, 'utf8');
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, fileURLToPath(bundle));
  const saveCache = cachedData && !script.cachedDataRejected ? () => {} : () => {
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, Buffer.concat([key, script.createCachedData()]));
      renameSync(tmp, cacheFile);
    } catch {
      try { unlinkSync(tmp); } catch { /* nothing written */ }
    }
  };
  return { cli: module.exports.cli, saveCache };
}

if (bundleIsFresh()) {
  const { cli, saveCache } = loadBundle();
  process.exitCode = await cli(process.argv.slice(2));
  saveCache();
} else {
  const { cli } = await import('../dist/cli.js');
  process.exitCode = await cli(process.argv.slice(2));
}
