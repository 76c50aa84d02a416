// The memory-lifetime benchmark (issue 7): gas and peak memory of every benchmark call
// (bench/sol/*.sol, copies of shared/sol-bench) at n = 10, 100, 1000 for
//   lifeline-sol with the lifetime passes on, with them off, solc viaIR-optimized, solc
//   legacy-optimized, and the live-bytes lower bound (0x80 + the largest total size of the
//   allocations live at one program point, counting the ABI return buffer), measured on solc
//   viaIR's own run (bench/live-bytes.mjs).
// Then:
//   - validation of the measurement: solc viaIR's gas, peak memory and the lower bound at
//     n = 1000 next to the independently measured reference table (bench/sol/README.md);
//   - the issue's targets at n = 1000: geometric-mean gas (lifetime on) ≤ 0.80× solc viaIR
//     over all calls, no call above 1.02×, peak memory (lifetime on) ≤ 1.25× the lower bound
//     on every call — each printed with whether it holds.
// Exit status: 1 when a lifeline result (return / revert data, logs) differs from solc
// viaIR's, a compile fails, or lifetime-off gas exceeds 1.10× solc viaIR's (issue 6's bar);
// with --check also when a target does not hold.
//
//   node bench/sol-lifetime.mjs [--sizes 10,100,1000] [--only Contract[.fn]] [--check]
//                               [--dir DIR] [--reference FILE] [--json FILE] [--traced]
// --traced compiles the `lifetime on` side with traced releases (packages/sol/LIFETIME.md 2*).
// --dir measures the contracts of another folder (each file C.sol holds contract C; its
// functions taking one uint256 are the calls), e.g. your own memory-heavy contracts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliOption, cliSizes } from './cli.mjs';
import { fmt, measure } from './sol-measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => cliOption(args, name, dflt);
const SIZES = cliSizes(args);
const ONLY = opt('--only', undefined);
const JSON_OUT = opt('--json', undefined);
const CHECK = args.includes('--check');
const TRACED = args.includes('--traced');
const DIR = opt('--dir', join(here, 'sol'));
const REFERENCE = opt('--reference', join(DIR, 'README.md'));
const TARGET = { n: 1000, geomean: 0.8, maxRatio: 1.02, memOverLB: 1.25, offBar: 1.1 };

/** The reference table (`| C.fn | gas | peak | lower bound |`) of the benchmarks' README. */
function readReference(file) {
  if (!existsSync(file)) return new Map();
  const ref = new Map();
  for (const m of readFileSync(file, 'utf8').matchAll(/^\|\s*(\w+\.\w+)\s*\|\s*([\d,]+)\s*\|\s*([\d,]+)\s*\|\s*([\d,]+)\s*\|\s*$/gm)) {
    const num = (s) => Number(s.replace(/,/g, ''));
    ref.set(m[1], { gas: num(m[2]), mem: num(m[3]), lowerBound: num(m[4]) });
  }
  return ref;
}

const ratio = (a, b) => (a === undefined || b === undefined ? undefined : a / b);
const fx = (r, d = 3) => (r === undefined ? '–' : r.toFixed(d));

async function main() {
  const rows = await measure({ sizes: SIZES, only: ONLY, lowerBound: true, dir: DIR, traced: TRACED });
  console.log('solc 0.8.37 (optimizer on, 200 runs), @ethereumjs/evm 10 Osaka; gas = execution gas, peak = memoryWordCount × 32;');
  console.log('live-bytes LB measured on solc viaIR\'s run; "same" = lifeline on and off give solc viaIR\'s return / revert data and logs\n');
  console.log('| call | n | result | gas on | gas off | gas viaIR | gas legacy | on / viaIR | peak on | peak off | peak viaIR | peak legacy | live-bytes LB | peak on / LB | same |');
  console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows) {
    const g = (k) => (r.errors[k] ? 'error' : fmt(r.gas[k]));
    const m = (k) => (r.errors[k] ? 'error' : fmt(r.mem[k]));
    const same = ['on', 'off'].every((k) => r.same[k]) ? 'yes' : '**no**';
    console.log(`| ${r.call} | ${fmt(r.n)} | ${r.ok} | ${g('on')} | ${g('off')} | ${g('viaIR')} | ${g('legacy')} | ${fx(ratio(r.gas.on, r.gas.viaIR))} | ${m('on')} | ${m('off')} | ${m('viaIR')} | ${m('legacy')} | ${fmt(r.lowerBound)} | ${fx(ratio(r.mem.on, r.lowerBound), 2)} | ${same} |`);
  }

  let problems = 0;
  const errs = [...new Set(rows.flatMap((r) => Object.entries(r.errors).map(([k, e]) => `${r.contract} (${k}): ${e}`)))];
  if (errs.length) console.log('\ncompile errors:\n' + errs.map((e) => `- ${e}`).join('\n'));
  const differ = rows.filter((r) => !['on', 'off'].every((k) => r.same[k]));
  if (differ.length) console.log(`\nRESULTS DIFFER from solc viaIR: ${differ.map((r) => `${r.call}(${r.n})`).join(', ')}`);
  const offOver = rows.filter((r) => ratio(r.gas.off, r.gas.viaIR) > TARGET.offBar);
  if (offOver.length) console.log(`\nlifetime off above ${TARGET.offBar}× solc viaIR: ${offOver.map((r) => `${r.call}(${r.n})`).join(', ')}`);
  problems += errs.length + differ.length + offOver.length;
  if (rows.some((r) => r.monotonic === false)) console.log('\nWARNING: solc viaIR\'s free pointer went down in a traced call: its lower bound is not meaningful');

  const at = rows.filter((r) => r.n === TARGET.n);
  if (at.length) {
    const ref = readReference(REFERENCE);
    if (ref.size) {
      console.log(`\nValidation at n = ${TARGET.n}: solc viaIR measured here vs the reference table (${REFERENCE.replace(`${dirname(here)}/`, '')})\n`);
      console.log('| call | gas viaIR | reference | peak viaIR | reference | live-bytes LB | reference | match |');
      console.log('|---|---:|---:|---:|---:|---:|---:|---|');
      let mismatches = 0;
      for (const r of at) {
        const x = ref.get(r.call);
        const ok = x && x.gas === r.gas.viaIR && x.mem === r.mem.viaIR && x.lowerBound === r.lowerBound;
        if (x && !ok) mismatches++;
        console.log(`| ${r.call} | ${fmt(r.gas.viaIR)} | ${fmt(x?.gas)} | ${fmt(r.mem.viaIR)} | ${fmt(x?.mem)} | ${fmt(r.lowerBound)} | ${fmt(x?.lowerBound)} | ${x ? (ok ? 'yes' : '**no**') : 'no reference'} |`);
      }
      console.log(`\n${at.length - mismatches}/${at.length} calls match the reference${mismatches ? ` (${mismatches} differ)` : ''}`);
    }
    const ratios = at.map((r) => ratio(r.gas.on, r.gas.viaIR)).filter((x) => x !== undefined);
    const geomean = ratios.length ? Math.exp(ratios.reduce((s, x) => s + Math.log(x), 0) / ratios.length) : undefined;
    const worst = at.reduce((w, r) => (ratio(r.gas.on, r.gas.viaIR) > (w ? ratio(w.gas.on, w.gas.viaIR) : -1) ? r : w), undefined);
    // a call that did not run (a compile error) fails every target; what is measured is over
    // the calls that ran
    const ran = at.filter((r) => r.mem.on !== undefined && ratio(r.gas.on, r.gas.viaIR) !== undefined);
    const failed = at.length - ran.length;
    const memBad = ran.filter((r) => !(r.mem.on <= TARGET.memOverLB * r.lowerBound));
    const worstMem = ran.reduce((w, r) => (ratio(r.mem.on, r.lowerBound) > (w ? ratio(w.mem.on, w.lowerBound) : -1) ? r : w), undefined);
    const complete = failed === 0;
    const over = `over ${ran.length} calls${failed ? ` (${failed} of ${at.length} did not run)` : ''}`;
    const targets = [
      [`geometric-mean gas, lifetime on / solc viaIR, ${over} ≤ ${TARGET.geomean}`, fx(geomean), complete && geomean <= TARGET.geomean],
      [`no call above ${TARGET.maxRatio}× solc viaIR's gas`, worst ? `max ${fx(ratio(worst.gas.on, worst.gas.viaIR))} (${worst.call})` : '–', complete && ratios.every((x) => x <= TARGET.maxRatio)],
      [`peak memory (lifetime on) ≤ ${TARGET.memOverLB}× the live-bytes lower bound on every call`, worstMem ? `max ${fx(ratio(worstMem.mem.on, worstMem.lowerBound), 2)} (${worstMem.call}); ${memBad.length} of ${ran.length} calls above` : '–', complete && memBad.length === 0],
    ];
    console.log(`\nTargets at n = ${TARGET.n}:\n`);
    console.log('| target | measured | holds |');
    console.log('|---|---|---|');
    for (const [what, got, holds] of targets) console.log(`| ${what} | ${got} | ${holds ? 'yes' : '**no**'} |`);
    if (CHECK) problems += targets.filter(([, , h]) => !h).length;
  } else if (CHECK) {
    console.log(`\n--check: the targets are defined at n = ${TARGET.n}, which --sizes leaves out`);
    problems++;
  }
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(rows, null, 2));
  if (problems) process.exitCode = 1;
}

await main();
