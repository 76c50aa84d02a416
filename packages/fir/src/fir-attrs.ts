/**
 * fir dialect attributes (LLVM 19 FIRAttr.td) as fir-opt-19 parses and prints them.
 * (Being written: issue 5.)
 */
import type { Attribute } from '@lifeline/ir';

/** The fir dialect's `parseAttr` hook: undefined keeps the attribute opaque. */
export function parseFirAttr(_text: string, _error: (message: string) => never): Attribute | undefined {
  return undefined;
}
