/**
 * MLIR 19's greedy pattern rewrite driver (lib/Transforms/Utils/
 * GreedyPatternRewriteDriver.cpp, RegionPatternRewriteDriver) over the regions
 * of one op.
 *
 *  1. Each iteration clears the worklist and fills it by walking the region:
 *     post-order by default; with `topDown`, pre-order (not entering the
 *     regions of constants) and then reversed, so ops pop in pre-order.
 *     Constants met on the walk go to a fresh OperationFolder
 *     (constant-folder.ts (3)): hoisted to their isolated region's entry, and a
 *     duplicate is replaced by the known one and not enqueued.
 *  2. The worklist is a stack without duplicates: push keeps an op's first
 *     position, pop takes the last one, removal leaves a hole.
 *  3. A popped op is erased when it has no uses and would be trivially dead.
 *  4. Otherwise, unless it is ConstantLike, it is folded (see `foldOp`):
 *     an in-place fold re-enqueues it; a fold to values/attributes materializes
 *     constants right before the op (the op's dialect materializer; on failure
 *     the constants made so far are erased and patterns are tried) and
 *     replaces the op.
 *  5. Otherwise the matching patterns are tried by decreasing benefit (stable
 *     in list order); the first that succeeds counts as one rewrite.
 *  6. Rewriter events: an inserted or modified op is enqueued (with its
 *     ancestors up to the scope region); an erased op leaves the worklist and
 *     the defining ops of its operands are enqueued when the operand has at
 *     most one other user.
 *  7. After the worklist empties, region simplification (region-simplify.ts)
 *     runs unless disabled. The driver iterates while anything changed, at
 *     most `maxIterations` times (-1: no limit); `maxNumRewrites` bounds the
 *     pattern rewrites of one iteration (-1: no limit).
 *  8. Region simplification is a function of the IR alone, and a run that
 *     changed nothing would change nothing again on the same IR: so when its last
 *     run changed nothing and no rewrite, fold or rewriter event happened since
 *     (the usual last iteration, which only confirms), it is skipped — MLIR runs
 *     it; the result is the same. A run that did change something is not always
 *     complete: a terminator is live even inside a dead op, so a dead loop's
 *     `scf.yield` keeps the block argument it yields alive until the loop is
 *     gone, and only the next run erases the argument (fixture
 *     canonicalize-iterations.mlir). The fill's merging of a duplicate constant
 *     into the known one (1) does not count as an event: uses move between equal
 *     constants and the duplicate goes, which changes no other op's liveness.
 *     Constants the fill moves to their region's entry without an event keep
 *     their uses, so they cannot change what it finds either.
 *  9. An op isolated from above directly in the scope (a function of a module)
 *     that nothing changed in during an iteration's processing and region
 *     simplification is not walked by the next iteration: its ops see nothing
 *     outside it (operands, users and constants' fold scope all stay inside), so
 *     each of them would meet exactly the state it met, and let be, in that
 *     iteration, and the fill (1) would find its constants unique and in place.
 *     Only the op itself is enqueued, where the walk would put it. Likewise region
 *     simplification looks only into such ops with an event since its last run
 *     there, or whose last run there changed something (8). MLIR walks the whole
 *     scope every iteration; the result is the same, but the usual last
 *     iteration, which only confirms, costs a walk of just what the one before
 *     changed. Not with `maxNumRewrites`, whose cut can leave ops of an unchanged
 *     op unvisited, nor after an iteration cut by (10).
 * 10. Patterns can undo each other for ever: on a cycle of blocks that only branch
 *     on (after cf.switch folding), cf.br's pass-through collapsing does, and
 *     mlir-opt-19 never returns there. An iteration stops after 100 changes per op
 *     it began with (plus 1000), which no terminating run comes near; the driver
 *     then goes on as after any iteration, so at most `maxIterations` of them run,
 *     and reports that it did not converge.
 */
import { ConstantFolder, constantValueOf, materializeConstant, wouldOpBeTriviallyDead } from '@lifeline/analyses';
import { hasTrait, type Attribute, type Block, type Operation, type Region, type Registry, type Value } from '@lifeline/ir';
import type { RewritePattern } from './pattern.js';
import { simplifyRegions } from './region-simplify.js';
import { TrackingRewriter } from './tracking-rewriter.js';

export interface GreedyConfig {
  topDown?: boolean;
  /** MLIR's GreedySimplifyRegionLevel; the canonicalizer's default is 'normal'. */
  regionSimplify?: 'disabled' | 'normal' | 'aggressive';
  maxIterations?: number;
  maxNumRewrites?: number;
  /** Whether ops are folded (4); default true. */
  fold?: boolean;
}

/**
 * (2) Each op records the slot it was last pushed to (`worklistIndex`); the op
 * is on the list exactly when that slot still holds it (a pop, a removal or a
 * later push into the slot overwrites it) — a field rather than a Map of every
 * op, whose hashing dominated large inputs.
 */
class Worklist {
  private list: (Operation | null)[] = [];
  /** Slots taken, holes included. */
  get size(): number {
    return this.list.length;
  }
  get empty(): boolean {
    while (this.list.length && !this.list[this.list.length - 1]) this.list.pop();
    return this.list.length === 0;
  }
  private has(op: Operation): boolean {
    const i = op.worklistIndex;
    return i >= 0 && i < this.list.length && this.list[i] === op;
  }
  push(op: Operation): void {
    if (this.has(op)) return;
    op.worklistIndex = this.list.length;
    this.list.push(op);
  }
  pop(): Operation {
    let op = this.list.pop();
    while (!op) op = this.list.pop();
    return op;
  }
  remove(op: Operation): void {
    if (this.has(op)) this.list[op.worklistIndex] = null;
  }
  clear(): void {
    this.list = [];
  }
  reverse(): void {
    this.list.reverse();
    this.list.forEach((op, i) => op && (op.worklistIndex = i));
  }
}

/** Frozen lists of n `undefined`s: most folded ops have no constant operand. */
const NO_CONSTANTS: (readonly undefined[])[] = [];

/**
 * The constant operands of `op` (MLIR's m_Constant on each operand). When none is
 * constant the list is a shared frozen one: folding visits every op on every greedy
 * iteration, and a fresh list per visit was the canonicalizer's largest allocation.
 */
export function constantOperands(op: Operation): readonly (Attribute | undefined)[] {
  const operands = op.operands;
  let constants: (Attribute | undefined)[] | undefined;
  for (let i = 0; i < operands.length; i++) {
    const d = operands[i]!.value.definingOp;
    const c = d ? constantValueOf(d) : undefined;
    if (c === undefined) continue;
    constants ??= new Array<Attribute | undefined>(operands.length).fill(undefined);
    constants[i] = c;
  }
  return constants ?? (NO_CONSTANTS[operands.length] ??= Object.freeze(new Array<undefined>(operands.length).fill(undefined)));
}

/**
 * MLIR's Operation::fold: the op's fold hook; when it gives nothing (or only
 * changes the op in place), the trait folds in trait order — Commutative moves
 * constant operands to the end (stable), Idempotent folds op(x, x) to x.
 * Returns the replacements, 'inPlace', or undefined.
 */
export function foldOp(op: Operation): (Attribute | Value)[] | 'inPlace' | undefined {
  const spec = op.def?.spec;
  if (!spec) return undefined;
  const commutative = hasTrait(op, 'Commutative');
  // Most ops have neither a fold hook nor a folding trait: no constant list to build.
  if (!spec.fold && !commutative && !hasTrait(op, 'Idempotent')) return undefined;
  const constants = constantOperands(op);
  const folded = spec.fold?.(op, constants);
  if (folded && !(folded.length === 1 && folded[0] === op.results[0])) return folded;
  const inPlace = !!folded;
  if (commutative && op.operands.length >= 2) {
    const first = constants.findIndex((c) => c !== undefined);
    if (first >= 0 && constants.indexOf(undefined, first) >= 0) {
      const values = op.operandValues();
      const tail = values.slice(first);
      const isConst = constants.slice(first);
      const reordered = [...tail.filter((_, i) => !isConst[i]), ...tail.filter((_, i) => isConst[i])];
      reordered.forEach((v, i) => op.setOperand(first + i, v));
      return 'inPlace';
    }
  }
  if (hasTrait(op, 'Idempotent') && op.operands.length === 2 && op.operand(0) === op.operand(1)) return [op.operand(0)];
  return inPlace ? 'inPlace' : undefined;
}

/** Applies `patterns` and folds greedily to the regions of `root` (1–7); returns whether it converged. */
export function applyPatternsGreedily(root: Operation, patterns: readonly RewritePattern[], registry: Registry, config: GreedyConfig = {}): boolean {
  let converged = true;
  for (const region of root.regions) converged = new GreedyDriver(region, patterns, registry, config).run() && converged;
  return converged;
}

class GreedyDriver {
  private readonly worklist = new Worklist();
  private readonly rewriter: TrackingRewriter;
  private readonly byName = new Map<string, RewritePattern[]>();
  private readonly anyOp: RewritePattern[];
  private readonly maxIterations: number;
  private readonly maxNumRewrites: number;
  /** Rewriter events since the last region simplification (8). */
  private events = 0;
  /** (9) Ops directly in the scope with an event inside in this iteration, and those of the one before. */
  private changed = new Set<Operation>();
  private changedBefore: Set<Operation> | undefined;
  /** (10) The last iteration stopped on its budget. */
  private cut = false;
  /** (8) Such ops whose last region simplification changed something, and whether the scope's own did. */
  private simplifyAgain = new Set<Operation>();
  private scopeSimplifyAgain = false;

  constructor(private readonly scope: Region, patterns: readonly RewritePattern[], registry: Registry, private readonly config: GreedyConfig) {
    this.maxIterations = config.maxIterations ?? 10;
    this.maxNumRewrites = config.maxNumRewrites ?? -1;
    // (5) stable sort by decreasing benefit.
    const sorted = [...patterns].sort((a, b) => (b.benefit ?? 1) - (a.benefit ?? 1));
    this.anyOp = sorted.filter((p) => p.rootName === undefined);
    for (const p of sorted) {
      if (p.rootName === undefined) continue;
      let list = this.byName.get(p.rootName);
      if (!list) this.byName.set(p.rootName, (list = []));
      list.push(p);
    }
    this.rewriter = new TrackingRewriter(registry, {
      onInserted: (op) => {
        this.events++;
        this.noteChange(this.add(op));
      },
      onModified: (op) => {
        this.events++;
        this.noteChange(this.add(op));
      },
      onErased: (op) => {
        this.events++;
        this.noteChange(this.topOf(op));
        this.erased(op);
      },
    });
  }

  run(): boolean {
    let iteration = 0;
    let again = false;
    let simplifiedOnce = false; // (8) region simplification ran, and nothing happened since while events stay 0
    const skipUnchanged = this.maxNumRewrites === -1; // (9)
    do {
      if (++iteration > this.maxIterations && this.maxIterations !== -1) break;
      this.worklist.clear();
      this.fill(); // (1)
      this.changed = new Set(); // what the fill merged or moved does not count (8)
      again = this.processWorklist();
      const settled = simplifiedOnce && !again && this.events === 0 && !this.simplifyAgain.size && !this.scopeSimplifyAgain; // (8)
      if ((this.config.regionSimplify ?? 'normal') !== 'disabled' && !settled) {
        const simplified = this.simplify(simplifiedOnce ? this.changed : undefined); // (7)
        simplifiedOnce = true;
        this.events = 0;
        again = simplified || again;
      }
      this.changedBefore = skipUnchanged && !this.cut ? this.changed : undefined;
    } while (again);
    return !again;
  }

  /** (9) Whether `op`, directly in the scope, is left unwalked this iteration. */
  private unchanged(op: Operation): boolean {
    return !!this.changedBefore && !this.changedBefore.has(op) && hasTrait(op, 'IsolatedFromAbove');
  }

  /**
   * (7) Region simplification of the scope, looking into an op isolated from above
   * directly in it only when `changed` (undefined: every such op) holds it or its
   * last run there changed something (8, 9); each of those on its own, so that
   * what it changes is known.
   */
  private simplify(changed: ReadonlySet<Operation> | undefined): boolean {
    const aggressive = this.config.regionSimplify === 'aggressive';
    const isolated = (op: Operation): boolean => op.parentRegion === this.scope && hasTrait(op, 'IsolatedFromAbove');
    const again = new Set<Operation>();
    let erased = false;
    for (const block of [...this.scope.blocks]) {
      for (let op = block.first; op;) {
        const next: Operation | null = op.next;
        if (op.regions.length && isolated(op) && (!changed || changed.has(op) || this.simplifyAgain.has(op))) {
          const inside = simplifyRegions(this.rewriter, op.regions, aggressive);
          erased ||= inside.erased;
          if (inside.changed) {
            // What it removed without an event changes what the next iteration finds here.
            this.changed.add(op);
            again.add(op);
          }
        }
        op = next;
      }
    }
    this.simplifyAgain = again;
    const outside = simplifyRegions(this.rewriter, [this.scope], aggressive, isolated);
    this.scopeSimplifyAgain = outside.changed;
    return outside.erased || erased;
  }

  /** (1) */
  private fill(): void {
    const folder = new ConstantFolder(undefined);
    const known = (op: Operation): boolean => {
      const value = constantValueOf(op);
      if (!value) return false;
      const existing = folder.insertKnownConstant(op, value);
      if (!existing) return false;
      const events = this.events; // (8) a merged duplicate constant does not count
      this.rewriter.replaceOp(op, existing.results);
      this.events = events;
      return true;
    };
    if (!this.config.topDown) {
      for (const b of [...this.scope.blocks]) {
        for (let op = b.first; op;) {
          const next: Operation | null = op.next;
          if (this.unchanged(op)) this.worklist.push(op); // (9) last in its post-order
          else {
            op.walkPostOrder((o) => {
              if (!known(o)) this.worklist.push(o);
            });
          }
          op = next;
        }
      }
      return;
    }
    // The next op is taken before visiting one: a visit erases or hoists (to
    // its isolated region's entry, before the ops still to visit) only that op.
    const visitBlock = (b: Block): void => {
      for (let o = b.first; o;) {
        const next: Operation | null = o.next;
        visit(o);
        o = next;
      }
    };
    const visit = (op: Operation): void => {
      if (known(op)) return;
      this.worklist.push(op);
      if (op.parentRegion === this.scope && this.unchanged(op)) return; // (9)
      for (const r of op.regions) for (const b of r.blocks) visitBlock(b);
    };
    for (const b of [...this.scope.blocks]) visitBlock(b);
    this.worklist.reverse();
  }

  /** The ancestor of `op` (or `op`) directly in the scope; undefined outside it. */
  private topOf(op: Operation): Operation | undefined {
    for (let o: Operation = op; ;) {
      const region: Region | null = o.parentRegion;
      if (region === this.scope) return o;
      const parent = region?.parentOp;
      if (!parent) return undefined;
      o = parent;
    }
  }

  private noteChange(top: Operation | undefined): void {
    if (top) this.changed.add(top);
  }

  /** (6) An op and its ancestors up to the scope region; returns the one directly in the scope. */
  private add(op: Operation): Operation | undefined {
    // First whether the op is inside the scope at all, then the pushes (no chain array).
    const top = this.topOf(op);
    if (!top) return undefined;
    for (let o: Operation = op; ;) {
      this.worklist.push(o);
      if (o === top) return top;
      o = o.parentRegion!.parentOp!;
    }
  }

  /** (6) */
  private erased(op: Operation): void {
    for (const operand of op.operands) {
      const d = operand.value.definingOp;
      if (!d) continue;
      let other: Operation | undefined;
      let many = false;
      for (let u = operand.value.firstUse; u; u = u.nextUse) {
        if (u.owner === op || u.owner === other) continue;
        if (!other) {
          other = u.owner;
          continue;
        }
        many = true;
        break;
      }
      if (!many) this.add(d);
    }
    this.worklist.remove(op);
  }

  private processWorklist(): boolean {
    let rewrites = 0;
    let changes = 0;
    const maxChanges = CHANGES_PER_OP * this.worklist.size + 1000; // (10)
    this.cut = false;
    while (!this.worklist.empty && (this.maxNumRewrites === -1 || rewrites < this.maxNumRewrites)) {
      if (changes === maxChanges) {
        this.cut = true;
        break;
      }
      const op = this.worklist.pop();
      if (op.results.every((r) => !r.hasUses) && wouldOpBeTriviallyDead(op)) { // (3)
        this.rewriter.eraseOp(op);
        changes++;
        continue;
      }
      if (this.config.fold !== false && !hasTrait(op, 'ConstantLike') && this.tryFold(op)) { // (4)
        changes++;
        continue;
      }
      if (this.applyPatterns(op)) { // (5)
        changes++;
        rewrites++;
      }
    }
    return changes > 0;
  }

  /** (4) */
  private tryFold(op: Operation): boolean {
    const folded = foldOp(op);
    if (!folded) return false;
    if (TRACE) process.stderr.write(`fold ${op.name} ${folded === 'inPlace' ? 'in place' : ''}\n`);
    if (folded === 'inPlace') {
      this.noteChange(this.add(op));
      return true;
    }
    this.rewriter.setInsertionPointBefore(op);
    const replacements: Value[] = [];
    const made: Operation[] = [];
    for (let i = 0; i < folded.length; i++) {
      const f = folded[i]!;
      if (isValue(f)) {
        replacements.push(f);
        continue;
      }
      const c = materializeConstant(this.rewriter, f as Attribute, op.results[i]!.type);
      if (!c) {
        for (const m of made) this.rewriter.eraseOp(m);
        return false;
      }
      c.loc = op.loc;
      made.push(c);
      replacements.push(c.results[0]!);
    }
    this.rewriter.replaceOp(op, replacements);
    return true;
  }

  /** (5) */
  private applyPatterns(op: Operation): boolean {
    const specific = this.byName.get(op.name);
    const list = !specific ? this.anyOp : !this.anyOp.length ? specific : mergeByBenefit(specific, this.anyOp);
    for (const p of list) {
      this.rewriter.setInsertionPointBefore(op);
      if (p.matchAndRewrite(op, this.rewriter)) {
        if (TRACE) process.stderr.write(`pattern ${p.name} on ${op.name}\n`);
        return true;
      }
    }
    return false;
  }
}

/** (10) */
const CHANGES_PER_OP = 100;

const TRACE = typeof process !== 'undefined' && !!process.env['LIFELINE_TRACE_GREEDY'];

function isValue(x: unknown): x is Value {
  return typeof x === 'object' && x !== null && 'firstUse' in x;
}

function mergeByBenefit(a: readonly RewritePattern[], b: readonly RewritePattern[]): RewritePattern[] {
  return [...a, ...b].sort((x, y) => (y.benefit ?? 1) - (x.benefit ?? 1));
}
