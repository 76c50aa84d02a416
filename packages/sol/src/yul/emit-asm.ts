/**
 * sol.inline_asm → Yul: the block's text in its own `{ }` block (so its `let`s and functions
 * are scoped to it, as solc does), each `$N` placeholder replaced by the Yul variable of slot
 * operand N. The text was printed by the lowering with every asm-local identifier prefixed
 * `usr$` and every string literal byte-escaped, so a `$N` not preceded by an identifier
 * character is always a placeholder.
 *
 * Locals narrower than a word that the block may assign are cleaned after it: the rest of the
 * emitter keeps value-type variables clean, while solc cleans them at each use — the same
 * values wherever Solidity code reads them.
 */
import { StringAttr, type Operation } from '@lifeline/ir';
import { PtrType, isValueType } from '../sol-types.js';
import { EmitError, type FnEmitter } from './emit-func.js';
import { ytype } from './emit-types.js';
import { cleanupExpr } from './rt-arith.js';
import { indent } from './lib.js';

const PLACEHOLDER = /(?<![A-Za-z0-9_$.])\$(\d+)(?![A-Za-z0-9_$.])/g;

export function emitInlineAsm(e: FnEmitter, op: Operation): string {
  const text = (op.getAttr('yul') as StringAttr | undefined)?.value;
  if (text === undefined) throw new EmitError('sol.inline_asm without its yul text', op);
  const slots = op.operandValues();
  const body = text.replace(PLACEHOLDER, (_m, n: string) => {
    const slot = slots[Number(n)];
    if (!slot) throw new EmitError(`sol.inline_asm: placeholder $${n} has no slot operand`, op);
    return e.w(slot);
  });
  const cleanups = slots.flatMap((s) => {
    const t = (s.type as PtrType).pointeeType;
    if (!isValueType(t)) return [];
    const name = e.w(s);
    const clean = cleanupExpr(ytype(t), name);
    return clean === name ? [] : [`${name} := ${clean}`];
  });
  return [`{\n${indent(body)}\n}`, ...cleanups].join('\n');
}
