export function rng(seed: number): () => number;

/** Which constructs a generated program may contain (all on by default). */
export interface AnalysisFeatures {
  /** Multi-block CFGs (cf.br, cf.cond_br, cf.switch, loops) and scf.execute_region. */
  cf: boolean;
  /** scf.if, scf.for, scf.while, scf.index_switch (and execute_region with `cf`). */
  scf: boolean;
  /** Memref producers beyond the prologue: alloc, alloca, subview, cast, view, get_global, loads, stores, copies. */
  memref: boolean;
  /** func.call between functions and to external declarations. */
  calls: boolean;
  /** test dialect ops with memory effects (test.op_with_memread, test.copy, ...). */
  test: boolean;
  /**
   * Constant branch conditions, switch flags and private functions, so that code is
   * statically dead. Off: conditions come from values constant propagation cannot
   * fold and every function is public (what --test-liveness-analysis needs).
   */
  dead: boolean;
  /** `tag = "tN"` attributes (read by the dead-code and liveness dataflow test passes). */
  tags: boolean;
  /** `test.ptr = "pN"` attributes (read by the alias-analysis test passes). */
  ptrs: boolean;
}

export const DEFAULT_FEATURES: Readonly<AnalysisFeatures>;

export interface AnalysisProgramOptions {
  /** Approximate op count of the module (default 200). */
  size?: number;
  /** Number of defined functions (default: about one per 60 ops, at most 12). */
  funcs?: number;
  /** Number of external declarations (default 0-2 when calls are on). */
  externs?: number;
  features?: Partial<AnalysisFeatures>;
  /** Share of ops carrying `tag` (default 0.25). */
  tagRate?: number;
  /** Share of memref-producing ops carrying `test.ptr` (default 0.3). */
  ptrRate?: number;
  /** Cap on ops with `test.ptr` per function (default 10; alias output is all-pairs). */
  maxPtrsPerFunc?: number;
  /** Uses mostly pick among the last `window` values of a type (default 12). */
  window?: number;
  /** Chance that a straight-line slot becomes a region op, below depth 3 (default 0.12). */
  regionRate?: number;
}

export function genAnalysisProgram(
  seed: number,
  options?: AnalysisProgramOptions,
): { text: string; ops: number; funcs: string[] };
