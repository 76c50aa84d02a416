/**
 * The ownership lattice of MLIR's ownership-based buffer deallocation
 * (mlir/docs/OwnershipBasedBufferDeallocation.md, LLVM 19), with symbolic
 * ownership indicators: an analysis cannot create IR, so an indicator names the
 * i1 value the deallocation pass will materialise.
 *
 *              Unknown                 (1) three states; Unique carries an indicator
 *           /     |     \
 *   Unique(a)  Unique(b)  Unique(true) ...
 *           \     |     /
 *            Uninitialized
 *
 * (1) Uninitialized ⊑ Unique(i) ⊑ Unknown for every indicator i.
 * (2) join(Uninitialized, x) = x; join(Unknown, x) = Unknown.
 * (3) join(Unique(a), Unique(b)) = Unique(a) when a and b are the same indicator
 *     or constants of the same value (MLIR's isEqualConstantIntOrValue), else
 *     Unknown. The left indicator is kept, as MLIR keeps `*this`: which constant
 *     op the pass uses depends on it, the meaning does not.
 * (4) Indicators: a constant (with the site that makes the pass create it), the
 *     i1 block argument appended for a memref block argument, the i1 result
 *     appended for a memref result (region-branch op, dynamic-ownership call),
 *     the updated condition of a terminator's `bufferization.dealloc` for a
 *     retained memref, or an `arith.select` of two indicators (returns of selects).
 * (5) Values are immutable; `equals` is structural on (1)–(4).
 */
import type { Block, Operation, Value } from '@lifeline/ir';
import type { Lattice } from '@lifeline/dataflow';

export type Indicator =
  /** A constant the pass creates at `site` (a value, op or placeholder) in `block`. */
  | { readonly kind: 'const'; readonly value: boolean; readonly site: object; readonly block: Block }
  /** The i1 block argument appended for memref block argument `of`. */
  | { readonly kind: 'arg'; readonly of: Value }
  /** The i1 result appended for memref result `of`. */
  | { readonly kind: 'result'; readonly of: Value }
  /** Updated condition `index` of dealloc `which` (0 first, 1 second, 2 the select) before terminator `term`. */
  | { readonly kind: 'dealloc'; readonly term: Operation; readonly which: number; readonly index: number; readonly of: Value }
  /** `arith.select` of two indicators, made for a returned `arith.select` result `of`. */
  | { readonly kind: 'select'; readonly of: Value };

export type Ownership =
  | { readonly state: 'uninitialized' }
  | { readonly state: 'unique'; readonly indicator: Indicator }
  | { readonly state: 'unknown' };

export const UNINITIALIZED: Ownership = Object.freeze({ state: 'uninitialized' });
export const UNKNOWN: Ownership = Object.freeze({ state: 'unknown' });

export function unique(indicator: Indicator): Ownership {
  return { state: 'unique', indicator };
}

export function constIndicator(value: boolean, site: object, block: Block): Indicator {
  return { kind: 'const', value, site, block };
}

/** (3) Same indicator, or constants of one value. */
export function sameIndicator(a: Indicator, b: Indicator): boolean {
  if (a.kind === 'const' || b.kind === 'const') return a.kind === 'const' && b.kind === 'const' && a.value === b.value;
  if (a.kind !== b.kind) return false;
  if (a.kind === 'dealloc') {
    const o = b as typeof a;
    return a.term === o.term && a.which === o.which && a.index === o.index;
  }
  return a.of === (b as typeof a).of;
}

/** (2)(3) */
export function joinOwnership(a: Ownership, b: Ownership): Ownership {
  if (b.state === 'uninitialized') return a;
  if (a.state === 'uninitialized') return b;
  if (a.state === 'unknown') return a;
  if (b.state === 'unknown') return b;
  return sameIndicator(a.indicator, b.indicator) ? a : UNKNOWN;
}

export function equalOwnership(a: Ownership, b: Ownership): boolean {
  if (a.state !== b.state) return false;
  return a.state !== 'unique' || sameIndicator(a.indicator, (b as typeof a).indicator);
}

/** Prints an indicator; `name` prints a value as the IR printer names it. */
export function printIndicator(i: Indicator, name: (v: Value) => string): string {
  switch (i.kind) {
    case 'const': return String(i.value);
    case 'arg': return `indicator(${name(i.of)})`;
    case 'result': return `indicator(${name(i.of)})`;
    case 'select': return `select(${name(i.of)})`;
    case 'dealloc': return `retained(${name(i.of)})`;
  }
}

export function printOwnership(o: Ownership, name: (v: Value) => string = () => '?'): string {
  return o.state === 'unique' ? `unique(${printIndicator(o.indicator, name)})` : o.state;
}

/** (1)–(5) as a lattice for the data-flow framework. */
export const ownershipLattice: Lattice<Ownership> = {
  bottom: UNINITIALIZED,
  top: UNKNOWN,
  join: joinOwnership,
  equals: equalOwnership,
  print: (o) => printOwnership(o),
};
