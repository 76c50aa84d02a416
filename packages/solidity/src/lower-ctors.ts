/**
 * The constructor chain of a contract with bases, in the shape solc's IR generator gives it
 * (one `constructor_<X>` per contract X of the linearization), so the evaluation order — and
 * the gas after solc's optimizer inlines them — match:
 *
 *   constructor_X(own parameters, arguments of later bases passed down from above) {
 *     evaluate the base constructor arguments X specifies (inheritance specifiers and its
 *       constructor's `B(…)`), in linearization order;
 *     constructor_<next base>(its arguments, the later bases' arguments it is passed);
 *     X's state variable initializers;
 *     X's constructor body
 *   }
 *
 * The most derived contract's is the deployed constructor (kind = constructor, its
 * parameters ABI-decoded from the creation code); the bases' are internal sol.funcs. A
 * contract of the chain with nothing to do (and nothing to do below it) gets no function.
 */
import type { Operation, Value } from '@lifeline/ir';
import type { AstNode, ContractCtx } from './lower-base.js';
import { symRef } from './lower-expr.js';
import { constructorOf, constructorPlan, ctorParams, type Inheritance } from './lower-inheritance.js';
import { lowerModifierLevels, modifierInvocations, modifierLevel, type MakeFunc } from './lower-modifiers.js';
import { FnLowerer } from './lower-stmt.js';

export interface CtorInput {
  ctx: ContractCtx;
  inherit: Inheritance;
  /** The state variables with initializers, by contract id (the ones lowered). */
  initializers: (contract: AstNode) => AstNode[];
  makeFunc: MakeFunc;
  /** Runs the state variable initializers into `l`. */
  runInitializers: (l: FnLowerer, inits: AstNode[]) => void;
  /** Reports an UnsupportedFeature of one contract's constructor without stopping the others. */
  guard: (fn: () => void) => void;
}

export function lowerConstructors(input: CtorInput): void {
  const { ctx, inherit, initializers, makeFunc, runInitializers, guard } = input;
  const plan = constructorPlan(inherit);
  const hasWork = plan.map((p) => !!constructorOf(p.contract) || initializers(p.contract).length > 0 || p.evaluates.length > 0);
  const needed = hasWork.slice();
  for (let i = plan.length - 2; i >= 0; i--) needed[i] = needed[i] || needed[i + 1]!;
  if (!needed[0]) return;
  const typer = new FnLowerer(ctx);
  const typesOf = (ps: AstNode[]) => ps.map((p) => typer.typeOf(p));
  const sym = (i: number) => (i === 0 ? `constructor_${plan[0]!.contract.id}` : `constructor_${plan[i]!.contract.name}_${plan[i]!.contract.id}`);

  plan.forEach((p, i) => {
    if (!needed[i]) return;
    guard(() => {
      const x = p.contract;
      const ctor = constructorOf(x);
      const mods = ctor ? modifierInvocations(ctor, ctx) : [];
      const own = typesOf(ctorParams(x));
      const passedTypes = p.passed.map((b) => typesOf(ctorParams(b)));
      const params = [...own, ...passedTypes.flat()];
      const attrs: [string, string][] = i === 0
        ? [['kind', 'constructor'], ['state_mutability', ctor?.stateMutability ?? 'nonpayable'], ['visibility', 'public']]
        : [['state_mutability', 'nonpayable'], ['visibility', 'internal']];
      const fn: Operation = makeFunc(sym(i), params, [], attrs);
      const l = new FnLowerer(ctx);
      try {
        const entered = ctor ? l.enter(fn, ctor, params, [], false) : undefined;
        const block = entered?.block ?? l.b.createBlock(fn.regions[0]!, params);
        const saved = l.b.loc;
        l.b.loc = l.loc(ctor ?? x);
        // the arguments this contract specifies, in linearization order, then the ones passed down
        const values = new Map<number, Value[]>();
        for (const { base, args } of p.evaluates) {
          const want = typesOf(ctorParams(base));
          values.set(base.id, args.map((a, k) => l.adapt(l.expr(a, l.valueTarget(want[k]!)), want[k]!, a)));
        }
        let at = own.length;
        p.passed.forEach((b, k) => {
          values.set(b.id, block.arguments.slice(at, at + passedTypes[k]!.length));
          at += passedTypes[k]!.length;
        });
        const next = plan[i + 1];
        if (next && needed[i + 1]) {
          const args: Value[] = [...(values.get(next.contract.id) ?? []), ...next.passed.flatMap((b) => values.get(b.id) ?? [])];
          l.op('sol.call', args, [], [['callee', symRef(sym(i + 1))]]);
        }
        l.b.loc = saved;
        runInitializers(l, initializers(x));
        if (ctor && mods.length) {
          // modifiers wrap the body only: base constructors and initializers have run
          const info = { sym: `${sym(i)}_body`, params: own, results: [], node: ctor };
          l.op('sol.call', entered!.paramSlots.map((slot) => l.load(slot)), [], [['callee', symRef(modifierLevel(info, mods, 0))]]);
          l.op('sol.return');
          lowerModifierLevels(ctx, ctor, info, mods, makeFunc);
          return;
        }
        if (ctor) l.statements(ctor.body.statements as AstNode[]);
        if (!l.terminated) l.implicitReturn();
      } catch (e) {
        fn.erase();
        throw e;
      }
    });
  });
}

