// Optimization time of --arc-sequence-opts and --arc-loop-hoisting on generated SIL
// functions of ~10k and ~100k instructions (straight-line runs, diamonds and loops with
// retain/release pairs on a few objects and calls between), and the growth ratio
// (linear growth: ~10x for 10x the instructions).
//   node bench/sil-arc.mjs [sizes…]      (default: 10000 100000)
import { parseSil, SilTypeInfo, RCIdentity, SilArcModel, runSequenceOpts, runLoopHoisting, functionsWithBodies } from '../packages/sil/dist/index.js';

function generate(target) {
  const lines = [];
  let v = 3; // %0, %1: objects; %2: condition
  let b = 1;
  let insts = 0;
  const emit = (s) => { lines.push(`  ${s}`); insts++; };
  lines.push('sil_stage canonical', '', 'import Builtin', '', 'class C {}', '',
    'sil @unknown : $@convention(thin) () -> ()',
    'sil [releasenone] @use : $@convention(thin) (@guaranteed C) -> ()', '',
    'sil @big : $@convention(thin) (@guaranteed C, @guaranteed C, Builtin.Int1) -> () {',
    'bb0(%0 : $C, %1 : $C, %2 : $Builtin.Int1):');
  emit(`%${v++} = function_ref @use : $@convention(thin) (@guaranteed C) -> ()`);
  emit(`%${v++} = function_ref @unknown : $@convention(thin) () -> ()`);
  const use = 3, unknown = 4;
  let k = 0;
  while (insts < target) {
    const o = `%${k % 2}`;
    switch (k++ % 3) {
      case 0: // straight line: pairs around uses, one around an unknown call
        emit(`strong_retain ${o} : $C`);
        emit(`%${v++} = apply %${use}(${o}) : $@convention(thin) (@guaranteed C) -> ()`);
        emit(`strong_release ${o} : $C`);
        emit(`strong_retain ${o} : $C`);
        emit(`%${v++} = apply %${unknown}() : $@convention(thin) () -> ()`);
        emit(`strong_release ${o} : $C`);
        break;
      case 1: { // diamond: retain, a release in each arm
        emit(`strong_retain ${o} : $C`);
        emit(`cond_br %2, bb${b}, bb${b + 1}`);
        lines.push('', `bb${b}:`); emit(`strong_release ${o} : $C`); emit(`br bb${b + 2}`);
        lines.push('', `bb${b + 1}:`); emit(`strong_release ${o} : $C`); emit(`br bb${b + 2}`);
        lines.push('', `bb${b + 2}:`);
        b += 3;
        break;
      }
      default: { // loop: a pair in the body, an early exit
        emit(`br bb${b}`);
        lines.push('', `bb${b}:`);
        emit(`strong_retain ${o} : $C`);
        emit(`%${v++} = apply %${use}(${o}) : $@convention(thin) (@guaranteed C) -> ()`);
        emit(`strong_release ${o} : $C`);
        emit(`cond_br %2, bb${b + 1}, bb${b + 2}`);
        lines.push('', `bb${b + 1}:`); emit(`cond_br %2, bb${b}, bb${b + 3}`);
        lines.push('', `bb${b + 2}:`); emit(`br bb${b + 4}`);
        lines.push('', `bb${b + 3}:`); emit(`br bb${b + 4}`);
        lines.push('', `bb${b + 4}:`);
        b += 5;
      }
    }
  }
  emit(`%${v++} = tuple ()`);
  emit(`return %${v - 1} : $()`);
  lines.push('}');
  return { text: lines.join('\n') + '\n', insts };
}

function count(fn) {
  let n = 0;
  fn.walk((op) => { if (/strong_(retain|release)/.test(op.name)) n++; });
  return n;
}

function run(size) {
  const { text, insts } = generate(size);
  const m = parseSil(text, 'big.sil');
  const info = SilTypeInfo.of(m);
  const fn = functionsWithBodies(m)[0];
  const before = count(fn);
  let t = performance.now();
  const r = runSequenceOpts(fn, info, m);
  const seqMs = performance.now() - t;
  const afterSeq = count(fn);
  t = performance.now();
  const res = { hoisted: 0, retainsDeleted: 0, releasesDeleted: 0, retainsInserted: 0, releasesInserted: 0 };
  runLoopHoisting(fn, new SilArcModel(fn, new RCIdentity(fn, info), m), res);
  const hoistMs = performance.now() - t;
  return { insts, before, afterSeq, rounds: r.rounds, seqMs, hoistMs, afterHoist: count(fn) };
}

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const rows = (sizes.length ? sizes : [10000, 100000]).map(run);
for (const r of rows) {
  console.log(`${r.insts} insts: arc-sequence-opts ${r.seqMs.toFixed(0)} ms (${r.rounds} rounds, RC ops ${r.before} -> ${r.afterSeq}), ` +
    `arc-loop-hoisting ${r.hoistMs.toFixed(0)} ms (RC ops -> ${r.afterHoist})`);
}
if (rows.length >= 2) {
  const [a, b] = [rows[0], rows[rows.length - 1]];
  console.log(`growth for ${(b.insts / a.insts).toFixed(1)}x instructions: sequence opts ${(b.seqMs / a.seqMs).toFixed(1)}x, loop hoisting ${(b.hoistMs / a.hoistMs).toFixed(1)}x`);
}
