export interface FirAliasBenchOptions {
  /** Extra fir.convert ops between each declare and its tagged value (default 0). */
  depth?: number;
  /** hlfir.declare (two queried results) instead of fir.declare (default false). */
  hlfir?: boolean;
  /** Copies of the benchmark function (default 1). */
  funcs?: number;
}

/** The module text `node bench/gen-fir-alias-bench.mjs N [--depth D] [--hlfir] [--funcs F]` prints. */
export function genFirAliasBench(n: number, options?: FirAliasBenchOptions): string;
