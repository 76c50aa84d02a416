/**
 * The call graph, on graphology, for interprocedural summaries.
 *
 * (1) Nodes are the callables the source lists, external declarations included,
 *     in the source's order; an edge f → g means f has a call site resolved to g
 *     (several sites give one edge with a `sites` count).
 * (2) A call site the source cannot resolve (indirect call, unknown symbol) marks
 *     its caller `hasUnknownCallees`; summaries must then assume the worst.
 * (3) `sccs()` lists the strongly connected components bottom-up: every component
 *     comes after the components it calls, so summaries of callees exist before
 *     their callers are analysed. Ties keep the source order (deterministic).
 * (4) A callable is recursive iff its component has several members or it calls itself.
 */
import { DirectedGraph } from 'graphology';
import { stronglyConnectedComponents } from 'graphology-components';

export interface CallGraphSource<F> {
  /** Every callable, in program order. */
  callables(): Iterable<F>;
  /** A key unique among callables (a symbol name, say). */
  key(f: F): string;
  /** A declaration without a body. */
  isExternal(f: F): boolean;
  /** The callee of each call site in `f`; undefined when it cannot be resolved (2). */
  callSites(f: F): Iterable<F | undefined>;
}

export class CallGraph<F> {
  readonly graph: DirectedGraph = new DirectedGraph({ multi: false, allowSelfLoops: true });
  private readonly byKey = new Map<string, F>();
  private readonly order = new Map<string, number>();
  private readonly unknown = new Set<string>();
  private components?: F[][];

  constructor(private readonly source: CallGraphSource<F>) {
    for (const f of source.callables()) {
      const k = source.key(f);
      this.order.set(k, this.order.size);
      this.byKey.set(k, f);
      this.graph.addNode(k, { external: source.isExternal(f) });
    }
    for (const [k, f] of this.byKey) {
      for (const callee of source.callSites(f)) {
        if (callee === undefined) {
          this.unknown.add(k);
          continue;
        }
        const ck = source.key(callee);
        if (!this.graph.hasNode(ck)) {
          // A callee the source did not list: treat it like an unresolved call (2).
          this.unknown.add(k);
          continue;
        }
        if (this.graph.hasEdge(k, ck)) this.graph.updateEdgeAttribute(k, ck, 'sites', (n: number) => n + 1);
        else this.graph.addEdge(k, ck, { sites: 1 });
      }
    }
  }

  get size(): number {
    return this.byKey.size;
  }
  callables(): F[] {
    return [...this.byKey.values()];
  }
  callees(f: F): F[] {
    return this.sorted(this.graph.outNeighbors(this.source.key(f)));
  }
  callers(f: F): F[] {
    return this.sorted(this.graph.inNeighbors(this.source.key(f)));
  }
  isExternal(f: F): boolean {
    return this.graph.getNodeAttribute(this.source.key(f), 'external') as boolean;
  }
  hasUnknownCallees(f: F): boolean {
    return this.unknown.has(this.source.key(f));
  }
  /** (4) */
  isRecursive(f: F): boolean {
    const k = this.source.key(f);
    if (this.graph.hasEdge(k, k)) return true;
    return (this.sccs().find((c) => c.includes(f))?.length ?? 0) > 1;
  }

  /** (3) Components bottom-up; members of a component in source order. */
  sccs(): F[][] {
    if (this.components) return this.components;
    const comps = stronglyConnectedComponents(this.graph).map((c) => c.sort((a, b) => this.order.get(a)! - this.order.get(b)!));
    comps.sort((a, b) => this.order.get(a[0]!)! - this.order.get(b[0]!)!);
    const compOf = new Map<string, number>();
    comps.forEach((c, i) => c.forEach((k) => compOf.set(k, i)));
    // Postorder DFS over the condensation, roots and successors in source order:
    // a component is emitted only after every component it calls.
    const done = new Array<boolean>(comps.length).fill(false);
    const out: string[][] = [];
    const succs = (i: number): number[] => {
      const s = new Set<number>();
      for (const k of comps[i]!) for (const n of this.graph.outNeighbors(k)) if (compOf.get(n) !== i) s.add(compOf.get(n)!);
      return [...s].sort((a, b) => a - b);
    };
    for (let root = 0; root < comps.length; root++) {
      if (done[root]) continue;
      done[root] = true;
      const stack: [number, number[], number][] = [[root, succs(root), 0]];
      while (stack.length) {
        const top = stack[stack.length - 1]!;
        if (top[2] < top[1].length) {
          const next = top[1][top[2]++]!;
          if (!done[next]) {
            done[next] = true;
            stack.push([next, succs(next), 0]);
          }
        } else {
          stack.pop();
          out.push(comps[top[0]]!);
        }
      }
    }
    this.components = out.map((c) => c.map((k) => this.byKey.get(k)!));
    return this.components;
  }

  /** Every callable, callees before callers (3). */
  bottomUp(): F[] {
    return this.sccs().flat();
  }

  private sorted(keys: string[]): F[] {
    return keys.sort((a, b) => this.order.get(a)! - this.order.get(b)!).map((k) => this.byKey.get(k)!);
  }
}
