/**
 * Functions with modifiers, in the shape solc's IR generator gives them (so gas and
 * semantics follow it). For `function f(P) m1(a1) … mk(ak) returns (R)`:
 *  (M1) `f` zero-initialises its return variables and returns `f_m1(R, P)`;
 *  (M2) `f_mi(Rin, P)` starts with R := Rin, evaluates its invocation's arguments `ai` with
 *       f's parameters in scope, binds them to the modifier's parameters and runs the
 *       modifier's body, where each `_` is R := f_m(i+1)(Rin, P) (the incoming R every time,
 *       as solc passes it), and a `return` or the end returns R;
 *  (M3) the last level, `f_inner(Rin, P)`, is f's body with its return variables starting
 *       at Rin.
 * The levels are internal functions; only `f` keeps the selector.
 */
import type { Operation, Type, Value } from '@lifeline/ir';
import { Unsupported, virtualTarget, type AstNode, type ContractCtx, type FunctionInfo } from './lower-base.js';
import { symRef } from './lower-expr.js';
import { FnLowerer } from './lower-stmt.js';

export type MakeFunc = (sym: string, params: Type[], results: Type[], attrs: [string, string][]) => Operation;

/**
 * The modifier invocations of `f`; a constructor's base constructor specifiers (`B(x)`) are
 * not modifiers (lower-ctors.ts evaluates them).
 */
export function modifierInvocations(f: AstNode, ctx: ContractCtx): AstNode[] {
  const list = ((f.modifiers as AstNode[] | undefined) ?? []).filter((m) => m.kind !== 'baseConstructorSpecifier');
  for (const m of list) {
    if (modifierDecl(m, ctx)?.nodeType !== 'ModifierDefinition') throw new Unsupported(m, 'this modifier invocation');
  }
  return list;
}

/** The modifier an invocation runs: virtual modifiers resolve to the final override in the lowered contract. */
export function modifierDecl(m: AstNode, ctx: ContractCtx): AstNode | undefined {
  return ctx.nodes.get(virtualTarget(ctx, m.modifierName?.referencedDeclaration as number));
}

/** The symbol of level `i` of `info`'s modifier chain (the first modifier is level 0). */
export function modifierLevel(info: FunctionInfo, mods: AstNode[], i: number): string {
  return i < mods.length ? `${info.sym}_m${i + 1}` : `${info.sym}_inner`;
}

export function lowerWithModifiers(ctx: ContractCtx, f: AstNode, info: FunctionInfo, mods: AstNode[], attrs: [string, string][], makeFunc: MakeFunc): void {
  const { params, results } = info;
  // (M1)
  {
    const l = new FnLowerer(ctx);
    const fn = makeFunc(info.sym, params, results, attrs);
    const { block } = l.enter(fn, f, params, results, false);
    const out = l.op('sol.call', [...l.returnValues(), ...block.arguments], results, [['callee', symRef(modifierLevel(info, mods, 0))]]).results;
    l.op('sol.return', out);
  }
  lowerModifierLevels(ctx, f, info, mods, makeFunc);
}

/**
 * The levels (M2) and (M3) of `f`'s modifier chain; a constructor enters them from its
 * constructor_<C> function after the base constructors and initializers (lower-ctors.ts), as
 * solc does.
 */
export function lowerModifierLevels(ctx: ContractCtx, f: AstNode, info: FunctionInfo, mods: AstNode[], makeFunc: MakeFunc): void {
  const { params, results } = info;
  const level = (i: number) => modifierLevel(info, mods, i);
  const internal: [string, string][] = [['state_mutability', f.stateMutability], ['visibility', 'internal']];
  // (M2)
  mods.forEach((m, i) => {
    const decl = modifierDecl(m, ctx)!;
    const l = new FnLowerer(ctx);
    // f's parameters in scope for the arguments; R starts at Rin (the modifier body cannot name it)
    const { block, paramSlots } = l.enter(makeFunc(level(i), [...results, ...params], results, internal), f, params, results, true);
    const rIn = block.arguments.slice(0, results.length);
    const formal = decl.parameters.parameters as AstNode[];
    const actual = (m.arguments as AstNode[] | null) ?? [];
    const types = formal.map((p) => l.typeOf(p));
    const values = actual.map((a, k) => l.adapt(l.expr(a, l.valueTarget(types[k]!)), types[k]!, a));
    formal.forEach((p, k) => {
      const s = l.slot(types[k]!);
      l.op('sol.store', [values[k]!, s]);
      l.slots.set(p.id, s);
    });
    l.placeholder = () => {
      const args: Value[] = [...rIn, ...paramSlots.map((s) => l.load(s))];
      const out = l.op('sol.call', args, results, [['callee', symRef(level(i + 1))]]).results;
      l.setReturnValues(out);
    };
    l.statements(decl.body.statements as AstNode[]);
    if (!l.terminated) l.implicitReturn();
  });
  // (M3)
  const inner = new FnLowerer(ctx);
  inner.lowerBody(makeFunc(level(mods.length), [...results, ...params], results, internal), f, params, results, undefined, true);
}
