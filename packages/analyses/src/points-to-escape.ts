/**
 * The escape verdicts of a solved function ((E1)–(E6) in points-to.ts): a breadth-first walk
 * over contents from each escape root, remembering for every object reached the container it
 * was reached through and the op that stored it there, so each reason says where the object
 * leaves the function and by which chain of stores.
 */
import type { Operation, Value } from '@lifeline/ir';
import type { BuiltFunction } from './points-to-constraints.js';
import { containerDesc, opDesc, type EscapeReason, type MemObject } from './points-to-model.js';

/** What computeEscapes needs of a solved function. */
export interface SolvedFunction {
  readonly built: BuiltFunction;
  readonly isEntry: boolean;
  pointsTo(v: Value): ReadonlySet<MemObject>;
  contents(o: MemObject): ReadonlySet<MemObject>;
  storedInto(o: MemObject): ReadonlySet<MemObject>;
  provenance(container: MemObject, o: MemObject): Operation | undefined;
}

interface Start {
  kind: EscapeReason['kind'];
  op: Operation;
  /** Objects the root reaches directly, each with the value that holds it (for E6). */
  objects: Map<MemObject, Value | undefined>;
  /** How the root itself reads: "returned by sol.return". */
  verb: string;
  /** For roots that are containers (param / unknown): that container. */
  container?: MemObject;
}

export function computeEscapes(f: SolvedFunction, resolve: (call: Operation) => Operation | undefined): Map<MemObject, EscapeReason[]> {
  const b = f.built;
  const out = new Map<MemObject, EscapeReason[]>();
  const add = (o: MemObject, r: EscapeReason): void => {
    const list = out.get(o);
    if (!list) out.set(o, [r]);
    else if (!list.some((x) => x.kind === r.kind && x.op === r.op)) list.push(r);
  };
  const starts: Start[] = [];
  const valueStart = (kind: EscapeReason['kind'], op: Operation, values: readonly Value[], verb: string): void => {
    const objects = new Map<MemObject, Value | undefined>();
    for (const v of values) for (const o of f.pointsTo(v)) if (!objects.has(o)) objects.set(o, v);
    if (objects.size) starts.push({ kind, op, objects, verb });
  };
  // (E1)
  if (!f.isEntry) for (const ret of b.returns) valueStart('returned', ret, ret.operandValues(), `is returned by ${opDesc(ret)}`);
  for (const root of b.roots) {
    switch (root.kind) {
      case 'captured': {
        const callee = resolve(root.op)?.getAttr('sym_name')?.toString() ?? root.op.name;
        valueStart('captured', root.op, root.values, `is passed to ${callee} (${root.note}), which captures it, by ${opDesc(root.op)}`);
        break;
      }
      case 'inline-asm': valueStart('inline-asm', root.op, root.values, `is used by inline assembly (${opDesc(root.op)})`); break;
      default: valueStart(root.kind, root.op, root.values, root.note ? `is ${root.note} (${opDesc(root.op)})` : `is used by ${opDesc(root.op)}, which has no memory-effect information`);
    }
  }
  // (E2) Memory the caller or unknown code can see.
  const containers = [b.unknown, ...(f.isEntry ? [] : [...b.params, ...b.inners].filter((p): p is MemObject => !!p))];
  for (const c of containers) {
    add(c, { kind: 'stored', op: b.fn, message: c.kind === 'unknown' ? 'is memory from outside the function' : `is ${containerDesc(c)}` });
    const objects = new Map<MemObject, Value | undefined>();
    for (const o of f.storedInto(c)) if (o !== c) objects.set(o, undefined);
    if (objects.size) starts.push({ kind: 'stored', op: b.fn, objects, verb: `is ${containerDesc(c)}`, container: c });
  }

  for (const s of starts) {
    // Breadth-first, so each object's chain is a shortest one; deterministic order.
    const parent = new Map<MemObject, MemObject | undefined>();
    let frontier = [...s.objects.keys()];
    for (const o of frontier) parent.set(o, s.container);
    while (frontier.length) {
      const next: MemObject[] = [];
      for (const o of frontier) {
        const via = parent.get(o);
        const storeOp = via ? f.provenance(via, o) : undefined;
        let message: string;
        if (!via) message = `${s.verb.replace(/^is /, '')}${mergeNote(f, s.objects.get(o), o)}`;
        else if (o.inner && !storeOp) message = `is ${containerDesc(o)}, which ${parent.get(via) === s.container || via === s.container ? s.verb : `(through its containers) ${s.verb}`}`;
        else if (via === s.container) message = `stored into ${containerDesc(via)} by ${storeOp ? opDesc(storeOp) : 'a callee'}`;
        else message = `stored into ${containerDesc(via)} by ${storeOp ? opDesc(storeOp) : 'a callee'}, which ${parent.get(via) === s.container ? s.verb : `(through its containers) ${s.verb}`}`;
        if (o.kind !== 'unknown') add(o, { kind: s.kind, op: s.kind === 'stored' && storeOp ? storeOp : s.op, message });
        for (const x of f.contents(o)) {
          if (parent.has(x)) continue;
          parent.set(x, o);
          next.push(x);
        }
      }
      frontier = next;
    }
  }
  return out;
}

/** (E6) "merged with %b at sol.if" when `o` reached `v` through a join of several values. */
function mergeNote(f: SolvedFunction, v: Value | undefined, o: MemObject): string {
  if (!v) return '';
  const seen = new Set<Value>([v]);
  const todo = [v];
  for (let steps = 0; todo.length && steps < 64; steps++) {
    const n = todo.shift()!;
    const ins = (f.built.copyIn.get(n) ?? []).filter((x) => f.pointsTo(x).size);
    if (ins.length >= 2) {
      const others = ins.filter((x) => !f.pointsTo(x).has(o));
      if (others.length) {
        const at = n.definingOp ?? n.parentBlock?.parentOp;
        const names = others.map((x) => [...f.pointsTo(x)].map((y) => y.toString()).join(', ')).join('; ');
        return `, merged with ${names}${at ? ` at ${opDesc(at)}` : ''}`;
      }
    }
    for (const x of ins) {
      if (!seen.has(x) && f.pointsTo(x).has(o)) {
        seen.add(x);
        todo.push(x);
      }
    }
  }
  return '';
}
