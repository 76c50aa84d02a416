/**
 * The two answers an alias analysis gives (MLIR's AliasResult and ModRefResult,
 * mlir/Analysis/AliasAnalysis.h, LLVM 19).
 *
 * Specification:
 *  (R1) An AliasResult is one of NoAlias, MayAlias, PartialAlias, MustAlias, printed by that name.
 *  (R2) Merging two AliasResults (the answer for "either of these pairs") keeps a common
 *       answer, turns Partial+Must into PartialAlias, and everything else into MayAlias.
 *
 *               MayAlias            merge is not a lattice join: No+Must is May,
 *              /    |    \          because "no" for one pair and "must" for another
 *        NoAlias PartialAlias       say nothing about the union.
 *                   |
 *               MustAlias
 *
 *  (R3) A ModRefResult is a set of {Mod, Ref}: NoModRef, Ref, Mod, ModRef, printed by name.
 *  (R4) merge is set union (either may happen); intersect is set intersection (refinement by
 *       several analyses that are each sound).
 *
 *        ModRef
 *        /    \
 *      Mod    Ref
 *        \    /
 *       NoModRef
 */

/** (R1) */
export type AliasResult = 'NoAlias' | 'MayAlias' | 'PartialAlias' | 'MustAlias';

/** (R2) */
export function mergeAliasResults(a: AliasResult, b: AliasResult): AliasResult {
  if (a === b) return a;
  if ((a === 'PartialAlias' && b === 'MustAlias') || (a === 'MustAlias' && b === 'PartialAlias')) return 'PartialAlias';
  return 'MayAlias';
}

/** (R3) A two-bit set: Ref = 1, Mod = 2. */
export class ModRefResult {
  private constructor(readonly bits: 0 | 1 | 2 | 3) {}
  static readonly NoModRef = new ModRefResult(0);
  static readonly Ref = new ModRefResult(1);
  static readonly Mod = new ModRefResult(2);
  static readonly ModRef = new ModRefResult(3);
  private static of(bits: number): ModRefResult {
    return [ModRefResult.NoModRef, ModRefResult.Ref, ModRefResult.Mod, ModRefResult.ModRef][bits & 3]!;
  }
  /** (R4) union */
  merge(other: ModRefResult): ModRefResult { return ModRefResult.of(this.bits | other.bits); }
  /** (R4) intersection */
  intersect(other: ModRefResult): ModRefResult { return ModRefResult.of(this.bits & other.bits); }
  get isNoModRef(): boolean { return this.bits === 0; }
  get isModAndRef(): boolean { return this.bits === 3; }
  get isMod(): boolean { return (this.bits & 2) !== 0; }
  get isRef(): boolean { return (this.bits & 1) !== 0; }
  static equals(a: ModRefResult, b: ModRefResult): boolean { return a.bits === b.bits; }
  /** (R3) */
  toString(): string { return ['NoModRef', 'Ref', 'Mod', 'ModRef'][this.bits]!; }
}
