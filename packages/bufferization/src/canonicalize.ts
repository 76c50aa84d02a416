/**
 * `--canonicalize` (MLIR 19 lib/Transforms/Canonicalizer.cpp): every op's fold
 * hook and the canonicalization patterns of the dialects we register, applied
 * by the greedy driver to the regions of the op the pass runs on.
 *
 *  1. Options as MLIR's: top-down (default true), region-simplify
 *     (disabled | normal | aggressive, default normal), max-iterations (10),
 *     max-num-rewrites (-1), test-convergence (false: with true, a run that
 *     does not converge fails the pass), disable-patterns / enable-patterns
 *     (pattern names; ours are MLIR's class names).
 *  2. The pattern list is the dialect lists below in one fixed order, so
 *     equal-benefit patterns are tried as MLIR registers them per op.
 */
import type { PassDef } from '@lifeline/ir';
import { arithPatterns } from './canonicalize-arith.js';
import { arithCastPatterns } from './canonicalize-arith-casts.js';
import { bufferizationPatterns } from './canonicalize-bufferization.js';
import { cfPatterns } from './canonicalize-cf.js';
import { memrefPatterns } from './canonicalize-memref.js';
import { scfPatterns } from './canonicalize-scf.js';
import { scfParallelPatterns } from './canonicalize-scf-parallel.js';
import { scfWhilePatterns } from './canonicalize-scf-while.js';
import { applyPatternsGreedily, type GreedyConfig } from './greedy.js';
import type { RewritePattern } from './pattern.js';
import { registryOf } from './pass-registry.js';

export const canonicalizationPatterns: readonly RewritePattern[] = [
  ...arithPatterns, ...arithCastPatterns, ...scfPatterns, ...scfParallelPatterns, ...scfWhilePatterns, ...cfPatterns, ...memrefPatterns, ...bufferizationPatterns,
];

const LEVELS = ['disabled', 'normal', 'aggressive'] as const;

export const canonicalizePass: PassDef = {
  argument: 'canonicalize',
  name: 'Canonicalizer',
  description: 'Canonicalize operations',
  options: [
    { name: 'top-down', description: 'Seed the worklist in general top-down order', type: 'bool', default: true },
    { name: 'region-simplify', description: 'Perform control flow optimizations to the region tree', type: 'string', default: 'normal' },
    { name: 'max-iterations', description: 'Max. iterations between applying patterns / simplifying regions', type: 'int', default: 10 },
    { name: 'max-num-rewrites', description: 'Max. number of pattern rewrites within an iteration', type: 'int', default: -1 },
    { name: 'test-convergence', description: 'Test only: Fail pass on non-convergence to detect cyclic pattern', type: 'bool', default: false },
    { name: 'disable-patterns', description: 'Labels of patterns that should be filtered out during application', type: 'list', default: [] },
    { name: 'enable-patterns', description: 'Labels of patterns that should be used during application, all other patterns are filtered out', type: 'list', default: [] },
  ],
  run(root, ctx) {
    const o = ctx.options;
    const level = String(o['region-simplify']);
    if (!(LEVELS as readonly string[]).includes(level)) {
      ctx.emitError(root, `Cannot find option named '${level}'!`);
      return;
    }
    const disabled = new Set(o['disable-patterns'] as string[]);
    const enabled = new Set(o['enable-patterns'] as string[]);
    const patterns = canonicalizationPatterns.filter((p) => !disabled.has(p.name) && (!enabled.size || enabled.has(p.name)));
    const config: GreedyConfig = {
      topDown: o['top-down'] as boolean,
      regionSimplify: level as GreedyConfig['regionSimplify'],
      maxIterations: o['max-iterations'] as number,
      maxNumRewrites: o['max-num-rewrites'] as number,
    };
    const converged = applyPatternsGreedily(root, patterns, registryOf(ctx), config);
    if (o['test-convergence'] && !converged) ctx.emitError(root, 'Canonicalizer failed to converge');
  },
};
