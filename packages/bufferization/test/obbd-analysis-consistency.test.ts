/**
 * The ownership analysis (packages/analyses/src/ownership-analysis.ts) against
 * what mlir-opt-19's --ownership-based-buffer-deallocation materialises, on every
 * function of the OBBD fixtures. Our own pass is not involved.
 *
 * (1) Each op of the input gets a unique `lifeline.id` attribute (MLIR keeps
 *     discardable attributes, also on the ops it rebuilds). mlir-opt-19 runs on
 *     that text; its output is parsed, and input ops, blocks and values are
 *     mapped to output ones through the ids (original results and block arguments
 *     are prefixes of the output ones; blocks through their parent op, as
 *     terminators that print elided lose the attribute).
 * (2) The analysis runs on the input. For every block it handled, the
 *     `bufferization.dealloc` ops mlir-opt-19 put directly in that block must be
 *     the deallocs the analysis plans, in order, and for each one:
 *     - the deallocated memrefs are the planned ones (the dealloc operand is the
 *       base buffer of the memref, through a reinterpret_cast for unranked ones);
 *       a planned clone is a `bufferization.clone` / clone-or-yield `scf.if`;
 *     - each condition is of the planned indicator kind: the constant true or
 *       false, the i1 block argument appended for that memref argument, the i1
 *       result appended for that memref result, an updated condition of a
 *       dealloc (or its select, at a cond_br), or a select at a return. cf.cond_br
 *       conditions are first unwrapped from `andi(c, …)`;
 *     - the retained memrefs are the planned ones.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BlockArgument, DenseArrayAttr, IntegerAttr, IntegerType, OpResult, parseString, printOp, StringAttr,
  type Block, type Operation, type Value,
} from '@lifeline/ir';
import { createRegistry } from '@lifeline/dialects';
import { Placeholder, analyzeOwnership, isMemref, type BlockPlan, type DeallocPlan, type Indicator, type MemrefRef } from '@lifeline/analyses';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

const FIXTURES: { file: string; dynamic: boolean }[] = [
  { file: 'test-fixtures/transforms/ownership-based-buffer-deallocation.mlir', dynamic: false },
  { file: 'test-fixtures/transforms/ownership-based-buffer-deallocation-extras.mlir', dynamic: false },
  { file: 'test-fixtures/transforms/ownership-based-buffer-deallocation-dynamic.mlir', dynamic: true },
];
const ID = 'lifeline.id';
const registry = createRegistry();
const i64 = IntegerType.get(64);

function idOf(op: Operation): number | undefined {
  const a = op.getAttr(ID);
  return a instanceof IntegerAttr ? Number(a.value) : undefined;
}

/** (1) Output ops by id. */
function indexOps(root: Operation): Map<number, Operation> {
  const m = new Map<number, Operation>();
  root.walk((op) => { const id = idOf(op); if (id !== undefined) m.set(id, op); });
  return m;
}

class Mapping {
  constructor(private readonly out: Map<number, Operation>) {}
  has(o: Operation): boolean { return this.out.has(idOf(o)!); }
  op(o: Operation): Operation {
    const r = this.out.get(idOf(o)!);
    if (!r) throw new Error(`op ${o.name} (${idOf(o)}) is missing from ${'mlir-opt-19'}'s output`);
    return r;
  }
  /** A block through its parent op (the pass adds no blocks to existing regions). */
  block(b: Block): Block {
    const parent = b.parentOp!;
    const region = b.parent!;
    const r = parent.regions.indexOf(region);
    return this.op(parent).regions[r]!.blocks[region.blocks.indexOf(b)]!;
  }
  value(v: Value): Value {
    if (v instanceof OpResult) return this.op(v.owner).result(v.index);
    const a = v as BlockArgument;
    return this.block(a.owner).arguments[a.index]!;
  }
}

/** The memref a dealloc operand is the base buffer of. */
function deallocatedMemref(base: Value): Value {
  const md = base.definingOp;
  if (md?.name !== 'memref.extract_strided_metadata') throw new Error(`dealloc operand is not a base buffer (${md?.name})`);
  let m = md.operand(0);
  const rc = m.definingOp;
  if (rc?.name === 'memref.reinterpret_cast' && rc.getAttr(ID) === undefined) m = rc.operand(0);
  return m;
}

function describeValue(v: Value): string {
  return v instanceof BlockArgument ? `block argument #${v.index}` : `result #${(v as OpResult).index} of ${(v as OpResult).owner.name}`;
}

/** (2) Whether output value `out` is the planned memref `m`. */
function sameMemref(map: Mapping, m: MemrefRef, out: Value): boolean {
  if (!(m instanceof Placeholder)) return map.value(m) === out;
  const def = out.definingOp;
  if (m.kind === 'clone') return def?.name === 'bufferization.clone' && def.operand(0) === map.value(m.source);
  return def?.name === 'scf.if' && def.getAttr(ID) === undefined;
}

/** Memref position among the memref block arguments / results of its owner. */
function memrefIndex(list: readonly Value[], v: Value): number {
  return list.filter(isMemref).indexOf(v);
}

/** (2) Whether output condition `c` is of the kind of indicator `ind`. */
function sameIndicator(map: Mapping, ind: Indicator, c: Value): string | undefined {
  const def = c.definingOp;
  switch (ind.kind) {
    case 'const': {
      const v = def?.name === 'arith.constant' ? def.getAttr('value') : undefined;
      return v instanceof IntegerAttr && v.value === (ind.value ? 1n : 0n) ? undefined : `expected constant ${ind.value}, got ${describeValue(c)}`;
    }
    case 'arg': {
      const a = ind.of as BlockArgument;
      const block = map.block(a.owner);
      const expected = block.arguments[a.owner.arguments.length + memrefIndex(a.owner.arguments, a)];
      return c === expected ? undefined : `expected the i1 argument appended for argument #${a.index}, got ${describeValue(c)}`;
    }
    case 'result': {
      const r = ind.of as OpResult;
      const op = map.op(r.owner);
      const expected = op.results[r.owner.results.length + memrefIndex(r.owner.results, r)];
      return c === expected ? undefined : `expected the i1 result appended for result #${r.index} of ${r.owner.name}, got ${describeValue(c)}`;
    }
    case 'dealloc': {
      const want = ind.which === 2 ? 'arith.select' : 'bufferization.dealloc';
      return def?.name === want ? undefined : `expected an updated condition (${want}), got ${describeValue(c)}`;
    }
    case 'select':
      return def?.name === 'arith.select' ? undefined : `expected a select of indicators, got ${describeValue(c)}`;
  }
}

/** cf.cond_br conditions are `andi(c, cond)` and `andi(c, xori(true, cond))`. */
function unwrapBranchCondition(c: Value, term: Operation): Value {
  const def = c.definingOp;
  if (term.name !== 'cf.cond_br' || def?.name !== 'arith.andi') return c;
  return def.operand(0);
}

function planned(steps: BlockPlan['steps']): DeallocPlan[] {
  const out: DeallocPlan[] = [];
  for (const s of steps) {
    if (s.kind === 'branch') out.push(s.dealloc);
    else if (s.kind === 'condBranch') out.push(s.deallocs[0], s.deallocs[1]);
    else if (s.kind === 'returnLike' && s.dealloc) out.push(s.dealloc);
  }
  return out;
}

function checkFixture(file: string, dynamic: boolean): { functions: number; deallocs: number; problems: string[] } {
  const text = readFileSync(join(repoRoot, file), 'utf8');
  const input = parseString(text, registry);
  let n = 0;
  input.walk((op) => { op.attributes.set(ID, new IntegerAttr(n++, i64)); });
  const tagged = printOp(input);
  const args = [dynamic ? '--ownership-based-buffer-deallocation=private-function-dynamic-ownership' : '--ownership-based-buffer-deallocation'];
  const r = spawnSync('mlir-opt-19', [...args, '-'], { input: tagged, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`mlir-opt-19 failed on ${file}:\n${r.stderr}`);
  const output = parseString(r.stdout, registry);
  const map = new Mapping(indexOps(output));
  const analysis = analyzeOwnership(input, { privateFunctionDynamicOwnership: dynamic });
  const problems: string[] = [];
  let deallocs = 0;
  for (const plan of analysis.functions()) {
    const fname = (plan.func.getAttr('sym_name') as StringAttr).value;
    if (plan.error) { problems.push(`@${fname}: analysis error ${plan.error.message}`); continue; }
    for (const bp of plan.blocks) {
      const where = `@${fname}, block #${bp.block.parent!.blocks.indexOf(bp.block)} of ${bp.block.parentOp!.name} (${idOf(bp.block.parentOp!)})`;
      const plans = planned(bp.steps);
      // The body of an elided terminator (scf.forall.in_parallel) prints as nothing.
      if (!map.has(bp.block.parentOp!) && bp.block.parentOp!.name === 'scf.forall.in_parallel' && !plans.length) continue;
      const outBlock = map.block(bp.block);
      const ops: Operation[] = [];
      for (let o = outBlock.first; o; o = o.next) if (o.name === 'bufferization.dealloc') ops.push(o);
      if (ops.length !== plans.length) {
        problems.push(`${where}: mlir-opt-19 made ${ops.length} deallocs, the analysis plans ${plans.length}`);
        continue;
      }
      plans.forEach((p, k) => {
        const d = ops[k]!;
        deallocs++;
        const [nm, nc, nr] = (d.getAttr('operandSegmentSizes') as DenseArrayAttr).values as [number, number, number];
        const memrefs = d.operandValues().slice(0, nm).map(deallocatedMemref);
        const conds = d.operandValues().slice(nm, nm + nc);
        const retained = d.operandValues().slice(nm + nc, nm + nc + nr);
        const tag = `${where}, dealloc ${k}`;
        if (memrefs.length !== p.memrefs.length) problems.push(`${tag}: ${memrefs.length} memrefs, planned ${p.memrefs.length}`);
        else p.memrefs.forEach((m, i) => { if (!sameMemref(map, m, memrefs[i]!)) problems.push(`${tag}: memref ${i} is ${describeValue(memrefs[i]!)}`); });
        if (conds.length === p.conditions.length) {
          p.conditions.forEach((ind, i) => {
            const why = sameIndicator(map, ind, unwrapBranchCondition(conds[i]!, bp.block.last!));
            if (why) problems.push(`${tag}: condition ${i}: ${why}`);
          });
        }
        if (retained.length !== p.retained.length) problems.push(`${tag}: retains ${retained.length}, planned ${p.retained.length}`);
        else p.retained.forEach((m, i) => { if (!sameMemref(map, m, retained[i]!)) problems.push(`${tag}: retained ${i} is ${describeValue(retained[i]!)}`); });
      });
    }
  }
  return { functions: analysis.functions().length, deallocs, problems };
}

describe('ownership analysis agrees with the deallocs mlir-opt-19 materialises', () => {
  for (const { file, dynamic } of FIXTURES) {
    it(file, () => {
      const r = checkFixture(file, dynamic);
      expect(r.problems.slice(0, 20)).toEqual([]);
      // Not vacuous: the fixture's functions were compared, with deallocs.
      expect(r.functions).toBeGreaterThan(5);
      expect(r.deallocs).toBeGreaterThan(r.functions);
    });
  }
});
