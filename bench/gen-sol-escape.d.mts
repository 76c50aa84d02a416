import type { SolCallSpec } from './gen-sol-program.mjs';

/** The escape shapes, in the order the generator rotates through them. */
export const SHAPES: readonly string[];

export interface SolEscapeProgram {
  /** Solidity source of one contract. */
  source: string;
  /** The contract's name (`Esc<seed>`). */
  contract: string;
  /** Calls to run in order on a fresh deployment. */
  calls: SolCallSpec[];
  /** The shape of each external function, in order. */
  shapes: string[];
}

/**
 * A program stressing memory escapes and lifetimes; depends only on `seed` (and `asm`, default
 * true, and `shapes`, default all: the shapes to draw from).
 */
export function genSolEscape(seed: number, opts?: { asm?: boolean; shapes?: readonly string[] }): SolEscapeProgram;
