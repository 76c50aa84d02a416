import type { SilRunResult } from '@lifeline/sil-interp';

/** The ARC pipeline of issue 8, one pass per stage. */
export const ARC_STAGES: readonly (readonly string[])[];

export interface OptimizeResult {
  code: number;
  text: string;
  stderr: string;
}

/** Runs lifeline-opt in-process on SIL text with `flags`. */
export function optimizeSil(text: string, flags: readonly string[]): OptimizeResult;

export interface StageResult {
  flags: readonly string[];
  text: string;
  runs: SilRunResult[];
  /** compareRuns differences against the original, prefixed with the arguments. */
  differences: string[];
}

export interface ProgramCheck {
  original: SilRunResult[];
  stages: StageResult[];
  /** Set when the original is not clean, a stage fails, or its output does not round-trip. */
  error?: string;
}

/** Runs the original and each stage (each on the previous stage's text) on every argument vector. */
export function checkProgram(
  text: string,
  options: { stages?: readonly (readonly string[])[]; args: readonly (readonly (bigint | number | string)[])[] },
): ProgramCheck;

export function rcTotals(runs: readonly SilRunResult[]): { retains: number; releases: number };
