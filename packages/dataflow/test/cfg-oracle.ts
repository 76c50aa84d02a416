/**
 * Random CFGs and naive, definition-level oracles for the CFG algorithms
 * (STYLE.md habit 5). Everything here is deliberately slow and obvious:
 * quadratic or worse, recursive where recursion is the definition.
 */
import fc from 'fast-check';
import { cfgFromEdges, type ListCfg } from '../src/index.js';

export interface RawCfg {
  n: number;
  entry: number;
  succs: number[][];
}

export const RUNS = { numRuns: 300 };

/** Any edges at all: dense random graphs, repeats, self loops, a random entry. */
const uniformCfg: fc.Arbitrary<RawCfg> = fc.integer({ min: 1, max: 40 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    entry: fc.nat(n - 1),
    succs: fc.array(fc.array(fc.nat(n - 1), { maxLength: 3 }), { minLength: n, maxLength: n }),
  }),
);

/**
 * Code-like CFGs: each block falls through to the next, branches (next block
 * and a nearby one, often backwards), jumps, or exits. Gives loop nests,
 * several exits, infinite loops and some blocks nothing jumps to.
 */
const structuredCfg: fc.Arbitrary<RawCfg> = fc.integer({ min: 1, max: 40 }).chain((n) => {
  const clamp = (b: number) => Math.min(n - 1, Math.max(0, b));
  const delta = fc.integer({ min: -8, max: 4 });
  const block = fc.oneof(
    { weight: 3, arbitrary: fc.constant((i: number) => [clamp(i + 1)]) },
    { weight: 3, arbitrary: delta.map((d) => (i: number) => [clamp(i + 1), clamp(i + d)]) },
    { weight: 1, arbitrary: delta.map((d) => (i: number) => [clamp(i + d)]) },
    { weight: 1, arbitrary: fc.constant((_: number) => [] as number[]) },
  );
  return fc
    .array(block, { minLength: n, maxLength: n })
    .map((fs) => ({ n, entry: 0, succs: fs.map((f, i) => f(i)) }));
});

/** A chain 0 → 1 → … → n-1 (so every block is reachable) plus random edges. */
const chainCfg: fc.Arbitrary<RawCfg> = fc.integer({ min: 1, max: 40 }).chain((n) =>
  fc
    .array(fc.tuple(fc.boolean(), fc.array(fc.nat(n - 1), { maxLength: 2 })), { minLength: n, maxLength: n })
    .map((rows) => ({
      n,
      entry: 0,
      succs: rows.map(([first, extra], i) => (i === n - 1 ? extra : first ? [i + 1, ...extra] : [...extra, i + 1])),
    })),
);

export const arbCfg: fc.Arbitrary<RawCfg> = fc.oneof(uniformCfg, structuredCfg, chainCfg);

export function toCfg(r: RawCfg): ListCfg {
  return cfgFromEdges(r.n, r.succs.flatMap((ss, b) => ss.map((s) => [b, s] as const)), r.entry);
}

export function predsOf(succs: number[][]): number[][] {
  const preds: number[][] = succs.map(() => []);
  succs.forEach((ss, b) => ss.forEach((s) => preds[s]!.push(b)));
  return preds;
}

/** Blocks reachable from `from` in `succs` without entering `removed` (nothing if from is removed). */
export function reachSet(succs: number[][], from: number, removed = -1): boolean[] {
  const seen = succs.map(() => false);
  if (from === removed) return seen;
  const work = [from];
  seen[from] = true;
  while (work.length > 0) {
    for (const s of succs[work.pop()!]!) {
      if (s === removed || seen[s]) continue;
      seen[s] = true;
      work.push(s);
    }
  }
  return seen;
}

/** dom[a][b]: a = b, or b is unreachable from `root` once a is removed. */
export function naiveDominance(succs: number[][], root: number): boolean[][] {
  return succs.map((_, a) => {
    const r = reachSet(succs, root, a);
    return succs.map((__, b) => a === b || !r[b]);
  });
}

/** The proper dominator of b that all of b's proper dominators dominate; -1 if none. */
export function naiveIdom(dom: boolean[][], reachable: boolean[], root: number): number[] {
  return dom.map((_, b) => {
    if (b === root || !reachable[b]) return -1;
    const strict = dom.map((row, a) => a).filter((a) => a !== b && reachable[a] && dom[a]![b]);
    const found = strict.filter((c) => strict.every((d) => dom[d]![c]));
    if (found.length !== 1) throw new Error(`oracle: block ${b} has ${found.length} immediate dominators`);
    return found[0]!;
  });
}

/** The graph with every edge reversed (each reversed list ascends by source). */
export function reverseOf(succs: number[][]): number[][] {
  return predsOf(succs);
}

/**
 * The post-dominance graph by its definition: X = n gets an edge from every
 * block without successors and every block that reaches none of those; the
 * result is that graph reversed, rooted at X.
 */
export function augmentedReverseOracle(r: RawCfg): { rev: number[][]; joined: number[] } {
  const exits = r.succs.map((ss, b) => (ss.length === 0 ? b : -1)).filter((b) => b >= 0);
  const joined: number[] = [];
  for (let b = 0; b < r.n; b++) {
    const reach = reachSet(r.succs, b);
    if (r.succs[b]!.length === 0 || !exits.some((e) => reach[e])) joined.push(b);
  }
  const forward = [...r.succs.map((ss, b) => (joined.includes(b) ? [...ss, r.n] : ss)), []];
  return { rev: reverseOf(forward), joined };
}

/** b ∈ DF(a) iff a dominates a reachable pred of b and does not properly dominate b. */
export function naiveFrontiers(succs: number[][], dom: boolean[][], reachable: boolean[]): number[][] {
  const preds = predsOf(succs);
  return succs.map((_, a) =>
    succs
      .map((__, b) => b)
      .filter(
        (b) => reachable[a] && preds[b]!.some((p) => reachable[p] && dom[a]![p]) && !(a !== b && dom[a]![b]),
      ),
  );
}

export interface RecursiveDfs {
  preorder: number[];
  postorder: number[];
  parent: number[];
  /** Edges u→v met while v was on the DFS stack (v an ancestor-or-self of u). */
  retreating: [number, number][];
}

/** The textbook recursive DFS (graphs here are small), successors in listed order. */
export function recursiveDfs(succs: number[][], root: number): RecursiveDfs {
  const res: RecursiveDfs = { preorder: [], postorder: [], parent: succs.map(() => -1), retreating: [] };
  const state = succs.map(() => 0); // 0 new, 1 on stack, 2 done
  const visit = (b: number): void => {
    state[b] = 1;
    res.preorder.push(b);
    for (const s of succs[b]!) {
      if (state[s] === 0) {
        res.parent[s] = b;
        visit(s);
      } else if (state[s] === 1) res.retreating.push([b, s]);
    }
    state[b] = 2;
    res.postorder.push(b);
  };
  visit(root);
  return res;
}

export function sortedUnique(xs: Iterable<number>): number[] {
  return [...new Set(xs)].sort((a, b) => a - b);
}
