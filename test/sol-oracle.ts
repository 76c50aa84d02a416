/**
 * Differential harness for Solidity: two initcodes (e.g. solc viaIR vs. something else) are
 * deployed on two fresh chains and fed the same call list; what an observer of the chain
 * can tell apart is compared call by call:
 *   (1) success, and the kind of exceptional halt (revert vs. out of gas / invalid);
 *   (2) return data, and revert data byte for byte (Panic codes, Error strings, custom errors);
 *   (3) logs (address, topics, data, in order);
 *   (4) storage: the slots whose value the call changed, with their new values (a redundant
 *       SSTORE of the old value is not observable, so it is not a difference);
 * and gas and peak memory of both sides are reported, never compared here (the gas target is
 * a ratio, checked by whoever calls this).
 *
 * `callsFor` turns a contract's ABI and a JSON call list into calldata, then adds seeded
 * generated calls per external function: random ABI values with edge values (0, max, min,
 * lengths 0..3), and malformed calldata (truncated, out-of-range offsets, dirty high bits of
 * narrow types) that solc's ABI decoder rejects — a correct compiler must reject it too.
 */
import { AbiCoder, Interface, ParamType, type FunctionFragment } from 'ethers';
import { Chain, compileSolidity, type CallResult, type DeployResult } from '@lifeline/evm';
import { printOp, type Operation } from '@lifeline/ir';
import { rng } from '../bench/gen-module.mjs';
import { turnEventLoop } from './event-loop.js';

export interface Call {
  calldata: string;
  label?: string;
  value?: bigint;
}

/** One compiled side: initcode plus ABI-encoded constructor arguments. */
export interface Side {
  initcode: string;
  ctorArgs?: string;
}

export type Field = 'success' | 'returnData' | 'revertData' | 'logs' | 'storage';

export interface CallComparison {
  label: string;
  calldata: string;
  a: CallResult;
  b: CallResult;
  /** Fields that differ (empty when the two sides agree). */
  differences: Field[];
}

export interface Comparison {
  deploy: { a: DeployResult; b: DeployResult; differences: Field[] };
  calls: CallComparison[];
  /** Deploy (label `deploy`) and calls with at least one difference. */
  mismatches: { label: string; calldata: string; differences: Field[]; a: CallResult; b: CallResult }[];
}

export interface CompareOptions {
  /** Per-message gas limit on both chains (default 30,000,000). */
  gasLimit?: number;
}

function differences(a: CallResult, b: CallResult): Field[] {
  const out: Field[] = [];
  if (a.success !== b.success || (a.error ?? '') !== (b.error ?? '')) out.push('success');
  if (a.returnData !== b.returnData) out.push('returnData');
  if (a.revertData !== b.revertData) out.push('revertData');
  if (JSON.stringify(a.logs) !== JSON.stringify(b.logs)) out.push('logs');
  if (JSON.stringify(sorted(a.storageChanges)) !== JSON.stringify(sorted(b.storageChanges))) out.push('storage');
  return out;
}

function sorted(r: Record<string, string>): [string, string][] {
  return Object.entries(r).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
}

/** Deploy `a` and `b` on fresh chains and run `calls` on both, in order. */
export async function compareContracts(a: Side | string, b: Side | string, calls: Call[], opts: CompareOptions = {}): Promise<Comparison> {
  return (await compareVariants(a, { b }, calls, opts)).b!;
}

/**
 * One oracle run against several variants (e.g. our compiler with lifetime on and off): `a`
 * and every variant are deployed on fresh chains and run `calls` in order; each variant gets
 * its own Comparison with `a` (the oracle runs once, whatever the number of variants).
 */
export async function compareVariants(
  a: Side | string,
  variants: Record<string, Side | string>,
  calls: Call[],
  opts: CompareOptions = {},
): Promise<Record<string, Comparison>> {
  const side = (s: Side | string): Side => (typeof s === 'string' ? { initcode: s } : s);
  const sa = side(a);
  const keys = Object.keys(variants);
  const ca = await Chain.create(opts);
  const da = await ca.deploy(sa.initcode, sa.ctorArgs ?? '');
  const out: Record<string, Comparison> = {};
  const chains: Record<string, { chain: Chain; d: DeployResult }> = {};
  for (const k of keys) {
    const sb = side(variants[k]!);
    const chain = await Chain.create(opts);
    const db = await chain.deploy(sb.initcode, sb.ctorArgs ?? '');
    chains[k] = { chain, d: db };
    const deployDiff = differences(da, db);
    if (da.address !== db.address) deployDiff.push('success');
    out[k] = { deploy: { a: da, b: db, differences: deployDiff }, calls: [], mismatches: [] };
    if (deployDiff.length) out[k].mismatches.push({ label: 'deploy', calldata: '', differences: deployDiff, a: da, b: db });
  }
  const live = keys.filter((k) => da.address && chains[k]!.d.address);
  if (!live.length) return out;
  for (const [i, call] of calls.entries()) {
    const opt = call.value === undefined ? {} : { value: call.value };
    const ra = await ca.call(da.address!, call.calldata, opt);
    for (const k of live) {
      const { chain, d } = chains[k]!;
      const rb = await chain.call(d.address!, call.calldata, opt);
      const c: CallComparison = { label: call.label ?? `#${i}`, calldata: call.calldata, a: ra, b: rb, differences: differences(ra, rb) };
      out[k]!.calls.push(c);
      if (c.differences.length) out[k]!.mismatches.push(c);
    }
    // The EVM runs on promise chains that never yield to the event loop; let it turn once
    // per call so a long run does not starve vitest's worker RPC.
    await turnEventLoop();
  }
  return out;
}

/** A compiler under test: sources + contract name → initcode and ABI, or errors. */
export type CompileFn = (
  sources: Record<string, string>,
  contract: string,
) => { ok: true; bytecode: string; abi: unknown[] } | { ok: false; errors: string[] };

/** solc 0.8.37 with the optimizer on, viaIR or legacy, as a CompileFn. */
/** The printed sol IR of each function of `module`, by its Solidity name (`@fill_12` → `fill`). */
export function solIrByFunction(module: Operation): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of printOp(module).split(/(?=sol\.func @)/).slice(1)) out.set(part.match(/@([A-Za-z]+)_/)![1]!, part);
  return out;
}

/** Deploys `bytecode` on a fresh chain and makes one call to it with `data`. */
export async function deployAndCall(bytecode: string, data: string): Promise<CallResult> {
  const chain = await Chain.create({ gasLimit: 100_000_000 });
  const d = await chain.deploy(bytecode);
  return chain.call(d.address!, data);
}

export function solcCompiler(viaIR: boolean): CompileFn {
  return (sources, contract) => {
    const r = compileSolidity(sources, { viaIR, optimizer: true, contract });
    const c = r.contracts[contract];
    if (!r.ok || !c) {
      const errors = r.errors.filter((e) => e.severity === 'error').map((e) => e.formattedMessage ?? e.message);
      return { ok: false, errors: errors.length ? errors : [`contract ${contract} not found`] };
    }
    return { ok: true, bytecode: c.bytecode, abi: c.abi };
  };
}

// ---------------------------------------------------------------------------------------
// Call lists

/** One entry of a `<name>.calls.json` call list. */
export interface CallSpec {
  fn?: string;
  args?: unknown[];
  /** Raw calldata instead of fn/args. */
  calldata?: string;
  /** Wei sent along (decimal or 0x string). */
  value?: string | number;
  label?: string;
}

/** The whole `<name>.calls.json` file. */
export interface CallsFile {
  contract: string;
  ctorArgs?: unknown[];
  calls: CallSpec[];
  /** Generated calls per external function (default 4; 0 turns generation off). */
  generated?: number;
  /** Functions excluded from generation (e.g. ones whose loops are bounded only by an argument). */
  noGenerate?: string[];
}

export interface CallsForOptions {
  seed?: number;
  /** Random argument sets per function (default 4). */
  generated?: number;
  /** Add malformed calldata per function (default true). */
  malformed?: boolean;
  noGenerate?: string[];
}

export { rng };

function randBits(rand: () => number, bits: number): bigint {
  let v = 0n;
  for (let i = 0; i < bits; i += 32) v = (v << 32n) | BigInt(Math.floor(rand() * 4294967296));
  return v & ((1n << BigInt(bits)) - 1n);
}

function randBytes(rand: () => number, n: number): string {
  let h = '0x';
  for (let i = 0; i < n; i++) h += Math.floor(rand() * 256).toString(16).padStart(2, '0');
  return h;
}

/** A random value of ABI type `t`, edge values (0, max, min, empty) with good probability. */
export function randomValue(t: ParamType, rand: () => number): unknown {
  const pickEdge = rand() < 0.4;
  if (t.baseType === 'array') {
    const len = t.arrayLength !== null && t.arrayLength >= 0 ? t.arrayLength : Math.floor(rand() * 4);
    return Array.from({ length: len }, () => randomValue(t.arrayChildren!, rand));
  }
  if (t.baseType === 'tuple') return t.components!.map((c) => randomValue(c, rand));
  const m = /^(u?)int(\d*)$/.exec(t.baseType);
  if (m) {
    const bits = Number(m[2] || 256);
    const signed = m[1] === '';
    if (pickEdge) {
      const edges = signed
        ? [0n, -1n, 1n, (1n << BigInt(bits - 1)) - 1n, -(1n << BigInt(bits - 1))]
        : [0n, 1n, (1n << BigInt(bits)) - 1n, 2n];
      return edges[Math.floor(rand() * edges.length)];
    }
    // small values are the interesting ones for loop bounds and indices
    const v = rand() < 0.6 ? BigInt(Math.floor(rand() * 40)) : randBits(rand, bits);
    if (!signed) return v;
    const half = 1n << BigInt(bits - 1);
    const w = v & ((1n << BigInt(bits)) - 1n);
    return rand() < 0.5 ? -(w % half) : w % half;
  }
  if (t.baseType === 'bool') return rand() < 0.5;
  if (t.baseType === 'address') return pickEdge ? '0x' + '00'.repeat(20) : randBytes(rand, 20);
  const fixed = /^bytes(\d+)$/.exec(t.baseType);
  if (fixed) return pickEdge ? '0x' + '00'.repeat(Number(fixed[1])) : randBytes(rand, Number(fixed[1]));
  const len = Math.floor(rand() * 4) + (rand() < 0.1 ? 30 : 0);
  if (t.baseType === 'bytes') return randBytes(rand, len);
  if (t.baseType === 'string') {
    let s = '';
    for (let i = 0; i < len; i++) s += String.fromCharCode(97 + Math.floor(rand() * 26));
    return s;
  }
  throw new Error(`randomValue: unsupported ABI type ${t.format()}`);
}

/** Bits a narrow static type leaves clean in its 32-byte word, or undefined if none. */
function cleanMask(t: ParamType): { high: boolean; bits: number } | undefined {
  const m = /^(u?)int(\d*)$/.exec(t.baseType);
  if (m && Number(m[2] || 256) < 256) return { high: true, bits: Number(m[2]) };
  if (t.baseType === 'bool') return { high: true, bits: 1 };
  if (t.baseType === 'address') return { high: true, bits: 160 };
  const b = /^bytes(\d+)$/.exec(t.baseType);
  if (b && Number(b[1]) < 32) return { high: false, bits: Number(b[1]) * 8 };
  return undefined;
}

/** Malformed variants of valid calldata `data` (selector + head + tail) for `f`. */
function malformedCalls(f: FunctionFragment, data: string): Call[] {
  const out: Call[] = [];
  const body = data.slice(10);
  const words = body.length / 64;
  if (f.inputs.length > 0) {
    // may still decode when the dropped byte was tail padding of dynamic data
    out.push({ calldata: data.slice(0, data.length - 2), label: `${f.name}:short-1` });
    out.push({ calldata: data.slice(0, 10), label: `${f.name}:selector-only` });
    if (words > 1) out.push({ calldata: data.slice(0, 10 + 64 * (words - 1)), label: `${f.name}:short-word` });
  }
  let slot = 0;
  for (const [i, p] of f.inputs.entries()) {
    const at = 10 + slot * 64;
    const setWord = (w: string) => data.slice(0, at) + w + data.slice(at + 64);
    if (isDynamic(p)) {
      out.push({ calldata: setWord('f'.repeat(64)), label: `${f.name}:offset-max-arg${i}` });
      out.push({ calldata: setWord((1n << 64n).toString(16).padStart(64, '0')), label: `${f.name}:offset-2^64-arg${i}` });
      out.push({ calldata: setWord((BigInt(body.length / 2) + 32n).toString(16).padStart(64, '0')), label: `${f.name}:offset-past-end-arg${i}` });
      slot += 1;
      continue;
    }
    if (p.baseType === 'array' || p.baseType === 'tuple') {
      slot += staticWords(p);
      continue;
    }
    const mask = cleanMask(p);
    if (mask) {
      const cur = BigInt('0x' + data.slice(at, at + 64));
      const dirt = mask.high ? 1n << 255n : 1n;
      out.push({ calldata: setWord((cur | dirt).toString(16).padStart(64, '0')), label: `${f.name}:dirty-arg${i}` });
    }
    slot += 1;
  }
  return out;
}

function isDynamic(p: ParamType): boolean {
  if (p.baseType === 'string' || p.baseType === 'bytes') return true;
  if (p.baseType === 'array') return p.arrayLength === -1 || isDynamic(p.arrayChildren!);
  if (p.baseType === 'tuple') return p.components!.some(isDynamic);
  return false;
}

/** Head words of a static ABI type. */
function staticWords(p: ParamType): number {
  if (p.baseType === 'array') return (p.arrayLength ?? 0) * staticWords(p.arrayChildren!);
  if (p.baseType === 'tuple') return p.components!.reduce((s, c) => s + staticWords(c), 0);
  return 1;
}

function parseValue(v: string | number | undefined): bigint | undefined {
  return v === undefined ? undefined : BigInt(v);
}

/**
 * Calldata for `abi`: the listed calls first (in order), then, per external function in ABI
 * order, `generated` random argument sets and (unless disabled) malformed variants of the
 * first one. Deterministic in `seed`.
 */
export function callsFor(abi: unknown[], spec: CallSpec[] | CallsFile, opts: CallsForOptions = {}): Call[] {
  const list = Array.isArray(spec) ? spec : spec.calls;
  const file = Array.isArray(spec) ? undefined : spec;
  const generated = opts.generated ?? file?.generated ?? 4;
  const noGenerate = new Set([...(opts.noGenerate ?? []), ...(file?.noGenerate ?? [])]);
  const iface = new Interface(abi as never);
  const out: Call[] = [];
  for (const [i, c] of list.entries()) {
    const value = parseValue(c.value);
    const calldata = c.calldata ?? iface.encodeFunctionData(c.fn!, (c.args ?? []) as never[]);
    out.push({ calldata, label: c.label ?? (c.fn ? `${c.fn}(${JSON.stringify(c.args ?? []).slice(1, -1)})` : `raw#${i}`), ...(value === undefined ? {} : { value }) });
  }
  const rand = rng(opts.seed ?? 0x5eed);
  const coder = AbiCoder.defaultAbiCoder();
  const fns: FunctionFragment[] = [];
  iface.forEachFunction((f) => fns.push(f));
  for (const f of fns) {
    if (noGenerate.has(f.name) || generated === 0) continue;
    let first: string | undefined;
    for (let k = 0; k < generated; k++) {
      const args = f.inputs.map((p) => randomValue(p, rand));
      const calldata = f.selector + coder.encode(f.inputs, args).slice(2);
      first ??= calldata;
      out.push({ calldata, label: `${f.name}:gen${k}` });
    }
    if (opts.malformed !== false && first) out.push(...malformedCalls(f, first));
  }
  if (opts.malformed !== false && generated > 0) {
    out.push({ calldata: '0x', label: 'empty-calldata' }, { calldata: '0xffffffff', label: 'unknown-selector' }, { calldata: '0x12', label: 'one-byte' });
  }
  return out;
}
