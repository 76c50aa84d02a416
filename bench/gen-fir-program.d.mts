/** Size knobs of a generated program; unset ones take DEFAULTS. */
export interface FirProgramOptions {
  /** Procedures per module, chosen from the seed in [minFuncs, maxFuncs] (default 1..3). */
  minFuncs?: number;
  maxFuncs?: number;
  /** Tagged (queried) values per procedure, chosen in [minTagged, maxTagged] (default 2..40). */
  minTagged?: number;
  maxTagged?: number;
}

export const DEFAULTS: Readonly<Required<FirProgramOptions>>;

/** One func.func of the module, in module order (external declarations have no tags). */
export interface FirFunc {
  name: string;
  /** Values the test passes collect in it: all pairs are alias queries. */
  values: number;
  /** Ops carrying test.ptr (the modref pass queries each against every value). */
  ops: number;
}

export interface FirProgram {
  text: string;
  /** Collected values over all functions. */
  tagged: number;
  funcs: FirFunc[];
  /** What the generator emitted: op name -> count; source kind / path step / tagged op -> tagged values. */
  coverage: { ops: Record<string, number>; kinds: Record<string, number> };
}

/** A FIR/HLFIR module fir-opt-19 accepts, with test.ptr tags; depends only on `seed` and `options`. */
export function genFirProgram(seed: number, options?: FirProgramOptions): FirProgram;
