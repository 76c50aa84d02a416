/**
 * Semantic checks of sil ops (a subset of Swift's SILVerifier), run by the IR verifier after
 * its generic checks (operand counts, terminator placement, dominance). Specification:
 *
 * (1) Aggregates: `struct` has one operand per field of its struct type, of the field's type;
 *     `tuple` operands are the result's element types; `struct_extract` / `tuple_extract`
 *     name a field / an element of the operand's type and return its type.
 * (2) Enums: `enum` names a case of its result type, with an operand of the payload type iff
 *     the case has a payload; `unchecked_enum_data` names a payload case and returns the payload.
 * (3) `switch_enum` operates on an enum, names each case at most once, and covers every case
 *     unless it has a default. A case successor takes no argument or one of the payload type;
 *     the default takes none, or (OSSA) one of the operand's type.
 * (4) `checked_cast_br`: the success block takes one argument of the target type; the failure
 *     block none, or (OSSA) one of the operand's type.
 * (5) Branches: `br` / `cond_br` pass as many operands as the target has arguments, of the same
 *     types; `cond_br`'s and `cond_fail`'s condition is Builtin.Int1.
 * (6) Functions: the entry block's arguments are the function type's indirect results and
 *     parameters (`applyArgumentTypes`); `return` returns the function's result type.
 * (7) `apply` passes `applyArgumentTypes(callee)` and returns the callee's result type;
 *     `function_ref` names a sil.function of the same type.
 * (8) `strong_retain` / `strong_release` take a reference type; `store` stores a value of the
 *     destination's object type; `integer_literal` has a Builtin integer type.
 */
import { ArrayAttr, IntegerAttr, StringAttr, SymbolRefAttr, TypeAttr, type Block, type Operation, type Value, type VerifyContext } from '@lifeline/ir';
import { functionTypeOf } from './sil-control.js';
import { applyArgumentTypes } from './sil-syntax.js';
import { SilTypeInfo } from './sil-type-info.js';
import { SilType } from './sil-types.js';

type Check = (op: Operation, ctx: VerifyContext) => string | undefined;

const infos = new WeakMap<Operation, { count: number; info: SilTypeInfo }>();

/** The declarations of the module `op` is in (rebuilt when the module's top level changed). */
function infoFor(op: Operation): SilTypeInfo {
  let m = op;
  while (m.parentOp) m = m.parentOp;
  const count = m.regions[0]?.blocks[0]?.size ?? 0;
  let e = infos.get(m);
  if (!e || e.count !== count) infos.set(m, (e = { count, info: SilTypeInfo.of(m) }));
  return e.info;
}

const ty = (v: Value | { type: unknown }): SilType => v.type as SilType;
const $ = (t: SilType | undefined): string => (t ? `$${t.sil}` : '<none>');
function last(ref: string): string { return ref.slice(ref.lastIndexOf('.') + 1); }
function attr(op: Operation, name: string): string {
  const a = op.getAttr(name);
  return a instanceof StringAttr ? a.value : '';
}

function blockArgs(dest: Block, types: readonly SilType[], what: string): string | undefined {
  if (dest.arguments.length !== types.length) {
    return `${what} passes ${types.length} arguments, but the target block has ${dest.arguments.length}`;
  }
  for (let k = 0; k < types.length; k++) {
    if (dest.arguments[k]!.type !== types[k]) return `${what}: argument #${k} has type ${$(types[k])}, but the target block argument has ${$(ty(dest.arguments[k]!))}`;
  }
  return undefined;
}

/** (5) */
function branchCheck(op: Operation): string | undefined {
  const br = op.def!.spec.branch!;
  for (let i = 0; i < op.successors.length; i++) {
    const e = blockArgs(op.successors[i]!, br.successorOperands(op, i).map(ty), `successor #${i}`);
    if (e) return e;
  }
  if (op.name === 'sil.cond_br' && ty(op.operand(0)) !== SilType.builtin('Int1')) return `condition must be $Builtin.Int1, found ${$(ty(op.operand(0)))}`;
  return undefined;
}

const checks: Record<string, Check> = {
  // (1)
  struct(op) {
    const fields = infoFor(op).structFields(ty(op.result(0)));
    if (!fields) return `result type ${$(ty(op.result(0)))} is not a struct`;
    if (fields.length !== op.operands.length) return `struct ${$(ty(op.result(0)))} has ${fields.length} fields, but ${op.operands.length} operands were given`;
    const bad = fields.findIndex((f, i) => f.type !== ty(op.operand(i)));
    return bad < 0 ? undefined : `operand #${bad} has type ${$(ty(op.operand(bad)))}, but field '${fields[bad]!.name}' has ${$(fields[bad]!.type)}`;
  },
  struct_extract(op) {
    const name = last(attr(op, 'field'));
    const f = infoFor(op).structFields(ty(op.operand(0)))?.find((x) => x.name === name);
    if (!f) return `operand type ${$(ty(op.operand(0)))} has no field '${name}'`;
    return f.type === ty(op.result(0)) ? undefined : `result type ${$(ty(op.result(0)))} is not the type of field '${name}', ${$(f.type)}`;
  },
  tuple(op) {
    const t = ty(op.result(0));
    if (t.kind !== 'tuple' || t.args.length !== op.operands.length || t.args.some((a, i) => a !== ty(op.operand(i)))) {
      return `result type ${$(t)} does not match the operand types`;
    }
    return undefined;
  },
  tuple_extract(op) {
    const elems = infoFor(op).tupleElements(ty(op.operand(0)));
    const index = op.getAttr('index');
    const i = index instanceof IntegerAttr ? Number(index.value) : -1;
    if (!elems || i < 0 || i >= elems.length) return `operand type ${$(ty(op.operand(0)))} has no element ${i}`;
    return elems[i] === ty(op.result(0)) ? undefined : `result type ${$(ty(op.result(0)))} is not element ${i}'s type ${$(elems[i])}`;
  },
  // (2)
  enum(op) {
    const name = last(attr(op, 'case'));
    const c = infoFor(op).enumCases(ty(op.result(0)))?.find((x) => x.name === name);
    if (!c) return `result type ${$(ty(op.result(0)))} has no case '${name}'`;
    if (!c.payload !== !op.operands.length) return c.payload ? `case '${name}' needs a payload of type ${$(c.payload)}` : `case '${name}' has no payload`;
    return c.payload && ty(op.operand(0)) !== c.payload ? `payload has type ${$(ty(op.operand(0)))}, but case '${name}' has ${$(c.payload)}` : undefined;
  },
  unchecked_enum_data(op) {
    const name = last(attr(op, 'case'));
    const c = infoFor(op).enumCases(ty(op.operand(0)))?.find((x) => x.name === name);
    if (!c?.payload) return `operand type ${$(ty(op.operand(0)))} has no case '${name}' with a payload`;
    return c.payload === ty(op.result(0)) ? undefined : `result type ${$(ty(op.result(0)))} is not the payload type ${$(c.payload)}`;
  },
  // (3)
  switch_enum(op) {
    const operand = ty(op.operand(0));
    const cases = infoFor(op).enumCases(operand);
    if (!cases) return `operand type ${$(operand)} is not an enum`;
    const names = ((op.getAttr('cases') as ArrayAttr).elements as StringAttr[]).map((c) => last(c.value));
    const hasDefault = !!op.getAttr('has_default');
    if (op.successors.length !== names.length + (hasDefault ? 1 : 0)) return 'expects one successor per case (and one for the default)';
    const seen = new Set<string>();
    for (let i = 0; i < names.length; i++) {
      const c = cases.find((x) => x.name === names[i]);
      if (!c) return `type ${$(operand)} has no case '${names[i]}'`;
      if (seen.has(c.name)) return `case '${c.name}' is switched on twice`;
      seen.add(c.name);
      const args = op.successors[i]!.arguments;
      if (args.length > 1 || (args.length === 1 && (!c.payload || args[0]!.type !== c.payload))) {
        return `the destination of case '${c.name}' must take ${c.payload ? `no argument or one of type ${$(c.payload)}` : 'no argument'}`;
      }
    }
    if (!hasDefault && seen.size !== cases.length) return `does not cover case '${cases.find((c) => !seen.has(c.name))!.name}' and has no default`;
    if (hasDefault) {
      const args = op.successors[op.successors.length - 1]!.arguments;
      if (args.length > 1 || (args.length === 1 && args[0]!.type !== operand)) return `the default destination must take no argument or one of type ${$(operand)}`;
    }
    return undefined;
  },
  // (4)
  checked_cast_br(op) {
    const a = op.getAttr('target_type');
    const target = a instanceof TypeAttr ? (a.value as SilType) : undefined;
    const s = op.successors[0]!.arguments;
    if (s.length !== 1 || s[0]!.type !== target) return `the success destination must take one argument of type ${$(target)}`;
    const f = op.successors[1]!.arguments;
    if (f.length > 1 || (f.length === 1 && f[0]!.type !== op.operand(0).type)) return `the failure destination must take no argument or one of type ${$(ty(op.operand(0)))}`;
    return undefined;
  },
  br: branchCheck,
  cond_br: branchCheck,
  cond_fail: (op) => (ty(op.operand(0)) === SilType.builtin('Int1') ? undefined : `condition must be $Builtin.Int1, found ${$(ty(op.operand(0)))}`),
  // (6)
  return(op) {
    const fn = op.parentOp;
    const ft = fn && functionTypeOf(fn);
    if (!ft || ft.kind !== 'function') return undefined;
    return ft.applyResultType === ty(op.operand(0)) ? undefined : `returns ${$(ty(op.operand(0)))}, but the function returns ${$(ft.applyResultType)}`;
  },
  function(op) {
    const ft = functionTypeOf(op);
    const entry = op.regions[0]!.blocks[0];
    if (!ft || ft.kind !== 'function' || !entry) return undefined;
    const expected = applyArgumentTypes(ft);
    if (entry.arguments.length !== expected.length) return `entry block has ${entry.arguments.length} arguments, but the function type takes ${expected.length}`;
    const bad = expected.findIndex((t, i) => entry.arguments[i]!.type !== t);
    return bad < 0 ? undefined : `entry block argument #${bad} has type ${$(ty(entry.arguments[bad]!))}, but the function type says ${$(expected[bad])}`;
  },
  // (7)
  apply(op) {
    const ft = ty(op.operand(0));
    if (ft.kind !== 'function') return undefined;
    const expected = applyArgumentTypes(ft);
    if (op.operands.length - 1 !== expected.length) return `callee takes ${expected.length} arguments, but ${op.operands.length - 1} were given`;
    const bad = expected.findIndex((t, i) => op.operand(i + 1).type !== t);
    if (bad >= 0) return `argument #${bad} has type ${$(ty(op.operand(bad + 1)))}, but the callee takes ${$(expected[bad])}`;
    return ft.applyResultType === ty(op.result(0)) ? undefined : `result type ${$(ty(op.result(0)))} is not the callee's ${$(ft.applyResultType)}`;
  },
  function_ref(op, ctx) {
    const ref = op.getAttr('function');
    if (!(ref instanceof SymbolRefAttr)) return 'requires a function symbol';
    const fn = ctx.symbols.lookupNearest(op, ref);
    if (!fn || fn.name !== 'sil.function') return `refers to an undefined function '@${ref.root}'`;
    return functionTypeOf(fn) === ty(op.result(0)) ? undefined : `result type ${$(ty(op.result(0)))} is not the type of '@${ref.root}', ${$(functionTypeOf(fn))}`;
  },
  // (8)
  strong_retain: (op) => (infoFor(op).isReference(ty(op.operand(0))) ? undefined : `operand type ${$(ty(op.operand(0)))} is not a reference type`),
  strong_release: (op) => (infoFor(op).isReference(ty(op.operand(0))) ? undefined : `operand type ${$(ty(op.operand(0)))} is not a reference type`),
  store: (op) => (ty(op.operand(1)).objectType === ty(op.operand(0)) ? undefined : `stores ${$(ty(op.operand(0)))} into ${$(ty(op.operand(1)))}`),
  integer_literal: (op) => (ty(op.result(0)).builtinIntWidth !== undefined || ty(op.result(0)).name === 'IntLiteral' ? undefined : `type ${$(ty(op.result(0)))} is not a Builtin integer type`),
};

/** The check of sil op `sil.<name>`, if it has one. */
export function silVerifier(opName: string): Check | undefined {
  return checks[opName.slice(4)];
}
