/**
 * SSA value and block names for printing, following mlir-opt's numbering so our
 * output reads like theirs:
 *
 * (1) Regions are numbered from a stack: an op's region is numbered completely,
 *     then the regions nested in it are pushed and popped last-in first-out.
 * (2) Entry-block arguments are `%argN` (one counter per isolated scope); other
 *     values are `%N`; ops and region owners may suggest names (`%c0`, `%alloc`).
 * (3) A suggested name that is already visible gets `_K` from a conflict counter.
 * (4) In custom form, each popped region restarts from the counters its parent
 *     had when it was pushed; in generic form the counters only grow, across
 *     the whole module (what mlir-opt 19 prints).
 * (5) Only the first result of an op gets a number; others print as `%N#i`.
 * (6) Blocks are `^bbN`, numbered per region.
 */
import type { Block, Operation, Region, Value } from './ir.js';
import { OpResult } from './ir.js';

interface Context {
  region: Region;
  valueId: number;
  argId: number;
  conflictId: number;
  scope: NameScope;
}

class NameScope {
  readonly names = new Set<string>();
  constructor(readonly parent: NameScope | null) {}
  has(n: string): boolean {
    for (let s: NameScope | null = this; s; s = s.parent) if (s.names.has(n)) return true;
    return false;
  }
}

/** Group starts of an op whose results form one group (shared: never mutated). */
const ONE_GROUP: readonly number[] = Object.freeze([0]);

/**
 * `%N` strings by N. Numbering restarts in every function (custom form), so the
 * same few thousand names recur across a module: one string each, shared,
 * instead of a fresh string per value that would live until printing ends.
 */
const NUMBERED: string[] = [];
function numbered(n: number): string {
  if (n >= 65536) return '%' + n;
  return NUMBERED[n] ?? (NUMBERED[n] = '%' + n);
}

/** The same for `%name` spellings of suggested names (`%c0`, `%arg1`, `%alloc_3`). */
const PERCENT = new Map<string, string>();
function percent(name: string): string {
  let s = PERCENT.get(name);
  if (s === undefined) {
    s = '%' + name;
    // Bounded: a module with millions of distinct suggested names should not pin them all.
    if (PERCENT.size < 65536) PERCENT.set(name, s);
  }
  return s;
}

function sanitize(name: string): string {
  // Suggested names are nearly always clean already; skip the regex work then.
  if (/^[A-Za-z_$.-][A-Za-z0-9$._-]*$/.test(name)) return name;
  let s = name.replace(/[^A-Za-z0-9$._-]/g, '_');
  if (/^[0-9]/.test(s)) s = '_' + s;
  return s;
}

const BB_NAMES: string[] = [];
function bbName(n: number): string {
  if (n >= 65536) return `^bb${n}`;
  return BB_NAMES[n] ?? (BB_NAMES[n] = `^bb${n}`);
}

const ARG_NAMES: string[] = [];
function argName(n: number): string {
  if (n >= 65536) return `arg${n}`;
  return ARG_NAMES[n] ?? (ARG_NAMES[n] = `arg${n}`);
}

/** Value → name, kept in each value's scratch slot (a Map of every value costs far more). */
class ValueNames {
  constructor(private readonly owner: object) {}
  get(v: Value): string | undefined {
    return v.scratchOwner === this.owner ? (v.scratch as string) : undefined;
  }
  has(v: Value): boolean {
    return v.scratchOwner === this.owner;
  }
  set(v: Value, name: string): void {
    v.scratch = name;
    v.scratchOwner = this.owner;
  }
}

export class NameTable {
  private readonly names = new ValueNames(this);
  private readonly blockNames = new Map<Block, string>();
  /** Result groups for ops whose results are named in several groups. */
  readonly resultGroups = new Map<Operation, number[]>();
  private valueId = 0;
  private argId = 0;
  private conflictId = 0;
  private scope!: NameScope;

  constructor(root: Operation, private readonly generic: boolean) {
    const top = new NameScope(null);
    const stack: Context[] = root.regions.map((r) => ({ region: r, valueId: 0, argId: 0, conflictId: 0, scope: top }));
    this.scope = top;
    this.numberOp(root);
    this.nested.length = 0;
    while (stack.length) {
      const ctx = stack.pop()!;
      if (!this.generic) {
        // (4) custom form: restart from the parent's counters.
        this.valueId = ctx.valueId;
        this.argId = ctx.argId;
      }
      this.conflictId = ctx.conflictId;
      this.scope = new NameScope(ctx.scope);
      this.numberRegion(ctx.region);
      // (1) The nested regions met while numbering, with the counters as the region left them.
      const nested = this.nested;
      for (let i = 0; i < nested.length; i++) {
        stack.push({ region: nested[i]!, valueId: this.valueId, argId: this.argId, conflictId: this.conflictId, scope: this.scope });
      }
      nested.length = 0;
    }
  }

  /** Regions of the ops numbered in the current region, in op order (one walk, not two). */
  private readonly nested: Region[] = [];

  private unique(name: string): string {
    name = sanitize(name);
    if (this.scope.has(name)) {
      for (;;) {
        const probe = `${name}_${this.conflictId++}`;
        if (!this.scope.has(probe)) {
          name = probe;
          break;
        }
      }
    }
    this.scope.names.add(name);
    return name;
  }

  private setName(v: Value, name: string | undefined): void {
    if (!name) this.names.set(v, numbered(this.valueId++));
    else this.names.set(v, percent(this.unique(name)));
  }

  private numberRegion(region: Region): void {
    const owner = region.parentOp;
    if (!this.generic && owner?.def?.spec.blockArgNames && region.blocks[0]) {
      const suggested = owner.def.spec.blockArgNames(owner, region);
      region.blocks[0].arguments.forEach((a, i) => {
        const n = suggested[i];
        if (n) this.names.set(a, percent(this.unique(n)));
      });
    }
    const blocks = region.blocks;
    for (let i = 0; i < blocks.length; i++) this.blockNames.set(blocks[i]!, bbName(i));
    for (const b of region.blocks) {
      const entry = region.blocks[0] === b;
      for (const a of b.arguments) {
        if (this.names.has(a)) continue;
        if (entry) this.names.set(a, percent(this.unique(argName(this.argId++))));
        else this.setName(a, undefined);
      }
      for (let op = b.first; op; op = op.next) this.numberOp(op);
    }
  }

  private numberOp(op: Operation): void {
    const regions = op.regions;
    for (let i = 0; i < regions.length; i++) this.nested.push(regions[i]!);
    if (!op.results.length) return;
    let groups: number[] | undefined;
    if (!this.generic && op.def?.spec.resultNames) {
      const suggested = op.def.spec.resultNames(op);
      for (let i = 0; i < suggested.length; i++) {
        const n = suggested[i];
        if (!n || i >= op.results.length) continue;
        this.names.set(op.results[i]!, percent(this.unique(n)));
        if (i) (groups ??= [0]).push(i);
      }
    }
    if (!this.names.has(op.results[0]!)) this.names.set(op.results[0]!, numbered(this.valueId++));
    if (groups) this.resultGroups.set(op, groups.sort((a, b) => a - b));
  }

  /** `%name`, `%N`, or `%N#i` for a later result of an op. */
  valueName(v: Value): string {
    const direct = this.names.get(v);
    if (direct !== undefined && !(v instanceof OpResult && v.owner.results.length > 1)) return direct;
    if (v instanceof OpResult) {
      const op = v.owner;
      const groups = this.resultGroups.get(op) ?? ONE_GROUP;
      let g = 0;
      let end = op.results.length;
      for (const start of groups) {
        if (start <= v.index) g = start;
        else { end = start; break; }
      }
      const base = this.names.get(op.results[g]!);
      // A group of several results always spells the index, `%0#0` included (as MLIR does).
      if (base !== undefined) return end - g === 1 ? base : `${base}#${v.index - g}`;
    }
    return '%<<UNKNOWN SSA VALUE>>';
  }

  /** The name a result group is defined with (`%0` in `%0:2 = …`). */
  definitionName(v: Value): string {
    return this.names.get(v) ?? this.valueName(v);
  }

  /** The name of the group a result starts, or undefined when it is inside a group. */
  resultGroupStarts(op: Operation): readonly number[] {
    // Only ops with several named result groups are in the map.
    return op.results.length > 1 ? (this.resultGroups.get(op) ?? ONE_GROUP) : ONE_GROUP;
  }

  blockName(b: Block): string {
    return this.blockNames.get(b) ?? '^<<UNKNOWN BLOCK>>';
  }
}
