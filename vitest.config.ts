import { defineConfig } from 'vitest/config';

// One config for the whole workspace. Tests import workspace packages through their
// built `dist/` (the test script builds first), exactly as the binaries do.
export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
