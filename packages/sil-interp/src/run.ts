/**
 * runSil: the library entry point (the CLI, the tests and the benchmark use it).
 *
 *  1. The entry (default `main`) gets integer arguments, normalized to the widths of its
 *     `Builtin.Int*` parameters; any other parameter type is an input error.
 *  2. The entry's result prints as one line (machine.ts formatValue); `()` prints
 *     nothing. Objects it holds belong to the runner: not leaks (heap.ts (5)).
 *  3. A runtime error stops the run; the counters are still final (objects alive at
 *     that point count as leaks only if the run ended cleanly, since a stopped program
 *     never reached its releases).
 *  4. `clean` means: no runtime error, no leak, no over-release, no use after free.
 */
import { diag, opError, type Diagnostic, type Operation } from '@lifeline/ir';
import { functionType, silTypeOf } from '@lifeline/sil';
import { normalize } from './builtins.js';
import { forEachObject, type FreeEvent, type HeapObject, type MemoryCounters, type RcCounters } from './heap.js';
import { Machine, SilRuntimeError, formatValue } from './machine.js';

export interface SilRunOptions {
  entry?: string;
  args?: readonly (string | number | bigint)[];
  maxSteps?: number;
}

export interface SilRunResult {
  results: string[];
  /** Observable events in order (machine.ts (3)). */
  trace: string[];
  /** The apply that made each trace event. */
  traceSites: (Operation | undefined)[];
  /** Frees in order, each with the trace length at the time (heap.ts (3)). */
  frees: FreeEvent[];
  rc: RcCounters;
  memory: MemoryCounters;
  steps: number;
  /** Memory problems (over-release, use after free) and leaks, located where the IR allows. */
  problems: Diagnostic[];
  error?: Diagnostic;
  errorKind?: 'input' | 'runtime';
  clean: boolean;
}

export const DEFAULT_MAX_STEPS = 10_000_000;

export function runSil(module: Operation, options: SilRunOptions = {}): SilRunResult {
  const entry = options.entry ?? 'main';
  const m = new Machine(module, options.maxSteps ?? DEFAULT_MAX_STEPS);
  const results: string[] = [];
  const owned = new Set<HeapObject>();
  let error: Diagnostic | undefined;
  let errorKind: SilRunResult['errorKind'];
  const fn = m.function(entry);
  if (!fn || fn.regions[0]!.blocks.length === 0) {
    error = diag('error', module.loc, `entry function '@${entry}' not found${fn ? ' (it has no body)' : ''}`);
    errorKind = 'input';
  } else {
    const args = options.args ?? [];
    const params = fn.regions[0]!.blocks[0]!.arguments;
    let vals: bigint[] | undefined;
    try {
      if (args.length !== params.length) throw new Error(`'@${entry}' expects ${params.length} argument(s), got ${args.length}`);
      vals = args.map((a, i) => {
        const w = silTypeOf(params[i]!).builtinIntWidth;
        const s = String(a).trim();
        if (w === undefined) throw new Error(`argument ${i} of '@${entry}' has type ${silTypeOf(params[i]!).sil}; only Builtin.Int* arguments can be given`);
        if (!/^[-+]?\d+$/.test(s)) throw new Error(`expected an integer for $${silTypeOf(params[i]!).sil}, got '${a}'`);
        return normalize(BigInt(s), w);
      });
    } catch (e) {
      error = opError(fn, (e as Error).message);
      errorKind = 'input';
    }
    if (vals) {
      try {
        const r = m.call(entry, vals, fn);
        forEachObject(r, (o) => owned.add(o));
        const t = functionType(fn);
        if (!(t?.directResults.length === 0 && typeof r === 'object' && 'kind' in r && r.kind === 'unit')) results.push(formatValue(r));
      } catch (e) {
        if (e instanceof SilRuntimeError) error = opError(e.op, e.message);
        else if (e instanceof RangeError) error = opError(fn, `interpreter stack exhausted (${e.message})`);
        else throw e;
        errorKind = 'runtime';
      }
    }
  }
  const h = m.heap;
  const memory = h.counters(owned);
  // (3) a stopped run did not reach its releases: what is alive is not reported as leaked.
  if (error) memory.leaked = 0;
  const problems = h.problems.map((p) => (p.at ? opError(p.at, p.text) : diag('error', module.loc, p.text)));
  if (!error) {
    for (const o of h.objects) {
      if (o.freed || owned.has(o)) continue;
      const text = `object #${o.id} (${o.className}) leaked: count ${o.count} at the end of the run`;
      problems.push(o.site ? opError(o.site, text) : diag('error', module.loc, text));
    }
  }
  const clean = !error && memory.leaked + memory.overReleases + memory.useAfterFree === 0;
  return {
    results, trace: [...h.trace], traceSites: [...h.traceSites], frees: [...h.frees], rc: { ...h.rc }, memory, steps: m.steps, problems, error, errorKind, clean,
  };
}
