/**
 * (a) The interpreter catches the memory errors the deallocation passes must never
 * introduce, and (d) reports runtime errors at the op. Each fixture is a small variant
 * of fixtures/errors/clean.mlir; the expected counters follow from reading the program.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, cli, runFixture } from './harness.js';

const E = (f: string) => path.join(FIXTURES, 'errors', f);
const SUMMARY = /work: dealloc-helper-calls=\d+ pointer-extracts=\d+ pointer-compares=\d+ clones=\d+\nmemory: allocs=\d+ frees=\d+ leaked=\d+ double-frees=\d+ use-after-free=\d+ invalid-frees=\d+\n$/;

describe('memory errors', () => {
  it('the correct program exits 0 with one alloc and one free', () => {
    const r = cli([E('clean.mlir')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('6\n');
    expect(r.stderr).toBe('work: dealloc-helper-calls=0 pointer-extracts=0 pointer-compares=0 clones=0\n' +
      'memory: allocs=1 frees=1 leaked=0 double-frees=0 use-after-free=0 invalid-frees=0\n');
  });
  it('a removed dealloc is one leak, exit 1', () => {
    const r = cli([E('leak.mlir')]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/memory: allocs=1 frees=0 leaked=1 double-frees=0 use-after-free=0 invalid-frees=0\n$/);
  });
  it('a duplicated dealloc is one double free, exit 1', () => {
    const r = cli([E('double-free.mlir')]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/memory: allocs=1 frees=1 leaked=0 double-frees=1 use-after-free=0 invalid-frees=0\n$/);
  });
  it('a load after the dealloc is a use after free, exit 1, and still reads the old value', () => {
    const r = cli([E('use-after-free.mlir')]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('7\n');
    expect(r.stderr).toMatch(/use-after-free=1 invalid-frees=0\n$/);
  });
  it('freeing a subview frees its allocation', () => {
    const r = runFixture('errors/view-free.mlir');
    expect(r.memory).toMatchObject({ allocs: 1, frees: 1, doubleFrees: 1, leaked: 0 });
  });
  it('freeing alloca and global memory is an invalid free', () => {
    const r = runFixture('errors/invalid-free.mlir');
    expect(r.results).toEqual(['1']);
    expect(r.memory).toMatchObject({ allocs: 0, frees: 0, invalidFrees: 2 });
  });
  it('an alloca dies with its function: using it from the caller is a use after free', () => {
    const r = runFixture('errors/alloca-escape.mlir');
    expect(r.results).toEqual(['42']);
    expect(r.memory).toMatchObject({ allocs: 0, frees: 0, leaked: 0, useAfterFree: 1 });
  });
});

describe('runtime errors are located, exit 2, and keep the summary lines', () => {
  it('out-of-bounds store', () => {
    const r = cli([E('oob-store.mlir')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${E('oob-store.mlir')}:17:3: error: out-of-bounds access: index 4 in dimension 0 of size 4\n`);
    expect(r.stderr).toMatch(SUMMARY);
  });
  it('step limit', () => {
    const r = cli([E('forever.mlir'), '--max-steps', '500']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/forever\.mlir:\d+:\d+: error: step limit \(500\) exceeded\n/);
    expect(r.stderr).toMatch(SUMMARY);
    const lib = runFixture('errors/forever.mlir', { maxSteps: 500 });
    expect(lib.steps).toBe(501);
    expect(lib.errorKind).toBe('runtime');
  });
  it('an op the interpreter does not run', () => {
    const r = cli([E('unsupported.mlir')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${E('unsupported.mlir')}:6:10: error: operation 'memref.atomic_rmw' is not supported by the interpreter\n`);
  });
  it('an op no dialect defines is bad input (exit 1, parse diagnostic)', () => {
    const r = cli([E('unknown-op.mlir')]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${E('unknown-op.mlir')}:4:8: error: operation being parsed with an unregistered dialect`);
    expect(r.stderr).toMatch(SUMMARY);
  });
  it('cf.assert, division by zero, signed division overflow', () => {
    expect(cli([E('assert.mlir'), '--args', '-3']).stderr).toContain(':5:3: error: assertion failed: x must be positive\n');
    expect(cli([E('assert.mlir'), '--args', '3']).status).toBe(0);
    const z = cli([E('assert.mlir'), '--entry', 'div', '--args', '7', '0']);
    expect(z.status).toBe(2);
    expect(z.stderr).toContain(':9:8: error: division by zero\n');
    expect(cli([E('assert.mlir'), '--entry', 'div', '--args', '-2147483648', '-1']).stderr).toContain('error: signed division overflow\n');
    expect(cli([E('assert.mlir'), '--entry', 'div', '--args', '-7', '2']).stdout).toBe('-3\n');
  });
  it('recursion runs to depth 1000, deeper is an error at the call', () => {
    expect(runFixture('errors/recursion.mlir', { entry: 'f', args: [999] }).results).toEqual(['499500']);
    const r = cli([E('recursion.mlir'), '--entry', 'f', '--args', '1000']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${E('recursion.mlir')}:10:10: error: call depth exceeds 1000\n`);
  });
  it('wrong entry arguments are bad input (exit 1)', () => {
    const r = cli([E('assert.mlir')]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("error: '@main' expects 1 argument(s), got 0\n");
    expect(cli([E('assert.mlir'), '--entry', 'nope']).stderr).toContain("error: entry function '@nope' not found\n");
  });
});
