/**
 * The lattice protocol. Lattice *values* are immutable; a `Lattice<T>` describes
 * the operations on them. The framework owns mutation (a state cell holds the
 * current value and reports `ChangeResult` when a join moves it up).
 *
 * (1) `join` is the least upper bound: commutative, associative, idempotent,
 *     with `bottom` as identity. `meet`, when given, is the greatest lower bound.
 * (2) `equals` decides value equality; joins that do not move a value return it
 *     unchanged (callers may rely on `join(a, b) === a` when b ⊑ a, but not on more).
 * (3) An update is monotone iff the new value is above the old one:
 *     `equals(join(old, next), next)`. The framework reports a clear error otherwise.
 * (4) `print` is stable (insertion order, never object identity) so dumps diff cleanly;
 *     `printDiff` shows what an update added.
 *
 * Combinators build lattices from lattices:
 *
 *   flat<T>:       ⊤            powerset<T>: {a,b}      map<K,V>: pointwise V,
 *                / | \                      /   \                absent = ⊥
 *               a  b  c                   {a}   {b}     product<A,B>: componentwise
 *                \ | /                      \   /       dual<L>: L upside down
 *                  ⊥                         {}
 */

export const enum ChangeResult {
  NoChange = 0,
  Change = 1,
}

export interface Lattice<T> {
  readonly bottom: T;
  /** Not every lattice has a usable top (a powerset of an open universe has none). */
  readonly top?: T;
  join(a: T, b: T): T;
  meet?(a: T, b: T): T;
  equals(a: T, b: T): boolean;
  print(a: T): string;
  printDiff?(before: T, after: T): string;
}

/** (3) */
export function isMonotoneUpdate<T>(l: Lattice<T>, before: T, after: T): boolean {
  return l.equals(l.join(before, after), after);
}

/** The default diff: both sides when they differ. */
export function printDiff<T>(l: Lattice<T>, before: T, after: T): string {
  if (l.printDiff) return l.printDiff(before, after);
  return l.equals(before, after) ? '' : `${l.print(before)} -> ${l.print(after)}`;
}

// ---- flat (constant propagation) ------------------------------------------------

export type Flat<T> = { readonly kind: 'bottom' } | { readonly kind: 'value'; readonly value: T } | { readonly kind: 'top' };

const FLAT_BOTTOM = Object.freeze({ kind: 'bottom' as const });
const FLAT_TOP = Object.freeze({ kind: 'top' as const });

export function flat<T>(eq: (a: T, b: T) => boolean = Object.is, show: (v: T) => string = String): Lattice<Flat<T>> & {
  of(v: T): Flat<T>;
} {
  const equals = (a: Flat<T>, b: Flat<T>): boolean =>
    a.kind === b.kind && (a.kind !== 'value' || eq(a.value, (b as { value: T }).value));
  return {
    bottom: FLAT_BOTTOM,
    top: FLAT_TOP,
    of: (value) => ({ kind: 'value', value }),
    join: (a, b) => (a.kind === 'bottom' ? b : b.kind === 'bottom' ? a : equals(a, b) ? a : FLAT_TOP),
    meet: (a, b) => (a.kind === 'top' ? b : b.kind === 'top' ? a : equals(a, b) ? a : FLAT_BOTTOM),
    equals,
    print: (a) => (a.kind === 'value' ? show(a.value) : a.kind === 'top' ? '<top>' : '<bottom>'),
  };
}

// ---- two points ------------------------------------------------------------------------

/** false ⊑ true, printed with the given words (executable, live). */
export function twoPoint(no: string, yes: string): Lattice<boolean> {
  return {
    bottom: false,
    top: true,
    join: (a, b) => a || b,
    meet: (a, b) => a && b,
    equals: (a, b) => a === b,
    print: (a) => (a ? yes : no),
  };
}

// ---- powerset ---------------------------------------------------------------------

/** Sets ordered by inclusion; values print in insertion order (4). */
export function powerset<T>(show: (v: T) => string = String): Lattice<ReadonlySet<T>> {
  const empty: ReadonlySet<T> = new Set<T>();
  const subset = (a: ReadonlySet<T>, b: ReadonlySet<T>) => {
    if (a.size > b.size) return false;
    for (const x of a) if (!b.has(x)) return false;
    return true;
  };
  return {
    bottom: empty,
    join: (a, b) => {
      if (subset(b, a)) return a;
      if (subset(a, b)) return b;
      const out = new Set(a);
      for (const x of b) out.add(x);
      return out;
    },
    meet: (a, b) => {
      if (subset(a, b)) return a;
      if (subset(b, a)) return b;
      const out = new Set<T>();
      for (const x of a) if (b.has(x)) out.add(x);
      return out;
    },
    equals: (a, b) => a === b || (a.size === b.size && subset(a, b)),
    print: (a) => `{${[...a].map(show).join(', ')}}`,
    printDiff: (before, after) => {
      const added = [...after].filter((x) => !before.has(x)).map(show);
      const removed = [...before].filter((x) => !after.has(x)).map(show);
      return [...added.map((x) => `+${x}`), ...removed.map((x) => `-${x}`)].join(' ');
    },
  };
}

// ---- map ---------------------------------------------------------------------------

/** Pointwise maps; an absent key is ⊥, so ⊥ entries are never stored. */
export function mapLattice<K, V>(values: Lattice<V>, showKey: (k: K) => string = String): Lattice<ReadonlyMap<K, V>> {
  const empty: ReadonlyMap<K, V> = new Map<K, V>();
  const get = (m: ReadonlyMap<K, V>, k: K): V => (m.has(k) ? m.get(k)! : values.bottom);
  const equals = (a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>): boolean => {
    if (a === b) return true;
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !values.equals(v, b.get(k)!)) return false;
    return true;
  };
  const join = (a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>): ReadonlyMap<K, V> => {
    let out: Map<K, V> | undefined;
    for (const [k, vb] of b) {
      const va = get(a, k);
      const v = values.join(va, vb);
      if (values.equals(v, va)) continue;
      out ??= new Map(a);
      out.set(k, v);
    }
    return out ?? a;
  };
  const meet = (a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>): ReadonlyMap<K, V> => {
    let out: Map<K, V> | undefined;
    for (const [k, va] of a) {
      const v = values.meet!(va, get(b, k));
      if (values.equals(v, va)) continue;
      out ??= new Map(a);
      if (values.equals(v, values.bottom)) out.delete(k);
      else out.set(k, v);
    }
    return out ?? a;
  };
  return {
    bottom: empty,
    join,
    meet: values.meet ? meet : undefined,
    equals,
    print: (a) => `{${[...a].map(([k, v]) => `${showKey(k)}: ${values.print(v)}`).join(', ')}}`,
    printDiff: (before, after) => [...after]
      .filter(([k, v]) => !values.equals(get(before, k), v))
      .map(([k, v]) => `${showKey(k)}: ${printDiff(values, get(before, k), v)}`)
      .join('; '),
  };
}

// ---- product and dual ---------------------------------------------------------------

export function product<A, B>(la: Lattice<A>, lb: Lattice<B>): Lattice<readonly [A, B]> {
  const pair = (a: readonly [A, B], x: A, y: B): readonly [A, B] => (x === a[0] && y === a[1] ? a : [x, y]);
  return {
    bottom: [la.bottom, lb.bottom],
    top: la.top !== undefined && lb.top !== undefined ? [la.top, lb.top] : undefined,
    join: (a, b) => pair(a, la.join(a[0], b[0]), lb.join(a[1], b[1])),
    meet: la.meet && lb.meet ? (a, b) => pair(a, la.meet!(a[0], b[0]), lb.meet!(a[1], b[1])) : undefined,
    equals: (a, b) => la.equals(a[0], b[0]) && lb.equals(a[1], b[1]),
    print: (a) => `(${la.print(a[0])}, ${lb.print(a[1])})`,
  };
}

/** The same values ordered upside down (must-analyses as the dual of may-analyses). */
export function dual<T>(l: Lattice<T>): Lattice<T> {
  if (!l.meet || l.top === undefined) throw new Error('dual: the lattice needs meet and top');
  return {
    bottom: l.top,
    top: l.bottom,
    join: l.meet,
    meet: l.join,
    equals: l.equals,
    print: l.print,
    printDiff: l.printDiff,
  };
}

// ---- the mutable cell the framework owns ----------------------------------------------

/** Thrown when an analysis moves a state down (3): a bug in the analysis, not a hang. */
export class NotMonotoneError extends Error {}

/** Holds one lattice value; only `join`/`set` change it, and they say whether they did. */
export class LatticeCell<T> {
  constructor(readonly lattice: Lattice<T>, public value: T = lattice.bottom, readonly name = 'state') {}
  /** value := value ⊔ v */
  join(v: T): ChangeResult {
    const next = this.lattice.join(this.value, v);
    if (this.lattice.equals(next, this.value)) return ChangeResult.NoChange;
    this.value = next;
    return ChangeResult.Change;
  }
  /** value := v, which must be above the current value (3). */
  set(v: T): ChangeResult {
    if (this.lattice.equals(v, this.value)) return ChangeResult.NoChange;
    if (!isMonotoneUpdate(this.lattice, this.value, v)) {
      throw new NotMonotoneError(`${this.name} is not monotone: ${this.lattice.print(this.value)} -> ${this.lattice.print(v)}`);
    }
    this.value = v;
    return ChangeResult.Change;
  }
}
