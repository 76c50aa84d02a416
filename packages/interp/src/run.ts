/**
 * runModule: the library entry point (the CLI and tests both use it).
 *
 *  1. Scalar arguments convert to the entry's argument types: integers for iN/index
 *     (wrapped to the width), decimals for floats (rounded to the type).
 *  2. Results print one string each (values.ts (4)).
 *  3. The entry's memref results belong to the runner (memory.ts (6)): not leaks.
 *  4. A runtime error stops the run; counters are still final (leaks are counted at
 *     the point of the error).
 */
import { FunctionType, MemRefType, TypeAttr, diag, opError, type Diagnostic, type Operation, type Type } from '@lifeline/ir';
import { InterpError, Machine, type WorkCounters } from './engine.js';
import type { Base, MemoryCounters, View } from './memory.js';
import { floatRounder, formatScalar, intWidth, normalizer } from './values.js';
import './sem-arith.js';
import './sem-func-cf.js';
import './sem-scf.js';
import './sem-memref.js';
import './sem-bufferization.js';

export interface RunOptions {
  entry?: string;
  args?: readonly (string | number | bigint)[];
  maxSteps?: number;
}

export interface RunResult {
  results: string[];
  memory: MemoryCounters;
  work: WorkCounters;
  steps: number;
  error?: Diagnostic;
  /** 'input': the entry or its arguments are wrong; 'runtime': the program failed. */
  errorKind?: 'input' | 'runtime';
}

export const DEFAULT_MAX_STEPS = 10_000_000;

function convertArg(v: string | number | bigint, t: Type): unknown {
  const w = intWidth(t);
  if (w !== undefined) {
    const s = String(v).trim();
    if (!/^[-+]?\d+$/.test(s)) throw new Error(`expected an integer for ${t}, got '${v}'`);
    return normalizer(w)(BigInt(s));
  }
  const x = Number(v);
  if (typeof v === 'string' && (v.trim() === '' || Number.isNaN(x)) && !/^[-+]?nan$/i.test(v.trim())) {
    throw new Error(`expected a number for ${t}, got '${v}'`);
  }
  return floatRounder(t)(x);
}

function formatResult(v: unknown, t: Type, m: Machine, owned: Set<Base>): string {
  if (t instanceof MemRefType || (v && typeof v === 'object' && 'base' in v)) {
    const view = v as View;
    m.mem.touch(view.base);
    if (view.base.kind === 'heap') owned.add(view.base);
    const elt = (t as MemRefType).elementType;
    const dim = (d: number, off: number): string => {
      if (d === view.sizes.length) {
        const cell = view.base.data[off];
        return cell === undefined ? '?' : formatScalar(cell, elt);
      }
      const parts: string[] = [];
      for (let i = 0; i < view.sizes[d]!; i++) parts.push(dim(d + 1, off + i * view.strides[d]!));
      return `[${parts.join(', ')}]`;
    };
    return dim(0, view.offset);
  }
  return formatScalar(v, t);
}

export function runModule(module: Operation, options: RunOptions = {}): RunResult {
  const entry = options.entry ?? 'main';
  const m = new Machine(module, options.maxSteps ?? DEFAULT_MAX_STEPS);
  const results: string[] = [];
  const owned = new Set<Base>();
  let error: Diagnostic | undefined;
  let errorKind: RunResult['errorKind'];
  const ref = m.funcRef(entry);
  if (!ref.op) {
    error = diag('error', module.loc, `entry function '@${entry}' not found`);
    errorKind = 'input';
  } else {
    const fnType = (ref.op.getAttr('function_type') as TypeAttr).value as FunctionType;
    const args = options.args ?? [];
    try {
      if (args.length !== fnType.inputs.length) {
        throw new Error(`'@${entry}' expects ${fnType.inputs.length} argument(s), got ${args.length}`);
      }
      const vals = args.map((a, i) => convertArg(a, fnType.inputs[i]!));
      try {
        const [out] = m.call(ref, vals, new Uint8Array(vals.length), ref.op);
        out.forEach((v, i) => results.push(formatResult(v, fnType.results[i]!, m, owned)));
      } catch (e) {
        if (e instanceof InterpError) error = opError(e.op, e.message);
        else if (e instanceof RangeError) error = opError(ref.op, `interpreter stack exhausted (${e.message})`);
        else throw e;
        errorKind = 'runtime';
      }
    } catch (e) {
      if (error) throw e;
      error = opError(ref.op, (e as Error).message);
      errorKind = 'input';
    }
  }
  m.mem.finish(owned);
  return { results, memory: { ...m.mem.counters }, work: { ...m.work }, steps: m.steps, error, errorKind };
}
