import { readFileSync } from 'node:fs';
import { SourceFile, parseSource } from '@lifeline/ir';
import { createRegistry } from '@lifeline/dialects';
import { analyzeOwnership, ValueLiveness, deallocationBlockOrder, hasUnstructuredLoop, isMemref } from '../packages/analyses/dist/index.js';
const file = process.argv[2];
const text = readFileSync(file, 'utf8');
const registry = createRegistry();
const { module } = parseSource(new SourceFile(file, text), registry, {});
const funcs = []; module.walk((op) => { if (op.name === 'func.func') { funcs.push(op); return 'skip'; } });
const T = (name, f) => { let best = 1e9; for (let i = 0; i < 5; i++) { const c0 = process.cpuUsage(); f(); const c = process.cpuUsage(c0); best = Math.min(best, (c.user + c.system) / 1000); } console.log(name.padEnd(20), best.toFixed(0), 'ms'); };
T('walk', () => { let n = 0; module.walk(() => { n++; }); });

T('blockorder', () => { for (const f of funcs) deallocationBlockOrder(f); });
T('liveness', () => { for (const f of funcs) new ValueLiveness(f, isMemref); });
T('analysis', () => analyzeOwnership(module, { privateFunctionDynamicOwnership: false }));
