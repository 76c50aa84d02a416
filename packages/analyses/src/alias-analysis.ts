/**
 * The alias-analysis aggregator (MLIR's `AliasAnalysis`, mlir/lib/Analysis/AliasAnalysis.cpp,
 * LLVM 19): a chain of implementations asked in order.
 *
 * Specification:
 *  (A1) A new aggregator holds LocalAliasAnalysis; more implementations are appended
 *       (`addAnalysisImplementation`) and asked after it. fir-opt chains FIR's analysis
 *       this way; an implementation that should win must be able to say more than MayAlias.
 *  (A2) alias(lhs, rhs): implementations are asked in order; the first answer that is not
 *       MayAlias is the answer. If every implementation says MayAlias, so does the chain.
 *  (A3) getModRef(op, location): start from ModRef and intersect with each implementation's
 *       answer in order (each is sound, so each can only remove Mod or Ref); stop as soon
 *       as the result is NoModRef.
 */
import type { Operation, Value } from '@lifeline/ir';
import { ModRefResult, type AliasResult } from './alias-result.js';
import { LocalAliasAnalysis } from './local-alias-analysis.js';

/** One alias analysis: what the aggregator asks of each link of the chain. */
export interface AliasAnalysisImpl {
  alias(lhs: Value, rhs: Value): AliasResult;
  getModRef(op: Operation, location: Value): ModRefResult;
}

export class AliasAnalysis {
  private readonly impls: AliasAnalysisImpl[] = [];

  /**
   * (A1) `impls` replaces the default chain (tests use it to chain fake analyses); without
   * it the chain is LocalAliasAnalysis alone, as MLIR's `AliasAnalysis(Operation *)`.
   */
  constructor(impls?: readonly AliasAnalysisImpl[]) {
    if (impls) this.impls.push(...impls);
    else this.impls.push(new LocalAliasAnalysis());
  }

  /** (A1) Appends an implementation; it is asked after the ones already present. */
  addAnalysisImplementation(impl: AliasAnalysisImpl): this {
    this.impls.push(impl);
    return this;
  }

  get implementations(): readonly AliasAnalysisImpl[] {
    return this.impls;
  }

  /** (A2) */
  alias(lhs: Value, rhs: Value): AliasResult {
    for (const impl of this.impls) {
      const r = impl.alias(lhs, rhs);
      if (r !== 'MayAlias') return r;
    }
    return 'MayAlias';
  }

  /** (A3) */
  getModRef(op: Operation, location: Value): ModRefResult {
    let result = ModRefResult.ModRef;
    for (const impl of this.impls) {
      result = result.intersect(impl.getModRef(op, location));
      if (result.isNoModRef) return result;
    }
    return result;
  }
}
