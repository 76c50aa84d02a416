/**
 * Strongly connected components by R. E. Tarjan, "Depth-First Search and Linear
 * Graph Algorithms", SIAM J. Computing 1(2), 1972 — run with explicit stacks.
 *
 * (1) Components cover every block, reachable from an entry or not: a and b
 *     share a component iff each reaches the other (a block reaches itself).
 * (2) Components come in reverse topological order of the condensation: an
 *     edge from component i to component j ≠ i has j < i, so sinks come first
 *     (Tarjan emits a component when its root finishes, after everything it
 *     reaches). Callees before callers, for a call graph.
 * (3) The search starts from blocks in ascending id and follows successors in
 *     listed order; blocks within a component ascend. The result depends only
 *     on the graph and its successor order.
 * (4) No recursion: a frame stack of (block, next successor) replaces the call
 *     stack, so 100k-block cycles are fine. Linear time.
 * (5) A component is cyclic iff it has more than one block or a self loop —
 *     a loop in a CFG, a recursive group in a call graph.
 */
import type { Digraph } from './cfg.js';

export class StronglyConnectedComponents {
  /** (2)(3) Components, sinks first; each one's blocks ascending. */
  readonly components: readonly (readonly number[])[];
  private readonly compOf: Int32Array;
  private readonly cyclic: boolean[];

  constructor(g: Digraph) {
    const n = g.numBlocks;
    const index = new Int32Array(n).fill(-1);
    const low = new Int32Array(n);
    const onStack = new Uint8Array(n);
    const tarjanStack = new Int32Array(n);
    let tsp = 0;
    const frameBlock = new Int32Array(n); // (4)
    const frameNext = new Int32Array(n);
    const compOf = new Int32Array(n).fill(-1);
    const components: number[][] = [];
    let counter = 0;
    const visit = (v: number, top: number): void => {
      index[v] = low[v] = counter++;
      tarjanStack[tsp++] = v;
      onStack[v] = 1;
      frameBlock[top] = v;
      frameNext[top] = 0;
    };
    for (let root = 0; root < n; root++) {
      if (index[root] !== -1) continue; // (3)
      let top = 0;
      visit(root, 0);
      while (top >= 0) {
        const v = frameBlock[top]!;
        const succs = g.succs(v);
        const i = frameNext[top]!;
        if (i < succs.length) {
          frameNext[top] = i + 1;
          const w = succs[i]!;
          if (index[w] === -1) visit(w, ++top);
          else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
          continue;
        }
        if (low[v] === index[v]) {
          // v is the root of a component: everything above it on the stack. (2)
          const comp: number[] = [];
          let w: number;
          do {
            w = tarjanStack[--tsp]!;
            onStack[w] = 0;
            compOf[w] = components.length;
            comp.push(w);
          } while (w !== v);
          components.push(comp.sort((a, b) => a - b));
        }
        top--;
        if (top >= 0) {
          const u = frameBlock[top]!;
          low[u] = Math.min(low[u]!, low[v]!);
        }
      }
    }
    this.components = components;
    this.compOf = compOf;
    // (5)
    this.cyclic = components.map((c) => c.length > 1 || g.succs(c[0]!).includes(c[0]!));
  }

  /** The index in `components` of b's component. */
  componentOf(b: number): number {
    return this.compOf[b]!;
  }

  /** (5) Component `c` contains a cycle. */
  isCyclic(c: number): boolean {
    return this.cyclic[c]!;
  }
}

export function stronglyConnectedComponents(g: Digraph): StronglyConnectedComponents {
  return new StronglyConnectedComponents(g);
}
