/**
 * Inheritance, resolved per lowered contract: what a call, a modifier invocation or a
 * dispatcher entry means in the linearization of the contract being lowered (solc's
 * `linearizedBaseContracts`, most derived first). A base function compiled into two derived
 * contracts can resolve differently in each (a virtual call, `super.f()`), so this is
 * context of the lowering, not of the AST.
 *
 *  - families: functions, modifiers and public state variables joined by the AST's
 *    `baseFunctions` / `baseModifiers` (an override and what it overrides); the final
 *    implementation of a family is its member in the first contract of the linearization
 *    that implements it;
 *  - `f(…)` (virtual) → the final implementation of f's family; `B.f(…)` → exactly B's f;
 *    `super.f(…)` → the first implementation of f's family in a contract after the one that
 *    contains the call (the lowered contract's linearization, not the base's own);
 *  - base constructor arguments: who specifies them (an inheritance specifier `is B(1)` or a
 *    constructor's `B(x)`), and which ones each base constructor receives from a more
 *    derived one (solc's `constructor_<B>` takes its own parameters, then the arguments of
 *    later bases specified above it, and evaluates the ones it specifies itself).
 */
import type { AstNode, ContractCtx } from './lower-base.js';
import { walkAst } from './solc.js';

export interface Inheritance {
  /** The lowered contract's linearization, most derived first. */
  linearization: AstNode[];
  /** The declaration a virtual reference to `id` (function or modifier) runs in this contract. */
  resolve(id: number): number;
  /** `super.f` written inside contract `from`, where the AST names `id`: the function it runs (undefined: none). */
  superOf(id: number, from: number): number | undefined;
  /** The contract (AST id) a node belongs to. */
  ownerOf(nodeId: number): number | undefined;
  /** The arguments `by` gives to base `base`'s constructor (undefined: it gives none). */
  baseArgs(by: AstNode, base: AstNode): AstNode[] | undefined;
}

/** Whether a family member is an implementation (a body, or a public state variable's getter). */
function implemented(n: AstNode): boolean {
  if (n.nodeType === 'FunctionDefinition') return !!n.implemented;
  if (n.nodeType === 'ModifierDefinition') return !!n.body;
  return n.nodeType === 'VariableDeclaration';
}

export function buildInheritance(c: AstNode, ctx: ContractCtx): Inheritance {
  const linearization = (c.linearizedBaseContracts as number[]).map((id) => ctx.nodes.get(id)!).filter(Boolean);
  const index = new Map(linearization.map((x, i) => [x.id, i] as const));
  const owner = new Map<number, number>();
  for (const x of linearization) walkAst(x.nodes, (n) => owner.set(n.id, x.id));

  // union-find over overriding members
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    const p = parent.get(x);
    if (p === undefined || p === x) return x;
    const r = find(p);
    parent.set(x, r);
    return r;
  };
  const members: AstNode[] = [];
  for (const x of linearization) {
    for (const m of x.nodes as AstNode[]) {
      const bases = (m.baseFunctions ?? m.baseModifiers) as number[] | undefined;
      if (m.nodeType !== 'FunctionDefinition' && m.nodeType !== 'ModifierDefinition' && !(m.nodeType === 'VariableDeclaration' && bases)) continue;
      members.push(m);
      parent.set(m.id, find(m.id));
      for (const bId of bases ?? []) parent.set(find(bId), find(m.id));
    }
  }
  const firstImpl = (family: number, from: number): number | undefined => {
    for (let i = from; i < linearization.length; i++) {
      for (const m of linearization[i]!.nodes as AstNode[]) {
        if (parent.has(m.id) && find(m.id) === family && implemented(m)) return m.id;
      }
    }
    return undefined;
  };
  const resolved = new Map<number, number>();
  const resolve = (id: number): number => {
    if (!parent.has(id)) return id; // library, free function, or not a member of this linearization
    let r = resolved.get(id);
    if (r === undefined) {
      r = firstImpl(find(id), 0) ?? id;
      resolved.set(id, r);
    }
    return r;
  };
  return {
    linearization,
    resolve,
    superOf: (id, from) => (parent.has(id) && index.has(from) ? firstImpl(find(id), index.get(from)! + 1) : undefined),
    ownerOf: (nodeId) => owner.get(nodeId),
    baseArgs: (by, base) => {
      for (const s of by.baseContracts as AstNode[]) {
        if (s.baseName?.referencedDeclaration === base.id && (s.arguments as AstNode[] | null)?.length) return s.arguments as AstNode[];
      }
      for (const m of (constructorOf(by)?.modifiers as AstNode[] | undefined) ?? []) {
        if (m.modifierName?.referencedDeclaration === base.id && (m.arguments as AstNode[] | null)?.length) return m.arguments as AstNode[];
      }
      return undefined;
    },
  };
}

/** The constructor of contract `x` (undefined: it has none). */
export function constructorOf(x: AstNode): AstNode | undefined {
  return (x.nodes as AstNode[]).find((m) => m.nodeType === 'FunctionDefinition' && m.kind === 'constructor');
}

/** The parameters of `x`'s constructor. */
export function ctorParams(x: AstNode): AstNode[] {
  return (constructorOf(x)?.parameters.parameters as AstNode[] | undefined) ?? [];
}

/**
 * The constructor chain, shaped like solc's: for each contract of the linearization, the
 * bases whose arguments it evaluates (`evaluates`, in linearization order) and the bases
 * whose arguments it receives from above after its own parameters (`passed`, in
 * linearization order).
 */
export interface CtorPlan {
  contract: AstNode;
  evaluates: { base: AstNode; args: AstNode[] }[];
  passed: AstNode[];
}

export function constructorPlan(inh: Inheritance): CtorPlan[] {
  const lin = inh.linearization;
  return lin.map((x, i) => {
    const evaluates: CtorPlan['evaluates'] = [];
    for (const base of lin.slice(i + 1)) {
      const args = inh.baseArgs(x, base);
      if (args) evaluates.push({ base, args });
    }
    // bases after x whose arguments a contract before x gives
    const passed = lin.slice(i + 1).filter((base) => lin.slice(0, i).some((y) => inh.baseArgs(y, base)));
    return { contract: x, evaluates, passed };
  });
}
