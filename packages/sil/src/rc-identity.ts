/**
 * RC identity (Swift's RCIdentityAnalysis, notes §1): the RC identity root of a
 * SIL value — the canonical representative of the values a retain_value /
 * release_value may be done on interchangeably.
 *
 * One step of instruction stripping (`stripOnce`), first match wins:
 * (1) RC-preserving casts → operand 0: upcast, unchecked_ref_cast,
 *     init_existential_ref, open_existential_ref, ref_to_bridge_object (the word
 *     bits are ignored), bridge_object_to_ref, convert_function; and
 *     unconditional_checked_cast when the cast is RC-identity preserving (both
 *     sides are references: not a bridging / boxing cast, see (10)).
 * (2) struct_extract of the only non-trivial field of a struct without a value
 *     deinit (and not move-only) → the struct.
 * (3) struct with exactly one non-trivial field value (no value deinit) → that value.
 * (4) unchecked_enum_data → the enum (no value deinit).
 * (5) enum with a payload → the payload (no value deinit).
 * (6) tuple_extract of the only non-trivial element → the tuple.
 * (7) tuple with exactly one non-trivial element → that element.
 * (8) A block argument produced by the terminator of its block's single
 *     predecessor (switch_enum payload, checked_cast_br result) → that
 *     terminator's operand (no value deinit; for checked_cast_br only when the cast
 *     preserves RC identity, (10)).
 * (9) A block argument of a block with a single predecessor that forwards a value
 *     to it (br / cond_br) → the incoming value.
 * Phis (`stripPhi`), for a block argument of a block with several predecessors
 * that all forward a value to it:
 * (11) If every incoming value strips (one step) to the same value → that value.
 * (12) Otherwise incoming values that are no-payload `enum`s are set aside (all of
 *      them → no root). The first other incoming value, stripped by (1)–(9) as far
 *      as possible, must be defined in a block that strictly dominates the phi's
 *      block, and every other such incoming value must strip to it.
 * (13) With no-payload incoming values, that root must be of enum type, and for
 *      each of their edges the dominator tree walked up from the incoming block
 *      towards the root's block must pass a block whose single predecessor ends in
 *      `switch_enum <root>` reaching it by a unique case without payload.
 * The root (`root`):
 * (14) Strip (1)–(9) as far as possible, then try one phi strip (11)–(13), and
 *      repeat; a phi already visited in this query stops the walk (so a loop phi
 *      fed around its backedge stays its own root). Nothing to strip → the value
 *      itself. Roots are memoized per function (the analysis is flow-insensitive).
 * (10) An unconditional_checked_cast / checked_cast_br preserves RC identity when
 *      source and target are both reference types (isReference) — class to class,
 *      class to AnyObject and back; trivial ↔ object, Any/error boxing and other
 *      bridging casts do not.
 * Conversions that change triviality or ownership (address_to_pointer,
 * raw_pointer_to_ref, ref_to_raw_pointer, …) are not in (1): they start new roots.
 */
import { dominatorTree, type DominatorTree } from '@lifeline/dataflow/cfg';
import { BlockArgument, type Block, type Operation, type Value } from '@lifeline/ir';
import { switchEnumCases } from './sil-access.js';
import { SilType } from './sil-types.js';
import type { SilTypeInfo } from './sil-type-info.js';

const CASTS = new Set([
  'sil.upcast', 'sil.unchecked_ref_cast', 'sil.init_existential_ref', 'sil.open_existential_ref',
  'sil.ref_to_bridge_object', 'sil.bridge_object_to_ref', 'sil.convert_function',
]);

function silTypeOf(v: Value): SilType | undefined {
  return v.type instanceof SilType ? v.type : undefined;
}

export class RCIdentity {
  private readonly memo = new Map<Value, Value>();
  private readonly blockIndex = new Map<Block, number>();
  private readonly domTree: DominatorTree | undefined;

  constructor(readonly fn: Operation, readonly info: SilTypeInfo) {
    const blocks = fn.regions[0]?.blocks ?? [];
    blocks.forEach((b, i) => this.blockIndex.set(b, i));
    if (blocks.length) {
      const succs = blocks.map((b) => (b.last?.successors ?? []).map((s) => this.blockIndex.get(s)!));
      this.domTree = dominatorTree({ numBlocks: blocks.length, entry: 0, succs: (b) => succs[b]! });
    }
  }

  private trivial(v: Value): boolean {
    const t = silTypeOf(v);
    return !!t && this.info.isTrivial(t);
  }

  private noDeinit(v: Value): boolean {
    const t = silTypeOf(v);
    return !t || (!this.info.hasValueDeinit(t) && !this.info.isMoveOnly(t));
  }

  /** (10) */
  isRCPreservingCast(from: Value, to: Value): boolean {
    const a = silTypeOf(from), b = silTypeOf(to);
    return !!a && !!b && this.info.isReference(a) && this.info.isReference(b);
  }

  /** The number of non-trivial fields / elements of a struct or tuple type. */
  private nonTrivialParts(agg: Value): number | undefined {
    const t = silTypeOf(agg);
    if (!t) return undefined;
    const parts = t.kind === 'tuple' ? t.args : this.info.structFields(t)?.map((f) => f.type);
    return parts?.filter((p) => !this.info.isTrivial(p)).length;
  }

  /** The single non-trivial operand of a struct / tuple instruction. */
  private uniqueNonTrivialOperand(op: Operation): Value | undefined {
    let found: Value | undefined;
    for (const v of op.operandValues()) {
      if (this.trivial(v)) continue;
      if (found) return undefined;
      found = v;
    }
    return found;
  }

  /** The single predecessor block of `b` (several edges from one block count as several). */
  private singlePredecessor(b: Block): Block | undefined {
    const preds = b.predecessors();
    return preds.length === 1 ? preds[0] : undefined;
  }

  /** What the terminator of `pred` forwards to argument `index` of `succ`: a value, 'produced', or undefined. */
  private incoming(pred: Block, succ: Block, index: number): Value | 'produced' | undefined {
    const term = pred.terminator;
    const br = term?.def?.spec.branch;
    if (!term || !br) return undefined;
    const i = term.successors.indexOf(succ);
    if (i < 0) return undefined;
    const fwd = br.successorOperands(term, i);
    if (index < fwd.length) return fwd[index];
    return br.producedOperands ? 'produced' : undefined;
  }

  /** (1)–(9) one step; undefined when nothing strips. */
  stripOnce(v: Value): Value | undefined {
    if (v instanceof BlockArgument) {
      const b = v.owner;
      const pred = this.singlePredecessor(b);
      if (!pred) return undefined;
      const inc = this.incoming(pred, b, v.index);
      if (inc === 'produced') { // (8)
        const term = pred.terminator!;
        const src = term.operandValues()[0];
        if (!src || !this.noDeinit(v)) return undefined;
        if (term.name === 'sil.switch_enum') return src;
        if (term.name === 'sil.checked_cast_br') return this.isRCPreservingCast(src, v) ? src : undefined;
        return undefined;
      }
      return inc; // (9)
    }
    const op = v.definingOp;
    if (!op) return undefined;
    const x = op.operandValues()[0];
    if (CASTS.has(op.name)) return x; // (1)
    switch (op.name) {
      case 'sil.unconditional_checked_cast': return x && this.isRCPreservingCast(x, v) ? x : undefined; // (1)+(10)
      case 'sil.struct_extract': // (2)
      case 'sil.tuple_extract': // (6)
        return x && !this.trivial(v) && this.noDeinit(x) && this.nonTrivialParts(x) === 1 ? x : undefined;
      case 'sil.struct': // (3)
      case 'sil.tuple': // (7)
        return this.noDeinit(v) ? this.uniqueNonTrivialOperand(op) : undefined;
      case 'sil.unchecked_enum_data': return x && this.noDeinit(x) ? x : undefined; // (4)
      case 'sil.enum': return x && this.noDeinit(v) ? x : undefined; // (5)
      default: return undefined;
    }
  }

  /** (1)–(9) as far as possible. */
  stripInsts(v: Value): Value {
    const seen = new Set<Value>();
    for (let n = this.stripOnce(v); n && !seen.has(n); n = this.stripOnce(v)) {
      seen.add(v);
      v = n;
    }
    return v;
  }

  private defBlock(v: Value): Block | undefined {
    return v instanceof BlockArgument ? v.owner : v.definingOp?.block ?? undefined;
  }

  private properlyDominates(a: Block, b: Block): boolean {
    const ia = this.blockIndex.get(a), ib = this.blockIndex.get(b);
    if (ia === undefined || ib === undefined || !this.domTree) return false;
    return ia !== ib && this.domTree.isReachable(ib) && this.domTree.dominates(ia, ib);
  }

  private isNoPayloadEnum(v: Value): boolean {
    const op = v.definingOp;
    return op?.name === 'sil.enum' && op.operands.length === 0;
  }

  /** (13) Some block on the dominator-tree walk from `from` up to `stop` is entered from `switch_enum root` by a no-payload case. */
  private provenNoPayload(root: Value, from: Block, stop: Block): boolean {
    const blocks = this.fn.regions[0]!.blocks;
    let idx = this.blockIndex.get(from);
    const stopIdx = this.blockIndex.get(stop);
    while (idx !== undefined && idx >= 0 && this.domTree!.isReachable(idx)) {
      const b = blocks[idx]!;
      const pred = this.singlePredecessor(b);
      const term = pred?.terminator;
      if (term?.name === 'sil.switch_enum' && term.operandValues()[0] === root && this.noPayloadCaseTo(term, b)) return true;
      if (idx === stopIdx) return false;
      const up = this.domTree!.idom(idx);
      if (up === idx) return false;
      idx = up;
    }
    return false;
  }

  /** A switch_enum reaches `b` by exactly one case, and that case has no payload (the default edge proves nothing). */
  private noPayloadCaseTo(sw: Operation, b: Block): boolean {
    const info = switchEnumCases(sw);
    if (info.default === b) return false;
    const hits = info.cases.filter((c) => c.dest === b);
    if (hits.length !== 1) return false;
    const t = silTypeOf(info.operand);
    const c = t && this.info.enumCases(t)?.find((k) => k.name === hits[0]!.name);
    return !!c && !c.payload;
  }

  /** (11)–(13) */
  stripPhi(v: BlockArgument): Value | undefined {
    const b = v.owner;
    const preds = b.predecessors();
    if (preds.length < 2) return undefined;
    const incoming: { value: Value; pred: Block }[] = [];
    for (const p of preds) {
      const inc = this.incoming(p, b, v.index);
      if (!inc || inc === 'produced') return undefined;
      incoming.push({ value: inc, pred: p });
    }
    const once = incoming.map((i) => this.stripOnce(i.value) ?? i.value);
    if (once.every((x) => x === once[0])) return once[0]; // (11)
    const payload = incoming.filter((i) => !this.isNoPayloadEnum(i.value)); // (12)
    if (!payload.length) return undefined;
    const first = this.stripInsts(payload[0]!.value);
    const firstBlock = this.defBlock(first);
    if (!firstBlock || !this.properlyDominates(firstBlock, b)) return undefined;
    if (payload.some((i) => this.stripInsts(i.value) !== first)) return undefined;
    if (payload.length === incoming.length) return first;
    const ft = silTypeOf(first); // (13)
    if (!ft || !this.info.enumCases(ft)) return undefined;
    for (const i of incoming) {
      if (this.isNoPayloadEnum(i.value) && !this.provenNoPayload(first, i.pred, firstBlock)) return undefined;
    }
    return first;
  }

  /** (14) */
  root(v: Value): Value {
    const known = this.memo.get(v);
    if (known) return known;
    const visited = new Set<Value>();
    let cur = v;
    for (;;) {
      cur = this.stripInsts(cur);
      if (!(cur instanceof BlockArgument) || visited.has(cur)) break;
      visited.add(cur);
      const next = this.stripPhi(cur);
      if (!next) break;
      cur = next;
    }
    this.memo.set(v, cur);
    return cur;
  }
}
