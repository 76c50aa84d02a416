/**
 * The lifetime pipeline (issue 7, see packages/sol/LIFETIME.md): frees memory whose
 * allocations are dead by releasing the free pointer to marks, compacting flat survivors.
 * `applyLifetime` transforms a lowered sol module in place and says what it did.
 */
import type { Operation } from '@lifeline/ir';

/** One allocation of the program and what the pipeline decided about it. */
export interface LifetimeEntry {
  /** The allocating op (sol.malloc, sol.encode, a call returning fresh memory, …). */
  op: Operation;
  /** The enclosing sol.func's symbol. */
  func: string;
  /** `local` or `escapes`. */
  verdict: 'local' | 'escapes';
  /** Why it escapes (empty when local), and how it is released (e.g. "freed at end of loop iteration"). */
  reasons: string[];
  released: string[];
}

export interface LifetimeResult {
  entries: LifetimeEntry[];
}

/** Runs the lifetime passes on `module` (a builtin.module holding sol.contract ops). */
export function applyLifetime(module: Operation): LifetimeResult {
  void module; // filled by the lifetime passes (work in progress on this branch)
  return { entries: [] };
}
