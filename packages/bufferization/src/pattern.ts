/**
 * A rewrite pattern as the greedy driver (canonicalize) and the deallocation
 * simplification apply them: match one op, rewrite through the rewriter so the
 * driver learns what changed.
 */
import type { Operation, Rewriter } from '@lifeline/ir';

export interface RewritePattern {
  /** Name for debugging and statistics. */
  readonly name: string;
  /** The op name this pattern matches; undefined matches every op. */
  readonly rootName?: string;
  /** Higher benefit is tried first (MLIR's PatternBenefit); default 1. */
  readonly benefit?: number;
  /** Rewrites `op` and returns true, or returns false without touching the IR. */
  matchAndRewrite(op: Operation, rewriter: Rewriter): boolean;
}
