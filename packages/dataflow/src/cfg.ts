/**
 * The control-flow view every CFG algorithm in this package reads.
 *
 * (1) Blocks are dense integer ids `0 .. numBlocks-1`; an algorithm's result is
 *     indexed by the same ids, so a client keeps its own id ↔ block table.
 * (2) `succs(b)` lists b's successors in terminator order. Repeats are allowed
 *     (`cf.cond_br %c, ^bb1, ^bb1`) and self loops are allowed; algorithms treat
 *     a repeated edge as one edge and visit successors in the listed order,
 *     which is what makes every traversal deterministic.
 * (3) `entry` is where control enters; blocks it cannot reach are "unreachable"
 *     and each algorithm says what it answers for them.
 * (4) Predecessor lists are derived once (`predecessorLists`): the preds of b are
 *     listed by ascending source id, a source repeated once per edge it has to b.
 *     A CFG that already knows its predecessors (`CfgWithPreds`) is used as is.
 */

/** A directed graph over dense ids: enough for SCCs and reachability. */
export interface Digraph {
  readonly numBlocks: number;
  succs(b: number): readonly number[];
}

/** A CFG: a digraph with an entry block (1)(2)(3). */
export interface Cfg extends Digraph {
  readonly entry: number;
}

/** A CFG whose predecessor lists are precomputed (4). */
export interface CfgWithPreds extends Cfg {
  preds(b: number): readonly number[];
}

export function hasPreds(cfg: Cfg): cfg is CfgWithPreds {
  return typeof (cfg as Partial<CfgWithPreds>).preds === 'function';
}

/** (4) Predecessor lists, by ascending source id. */
export function predecessorLists(g: Digraph): number[][] {
  const preds: number[][] = Array.from({ length: g.numBlocks }, () => []);
  for (let b = 0; b < g.numBlocks; b++) for (const s of g.succs(b)) preds[s]!.push(b);
  return preds;
}

/** `cfg` itself when it knows its predecessors, otherwise `cfg` plus (4). */
export function withPreds(cfg: Cfg): CfgWithPreds {
  if (hasPreds(cfg)) return cfg;
  const preds = predecessorLists(cfg);
  return {
    numBlocks: cfg.numBlocks,
    entry: cfg.entry,
    succs: (b) => cfg.succs(b),
    preds: (b) => preds[b]!,
  };
}

/** A CFG held as plain successor/predecessor arrays. */
export class ListCfg implements CfgWithPreds {
  readonly numBlocks: number;
  private readonly predLists: number[][];

  constructor(
    private readonly succLists: readonly (readonly number[])[],
    readonly entry = 0,
  ) {
    this.numBlocks = succLists.length;
    checkBlock(entry, this.numBlocks, 'entry');
    for (const list of succLists) for (const s of list) checkBlock(s, this.numBlocks, 'successor');
    this.predLists = predecessorLists(this);
  }

  succs(b: number): readonly number[] {
    return this.succLists[b]!;
  }

  preds(b: number): readonly number[] {
    return this.predLists[b]!;
  }
}

/**
 * A CFG of `n` blocks from `[from, to]` pairs; each block's successors keep the
 * order in which its edges are listed (2).
 */
export function cfgFromEdges(n: number, edges: Iterable<readonly [number, number]>, entry = 0): ListCfg {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`a CFG needs at least one block, got ${n}`);
  const succs: number[][] = Array.from({ length: n }, () => []);
  for (const [from, to] of edges) {
    checkBlock(from, n, 'edge source');
    succs[from]!.push(to);
  }
  return new ListCfg(succs, entry);
}

function checkBlock(b: number, n: number, what: string): void {
  if (!Number.isInteger(b) || b < 0 || b >= n) throw new RangeError(`${what} ${b} is not a block id in 0..${n - 1}`);
}
