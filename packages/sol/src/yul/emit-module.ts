/**
 * emitYul(module, contractName): a sol module → one Yul object in solc's IR layout
 * (object.ts). The creation object runs the constructor (its arguments are ABI-decoded from
 * the end of the initcode, as solc does) and returns the runtime object; the runtime object
 * dispatches external calls (dispatcher.ts) to one Yul function per sol.func. Each object
 * gets the functions reachable from its entry, generated against its own helper library.
 * Anything the emitter cannot translate is an EmitError carrying the op (the driver turns it
 * into an UnsupportedFeature error at the op's location).
 */
import { FunctionType, IntegerAttr, StringAttr, TypeAttr, type Operation, type Type } from '@lifeline/ir';
import { ArrayType, StringType, StructType } from '../sol-types.js';
import { decodeCalldataParam } from './emit-calldata.js';
import { decodeTuple, decodeValue } from './abi-decode.js';
import { abiName, headSize, isDynamic, type YType } from './ytypes.js';
import { dispatcherCode, type ArgDecoder, type ExternalFunction } from './dispatcher.js';
import { EmitError, FnEmitter, frameTop, type ModuleInfo } from './emit-func.js';
import { isValue, wordsOf, ytype } from './emit-types.js';
import { guardRelative, hex, indent, YulLib } from './lib.js';
import { yulObject } from './object.js';
import { StaticZeros } from './static-zeros.js';
import { hasUnsafeAsm } from '../sol-ops-control.js';
import { allocateMemory } from './rt-memory.js';

const str = (op: Operation, n: string) => (op.getAttr(n) as StringAttr | undefined)?.value;
const symName = (op: Operation) => str(op, 'sym_name')!;
const fnType = (op: Operation) => (op.getAttr('function_type') as TypeAttr).value as FunctionType;

function findContract(module: Operation, name: string): Operation | undefined {
  let found: Operation | undefined;
  module.walk((op) => {
    if (op.name === 'sol.contract' && !found) {
      const n = symName(op);
      if (n === name || n.replace(/_\d+$/, '') === name) found = op;
      return 'skip';
    }
    return undefined;
  });
  return found;
}

/** Yul function name of a sol.func symbol (solc: `fun_<name>_<id>`). */
const yulFuncName = (sym: string) => `fun_${sym.replace(/[^A-Za-z0-9_$]/g, '_')}`;

export function emitYul(module: Operation, contractName: string): string {
  const contract = findContract(module, contractName);
  if (!contract) throw new EmitError(`contract ${contractName} not found in the sol module`);
  const ops = contract.regions[0]!.blocks[0]!.opList();
  const funcs = new Map<string, Operation>();
  const stateVars: ModuleInfo['stateVars'] = new Map();
  for (const op of ops) {
    if (op.name === 'sol.func') funcs.set(symName(op), op);
    else if (op.name === 'sol.state_var') {
      const immutable = op.getAttr('immutable') !== undefined;
      stateVars.set(symName(op), { slot: (op.getAttr('slot') as IntegerAttr).value, offset: Number((op.getAttr('offset') as IntegerAttr).value), immutable });
    }
  }
  // immutables: memory words from 0x80 while the creation code runs (its free memory starts
  // above them, as solc's), copied into the runtime code by setimmutable before it is returned
  const immutables = [...stateVars].filter(([, v]) => v.immutable);
  const ctorMemoryStart = 0x80 + 32 * immutables.length;
  const setImmutables = immutables.map(([sym, v]) => `setimmutable(_rt, "${sym}", mload(${hex(v.slot)}))`);
  const ids = new Map([...funcs.keys()].map((sym, i) => [sym, i + 1]));
  const info: ModuleInfo = { stateVars, funcName: yulFuncName, funcId: (sym) => ids.get(sym) ?? 0 };
  const kind = (f: Operation) => str(f, 'kind') ?? 'function';
  const ctor = [...funcs.values()].find((f) => kind(f) === 'constructor');
  const fallback = [...funcs.values()].find((f) => kind(f) === 'fallback');
  const receive = [...funcs.values()].find((f) => kind(f) === 'receive');
  for (const f of [fallback, receive]) {
    if (f && (fnType(f).inputs.length || fnType(f).results.length)) throw new EmitError(`${kind(f)} with parameters or results is not supported`, f);
  }

  // ---- creation object ----
  const ctorLib = new YulLib();
  let ctorCode = '';
  if (!ctor || str(ctor, 'state_mutability') !== 'payable') ctorCode += 'if callvalue() { revert(0, 0) }\n';
  if (ctor) {
    const params = fnType(ctor).inputs;
    const types = params.map((t) => ytype(t));
    if (types.length) {
      const vs = params.map((_, i) => `ctor_arg_${i}`);
      ctorCode += `let programSize := datasize("${objectName(contractName)}")\nlet argSize := sub(codesize(), programSize)\nlet memoryDataOffset := ${frameTop(ctor) ?? `${allocateMemory(ctorLib)}(argSize)`}\ncodecopy(memoryDataOffset, programSize, argSize)\nlet ${vs.join(', ')} := ${decodeTuple(ctorLib, types, 'memory')}(memoryDataOffset, add(memoryDataOffset, argSize))\n`;
      ctorCode += `${yulFuncName(symName(ctor))}(${vs.join(', ')})`;
    } else ctorCode += `${yulFuncName(symName(ctor))}()`;
  }
  const ctorUnsafeAsm = ctor ? unsafeAsmReachable([ctor], funcs) : false;
  ctorLib.staticZeros = ctor ? StaticZeros.collect(ctorUnsafeAsm ? hex(ctorMemoryStart) : 'memoryguard(128)', reachable([ctor], funcs)) : undefined;
  const ctorFunctions = ctor ? emitReachable([ctor], funcs, ctorLib, { ...info, creation: true }) : [];

  // ---- runtime object ----
  const rtLib = new YulLib();
  const externals = [...funcs.values()].filter((f) => str(f, 'selector') && kind(f) !== 'constructor');
  const entries: ExternalFunction[] = externals.map((f) => externalEntry(f, rtLib));
  const byImpl = new Map(externals.map((f) => [yulFuncName(symName(f)), f]));
  // solc: empty calldata runs receive; anything unmatched runs fallback (value-checked unless payable)
  let tail = '';
  if (receive) tail += `if iszero(calldatasize()) {\n${indent(`${yulFuncName(symName(receive))}()`)}\n    stop()\n}\n`;
  if (fallback) tail += `${str(fallback, 'state_mutability') === 'payable' ? '' : 'if callvalue() { revert(0, 0) }\n'}${yulFuncName(symName(fallback))}()\nstop()`;
  else tail += 'revert(0, 0)';
  const rtRoots = [...externals, ...[receive, fallback].filter((f): f is Operation => !!f)];
  const rtUnsafeAsm = unsafeAsmReachable(rtRoots, funcs);
  rtLib.staticZeros = StaticZeros.collect(rtUnsafeAsm ? '0x80' : 'memoryguard(128)', reachable(rtRoots, funcs));
  const runtimeCode = dispatcherCode(rtLib, entries, (e) => decodeArguments(rtLib, byImpl.get(e.impl)!, e), tail);
  const runtimeFunctions = emitReachable(rtRoots, funcs, rtLib, info);
  // static frames exclude zero-initialised arrays of aggregates (static-frames.ts (Q3))
  if (contract.getAttr('static_frames') && (ctorLib.staticZeros?.size || rtLib.staticZeros.size)) throw new EmitError('static frames with static zero elements');
  return yulObject({
    name: objectName(contractName), ctorCode, ctorLib, ctorFunctions, runtimeCode, runtimeLib: rtLib, runtimeFunctions,
    ctorMemoryGuard: !ctorUnsafeAsm, runtimeMemoryGuard: !rtUnsafeAsm, ctorMemoryStart, setImmutables,
    staticFrames: contract.getAttr('static_frames') ? staticFrameObjects([...funcs.values()], ctor, ctorLib, rtLib) : undefined,
  });
}

/**
 * The free pointer in a contract with static frames (lifetime/static-frames.ts): every
 * allocation has its address and every unbounded write goes to the running function's frame
 * top, so an object whose code never reads the free pointer does not initialise it — the
 * free pointer is elided. An object that still reads it (a helper outside the static-frame
 * variants) starts it above every frame, which is correct for any code.
 */
function staticFrameObjects(fns: Operation[], ctor: Operation | undefined, ctorLib: YulLib, rtLib: YulLib) {
  const usesFreePointer = (lib: YulLib) => lib.has('allocate_unbounded') || lib.has('finalize_allocation');
  const top = Math.max(0x80, ...fns.map((f) => Number((f.getAttr('frame_top') as IntegerAttr | undefined)?.value ?? 0x80n)));
  const init = (lib: YulLib) => (usesFreePointer(lib) ? `mstore(64, ${guardRelative(top)})` : '');
  const ctorInit = init(ctorLib);
  return {
    ctorInit,
    runtimeInit: init(rtLib),
    runtimeCopyAt: ctorInit ? 'mload(64)' : ((ctor && frameTop(ctor)) ?? guardRelative(0x80)),
  };
}

function objectName(contractName: string): string {
  return contractName.replace(/[^A-Za-z0-9_]/g, '_');
}

function externalEntry(f: Operation, _lib: YulLib): ExternalFunction {
  const t = fnType(f);
  const name = str(f, 'orig_name') ?? symName(f);
  const params = t.inputs.map((p) => ytype(p));
  return {
    selector: Number(BigInt(str(f, 'selector')!)),
    signature: `${name}(${params.map((p) => abiName(p)).join(',')})`,
    params,
    returns: t.results.map((r) => ytype(r)),
    payable: str(f, 'state_mutability') === 'payable',
    scratch: frameTop(f),
    impl: yulFuncName(symName(f)),
  };
}


/**
 * The decode statement of an external function's arguments: memory parameters are decoded
 * into memory; dynamic calldata arrays / bytes stay in calldata as (offset, length).
 */
function decodeArguments(lib: YulLib, f: Operation, e: ExternalFunction): ArgDecoder {
  const inputs = fnType(f).inputs;
  const isCd = (t: Type) => (t instanceof ArrayType || t instanceof StringType || t instanceof StructType) && t.loc === 'CallData';
  if (!inputs.some(isCd)) {
    const names = e.params.map((_, i) => `param_${i}`);
    return { names, code: names.length ? `let ${names.join(', ')} := ${decodeTuple(lib, e.params, 'calldata')}(4, calldatasize())` : `${decodeTuple(lib, [], 'calldata')}(4, calldatasize())` };
  }
  const lines: string[] = [];
  const names: string[] = [];
  const head = e.params.reduce((s, t) => s + headSize(t), 0);
  lines.push(`if slt(sub(calldatasize(), 4), ${head}) { revert(0, 0) }`);
  let off = 4;
  inputs.forEach((t, i) => {
    const y = e.params[i]!;
    if (isCd(t)) {
      const ns = wordsOf(t) === 2 ? [`param_${i}`, `param_${i}_1`] : [`param_${i}`];
      lines.push(decodeCalldataParam(lib, t, hex(off), ns));
      names.push(...ns);
    } else {
      const dyn = isDynamic(y);
      if (dyn) lines.push(`let param_${i}_off := calldataload(${off})\nif gt(param_${i}_off, 0xffffffffffffffff) { revert(0, 0) }\nlet param_${i} := ${decodeValueOf(lib, y)}(add(4, param_${i}_off), calldatasize())`);
      else lines.push(`let param_${i} := ${decodeValueOf(lib, y)}(${off}, calldatasize())`);
      names.push(`param_${i}`);
    }
    off += headSize(y);
  });
  return { names, code: lines.join('\n') };
}

const decodeValueOf = (lib: YulLib, y: YType) => decodeValue(lib, y, 'calldata');

/** Emits `roots` and every sol.func they call, each once, against `lib`. */
function emitReachable(roots: Operation[], funcs: Map<string, Operation>, lib: YulLib, info: ModuleInfo): string[] {
  const order = reachable(roots, funcs);
  // the targets of each internal function pointer arity (words in and out), for its dispatch
  // function: solc dispatches by arity, not by type, so a pointer that inline assembly gives
  // another type of the same arity (OpenZeppelin's Arrays.sort casts its comparators) still
  // reaches its function
  const targets = new Map<string, Set<string>>();
  // the pointer types called through, per arity
  const called = new Map<string, FunctionType[]>();
  for (const f of order) {
    f.walk((op) => {
      if (op.name === 'sol.call_indirect') {
        const t = op.operand(0).type as FunctionType;
        const key = pointerArity(t);
        if (!called.has(key)) called.set(key, []);
        called.get(key)!.push(t);
      }
      if (op.name !== 'sol.func_ref') return;
      const key = pointerArity(op.result(0).type as FunctionType);
      if (!targets.has(key)) targets.set(key, new Set());
      targets.get(key)!.add((op.getAttr('callee') as unknown as { leaf: string }).leaf);
    });
  }
  // A target's value parameter gets cleaned to its type when some call of its arity passes
  // another type there: only a pointer retyped by assembly can bring it such a word, which
  // solc cleans where Solidity reads it and ours takes as clean.
  const cleanups = (key: string, sym: string): (YType | undefined)[] => {
    const params = fnType(funcs.get(sym)!).inputs;
    return params.map((p, i) => {
      const mixed = (called.get(key) ?? []).some((c) => c.inputs.length === params.length && String(c.inputs[i]) !== String(p));
      return mixed && isValue(p) ? ytype(p) : undefined;
    });
  };
  // Symmetrically, a call's value result gets cleaned to the call's type when some target
  // of its arity returns another type there.
  const resultCleanups = (key: string, t: FunctionType): (YType | undefined)[] => t.results.map((r, i) => {
    const mixed = [...(targets.get(key) ?? [])].some((sym) => {
      const results = fnType(funcs.get(sym)!).results;
      return results.length === t.results.length && String(results[i]) !== String(r);
    });
    return mixed && isValue(r) ? ytype(r) : undefined;
  });
  const objInfo: ModuleInfo = {
    ...info,
    pointerTargets: (t) => {
      const key = pointerArity(t);
      const syms = [...(targets.get(key) ?? [])].sort();
      return { syms, cleanups: syms.map((sym) => cleanups(key, sym)), results: resultCleanups(key, t) };
    },
  };
  return order.map((f) => new FnEmitter(lib, objInfo).emitFunction(f, yulFuncName(symName(f))));
}

const pointerArity = (t: FunctionType) => `${t.inputs.reduce((n, x) => n + wordsOf(x), 0)}_${t.results.reduce((n, x) => n + wordsOf(x), 0)}`;

/**
 * Whether code of `roots` or what they call has inline assembly not marked memory-safe: solc
 * then initialises that object's free pointer with a plain `mstore(64, 128)` instead of
 * `memoryguard(128)` (which lets its optimizer move stack variables to memory) — per object,
 * counting only the functions the object contains.
 */
function unsafeAsmReachable(roots: Operation[], funcs: Map<string, Operation>): boolean {
  return reachable(roots, funcs).some(hasUnsafeAsm);
}

/** `roots` and every sol.func they call, each once, in first-visit order. */
function reachable(roots: Operation[], funcs: Map<string, Operation>): Operation[] {
  const seen = new Set<string>();
  const order: Operation[] = [];
  const visit = (f: Operation) => {
    const s = symName(f);
    if (seen.has(s)) return;
    seen.add(s);
    order.push(f);
    f.walk((op) => {
      // direct calls, and functions whose pointer is taken (a call through it may reach them)
      if (op.name === 'sol.call' || op.name === 'sol.func_ref') {
        const callee = funcs.get((op.getAttr('callee') as unknown as { leaf: string }).leaf);
        if (callee) visit(callee);
      }
    });
  };
  roots.forEach(visit);
  return order;
}
