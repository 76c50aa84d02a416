/**
 * One vitest test per lit fixture under test-fixtures/ (files with RUN lines).
 * Fixtures are never skipped: each one passes or fails.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, REPO_ROOT, findLitFiles, runLitFile } from './lit-runner.js';

let files: string[] = [];
let findError: unknown = null;
try {
  files = findLitFiles(FIXTURES_DIR);
} catch (e) {
  findError = e;
}

describe('lit fixtures', () => {
  it('finds the test-fixtures directory', () => {
    expect(findError).toBeNull();
    expect(statSync(FIXTURES_DIR).isDirectory()).toBe(true);
    for (const f of files) expect(f.startsWith(FIXTURES_DIR + path.sep)).toBe(true);
  });

  if (files.length > 0) {
    describe.concurrent('RUN', () => {
      for (const file of files) {
        it(path.relative(REPO_ROOT, file), async () => {
          const r = await runLitFile(file);
          if (!r.ok) throw new Error(r.message);
        });
      }
    });
  }
});
