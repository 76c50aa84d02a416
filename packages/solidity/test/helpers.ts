/**
 * Test helpers: lower Solidity, verify the module, print it, and check it with FileCheck
 * directives written by hand from the Solidity source.
 */
import { expect } from 'vitest';
import { parseString, printOp, verify } from '@lifeline/ir';
import { allDialects, createRegistry } from '@lifeline/dialects';
import { solDialect } from '@lifeline/sol';
import { fileCheck } from '@lifeline/filecheck';
import { lowerToSol, type SolcError } from '@lifeline/solidity';

export const registry = createRegistry([...allDialects, solDialect]);

export const HEADER = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\n';

/** Lowers `source` (no errors allowed), verifies, round-trips the text, and returns it. */
export function lowerOk(source: string, contract?: string): string {
  const r = lowerToSol({ sources: { 'a.sol': HEADER + source }, contract });
  const errors = r.errors.filter((e) => e.severity === 'error');
  expect(errors.map((e) => e.formattedMessage)).toEqual([]);
  const diags = verify(r.module, registry);
  expect(diags.map((d) => d.message)).toEqual([]);
  const text = printOp(r.module);
  const again = printOp(parseString(text, registry));
  expect(again).toBe(text);
  return text;
}

/** FileCheck `checks` (lines of CHECK directives) against `text`. */
export function check(text: string, checks: string): void {
  const r = fileCheck(checks, text);
  if (!r.ok) throw new Error(`FileCheck failed:\n${r.diagnostics}\n--- input ---\n${text}`);
}

/** The errors of lowering `source` (after the header). */
export function lowerErrors(source: string): { errors: SolcError[]; offset: number } {
  const r = lowerToSol({ sources: { 'a.sol': HEADER + source } });
  return { errors: r.errors.filter((e) => e.severity === 'error'), offset: HEADER.length };
}
