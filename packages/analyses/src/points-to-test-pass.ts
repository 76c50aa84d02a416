/**
 * `--test-points-to`: runs ProgramPointsTo on the op the pass is given (a module) and prints,
 * for every function with a body in program order:
 *
 *   Testing : "f" [entry] [opaque: why]
 *   summary: params(captured: 0) results(0: fresh params[1]) paramContents(1: params[0]) freshContents(…)
 *   alloc %mem_2: contents {…}: local | escapes: returned (message); stored (message)
 *   pts <tag>: {…}                     (results of ops with a `test.ptr` string attribute)
 *
 * Deterministic: objects in program order, sets sorted by object order.
 */
import { StringAttr, type Operation, type PassDef } from '@lifeline/ir';
import { ProgramPointsTo, type FunctionPointsTo, type FunctionSummary } from './points-to.js';
import type { MemObject } from './points-to-model.js';
import { bodyArguments } from './points-to-model.js';

const setText = (s: ReadonlySet<MemObject>): string =>
  `{${[...s].sort((a, b) => a.index - b.index).map(String).join(', ')}}`;

function flags(s: { fresh: boolean; params: readonly number[]; unknown: boolean }): string {
  const parts = [...(s.fresh ? ['fresh'] : []), ...(s.params.length ? [`params[${s.params.join(',')}]`] : []), ...(s.unknown ? ['unknown'] : [])];
  return parts.length ? parts.join(' ') : '-';
}

export function summaryText(s: FunctionSummary): string {
  const captured = s.params.flatMap((p, i) => (p.captured ? [i] : []));
  const results = s.results.map((r, j) => `${j}: ${flags({ fresh: r.fresh, params: r.aliasesParams, unknown: r.unknown })}`);
  const pcs = s.paramContents.flatMap((p, i) => (flags(p) === '-' ? [] : [`${i}: ${flags(p)}`]));
  return `params(captured: ${captured.length ? captured.join(',') : '-'}) results(${results.join('; ')}) `
    + `paramContents(${pcs.join('; ')}) freshContents(${flags(s.freshContents)})${s.opaque ? ' opaque' : ''}`;
}

export function printFunctionPointsTo(f: FunctionPointsTo, s: FunctionSummary): string {
  const name = f.fn.getAttr('sym_name');
  let out = `Testing : ${name ? name.toString() : '<<NULL ATTRIBUTE>>'}${f.isEntry ? ' entry' : ''}${f.opaqueWhy ? ` opaque: ${f.opaqueWhy}` : ''}\n`;
  out += `summary: ${summaryText(s)}\n`;
  for (const o of f.objects()) {
    if (o.kind === 'unknown' && f.contents(o).size <= 1) continue;
    const esc = f.escape(o);
    const verdict = esc.length ? `escapes: ${esc.map((r) => `${r.kind} (${r.message})`).join('; ')}` : 'local';
    out += `${o}: contents ${setText(f.contents(o))}: ${verdict}\n`;
  }
  f.fn.walk((op) => {
    const tag = op.getAttr('test.ptr');
    if (tag instanceof StringAttr) op.results.forEach((r, i) => (out += `pts ${tag.value}${op.results.length > 1 ? `#${i}` : ''}: ${setText(f.pointsTo(r))}\n`));
  });
  return out;
}

export const testPointsToPass: PassDef = {
  argument: 'test-points-to',
  name: 'TestPointsToPass',
  description: 'Print interprocedural points-to facts, escape verdicts and function summaries.',
  run(root: Operation, ctx) {
    const program = new ProgramPointsTo(root, { registry: ctx.registry });
    let out = '';
    for (const fn of program.functions) {
      if (!bodyArguments(fn)) continue;
      out += printFunctionPointsTo(program.function(fn), program.summary(fn));
    }
    ctx.errs(out);
  },
};
