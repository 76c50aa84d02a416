/** Matchers on SSA values the canonicalization patterns share (MLIR's m_Constant, m_One…). */
import { constantValueOf } from '@lifeline/analyses';
import { IntegerAttr, IntegerType, type Attribute, type Operation, type Value } from '@lifeline/ir';

/** The attribute of a value's ConstantLike defining op. */
export function constOf(v: Value): Attribute | undefined {
  const d = v.definingOp;
  return d ? constantValueOf(d) : undefined;
}

/** A scalar i1 constant (MLIR's BoolAttr match); undefined otherwise. */
export function constBool(v: Value): boolean | undefined {
  const a = constOf(v);
  if (!(a instanceof IntegerAttr) || !(a.type instanceof IntegerType) || a.type.width !== 1) return undefined;
  return a.value !== 0n;
}

/**
 * A scalar integer constant as a signless bit pattern; undefined otherwise.
 * (MLIR's matchers also accept splats; our pipeline's IR has no vector masks.)
 */
export function constIntBits(v: Value): { bits: bigint; width: number } | undefined {
  const a = constOf(v);
  if (!(a instanceof IntegerAttr)) return undefined;
  const t = a.type;
  const width = t instanceof IntegerType ? t.width : 64;
  return { bits: BigInt.asUintN(width, BigInt(a.value)), width };
}

/** m_One (scalar): the value 1. */
export const isOne = (v: Value): boolean => constIntBits(v)?.bits === 1n;
/** m_Zero (scalar). */
export const isZero = (v: Value): boolean => constIntBits(v)?.bits === 0n;
/** All ones (scalar), e.g. `true` for i1. */
export function isAllOnes(v: Value): boolean {
  const c = constIntBits(v);
  return !!c && c.bits === (1n << BigInt(c.width)) - 1n;
}

/** The op defining `v` when it is named `name`. */
export function defOp(v: Value, name: string): Operation | undefined {
  const d = v.definingOp;
  return d?.name === name ? d : undefined;
}
