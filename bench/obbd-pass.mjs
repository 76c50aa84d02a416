// Times the ownership-based-buffer-deallocation pass alone (parse excluded), in
// CPU time of this process, best of N runs on fresh parses of the same file.
//   node bench/obbd-pass.mjs FILE.mlir [RUNS] [--dynamic]
import { readFileSync } from 'node:fs';
import { SourceFile, parseSource, PassManager, passRegistry } from '@lifeline/ir';
import { createRegistry } from '@lifeline/dialects';
import { registerAllPasses } from '../apps/lifeline-opt/dist/passes.js';

const [file, runsArg, flag] = process.argv.slice(2);
const runs = Number(runsArg ?? 5);
registerAllPasses();
const text = readFileSync(file, 'utf8');
const pipeline = flag === '--dynamic'
  ? ['__flag__:ownership-based-buffer-deallocation{private-function-dynamic-ownership=true}']
  : ['__flag__:ownership-based-buffer-deallocation'];
let best = Infinity;
for (let i = 0; i < runs; i++) {
  const registry = createRegistry();
  const { module } = parseSource(new SourceFile(file, text), registry, {});
  const pm = PassManager.parse(pipeline, passRegistry);
  globalThis.gc?.();
  const c0 = process.cpuUsage();
  const r = pm.run(module, { registry, log: () => {}, outs: () => {} });
  const c = process.cpuUsage(c0);
  if (!r.ok) throw new Error('pass failed');
  best = Math.min(best, (c.user + c.system) / 1e6);
  if (process.env.OBBD_BENCH_ALL) console.log(`run ${i}: ${((c.user + c.system) / 1e6).toFixed(3)} s`);
}
console.log(`${file}: pass cpu ${best.toFixed(3)} s (best of ${runs})`);
