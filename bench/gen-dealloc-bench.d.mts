/** The benchmark shapes, in table order. */
export const SHAPES: readonly ['straight', 'scf', 'cf', 'calls'];

export interface DeallocBenchOptions {
  /** straight: a unit copies from the buffer allocated `live` units earlier (default 8). */
  live?: number;
  /** cf: diamonds per function, 0 = all in one function (default 0). */
  perFunc?: number;
}

/** The module text of `shape` for about `targetOps` ops and its exact op count (func.func and terminators included, the module not). */
export function genDeallocBench(shape: string, targetOps: number, options?: DeallocBenchOptions): { text: string; ops: number };
