/**
 * `--arc-loop-hoisting`: ARCOptimization.md's "ARC Loop Hoisting": the retains
 * and releases of a loop-invariant RC root that happen exactly once on every
 * iteration are replaced by one retain before the loop and releases at its exits
 * (pairing each iteration's release with the next iteration's retain, then
 * re-rolling).
 *
 * (1) Loops are natural loops (dataflow's LoopForest), innermost first. A loop
 *     needs a preheader: the header's only predecessor outside the loop, ending in
 *     a `br` to the header. Every exit block (a successor outside the loop) must
 *     have only loop blocks as predecessors (dedicated exits). The header may take
 *     block arguments (a counter, a checksum): the preheader's `br` and the
 *     backedges pass them, and hoisting puts a retain before that `br` and
 *     releases at the exits without touching them. A root is only hoisted when no
 *     header argument may reference it (model (12): each is trivial, or its RC
 *     root cannot alias the root), so the values flowing around the backedge
 *     carry no reference the pairing (3) does not see.
 * (2) Candidates: for each RC root defined outside the loop, the retains R and
 *     releases D of it inside the loop, not inside an inner loop.
 * (3) Every path from the header to a latch passes exactly one retain of R and
 *     then exactly one release of D (retain first: the count inside the loop never
 *     drops below its value on entry, so no iteration frees the object).
 * (4) No other op in the loop may decrement the root (model (3)); an is_unique of
 *     an alias is such an op, so the uniqueness check never sees the hoisted +1.
 *     With (3) the count is positive throughout the loop in both programs: no
 *     object is freed at another point than before.
 * (5) Compensation: at each exit, the original count is the entry count plus one
 *     when the exiting path did the retain but not the release, else the entry
 *     count; after hoisting it is the entry count plus one, so exits of the
 *     second kind get one release at their start. Every path into one exit block
 *     must agree, else the root is left alone. Exits into program termination
 *     (blocks ending in `unreachable`) get none: leaking there is allowed.
 * (6) The hoisted retain goes before the preheader's `br`, on the first retain's
 *     operand when it is defined outside the loop (it dominates the preheader),
 *     else on the root; the releases likewise with the first release's operand.
 */
import { dominatorTree, findLoops, type Loop } from '@lifeline/dataflow/cfg';
import { BlockArgument, Operation, type Block, type PassDef, type Value } from '@lifeline/ir';
import { RCIdentity } from '../rc-identity.js';
import { SilTypeInfo } from '../sil-type-info.js';
import type { ArcModel } from './model.js';
import { SilArcModel } from './sil-model.js';
import { functionsWithBodies, isOssa } from './sequence-opts.js';

export interface HoistResult {
  hoisted: number;
  retainsDeleted: number;
  releasesDeleted: number;
  retainsInserted: number;
  releasesInserted: number;
}

interface LoopInfo {
  blocks: Set<Block>;
  header: Block;
  latches: Block[];
  inner: Set<Block>;
}

/** Path state (3): how many retains and releases of the root this iteration has passed so far (2 = too many). */
type Count = { r: number; d: number };
const key = (c: Count) => c.r * 3 + c.d;

function defBlock(v: Value): Block | undefined {
  return v instanceof BlockArgument ? v.owner : v.definingOp?.block ?? undefined;
}

function clone(like: Operation, operand: Value, before: Operation): Operation {
  const op = new Operation({ name: like.name, def: like.def, operands: [operand], attributes: like.attributesIfAny ? [...like.attributesIfAny] : [], loc: like.loc });
  before.block!.insertBefore(op, before);
  return op;
}

/** (1) `term` is a branch to `header` alone that forwards a value to each header argument (a `br`, not a terminator producing them). */
function forwardsOnly(term: Operation | null | undefined, header: Block): boolean {
  const br = term?.def?.spec.branch;
  if (!term || !br || term.successors.length !== 1 || term.successors[0] !== header) return false;
  if (br.producedOperands && br.producedOperands(term, 0) > 0) return false;
  return br.successorOperands(term, 0).length === header.arguments.length;
}

function isTerminationBlock(b: Block, model: ArcModel): boolean {
  return !!b.terminator && model.isTermination(b.terminator);
}

/** (3) The set of counts reachable at the end of each loop block, or undefined when a path breaks (3). */
function pathCounts(loop: LoopInfo, isR: (o: Operation) => boolean, isD: (o: Operation) => boolean): Map<Block, Set<number>> | undefined {
  const atStart = new Map<Block, Set<number>>([[loop.header, new Set([0])]]);
  const atEnd = new Map<Block, Set<number>>();
  const work: Block[] = [loop.header];
  while (work.length) {
    const b = work.pop()!;
    const outs = new Set<number>();
    for (const k of atStart.get(b)!) {
      let c: Count = { r: Math.floor(k / 3), d: k % 3 };
      for (let o = b.first; o; o = o.next) {
        if (isR(o)) c = { r: c.r + 1, d: c.d };
        else if (isD(o)) {
          if (c.r === 0) return undefined; // release before retain
          c = { r: c.r, d: c.d + 1 };
        }
        if (c.r > 1 || c.d > 1) return undefined;
      }
      outs.add(key(c));
    }
    atEnd.set(b, outs);
    for (const s of b.terminator?.successors ?? []) {
      if (!loop.blocks.has(s) || s === loop.header) continue;
      const cur = atStart.get(s) ?? new Set<number>();
      const before = cur.size;
      for (const k of outs) cur.add(k);
      atStart.set(s, cur);
      if (cur.size !== before || !atEnd.has(s)) work.push(s);
    }
  }
  return atEnd;
}

/** (1)–(6) for one root in one loop; true when hoisted. */
function hoistRoot(
  loop: LoopInfo, preheader: Block, exits: Map<Block, Block[]>, root: Value, R: Operation[], D: Operation[],
  model: ArcModel, res: HoistResult,
): boolean {
  if (loop.header.arguments.some((a) => model.mayReference(a, root))) return false; // (1)
  const rs = new Set(R), ds = new Set(D);
  for (const b of loop.blocks) for (let o = b.first; o; o = o.next) { // (2)+(4)
    if (rs.has(o) || ds.has(o)) continue;
    if (model.rcInst(o)?.root === root || model.mayDecrement(o, root)) return false;
  }
  const counts = pathCounts(loop, (o) => rs.has(o), (o) => ds.has(o));
  if (!counts) return false;
  for (const l of loop.latches) for (const k of counts.get(l) ?? []) if (k !== key({ r: 1, d: 1 })) return false; // (3)
  const releasesAt = new Map<Block, number>(); // (5)
  for (const [exit, froms] of exits) {
    let need: number | undefined;
    for (const from of froms) {
      for (const k of counts.get(from) ?? []) {
        const n = k === key({ r: 1, d: 0 }) ? 0 : 1;
        if (need !== undefined && need !== n) return false;
        need = n;
      }
    }
    if (need === undefined) return false; // an exiting block no path reached
    if (!isTerminationBlock(exit, model)) releasesAt.set(exit, need);
  }
  const outside = (v: Value) => !loop.blocks.has(defBlock(v)!);
  const retainOperand = outside(R[0]!.operands[0]!.value) ? R[0]!.operands[0]!.value : root; // (6)
  const releaseOperand = outside(D[0]!.operands[0]!.value) ? D[0]!.operands[0]!.value : root;
  if (retainOperand.type !== R[0]!.operands[0]!.value.type || releaseOperand.type !== D[0]!.operands[0]!.value.type) return false;
  clone(R[0]!, retainOperand, preheader.terminator!);
  res.retainsInserted++;
  for (const [exit, n] of releasesAt) {
    for (let i = 0; i < n; i++) clone(D[0]!, releaseOperand, exit.first!);
    res.releasesInserted += n;
  }
  for (const o of [...R, ...D]) o.erase();
  res.retainsDeleted += R.length;
  res.releasesDeleted += D.length;
  res.hoisted++;
  return true;
}

/** Hoists in every loop of `fn`, innermost loops first. */
export function runLoopHoisting(fn: Operation, model: ArcModel, res: HoistResult): void {
  const blocks = fn.regions[0]?.blocks ?? [];
  if (blocks.length < 2) return;
  const index = new Map<Block, number>(blocks.map((b, i) => [b, i]));
  const succs = blocks.map((b) => (b.last?.successors ?? []).map((s) => index.get(s)!));
  const forest = findLoops(dominatorTree({ numBlocks: blocks.length, entry: 0, succs: (b) => succs[b]! }));
  const loops = [...forest.loops].reverse(); // (1) children have larger ids
  const bodies = new Map<number, Set<Block>>();
  const bodyOf = (l: Loop): Set<Block> => {
    let s = bodies.get(l.id);
    if (!s) {
      s = new Set(forest.blocks(l.id).map((i) => blocks[i]!));
      bodies.set(l.id, s);
    }
    return s;
  };
  for (const l of loops) {
    const body = bodyOf(l);
    const inner = new Set<Block>();
    for (const c of l.children) for (const b of bodyOf(forest.loops[c]!)) inner.add(b);
    const header = blocks[l.header]!;
    const info: LoopInfo = { blocks: body, header, latches: l.latches.map((i) => blocks[i]!), inner };
    const outsidePreds = header.predecessors().filter((p) => !body.has(p));
    const preheader = outsidePreds[0];
    if (outsidePreds.length !== 1 || !forwardsOnly(preheader!.terminator, header)) continue; // (1)
    const exits = new Map<Block, Block[]>();
    let dedicated = true;
    for (const b of body) for (const s of b.terminator?.successors ?? []) {
      if (body.has(s)) continue;
      if (s.predecessors().some((p) => !body.has(p))) dedicated = false;
      const froms = exits.get(s) ?? [];
      if (!froms.includes(b)) froms.push(b);
      exits.set(s, froms);
    }
    if (!dedicated) continue;
    const byRoot = new Map<Value, { R: Operation[]; D: Operation[] }>(); // (2)
    for (const b of body) {
      if (inner.has(b)) continue;
      for (let o = b.first; o; o = o.next) {
        const rc = model.rcInst(o);
        if (!rc || body.has(defBlock(rc.root)!)) continue;
        const e = byRoot.get(rc.root) ?? { R: [], D: [] };
        (rc.kind === 'increment' ? e.R : e.D).push(o);
        byRoot.set(rc.root, e);
      }
    }
    for (const [root, { R, D }] of byRoot) {
      if (R.length && D.length) hoistRoot(info, preheader!, exits, root, R, D, model, res);
    }
  }
}

export const arcLoopHoistingPass: PassDef = {
  argument: 'arc-loop-hoisting',
  name: 'ARCLoopHoisting',
  description: 'Hoist retains and releases of loop-invariant references out of loops, compensating at early exits',
  run(module, ctx) {
    const info = SilTypeInfo.of(module);
    const res: HoistResult = { hoisted: 0, retainsDeleted: 0, releasesDeleted: 0, retainsInserted: 0, releasesInserted: 0 };
    for (const fn of functionsWithBodies(module)) {
      if (isOssa(fn)) continue;
      runLoopHoisting(fn, new SilArcModel(fn, new RCIdentity(fn, info), module), res);
    }
    ctx.stat('num-hoisted', res.hoisted);
  },
};
