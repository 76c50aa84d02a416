/**
 * A persistent (immutable, structure-sharing) map for the ARC dataflow states:
 * the dense analyses keep one state per program point, and consecutive points
 * differ in one or two roots, so copying a whole map per op made the passes
 * quadratic in the number of roots alive at once (arc/DESIGN.md, "Time").
 *
 * (1) Keys are objects (or primitives) numbered by a dense integer id in the order
 *     they are first stored in any map (a counter, never a hash or an address);
 *     iteration is in id order, so it is deterministic for a given run.
 * (2) The map is a big-endian Patricia trie over the ids (Okasaki & Gill, "Fast
 *     Mergeable Integer Maps", 1998). Its shape depends only on the set of keys,
 *     so equal maps have equal shapes and `equals` walks both side by side,
 *     stopping at nodes they share.
 * (3) `set` / `delete` copy only the path to one leaf (at most ~30 nodes); a map
 *     derived from another shares every other node with it. An update that
 *     changes nothing returns the map itself.
 * (4) `intersectWith(other, f)` keeps the keys present in both, with value
 *     f(mine, theirs) (undefined drops the key). `f` must be idempotent
 *     (f(v, v) is v): a node shared by both maps is kept as is without looking
 *     inside, and wherever nothing changes the result reuses this map's nodes (the
 *     map itself when nothing changes at all). Merging two states that differ in
 *     a few roots thus costs only the paths to those roots.
 */

const objectIds = new WeakMap<object, number>();
const primitiveIds = new Map<unknown, number>();
let nextId = 0;

/** (1) The id of `k`, assigned on first use. */
function idOf(k: unknown): number {
  const table = typeof k === 'object' && k !== null ? objectIds : primitiveIds;
  let id = (table as Map<unknown, number>).get(k);
  if (id === undefined) {
    if (nextId >= 2 ** 30) throw new Error('root-map: out of key ids');
    id = nextId++;
    (table as Map<unknown, number>).set(k, id);
  }
  return id;
}

/** The id of `k` when it has one (a key never stored is in no map). */
function knownId(k: unknown): number | undefined {
  const table = typeof k === 'object' && k !== null ? objectIds : primitiveIds;
  return (table as Map<unknown, number>).get(k);
}

class Leaf<K, V> {
  constructor(readonly id: number, readonly key: K, readonly value: V) {}
  get size(): number {
    return 1;
  }
}

class Branch<K, V> {
  readonly size: number;
  /** `mask` is the single bit this node branches on; `prefix` the id bits above it. */
  constructor(readonly prefix: number, readonly mask: number, readonly left: Node<K, V>, readonly right: Node<K, V>) {
    this.size = left.size + right.size;
  }
}

type Node<K, V> = Leaf<K, V> | Branch<K, V>;
type Tree<K, V> = Node<K, V> | undefined;

/** The bits of `id` above `mask` (mask itself and the bits below cleared). */
const maskBits = (id: number, mask: number) => id & ~(mask | (mask - 1));
const isLeft = (id: number, mask: number) => (id & mask) === 0;
const highestBit = (x: number) => 1 << (31 - Math.clz32(x));

function link<K, V>(id1: number, t1: Node<K, V>, id2: number, t2: Node<K, V>): Branch<K, V> {
  const mask = highestBit(id1 ^ id2);
  const prefix = maskBits(id1, mask);
  return isLeft(id1, mask) ? new Branch(prefix, mask, t1, t2) : new Branch(prefix, mask, t2, t1);
}

function branch<K, V>(prefix: number, mask: number, left: Tree<K, V>, right: Tree<K, V>): Tree<K, V> {
  if (!left) return right;
  if (!right) return left;
  return new Branch(prefix, mask, left, right);
}

function lookup<K, V>(t: Tree<K, V>, id: number): V | undefined {
  while (t instanceof Branch) {
    if (maskBits(id, t.mask) !== t.prefix) return undefined;
    t = isLeft(id, t.mask) ? t.left : t.right;
  }
  return t && t.id === id ? t.value : undefined;
}

/** (3) */
function insert<K, V>(t: Tree<K, V>, id: number, key: K, value: V): Node<K, V> {
  if (!t) return new Leaf(id, key, value);
  if (t instanceof Leaf) {
    if (t.id === id) return t.value === value ? t : new Leaf(id, key, value);
    return link(id, new Leaf(id, key, value), t.id, t);
  }
  if (maskBits(id, t.mask) !== t.prefix) return link(id, new Leaf(id, key, value), t.prefix, t);
  if (isLeft(id, t.mask)) {
    const l = insert(t.left, id, key, value);
    return l === t.left ? t : new Branch(t.prefix, t.mask, l, t.right);
  }
  const r = insert(t.right, id, key, value);
  return r === t.right ? t : new Branch(t.prefix, t.mask, t.left, r);
}

/** (3) */
function remove<K, V>(t: Tree<K, V>, id: number): Tree<K, V> {
  if (!t) return t;
  if (t instanceof Leaf) return t.id === id ? undefined : t;
  if (maskBits(id, t.mask) !== t.prefix) return t;
  if (isLeft(id, t.mask)) {
    const l = remove(t.left, id);
    return l === t.left ? t : branch(t.prefix, t.mask, l, t.right);
  }
  const r = remove(t.right, id);
  return r === t.right ? t : branch(t.prefix, t.mask, t.left, r);
}

/** (4) */
function intersect<K, V>(a: Tree<K, V>, b: Tree<K, V>, f: (x: V, y: V) => V | undefined): Tree<K, V> {
  if (a === b) return a;
  if (!a || !b) return undefined;
  if (a instanceof Leaf) {
    const y = lookup(b, a.id);
    if (y === undefined) return undefined;
    const v = f(a.value, y);
    return v === undefined ? undefined : v === a.value ? a : new Leaf(a.id, a.key, v);
  }
  if (b instanceof Leaf) {
    const x = lookup(a, b.id);
    if (x === undefined) return undefined;
    const v = f(x, b.value);
    return v === undefined ? undefined : v === b.value ? b : new Leaf(b.id, b.key, v);
  }
  if (a.mask === b.mask && a.prefix === b.prefix) {
    const l = intersect(a.left, b.left, f);
    const r = intersect(a.right, b.right, f);
    return l === a.left && r === a.right ? a : branch(a.prefix, a.mask, l, r);
  }
  if (a.mask > b.mask) { // a branches higher: b lies within one side of a, or in neither
    if (maskBits(b.prefix, a.mask) !== a.prefix) return undefined;
    return intersect(isLeft(b.prefix, a.mask) ? a.left : a.right, b, f);
  }
  if (maskBits(a.prefix, b.mask) !== b.prefix) return undefined;
  return intersect(a, isLeft(a.prefix, b.mask) ? b.left : b.right, f);
}

/** (2) */
function same<K, V>(a: Tree<K, V>, b: Tree<K, V>, eq: (x: V, y: V) => boolean): boolean {
  if (a === b) return true;
  if (!a || !b || a.size !== b.size) return false;
  if (a instanceof Leaf) return b instanceof Leaf && a.id === b.id && eq(a.value, b.value);
  if (b instanceof Leaf) return false;
  return a.mask === b.mask && a.prefix === b.prefix && same(a.left, b.left, eq) && same(a.right, b.right, eq);
}

function* entries<K, V>(t: Tree<K, V>): Generator<[K, V]> {
  if (!t) return;
  if (t instanceof Leaf) {
    yield [t.key, t.value];
    return;
  }
  yield* entries(t.left);
  yield* entries(t.right);
}

export class RootMap<K, V> implements Iterable<[K, V]> {
  private static readonly EMPTY = new RootMap<never, never>(undefined);

  private constructor(private readonly tree: Tree<K, V>) {}

  static empty<K, V>(): RootMap<K, V> {
    return RootMap.EMPTY as RootMap<K, V>;
  }

  static of<K, V>(pairs: Iterable<readonly [K, V]>): RootMap<K, V> {
    let m = RootMap.empty<K, V>();
    for (const [k, v] of pairs) m = m.set(k, v);
    return m;
  }

  private static wrap<K, V>(self: RootMap<K, V>, tree: Tree<K, V>): RootMap<K, V> {
    if (tree === self.tree) return self;
    return tree ? new RootMap(tree) : RootMap.empty();
  }

  get size(): number {
    return this.tree?.size ?? 0;
  }

  get(k: K): V | undefined {
    if (!this.tree) return undefined;
    const id = knownId(k);
    return id === undefined ? undefined : lookup(this.tree, id);
  }

  has(k: K): boolean {
    return this.get(k) !== undefined;
  }

  /** (3) */
  set(k: K, v: V): RootMap<K, V> {
    return RootMap.wrap(this, insert(this.tree, idOf(k), k, v));
  }

  /** (3) */
  delete(k: K): RootMap<K, V> {
    const id = knownId(k);
    return id === undefined ? this : RootMap.wrap(this, remove(this.tree, id));
  }

  /** (4) */
  intersectWith(other: RootMap<K, V>, f: (mine: V, theirs: V) => V | undefined): RootMap<K, V> {
    return RootMap.wrap(this, intersect(this.tree, other.tree, f));
  }

  /** (2) */
  equals(other: RootMap<K, V>, eq: (x: V, y: V) => boolean): boolean {
    return same(this.tree, other.tree, eq);
  }

  /** Visits every entry in id order (no iterator objects: the dataflow calls this per op). */
  forEach(fn: (v: V, k: K) => void): void {
    const walk = (t: Tree<K, V>): void => {
      if (!t) return;
      if (t instanceof Leaf) fn(t.value, t.key);
      else {
        walk(t.left);
        walk(t.right);
      }
    };
    walk(this.tree);
  }

  [Symbol.iterator](): Iterator<[K, V]> {
    return entries(this.tree);
  }

  keys(): K[] {
    return [...this].map(([k]) => k);
  }
}
