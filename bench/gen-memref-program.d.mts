export function rng(seed: number): () => number;

/** Size knobs of a generated program; an unset knob is chosen from the seed or defaulted. */
export interface MemrefProgramOptions {
  /** Functions besides @main and the @fill helper (default: 1 or 2, from the seed). */
  funcs?: number;
  /** Statements per function body; region bodies get fewer (default 3). */
  stmts?: number;
  /** Nesting depth of scf.if / scf.for / scf.while (default 2). */
  depth?: number;
  /** cf.cond_br diamonds (or triangles) per function (default: 0 or 1 per function, from the seed). */
  diamonds?: number;
}

export const DEFAULTS: Readonly<MemrefProgramOptions>;

/**
 * The MLIR text of a module whose entry is `func.func @main() -> i64`: executable
 * memref code without deallocs, without UB, terminating quickly, whose result folds
 * in every loaded and computed value. Depends only on `seed` and `options`.
 */
export function generateMemrefProgram(seed: number, options?: MemrefProgramOptions): string;
