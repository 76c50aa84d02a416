/**
 * Registers the analyses' test passes (`--test-print-liveness`, …) with the pass
 * registry. Each pass lives beside its analysis; this file only lists them.
 */
import { passRegistry, type PassDef } from '@lifeline/ir';
import { testPrintLivenessPass } from './liveness-test-pass.js';
import { testAliasAnalysisModRefPass, testAliasAnalysisPass } from './alias-test-passes.js';
import { testDeadCodeAnalysisPass, testLivenessAnalysisPass } from './dataflow-test-passes.js';
import { sccpPass } from './sccp.js';
import { testOwnershipAnalysisPass } from './ownership-test-pass.js';
import { testEscapeAnalysisPass } from './escape-analysis.js';
import { testPointsToPass } from './points-to-test-pass.js';

const testPasses: PassDef[] = [
  testPrintLivenessPass,
  testAliasAnalysisPass,
  testAliasAnalysisModRefPass,
  testDeadCodeAnalysisPass,
  testLivenessAnalysisPass,
  sccpPass,
  testOwnershipAnalysisPass,
  testEscapeAnalysisPass,
  testPointsToPass,
];

let registered = false;

export function registerAnalysisTestPasses(): void {
  if (registered) return;
  registered = true;
  for (const p of testPasses) passRegistry.register(p);
}
