/**
 * Self-check of bench/gen-fir-program.mjs against fir-opt-19, on COUNT programs in one
 * `--split-input-file` run per test pass:
 *   (1) fir-opt-19 accepts every program (exit 0, no diagnostics) under
 *       test-fir-alias-analysis and test-fir-alias-analysis-modref;
 *   (2) the generator's claims about its programs hold: per function, in module order,
 *       fir-opt-19 prints a `Testing : "name"` header and V·(V−1)/2 alias lines (V = the
 *       values the generator says it tagged), and V·K modref lines (K = tagged ops);
 *   (3) the outputs contain every alias result (NoAlias, MayAlias, MustAlias) and every
 *       modref result (NoModRef, Ref, Mod, ModRef), each more than a token number of times;
 *   (4) the generator's counters hit every op, source kind, path step, record kind and
 *       tagged modref op listed below, and its op counters agree with the text;
 *   (5) the same seed gives the same text, other seeds other texts.
 *
 *   FIR_GEN_SEED=n   base seed (default fixed)
 *   FIR_GEN_COUNT=n  programs (default 200)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genFirProgram, type FirProgram } from '../bench/gen-fir-program.mjs';
import { oracleMissing, runTool, type OracleOutput } from './oracle.js';

const COUNT = Number(process.env.FIR_GEN_COUNT ?? 200);
const BASE_SEED = Number(process.env.FIR_GEN_SEED ?? 19170);
const FIR_OPT = 'fir-opt-19';
const pipeline = (pass: string) => [
  '--split-input-file', '--mlir-disable-threading', '-o', '/dev/null', `-pass-pipeline=builtin.module(func.func(${pass}))`,
];

/** Ops the programs must contain (shared/notes/fir-alias.md §3.6, the subset the generator promises). */
const OPS = [
  'fir.global', 'fir.has_value', 'func.func', 'arith.constant', 'fir.shape', 'fir.dummy_scope',
  'fir.alloca', 'fir.allocmem', 'fir.freemem', 'fir.address_of', 'fir.declare', 'hlfir.declare',
  'fir.convert', 'fir.box_addr', 'fir.embox', 'fir.rebox', 'fir.field_index', 'fir.coordinate_of',
  'fir.array_coor', 'hlfir.designate', 'fir.load', 'fir.store', 'fir.call', 'fir.if', 'fir.result',
  'fir.do_loop', 'arith.select', 'fir.absent', 'fir.zero_bits',
];
/** Kinds of tagged values (flang 19 getSource's source kinds and path steps) and tagged modref ops. */
const KINDS = [
  'source:allocate.alloca', 'source:allocate.allocmem',
  'source:global.plain', 'source:global.target', 'source:global.pointer',
  'source:argument.plain', 'source:argument.target', 'source:argument.box-ref', 'source:argument.dummy_scope',
  'source:host_assoc',
  'source:indirect.load-alloca', 'source:indirect.load-component',
  'source:unknown.if', 'source:unknown.select', 'source:unknown.absent', 'source:unknown.zero_bits',
  'source:unknown.do_loop-arg', 'source:unknown.do_loop-result', 'source:unknown.call',
  'path:convert', 'path:convert-chain', 'path:fir.declare', 'path:hlfir.declare', 'path:hlfir.declare#1',
  'path:declare.target', 'path:declare.pointer', 'path:declare.intent_in',
  'path:box_addr', 'path:embox', 'path:rebox',
  'path:coordinate_of.field', 'path:coordinate_of.index', 'path:array_coor.shape', 'path:array_coor.box',
  'path:designate.component', 'path:designate.index', 'path:designate.section',
  'path:load.dummy', 'path:load.global',
  'record:pointer-component', 'record:plain',
  'tagged:fir.store', 'tagged:fir.load', 'tagged:fir.call', 'tagged:fir.freemem', 'tagged:fir.declare', 'tagged:hlfir.declare',
];
/** Spelled-out forms that must appear in the text, beyond op names. */
const FORMS: Record<string, RegExp> = {
  'target global': /^fir\.global (internal )?@\w+ target : /m,
  'pointer global': /^fir\.global (internal )?@\w+ : !fir\.box<!fir\.ptr</m,
  'fir.target dummy': /%arg\d+: [^{]+\{fir\.bindc_name = "\w+", fir\.target\}/,
  'host tuple dummy': /\{fir\.host_assoc\}/,
  'host_assoc declare': /fortran_attrs = #fir\.var_attrs<(target, )?host_assoc>/,
  'declare with dummy_scope': /\.declare %arg\d+(\(%sh\d+\))? dummy_scope %ds /,
  'tagged function': /^func\.func @\w+\(.*\) attributes \{test\.ptr = /m,
  'tagged fir.do_loop': /fir\.do_loop .* attributes \{test\.ptr = /,
  'record with pointer components': /!fir\.type<_QMmTnode\{p:!fir\.box<!fir\.ptr<f32>>/,
  'field_index on a record': /fir\.field_index \w+, !fir\.type</,
  'load of a pointer component': /fir\.load %co_\d+ (\{[^}]*\} )?: !fir\.ref<!fir\.box<!fir\.ptr</,
};
const ALIAS_RESULTS = ['NoAlias', 'MayAlias', 'MustAlias'];
const MODREF_RESULTS = ['NoModRef', 'Ref', 'Mod', 'ModRef'];

/** Per `Testing : "f"` header: the function name and the lines printed under it. */
function sections(stderr: string): { name: string; lines: string[] }[] {
  const out: { name: string; lines: string[] }[] = [];
  for (const line of stderr.split('\n')) {
    const m = /^Testing : "(.*)"$/.exec(line);
    if (m) out.push({ name: m[1]!, lines: [] });
    else if (line) {
      if (!out.length) throw new Error(`output before the first header: ${line}`);
      out.at(-1)!.lines.push(line);
    }
  }
  return out;
}

function tally(lines: string[], results: string[]): Record<string, number> {
  const t: Record<string, number> = Object.fromEntries(results.map((r) => [r, 0]));
  for (const l of lines) {
    const r = l.slice(l.lastIndexOf(': ') + 2);
    t[r] = (t[r] ?? 0) + 1;
  }
  return t;
}

describe(`gen-fir-program: ${COUNT} programs from seed ${BASE_SEED}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'fir-gen-'));
  const file = join(dir, 'programs.fir');
  let programs: FirProgram[] = [];
  let alias: OracleOutput;
  let modref: OracleOutput;

  beforeAll(async () => {
    const missing = oracleMissing(FIR_OPT);
    if (missing) throw new Error(missing);
    programs = Array.from({ length: COUNT }, (_, i) => genFirProgram(BASE_SEED + i));
    writeFileSync(file, programs.map((p) => p.text).join('// -----\n'));
    const o = { timeoutMs: 300_000 };
    [alias, modref] = await Promise.all([
      runTool(FIR_OPT, [...pipeline('test-fir-alias-analysis'), file], o),
      runTool(FIR_OPT, [...pipeline('test-fir-alias-analysis-modref'), file], o),
    ]);
  }, 600_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('(1) fir-opt-19 accepts every program under both passes', () => {
    for (const r of [alias, modref]) {
      expect(r.signal).toBeNull();
      expect(r.stderr.split('\n').filter((l) => /error:|warning:/.test(l)).slice(0, 5)).toEqual([]);
      expect(r.code).toBe(0);
    }
  });

  it('(2) fir-opt-19 queries exactly the values and ops the generator tagged', () => {
    const funcs = programs.flatMap((p) => p.funcs);
    const a = sections(alias.stderr);
    const m = sections(modref.stderr);
    expect(a.map((s) => s.name)).toEqual(funcs.map((f) => f.name));
    expect(m.map((s) => s.name)).toEqual(funcs.map((f) => f.name));
    expect(a.map((s) => s.lines.length)).toEqual(funcs.map((f) => (f.values * Math.max(f.values - 1, 0)) / 2));
    expect(m.map((s) => s.lines.length)).toEqual(funcs.map((f) => f.values * f.ops));
    // Sizes are mixed over the promised range.
    const sizes = funcs.filter((f) => f.name.startsWith('_QPsub')).map((f) => f.values);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(40);
    expect(sizes.filter((v) => v <= 10).length).toBeGreaterThan(sizes.length / 10);
    expect(sizes.filter((v) => v >= 30).length).toBeGreaterThan(sizes.length / 10);
  });

  it('(3) every alias and modref result occurs', () => {
    const lines = (r: OracleOutput) => sections(r.stderr).flatMap((s) => s.lines);
    const a = tally(lines(alias), ALIAS_RESULTS);
    const m = tally(lines(modref), MODREF_RESULTS);
    console.log('alias results', a, 'modref results', m);
    expect(Object.keys(a).sort()).toEqual([...ALIAS_RESULTS].sort());
    expect(Object.keys(m).sort()).toEqual([...MODREF_RESULTS].sort());
    for (const r of ALIAS_RESULTS) expect(a[r], r).toBeGreaterThan(100);
    for (const r of MODREF_RESULTS) expect(m[r], r).toBeGreaterThan(100);
  });

  it('(4) the generator covers every op, kind and form it promises', () => {
    const ops: Record<string, number> = {};
    const kinds: Record<string, number> = {};
    for (const p of programs) {
      for (const [k, n] of Object.entries(p.coverage.ops)) ops[k] = (ops[k] ?? 0) + n;
      for (const [k, n] of Object.entries(p.coverage.kinds)) kinds[k] = (kinds[k] ?? 0) + n;
    }
    expect(OPS.filter((o) => !ops[o])).toEqual([]);
    expect(KINDS.filter((k) => !kinds[k])).toEqual([]);
    // Not a token appearance: each op and kind in a fair share of the programs.
    const rare = KINDS.filter((k) => programs.filter((p) => p.coverage.kinds[k]).length < COUNT / 25);
    expect(rare).toEqual([]);
    // The op counters describe the text: count op names at the start of each line.
    for (const p of programs.slice(0, 20)) {
      const fromText: Record<string, number> = {};
      for (const line of p.text.split('\n')) {
        const m = /^\s*(?:%[\w:#]+ = )?([a-z_]+\.[a-z_]+)\b/.exec(line);
        if (m) fromText[m[1]!] = (fromText[m[1]!] ?? 0) + 1;
      }
      expect(p.coverage.ops).toEqual(fromText);
    }
    const text = programs.map((p) => p.text).join('');
    expect(Object.entries(FORMS).filter(([, re]) => !re.test(text)).map(([k]) => k)).toEqual([]);
  });

  it('(5) the generator is deterministic', () => {
    expect(genFirProgram(BASE_SEED).text).toBe(programs[0]!.text);
    expect(genFirProgram(BASE_SEED + 7)).toEqual(programs[7]);
    expect(new Set(programs.map((p) => p.text)).size).toBe(programs.length);
  });
});
