/**
 * Internal function pointers in Yul, as solc's IR generator: a pointer is a number naming a
 * sol.func of the contract (0 names none), and a call through it goes to a dispatch function
 * per pointer arity (words in and out, not the type: assembly may retype a pointer) —
 * `switch fun`, one case per function of that arity whose pointer the object's code takes,
 * and Panic 0x51 by default (the zero pointer of a fresh or deleted function variable).
 */
import { FunctionType, type Operation } from '@lifeline/ir';
import { EmitError, type FnEmitter } from './emit-func.js';
import { wordsOf } from './emit-types.js';
import { yfn } from './lib.js';
import { panic, PanicCode } from './rt-memory.js';
import { cleanupExpr } from './rt-arith.js';

const calleeSym = (op: Operation) => (op.getAttr('callee') as unknown as { leaf: string }).leaf;

export function emitFuncRef(e: FnEmitter, op: Operation): string {
  const id = e.mod.funcId?.(calleeSym(op)) ?? 0;
  if (!id) throw new EmitError(`sol.func_ref: @${calleeSym(op)} is not a function of the contract`, op);
  return e.let(op.result(0), String(id));
}

export function emitFuncNull(e: FnEmitter, op: Operation): string {
  return e.let(op.result(0), '0');
}

export function emitCallIndirect(e: FnEmitter, op: Operation): string {
  const t = op.operand(0).type as FunctionType;
  const name = dispatch(e, t);
  const args = [op.operand(0), ...op.operandValues().slice(1)].flatMap((v) => e.ws(v)).join(', ');
  const call = `${name}(${args})`;
  if (!op.results.length) return call;
  const names = op.results.map((r) => e.bind(r));
  // results a retyped pointer's target may return dirty (emit-module.ts) are cleaned here
  const clean = (e.mod.pointerTargets?.(t)?.results ?? []).flatMap((y, i) => (y && names[i]!.length === 1 ? [`${names[i]![0]} := ${cleanupExpr(y, names[i]![0]!)}`] : []));
  return [`let ${names.flat().join(', ')} := ${call}`, ...clean].join('\n');
}

/** The dispatch function of pointer type `t`'s arity in the current object. */
function dispatch(e: FnEmitter, t: FunctionType): string {
  const targets = e.mod.pointerTargets?.(t) ?? { syms: [], cleanups: [], results: [] };
  const ins = t.inputs.flatMap((ty, i) => Array.from({ length: wordsOf(ty) }, (_, k) => (k ? `in_${i}_${k}` : `in_${i}`)));
  const outs = t.results.flatMap((ty, i) => Array.from({ length: wordsOf(ty) }, (_, k) => (k ? `out_${i}_${k}` : `out_${i}`)));
  const name = `dispatch_internal_in_${ins.length}_out_${outs.length}`;
  return e.lib.fn(name, () => {
    const fail = `${panic(e.lib, PanicCode.zeroFunction)}()`;
    if (!targets.syms.length) return yfn(name, ['fun', ...ins], outs, fail);
    const byId = [...targets.syms].sort((a, b) => e.mod.funcId!(a) - e.mod.funcId!(b));
    const cases = byId.map((sym) => {
      const clean = targets.cleanups[targets.syms.indexOf(sym)] ?? [];
      // one word per parameter where a cleanup is asked for (value types)
      const args = clean.length === ins.length ? ins.map((a, i) => (clean[i] ? cleanupExpr(clean[i]!, a) : a)) : ins;
      const call = `${e.mod.funcName(sym)}(${args.join(', ')})`;
      return `case ${e.mod.funcId!(sym)} {\n    ${outs.length ? `${outs.join(', ')} := ${call}` : call}\n}`;
    });
    return yfn(name, ['fun', ...ins], outs, `switch fun\n${cases.join('\n')}\ndefault { ${fail} }`);
  });
}
