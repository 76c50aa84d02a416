import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One config for the whole workspace. Tests import workspace packages through their
// built `dist/` (the test script builds first), exactly as the binaries do.
export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // one test file per core: vitest's default leaves one core to itself, which on a
    // two-core machine ran the suite's files one at a time (its main process is idle while
    // the files run: the suite is the compilers and the EVM working, not the runner)
    maxWorkers: availableParallelism(),
  },
});
