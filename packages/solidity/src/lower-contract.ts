/**
 * `lowerToSol`: Solidity sources → solc-js standard JSON (typed AST, storage layout) → a
 * builtin.module holding one sol.contract per lowered contract: state variables of the
 * contract and all its bases with solc's storage slots and offsets (immutables: a memory word
 * each from 0x80 during construction), functions of its linearization (only the final
 * override of a virtual function is dispatched; selectors from the AST's functionSelector;
 * lower-inheritance.ts resolves virtual, `super` and `B.f` references for this contract), the
 * chain of base constructors (lower-ctors.ts), and getters for public state variables and
 * constants.
 *
 * Errors are solc's own (then nothing is lowered) followed by ours: an `UnsupportedFeature`
 * error at the source location of every construct we do not lower (public library functions,
 * external calls, try/catch, …); the module is meaningful only without errors.
 */
import { Block, Builder, Operation, StringAttr, TypeAttr, UnitAttr, FunctionType, IntegerAttr, IntegerType, type Type, type Value } from '@lifeline/ir';
import { allDialects, createRegistry } from '@lifeline/dialects';
import { ArrayType, MappingType, PtrType, StringType, StructType, isValueType, solDialect, withLocation } from '@lifeline/sol';
import { Unsupported, i1, ui256, type ContractCtx, type FunctionInfo } from './lower-base.js';
import { symRef } from './lower-expr.js';
import { FnLowerer } from './lower-stmt.js';
import { lowerWithModifiers, modifierInvocations, type MakeFunc } from './lower-modifiers.js';
import { buildInheritance } from './lower-inheritance.js';
import { lowerConstructors } from './lower-ctors.js';
import { compileForAst, internalError, parseSrc, unsupportedError, walkAst, type AstNode, type SolcError, type SolcOutput } from './solc.js';
import { canonicalSignature } from './abi-signature.js';

export interface LowerInput {
  sources: Record<string, string>;
  /** The contract to lower (by name); all deployable contracts when absent. */
  contract?: string;
}

export interface LowerResult {
  module: Operation;
  errors: SolcError[];
  /** solc's output (AST, ABI, storage layout) for the driver. */
  solc: SolcOutput;
}

const registry = createRegistry([...allDialects, solDialect]);

export function lowerToSol(input: LowerInput): LowerResult {
  const b = new Builder(registry);
  const module = b.create('builtin.module', { regions: 1 });
  module.regions[0]!.pushBlock(new Block());
  const out = compileForAst(input.sources);
  const errors: SolcError[] = [...(out.errors ?? [])];
  if (errors.some((e) => e.severity === 'error') || !out.sources) return { module, errors, solc: out };

  const ctx: ContractCtx = {
    registry, scope: { structs: new Map(), enums: new Map(), udvts: new Map() }, nodes: new Map(), stateVars: new Map(), functions: new Map(),
    files: new Map(), signatures: new Map(),
  };
  for (const [name, s] of Object.entries(out.sources)) {
    ctx.files.set(s.id, { name, text: input.sources[name] ?? '' });
    walkAst(s.ast, (n) => {
      ctx.nodes.set(n.id, n);
      if (n.nodeType === 'StructDefinition') ctx.scope.structs.set(n.canonicalName, n);
      if (n.nodeType === 'EnumDefinition') ctx.scope.enums.set(n.canonicalName, n);
      if (n.nodeType === 'UserDefinedValueTypeDefinition') ctx.scope.udvts.set(n.canonicalName, n);
    });
  }
  const report = (node: AstNode, message: string) => {
    const { start, length, file } = parseSrc(node.src);
    const f = ctx.files.get(file);
    errors.push(unsupportedError(message, f?.name ?? '', start, length, f?.text ?? ''));
  };
  for (const n of ctx.nodes.values()) {
    if (n.nodeType !== 'EventDefinition' && n.nodeType !== 'ErrorDefinition') continue;
    try {
      ctx.signatures.set(n.id, canonicalSignature(n, ctx.scope));
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
    }
  }

  for (const [file, s] of Object.entries(out.sources)) {
    for (const c of s.ast.nodes as AstNode[]) {
      if (c.nodeType !== 'ContractDefinition') continue;
      if (input.contract !== undefined ? c.name !== input.contract : c.contractKind !== 'contract' || c.abstract) continue;
      const layout = out.contracts?.[file]?.[c.name]?.storageLayout?.storage ?? [];
      try {
        lowerContract(b, module.regions[0]!.blocks[0]!, c, ctx, layout, report);
      } catch (e) {
        // A bug of ours must not crash the caller: it becomes an error at the contract.
        if (e instanceof Unsupported) report(e.node, e.message);
        else errors.push(internalError(`lowering ${c.name}: ${(e as Error)?.message ?? String(e)}`));
      }
    }
  }
  return { module, errors, solc: out };
}

type Layout = { astId: number; offset: number; slot: string }[];

function lowerContract(b: Builder, into: Block, c: AstNode, ctx: ContractCtx, layout: Layout, report: (n: AstNode, m: string) => void): void {
  if (c.contractKind !== 'contract') throw new Unsupported(c, `${c.contractKind === 'library' ? 'libraries' : 'interfaces'}`);
  if (c.abstract) throw new Unsupported(c, 'abstract contracts');
  // what this contract's linearization makes of its bases' members (lower-inheritance.ts)
  const inherit = buildInheritance(c, ctx);
  ctx.inherit = inherit;
  ctx.functions.clear();
  ctx.stateVars.clear();
  // the members of every base, most base first (as storage is laid out)
  const members = [...inherit.linearization].reverse().flatMap((x) => x.nodes as AstNode[]);
  b.setInsertionPointToEnd(into);
  const contract = b.create('sol.contract', { regions: 1, attributes: [['sym_name', new StringAttr(`${c.name}_${c.id}`)], ['kind', new StringAttr('contract')]] });
  const body = b.createBlock(contract.regions[0]!);
  const typer = new FnLowerer(ctx);
  const guard = (fn: () => void) => {
    try {
      fn();
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
      report(e.node, e.message);
    }
  };

  // State variables of every base (solc's storage layout) and the signatures of functions, before any body.
  const stateVars: AstNode[] = [];
  let immutables = 0;
  for (const m of members) {
    if (m.nodeType === 'VariableDeclaration' && !m.constant) {
      guard(() => {
        if (m.mutability === 'transient') throw new Unsupported(m, 'transient state variables');
        // an immutable (a value type) has no storage: the creation code keeps it in a memory
        // word from 0x80 (solc's layout: declaration order, most base contract first) — its "slot"
        const immutable = m.mutability === 'immutable';
        const entry = immutable ? { slot: String(0x80 + 32 * immutables++), offset: 0 } : layout.find((l) => l.astId === m.id);
        if (!entry) throw new Unsupported(m, 'this state variable');
        const type = typer.typeOf(m, 'Storage');
        if (type instanceof FunctionType) throw new Unsupported(m, 'state variables of function type');
        const sym = `${m.name}_${m.id}`;
        ctx.stateVars.set(m.id, { sym, type, node: m, loc: immutable ? 'Immutable' : 'Storage' });
        b.setInsertionPointToEnd(body);
        b.create('sol.state_var', {
          attributes: [
            ['sym_name', new StringAttr(sym)], ['type', new TypeAttr(type)],
            ['slot', new IntegerAttr(BigInt(entry.slot), IntegerType.get(64))], ['offset', new IntegerAttr(entry.offset, IntegerType.get(64))],
            ...(immutable ? [['immutable', UnitAttr.instance] as [string, UnitAttr]] : []),
          ],
        });
        stateVars.push(m);
      });
    }
  }
  // Functions of every base: unimplemented ones never run, constructors are the chain below, an
  // overridden external (or receive / fallback) one is unreachable, an overridden public one
  // stays callable as `super.f()` / `B.f()` but leaves the dispatcher to its override.
  const functions: AstNode[] = [];
  const dispatched = new Set<number>();
  const own = members.filter((m) => {
    if (m.nodeType !== 'FunctionDefinition' || !m.implemented || m.kind === 'constructor') return false;
    const final = inherit.resolve(m.id) === m.id;
    if (final) dispatched.add(m.id);
    return final || (m.kind === 'function' && m.visibility !== 'external');
  });
  // helpers called anywhere in the linearization: functions, constructors, modifiers, initializers, base arguments
  for (const m of [...own, ...calledHelpers(inherit.linearization, ctx)]) {
    guard(() => {
      if (!m.implemented) throw new Unsupported(m, 'functions without implementation');
      const params = (m.parameters.parameters as AstNode[]).map((p) => typer.typeOf(p));
      const results = (m.returnParameters.parameters as AstNode[]).map((p) => typer.typeOf(p));
      ctx.functions.set(m.id, { sym: `${m.name || m.kind}_${m.id}`, params, results, node: m });
      functions.push(m);
    });
  }

  const mk: MakeFunc = (sym, params, results, attrs) => makeFunc(b, body, sym, params, results, attrs);
  lowerConstructors({
    ctx, inherit, makeFunc: mk, guard,
    initializers: (x) => stateVars.filter((v) => v.value && v.scope === x.id),
    runInitializers: initializers,
  });
  for (const f of functions) {
    const info = ctx.functions.get(f.id)!;
    guard(() => {
      const external = f.visibility === 'external' || f.visibility === 'public';
      const attrs: [string, string][] = [['state_mutability', f.stateMutability], ['visibility', external && !dispatched.has(f.id) ? 'internal' : f.visibility]];
      if (f.kind !== 'function') attrs.push(['kind', f.kind]);
      if (f.name) attrs.push(['orig_name', f.name]);
      if (f.functionSelector && dispatched.has(f.id)) attrs.push(['selector', `0x${f.functionSelector}`]);
      const mods = modifierInvocations(f, ctx);
      if (mods.length) {
        lowerWithModifiers(ctx, f, info, mods, attrs, mk);
        return;
      }
      const fn = makeFunc(b, body, info.sym, info.params, info.results, attrs);
      const l = new FnLowerer(ctx);
      try {
        l.lowerBody(fn, f, info.params, info.results);
      } catch (e) {
        fn.erase();
        throw e;
      }
    });
  }
  for (const v of stateVars) {
    if (v.visibility === 'public') guard(() => getter(b, body, v, ctx));
  }
  for (const m of members) {
    if (m.nodeType === 'VariableDeclaration' && m.constant && m.visibility === 'public') guard(() => constantGetter(b, body, m, ctx));
  }
}

/**
 * The internal library functions and free functions the contract's functions call,
 * transitively (directly, as `L.f(…)`, or bound by `using … for`): solc compiles them into
 * the contract as internal functions, and so do we. A public or external library function
 * would be a DELEGATECALL into a deployed library; it is not lowered, and a call of it is
 * an UnsupportedFeature error at the call.
 */
function calledHelpers(roots: AstNode[], ctx: ContractCtx): AstNode[] {
  const seen = new Set<number>(roots.map((f) => f.id));
  const found: AstNode[] = [];
  const scan = (node: AstNode) => walkAst(node, (n) => {
    const ref = n.referencedDeclaration;
    if (typeof ref !== 'number' || seen.has(ref)) return;
    const d = ctx.nodes.get(ref);
    if (d?.nodeType !== 'FunctionDefinition') return;
    const owner = ctx.nodes.get(d.scope as number);
    const library = owner?.nodeType === 'ContractDefinition' && owner.contractKind === 'library';
    if (!(d.kind === 'freeFunction' || (library && (d.visibility === 'internal' || d.visibility === 'private')))) return;
    seen.add(ref);
    found.push(d);
    scan(d);
  });
  for (const f of roots) scan(f);
  return found;
}

function makeFunc(b: Builder, body: Block, sym: string, params: Type[], results: Type[], attrs: [string, string][]): Operation {
  b.setInsertionPointToEnd(body);
  return b.create('sol.func', {
    regions: 1,
    attributes: [
      ['sym_name', new StringAttr(sym)], ['function_type', new TypeAttr(FunctionType.get(params, results))],
      ...attrs.map(([k, v]) => [k, new StringAttr(v)] as [string, StringAttr]),
    ],
  });
}

function initializers(l: FnLowerer, inits: AstNode[]): void {
  for (const v of inits) {
    const sv = l.ctx.stateVars.get(v.id)!;
    const value = l.expr(v.value, l.valueTarget(sv.type));
    l.assignTo(l.stateVarPtr(v, v.id), l.adapt(value, sv.type, v), v);
  }
}

/** The getter of a public constant: no storage behind it, it returns the initializer's value. */
function constantGetter(b: Builder, body: Block, v: AstNode, ctx: ContractCtx): void {
  const l = new FnLowerer(ctx);
  const t = l.typeOf(v);
  if (!isValueType(t) && !(t instanceof StringType)) throw new Unsupported(v, `a getter returning ${t}`);
  const fn = makeFunc(b, body, `get_${v.name}_${v.id}`, [], [t], [
    ['kind', 'getter'], ['orig_name', v.name], ['selector', `0x${v.functionSelector}`], ['state_mutability', 'view'], ['visibility', 'external'],
  ]);
  l.b.createBlock(fn.regions[0]!, []);
  l.op('sol.return', [l.constantValue(v)]);
}

/** The getter of a public state variable: one parameter per mapping key / array index. */
function getter(b: Builder, body: Block, v: AstNode, ctx: ContractCtx): void {
  const sv = ctx.stateVars.get(v.id)!;
  const params: Type[] = [];
  let t = sv.type;
  for (;;) {
    if (t instanceof MappingType) {
      params.push(isValueType(t.keyType) ? t.keyType : t.keyType instanceof StringType ? StringType.get('Memory') : t.keyType);
      t = t.valType;
    } else if (t instanceof ArrayType) {
      params.push(ui256);
      t = t.eltType;
    } else break;
  }
  // a struct is returned member by member, without its mappings and (non-byte) arrays, as solc does
  const members = t instanceof StructType ? t.memberTypes.map((m, i) => [m, i] as const).filter(([m]) => !(m instanceof MappingType) && !(m instanceof ArrayType)) : [];
  if (t instanceof StructType && !members.length) throw new Unsupported(v, 'a getter of a struct without returnable members');
  if (!isValueType(t) && !(t instanceof StringType) && !(t instanceof StructType)) throw new Unsupported(v, `a getter returning ${t}`);
  const memoryOf = (x: Type) => (isValueType(x) ? x : withLocation(x, 'Memory'));
  const results = t instanceof StructType ? members.map(([m]) => memoryOf(m)) : [memoryOf(t)];
  const info: FunctionInfo = { sym: `${v.name}_${v.id}`, params, results, node: v };
  const fn = makeFunc(b, body, `get_${info.sym}`, params, results, [
    ['kind', 'getter'], ['orig_name', v.name], ['selector', `0x${v.functionSelector}`], ['state_mutability', 'view'], ['visibility', 'external'],
  ]);
  const l = new FnLowerer(ctx);
  const entry = l.b.createBlock(fn.regions[0]!, params);
  let ref = l.load(l.val('sol.addr_of', [], PtrType.get(sv.type, sv.loc), [['var', symRef(sv.sym)]]));
  params.forEach((_, i) => {
    const key = entry.arguments[i]!;
    const cur = ref.type;
    if (cur instanceof MappingType) ref = l.load(l.val('sol.map', [ref, key], PtrType.get(cur.valType, 'Storage')));
    else if (cur instanceof ArrayType) {
      // getters reject an index out of bounds with empty revert data, not a Panic
      const len = cur.isDynamic ? l.val('sol.length', [ref], ui256) : l.constant(BigInt(cur.size), ui256);
      const oob = l.op('sol.cmp', [key, len], [i1], [['predicate', new StringAttr('ge')]]).result(0);
      const ifOp = l.op('sol.if', [oob], [], [], 2);
      l.inRegion(ifOp.regions[0]!, () => l.op('sol.revert'));
      ref = l.load(l.val('sol.gep', [ref, key], PtrType.get(cur.eltType, 'Storage'), [l.unit('no_panic_bounds')]));
    }
  });
  const out = (x: Value, want: Type) => (x.type === want ? x : l.val('sol.data_loc_cast', [x], want));
  if (ref.type instanceof StructType) {
    const vals = members.map(([m, i], k) => out(l.load(l.val('sol.gep', [ref, l.constant(BigInt(i), IntegerType.get(64, 'unsigned'))], PtrType.get(m, 'Storage'))), results[k]!));
    l.op('sol.return', vals);
  } else l.op('sol.return', [out(ref, results[0]!)]);
}
