// Gas snapshots and diffs of the Solidity benchmarks in Foundry's format, so a gas change
// reads as `forge snapshot --diff` prints it (foundry-rs/foundry crates/forge/src/cmd/snapshot.rs):
//   - a snapshot file has one `Contract:signature (gas: N)` line per entry, sorted as
//     strings, joined by newlines (no trailing one) — here `ArrayInLoop:fixedTmp(1000) (gas: 4542586)`,
//     one entry per benchmark call and size; forge's own parser reads it;
//   - a diff prints every entry present on both sides, sorted by |percentage change|
//     ascending, as `<icon> Contract::signature (gas: <old> → <new> | <change> <pct>%)` with
//     icon ↑ (more gas), ↓ (less) or ━ (same), change = new − old and pct = change / old with
//     three decimals; entries only in the new run are listed under `New tests:`; then a line
//     of 80 dashes, `Total tests: N, ↑ I, ↓ D, ━ U` and
//     `Overall gas change: <sum of changes> (<sum of changes / sum of old gas>%)`.
//     (forge colours these on a terminal and sends the summary to stderr; here all of it is
//     plain text on stdout.)
// Gas is the call's execution gas (bench/sol-measure.mjs).
//
//   node bench/sol-gas-snapshot.mjs --snap FILE  [--variant on|off|viaIR|legacy] [--sizes …] [--only …]
//   node bench/sol-gas-snapshot.mjs --diff FILE  [--variant on|off|viaIR|legacy] [--sizes …] [--only …]
//   node bench/sol-gas-snapshot.mjs --compare off,on  [--sizes …] [--only …]   (before,after: any two variants)
// --variant defaults to `on` (lifeline-sol with the lifetime passes); --sizes to 10,100,1000.
import { readFileSync, writeFileSync } from 'node:fs';
import { cliOption, cliSizes } from './cli.mjs';

/** Entries `{ contract, sig, gas }` → snapshot file text (forge: sorted lines, no final newline). */
export function formatSnapshot(entries) {
  return entries.map((e) => `${e.contract}:${e.sig} (gas: ${e.gas})`).sort().join('\n');
}

/** Snapshot file text → entries (unit entries only; other lines are an error, as in forge). */
export function parseSnapshot(text) {
  const out = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const m = /^(.*?):(\w+\s*\(.*?\))\s*\((?:gas:)?\s*(\d+)\)/.exec(line);
    if (!m) throw new Error(`Could not extract Snapshot Entry for ${line}`);
    out.push({ contract: m[1], sig: m[2], gas: Number(m[3]) });
  }
  return out;
}

const pct = (x) => `${(x * 100).toFixed(3)}%`;

/** forge's diff of `after` (the new run) against `before` (the snapshot), as lines of text. */
export function formatDiff(before, after) {
  const old = new Map(before.map((e) => [`${e.contract}::${e.sig}`, e.gas]));
  const diffs = [];
  const fresh = [];
  for (const e of after) {
    const key = `${e.contract}::${e.sig}`;
    if (old.has(key)) {
      const target = old.get(key);
      const change = e.gas - target;
      diffs.push({ key, target, source: e.gas, change, ratio: target > 0 ? change / target : 0 });
    } else fresh.push(key);
  }
  // stable sort, as Rust's sort_by
  diffs.sort((a, b) => Math.abs(a.ratio) - Math.abs(b.ratio));
  const lines = [];
  let inc = 0;
  let dec = 0;
  let same = 0;
  let total = 0;
  let used = 0;
  for (const d of diffs) {
    total += d.change;
    used += d.target;
    if (d.change > 0) inc++;
    else if (d.change < 0) dec++;
    else same++;
    const icon = d.change > 0 ? '↑' : d.change < 0 ? '↓' : '━';
    lines.push(`${icon} ${d.key} (gas: ${d.target} → ${d.source} | ${d.change} ${pct(d.ratio)})`);
  }
  if (fresh.length) lines.push('', 'New tests:', ...fresh.map((k) => `  + ${k}`));
  lines.push('', '-'.repeat(80));
  lines.push(`Total tests: ${diffs.length}, ↑ ${inc}, ↓ ${dec}, ━ ${same}`);
  lines.push(`Overall gas change: ${total} (${pct(used > 0 ? total / used : 0)})`);
  return lines;
}

/** Measured rows (bench/sol-measure.mjs) → snapshot entries of one compiler variant. */
export function entriesOf(rows, variant) {
  return rows.filter((r) => r.gas[variant] !== undefined).map((r) => ({ contract: r.contract, sig: `${r.fn}(${r.n})`, gas: r.gas[variant] }));
}

async function main() {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => cliOption(args, name, dflt);
  const sizes = cliSizes(args);
  const only = opt('--only', undefined);
  const variant = opt('--variant', 'on');
  const snap = opt('--snap', undefined);
  const diff = opt('--diff', undefined);
  const compare = opt('--compare', undefined);
  if (!snap && !diff && !compare) {
    console.error('usage: sol-gas-snapshot.mjs (--snap FILE | --diff FILE | --compare before,after) [--variant on|off|viaIR|legacy] [--sizes 10,100,1000] [--only C[.fn]]');
    process.exitCode = 2;
    return;
  }
  const { measure, ALL_COMPILERS } = await import('./sol-measure.mjs');
  const variants = compare ? compare.split(',') : [variant];
  for (const v of variants) if (!ALL_COMPILERS.includes(v)) throw new Error(`unknown variant ${v} (one of ${ALL_COMPILERS.join(', ')})`);
  const rows = await measure({ sizes, only, compilers: [...new Set(variants)] });
  const bad = rows.filter((r) => variants.some((v) => r.same[v] === false || r.errors[v]));
  if (bad.length) {
    console.error(`results differ from solc viaIR or failed to compile: ${bad.map((r) => `${r.call}(${r.n})`).join(', ')}`);
    process.exitCode = 1;
  }
  if (snap) writeFileSync(snap, formatSnapshot(entriesOf(rows, variant)));
  if (diff) console.log(formatDiff(parseSnapshot(readFileSync(diff, 'utf8')), entriesOf(rows, variant)).join('\n'));
  if (compare) {
    const [before, after] = variants;
    console.log(`gas: ${before} → ${after}`);
    console.log(formatDiff(entriesOf(rows, before), entriesOf(rows, after)).join('\n'));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
