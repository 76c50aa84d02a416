/**
 * Registers the analyses' test passes (`--test-print-liveness`, …) with the pass
 * registry. Each pass lives beside its analysis; this file only lists them.
 */
import { passRegistry, type PassDef } from '@lifeline/ir';

const testPasses: PassDef[] = [];

let registered = false;

export function registerAnalysisTestPasses(): void {
  if (registered) return;
  registered = true;
  for (const p of testPasses) passRegistry.register(p);
}
