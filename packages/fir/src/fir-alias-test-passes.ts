/**
 * `--test-fir-alias-analysis` and `--test-fir-alias-analysis-modref` (flang/test/lib/Analysis/
 * AliasAnalysis/TestAliasAnalysis.cpp, LLVM 19): the queries of MLIR's alias test passes,
 * asked of MLIR's aggregator with FIR alias analysis chained behind LocalAliasAnalysis, as
 * fir-opt-19 builds it. So LocalAliasAnalysis answers first wherever it can say more than
 * MayAlias, and ModRef answers are intersected.
 */
import { AliasAnalysis, runAliasQueries, runModRefQueries } from '@lifeline/analyses';
import { passRegistry, type PassDef } from '@lifeline/ir';
import { FirAliasAnalysis } from './fir-alias-analysis.js';

function firChain(): AliasAnalysis {
  return new AliasAnalysis().addAnalysisImplementation(new FirAliasAnalysis());
}

export const testFirAliasAnalysisPass: PassDef = {
  argument: 'test-fir-alias-analysis',
  name: 'TestFIRAliasAnalysisPass',
  description: 'Test alias analysis results.',
  run: (root, ctx) => runAliasQueries(root, ctx, firChain()),
};

export const testFirAliasAnalysisModRefPass: PassDef = {
  argument: 'test-fir-alias-analysis-modref',
  name: 'TestFIRAliasAnalysisModRefPass',
  description: 'Test alias analysis ModRef results.',
  run: (root, ctx) => runModRefQueries(root, ctx, firChain()),
};

let registered = false;

export function registerFirPasses(): void {
  if (registered) return;
  registered = true;
  passRegistry.register(testFirAliasAnalysisPass);
  passRegistry.register(testFirAliasAnalysisModRefPass);
}
