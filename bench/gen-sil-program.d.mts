export function rng(seed: number): () => number;

/** Size knobs of a generated SIL program; an unset knob is chosen from the seed or defaulted. */
export interface SilProgramOptions {
  /** Helper functions besides @main (default: 2-4, from the seed). */
  helpers?: number;
  /** Statements per function body; nested regions get fewer (default 6). */
  stmts?: number;
  /** Nesting depth of diamonds, loops and switch_enum regions (default 2). */
  depth?: number;
  /** Control statements used: 'straight' (none), 'diamonds', 'loops', 'mixed' (default). */
  shape?: SilShape;
}

export type SilShape = 'straight' | 'diamonds' | 'loops' | 'mixed';
export const SHAPES: readonly SilShape[];

export const DEFAULTS: Readonly<SilProgramOptions>;

/** Argument vectors `@main(Builtin.Int64, Builtin.Int64)` is run with. */
export const SIL_ARGS: readonly (readonly [bigint, bigint])[];

/**
 * The SIL text of a module whose entry is
 * `@main : $@convention(thin) (Builtin.Int64, Builtin.Int64) -> Builtin.Int64`: balanced
 * non-OSSA reference counting (every object freed exactly once, no use after release),
 * an observable trace through `@observe`, bounded loops. Depends only on `seed` and `options`.
 */
export function generateSilProgram(seed: number, options?: SilProgramOptions): string;
