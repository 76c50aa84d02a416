/**
 * Differential test against mlir-opt-19: every op of every round-trip fixture
 * (test-fixtures/roundtrip, all dialects) gets a `test.ptr` tag, and both tools run
 * --test-alias-analysis and --test-alias-analysis-modref on the result. Their stderr
 * must be identical. This checks the memory effects, view-like, region-branch and
 * branch declarations of every op we define, not only the ones the hand-written
 * fixtures in test-fixtures/analysis use.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { StringAttr, parseString, printOp } from '@lifeline/ir';
import { createRegistry } from '@lifeline/dialects';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const FIXTURES = path.join(ROOT, 'test-fixtures/roundtrip');
const LIFELINE_OPT = path.join(ROOT, 'apps/lifeline-opt/bin/lifeline-opt.js');
const registry = createRegistry();

/** The fixture's splits, each with every op below the module tagged `o<N>`, in generic form. */
function tagEverything(file: string): string {
  const out: string[] = [];
  for (const chunk of readFileSync(file, 'utf8').split(/^\/\/ -----$/m)) {
    const module = parseString(chunk, registry, { allowUnregistered: true, fileName: file });
    let n = 0;
    module.walk((op) => {
      if (op !== module) op.attributes.set('test.ptr', new StringAttr(`o${n++}`));
    });
    out.push(printOp(module, { generic: true }));
  }
  return out.join('\n// -----\n');
}

function run(cmd: string, args: string[]): { status: number | null; stderr: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 256 << 20 });
  if (r.error) throw r.error;
  return { status: r.status, stderr: r.stderr };
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'alias-diff-'));
const fixtures = readdirSync(FIXTURES).filter((f) => f.endsWith('.mlir')).sort();

describe('alias test passes agree with mlir-opt-19 on every tagged round-trip fixture', () => {
  it('has fixtures', () => expect(fixtures.length).toBeGreaterThan(0));
  for (const f of fixtures) {
    for (const pass of ['test-alias-analysis', 'test-alias-analysis-modref']) {
      it(`${f} ${pass}`, () => {
        const input = path.join(tmp, f);
        writeFileSync(input, tagEverything(path.join(FIXTURES, f)));
        const args = [
          input, '--allow-unregistered-dialect', '--mlir-disable-threading', '--split-input-file', '-o', '/dev/null',
          `--pass-pipeline=builtin.module(func.func(${pass}))`,
        ];
        const ref = run('mlir-opt-19', args);
        const ours = run(process.execPath, [LIFELINE_OPT, ...args]);
        expect(ref.status).toBe(0);
        expect(ours.status).toBe(0);
        expect(ours.stderr).toBe(ref.stderr);
      });
    }
  }
});
