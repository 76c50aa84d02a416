/**
 * sol.inline_asm → Yul: the block's text in its own `{ }` block (so its `let`s and functions
 * are scoped to it, as solc does), each `$N` placeholder replaced by the Yul variable of slot
 * operand N. The text was printed by the lowering with every asm-local identifier prefixed
 * `usr$` and every string literal byte-escaped, so a `$N` not preceded by an identifier
 * character is always a placeholder.
 *
 * A local narrower than a word that a block may assign keeps the raw word it is given, as in
 * solc: a later block reads it unchanged. Solidity code reads it cleaned (`sol.load` of such a
 * slot cleans, see `asmAssigned`), where solc cleans at each use — the same values there.
 */
import { StringAttr, type Operation, type Value } from '@lifeline/ir';
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
  return `{\n${indent(body)}\n}`;
}

/** The stack slots of `fn` holding a value type narrower than a word that inline assembly may assign. */
export function asmAssigned(fn: Operation): Set<Value> {
  const out = new Set<Value>();
  fn.walk((op) => {
    if (op.name !== 'sol.inline_asm') return;
    for (const s of op.operandValues()) {
      const t = (s.type as PtrType).pointeeType;
      if (isValueType(t) && cleanupExpr(ytype(t), 'x') !== 'x') out.add(s);
    }
  });
  return out;
}
