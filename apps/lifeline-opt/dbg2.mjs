import { readFileSync } from 'node:fs';
import { parseString } from '@lifeline/ir';
import { createRegistry } from '@lifeline/dialects';
import { canonicalizationPatterns, applyPatternsGreedily } from '@lifeline/bufferization';
const reg = createRegistry();
const m = parseString(readFileSync(process.argv[2], 'utf8'), reg, { allowUnregistered: true });
let n = 0;
const pats = canonicalizationPatterns.map((p) => ({ ...p, matchAndRewrite(op, rw) { if (++n > 200000) throw new Error('loop at ' + op.name + ' ' + p.name); return p.matchAndRewrite(op, rw); } }));
try { applyPatternsGreedily(m, pats, reg, { topDown: true, maxIterations: 1, regionSimplify: 'disabled' }); } catch (e) { console.error(e.stack.split('\n').slice(0, 12).join('\n')); }
console.error('done', n);
