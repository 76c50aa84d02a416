/**
 * `--test-alias-analysis` and `--test-alias-analysis-modref`: print what the alias-analysis
 * aggregator says, in the text of mlir-opt-19's test passes (mlir/test/lib/Analysis/
 * TestAliasAnalysis.cpp), to the driver's stderr.
 *
 * Specification:
 *  (T1) Each pass runs on any op and first prints `Testing : <sym_name>\n`, the op's inherent
 *       `sym_name` attribute as MLIR prints attributes (`"f"`), or `<<NULL ATTRIBUTE>>`.
 *  (T2) The values under test come from a post-order walk of the op (nested ops before
 *       their parents, the op itself last): for each op with a discardable `test.ptr`
 *       attribute, its results, then the arguments of every block of each of its regions.
 *  (T3) A value is named by its op's `test.ptr` string (else the op name) and `#<result
 *       number>`; a block argument by its region's owner so named, `.region<N>`,
 *       `.block<N>` unless it is the first block, and `#<argument number>`.
 *  (T4) test-alias-analysis: for each value V in order, for each earlier value U,
 *       `U <-> V: <AliasResult>`.
 *  (T5) test-alias-analysis-modref: for each value V, for each op O tagged `test.ptr` in
 *       walk order, `O -> V: <ModRefResult>` (the op named by its tag, else its name).
 */
import { BlockArgument, StringAttr, type OpResult, type Operation, type PassContext, type PassDef, type Value } from '@lifeline/ir';
import { AliasAnalysis } from './alias-analysis.js';

/** (T1) */
function symNameText(op: Operation): string {
  // Unregistered ops keep every attribute in one dictionary, which MLIR reads as inherent.
  const attr = op.def ? op.properties.get('sym_name') : op.getAttr('sym_name');
  return attr ? attr.toString() : '<<NULL ATTRIBUTE>>';
}

/** (T2) */
function taggedOps(root: Operation): Operation[] {
  const ops: Operation[] = [];
  root.walkPostOrder((op) => {
    if (op.attributes.has('test.ptr')) ops.push(op);
  });
  return ops;
}

function valuesToCheck(tagged: readonly Operation[]): Value[] {
  const vals: Value[] = [];
  for (const op of tagged) {
    vals.push(...op.results);
    for (const r of op.regions) for (const b of r.blocks) vals.push(...b.arguments);
  }
  return vals;
}

/** (T3) */
function opText(op: Operation): string {
  const tag = op.getAttr('test.ptr');
  return tag instanceof StringAttr ? tag.value : op.name;
}

/** (T3) */
export function aliasOperandText(v: Value): string {
  if (v instanceof BlockArgument) {
    const region = v.owner.parent;
    const parentOp = region?.parentOp;
    let s = parentOp ? opText(parentOp) : '<<UNKNOWN PARENT>>';
    if (region) {
      if (parentOp) s += `.region${parentOp.regions.indexOf(region)}`;
      const blockNumber = region.blocks.indexOf(v.owner);
      if (blockNumber !== 0) s += `.block${blockNumber}`;
    }
    return `${s}#${v.index}`;
  }
  const op = v.definingOp!;
  return `${opText(op)}#${(v as OpResult).index}`;
}

/** Output is written in pieces: the all-pairs report of a large function runs to 100s of MB. */
const FLUSH_AT = 1 << 20;

/** (T1) (T4) The queries of `--test-alias-analysis`, asked of `aa`. */
export function runAliasQueries(root: Operation, ctx: PassContext, aa: AliasQueries): void {
  let out = `Testing : ${symNameText(root)}\n`;
  const vals = valuesToCheck(taggedOps(root));
  const names = vals.map(aliasOperandText);
  for (let i = 0; i < vals.length; i++) {
    const rhs = vals[i]!;
    const tail = ` <-> ${names[i]}: `;
    for (let j = 0; j < i; j++) {
      out += `${names[j]}${tail}${aa.alias(vals[j]!, rhs)}\n`;
    }
    if (out.length > FLUSH_AT) {
      ctx.errs(out);
      out = '';
    }
  }
  ctx.errs(out);
}

/** (T1) (T5) The queries of `--test-alias-analysis-modref`, asked of `aa`. */
export function runModRefQueries(root: Operation, ctx: PassContext, aa: AliasQueries): void {
  let out = `Testing : ${symNameText(root)}\n`;
  const tagged = taggedOps(root);
  const opNames = tagged.map(opText);
  for (const v of valuesToCheck(tagged)) {
    const tail = ` -> ${aliasOperandText(v)}: `;
    for (let i = 0; i < tagged.length; i++) out += `${opNames[i]}${tail}${aa.getModRef(tagged[i]!, v)}\n`;
    if (out.length > FLUSH_AT) {
      ctx.errs(out);
      out = '';
    }
  }
  ctx.errs(out);
}

/** What the query passes ask: the aggregator, or any one analysis. */
export type AliasQueries = Pick<AliasAnalysis, 'alias' | 'getModRef'>;

export const testAliasAnalysisPass: PassDef = {
  argument: 'test-alias-analysis',
  name: 'TestAliasAnalysisPass',
  description: 'Test alias analysis results.',
  run: (root, ctx) => runAliasQueries(root, ctx, new AliasAnalysis()),
};

export const testAliasAnalysisModRefPass: PassDef = {
  argument: 'test-alias-analysis-modref',
  name: 'TestAliasAnalysisModRefPass',
  description: 'Test alias analysis ModRef results.',
  run: (root, ctx) => runModRefQueries(root, ctx, new AliasAnalysis()),
};
