/**
 * What the ARC dataflow needs to know of a program: the questions of Swift's
 * ARCAnalysis (notes §4.2, §4.5), answered by a model of the IR. The dataflow
 * (arc/dataflow.ts) and the passes ask only these; `sil-model.ts` answers them for
 * the sil dialect.
 *
 * (1) `rcInst`: a retain (increment) or release (decrement) of one RC root.
 * (2) `entrances`: RC roots an op introduces at +1 (alloc_ref); `ownedArguments`:
 *     the roots of a function's @owned arguments (+1 on entry).
 * (3) `mayDecrement(op, root)`: op may lower the reference count of an object the
 *     root may denote (a release of a possibly aliasing value or of an object that
 *     may hold it, an apply of a callee that may release, is_unique, which reads the
 *     count and so must stay on its side of every retain/release).
 * (4) `mayUse(op, root)`: op may need the object alive (reads or writes it, passes
 *     it on, retains an alias of it).
 * (5) `mayGuaranteedUse(op, root)`: op uses the object for its whole duration
 *     (an apply with it as an argument): a use and a decrement at once.
 * (6) `mayAlias(a, b)`: two roots may denote the same object.
 * (7) `isTermination(op)`: op ends the program on this path (`unreachable`);
 *     leaks are allowed there, so such paths are skipped in merges.
 * (8) `isUniquenessCheck(op, root)`: op reads the reference count of an object the
 *     root may denote (is_unique): any retain/release pair around it changes what it
 *     reads, so no pair may span it, known safe or not (ARCOptimization.md,
 *     "Uniqueness Check Complications").
 * (9) `namedRoots(op)`: the RC roots of op's operands, each once.
 * (10) `isLocalRoot(root)`: for a local root, (3)–(5), (8) and (6) with op's own
 *      retain/release root are false at every op that does not name it (9).
 * (11) `affectsUnnamedRoots(op)`: whether (3)–(5), (8), or (6) with op's own
 *      retain/release root, may be true for some non-local root op does not name.
 *      When false, op can change the state of no root but those it names; the
 *      dataflow relies on (10) and (11) to visit only the roots an op may affect.
 * (12) `mayReference(value, root)`: value may hold a reference to an object the
 *      root may denote — it is not trivial and its RC root is the root or may
 *      alias it (6). Loop hoisting lets block arguments that cannot pass.
 */
import type { Operation, Value } from '@lifeline/ir';

export type RcInst = { readonly kind: 'increment' | 'decrement'; readonly root: Value; readonly operand: Value };

export interface ArcModel {
  /** (1) */
  rcInst(op: Operation): RcInst | undefined;
  /** (2) */
  entrances(op: Operation): readonly Value[];
  ownedArguments(fn: Operation): readonly Value[];
  /** (3) */
  mayDecrement(op: Operation, root: Value): boolean;
  /** (4) */
  mayUse(op: Operation, root: Value): boolean;
  /** (5) */
  mayGuaranteedUse(op: Operation, root: Value): boolean;
  /** (6) */
  mayAlias(a: Value, b: Value): boolean;
  /** (7) */
  isTermination(op: Operation): boolean;
  /** (8) */
  isUniquenessCheck(op: Operation, root: Value): boolean;
  /** (9) */
  namedRoots(op: Operation): readonly Value[];
  /** (10) */
  isLocalRoot(root: Value): boolean;
  /** (11) */
  affectsUnnamedRoots(op: Operation): boolean;
  /** (12) */
  mayReference(value: Value, root: Value): boolean;
}
