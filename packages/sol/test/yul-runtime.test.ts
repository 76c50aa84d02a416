/**
 * The Yul runtime library against solc: a contract written in Solidity (compiled by solc,
 * viaIR + optimizer — the oracle) and the same functions written by hand in Yul on top of
 * our helpers (assembled by solc-js with the optimizer) must give identical return data,
 * revert data, logs and storage for well-formed and malformed calldata, and our gas must
 * stay within 1.10× of solc's.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { Interface, id } from 'ethers';
import { yul as Y } from '@lifeline/sol';
import { callBoth, deployPair, observable, type Pair } from './yul-diff.js';

const SOL = `
pragma solidity ^0.8.0;
contract T {
  struct S { uint a; uint8 b; bytes c; uint[2] d; }
  enum En { A, B, C }
  event Ev(uint indexed a, string s, uint[] xs);
  error Bad(uint a, string s);
  mapping(address => uint) m;
  uint[] arr;
  uint8[] small;
  function add8(uint8 a, uint8 b) external pure returns (uint8) { return a + b; }
  function subI16(int16 a, int16 b) external pure returns (int16) { return a - b; }
  function addI(int a, int b) external pure returns (int) { return a + b; }
  function mulU(uint a, uint b) external pure returns (uint) { return a * b; }
  function mulI(int a, int b) external pure returns (int) { return a * b; }
  function mulU200(uint200 a, uint200 b) external pure returns (uint200) { return a * b; }
  function divI8(int8 a, int8 b) external pure returns (int8) { return a / b; }
  function modI(int a, int b) external pure returns (int) { return a % b; }
  function expU(uint a, uint b) external pure returns (uint) { return a ** b; }
  function expS(int16 a, uint8 b) external pure returns (int16) { return a ** b; }
  function neg(int32 a) external pure returns (int32) { return -a; }
  function toEnum(uint a) external pure returns (En) { return En(a); }
  function vals(address a, bytes3 b, bool c, En e) external pure returns (address, bytes3, bool, En) { return (a, b, c, e); }
  function enc(uint[] memory a, string memory s, S memory st) external pure returns (bytes memory) { return abi.encode(a, s, st); }
  function echo(uint[][] memory a, S[] memory ss, string[2] memory t) external pure returns (uint[][] memory, S[] memory, string[2] memory) { return (a, ss, t); }
  function mk(uint n) external pure returns (uint[] memory r, S memory s) { r = new uint[](n); }
  function req(uint a) external pure { require(a < 10, "value too big for this"); }
  function err(uint a) external pure { revert Bad(a, "x"); }
  function ev(uint a, string memory s, uint[] memory xs) external { emit Ev(a, s, xs); }
  function st(address k, uint v) external { m[k] = v; arr.push(v); small.push(uint8(v)); }
  function pop2() external { arr.pop(); small.pop(); }
  function get(address k, uint i) external view returns (uint, uint, uint8) { return (m[k], arr[i], small[i]); }
  function packed(uint8 a, bytes memory b, int16 c, uint[] memory d) external pure returns (bytes memory) { return abi.encodePacked(a, b, c, d); }
  function idx(uint[] memory a, uint i) external pure returns (uint) { return a[i]; }
  function check(uint a) external payable { assert(a != 0); }
  function hash(bytes memory b) external pure returns (bytes32) { return keccak256(b); }
}`;

const u = Y.uint, i = Y.int;
const S = Y.struct('S', [
  { name: 'a', type: u(256) },
  { name: 'b', type: u(8) },
  { name: 'c', type: Y.bytes },
  { name: 'd', type: Y.array(u(256), 2) },
]);
const En: Y.YType = { kind: 'enum', name: 'En', count: 3 };

/** One function: its Solidity signature, ABI types and hand-written Yul body over the library. */
interface Fn {
  sig: string;
  params: Y.YType[];
  returns: Y.YType[];
  payable?: boolean;
  body: (lib: Y.YulLib) => string;
}

const ARR_SLOT = 1, SMALL_SLOT = 2;
const FNS: Fn[] = [
  { sig: 'add8(uint8,uint8)', params: [u(8), u(8)], returns: [u(8)], body: (l) => `r0 := ${Y.checked(l, 'add', u(8))}(p0, p1)` },
  { sig: 'subI16(int16,int16)', params: [i(16), i(16)], returns: [i(16)], body: (l) => `r0 := ${Y.checked(l, 'sub', i(16))}(p0, p1)` },
  { sig: 'addI(int256,int256)', params: [i(), i()], returns: [i()], body: (l) => `r0 := ${Y.checked(l, 'add', i())}(p0, p1)` },
  { sig: 'mulU(uint256,uint256)', params: [u(), u()], returns: [u()], body: (l) => `r0 := ${Y.checked(l, 'mul', u())}(p0, p1)` },
  { sig: 'mulI(int256,int256)', params: [i(), i()], returns: [i()], body: (l) => `r0 := ${Y.checked(l, 'mul', i())}(p0, p1)` },
  { sig: 'mulU200(uint200,uint200)', params: [u(200), u(200)], returns: [u(200)], body: (l) => `r0 := ${Y.checked(l, 'mul', u(200))}(p0, p1)` },
  { sig: 'divI8(int8,int8)', params: [i(8), i(8)], returns: [i(8)], body: (l) => `r0 := ${Y.checked(l, 'div', i(8))}(p0, p1)` },
  { sig: 'modI(int256,int256)', params: [i(), i()], returns: [i()], body: (l) => `r0 := ${Y.checked(l, 'mod', i())}(p0, p1)` },
  { sig: 'expU(uint256,uint256)', params: [u(), u()], returns: [u()], body: (l) => `r0 := ${Y.checked(l, 'exp', u(), u())}(p0, p1)` },
  { sig: 'expS(int16,uint8)', params: [i(16), u(8)], returns: [i(16)], body: (l) => `r0 := ${Y.checked(l, 'exp', i(16), u(8))}(p0, p1)` },
  { sig: 'neg(int32)', params: [i(32)], returns: [i(32)], body: (l) => `r0 := ${Y.negate(l, i(32))}(p0)` },
  { sig: 'toEnum(uint256)', params: [u()], returns: [En], body: (l) => `r0 := ${Y.convertExpr(l, u(), En, 'p0')}` },
  {
    sig: 'vals(address,bytes3,bool,uint8)',
    params: [Y.address, Y.fixedbytes(3), Y.bool, En],
    returns: [Y.address, Y.fixedbytes(3), Y.bool, En],
    body: () => 'r0 := p0 r1 := p1 r2 := p2 r3 := p3',
  },
  {
    sig: 'enc(uint256[],string,(uint256,uint8,bytes,uint256[2]))',
    params: [Y.array(u()), Y.string, S],
    returns: [Y.bytes],
    body: (l) => `${Y.encodeToBytes(l, [Y.array(u()), Y.string, S], 'abi', ['p0', 'p1', 'p2'], 'm')}\nr0 := m`,
  },
  {
    sig: 'echo(uint256[][],(uint256,uint8,bytes,uint256[2])[],string[2])',
    params: [Y.array(Y.array(u())), Y.array(S), Y.array(Y.string, 2)],
    returns: [Y.array(Y.array(u())), Y.array(S), Y.array(Y.string, 2)],
    body: () => 'r0 := p0 r1 := p1 r2 := p2',
  },
  {
    sig: 'mk(uint256)',
    params: [u()],
    returns: [Y.array(u()), S],
    body: (l) => `r0 := ${Y.allocateAndZeroArray(l, Y.array(u()))}(p0)\nr1 := ${Y.allocateAndZero(l, S)}()`,
  },
  { sig: 'req(uint256)', params: [u()], returns: [], body: (l) => `if iszero(lt(p0, 10)) { ${Y.revertStringLiteral(l, 'value too big for this')}() }` },
  {
    sig: 'err(uint256)',
    params: [u()],
    returns: [],
    body: (l) => {
      return `${Y.revertWithError(l, Number(BigInt(id('Bad(uint256,string)').slice(0, 10))), [u(), Y.stringLiteral('x')])}(p0, 0)`;
    },
  },
  {
    sig: 'ev(uint256,string,uint256[])',
    params: [u(), Y.string, Y.array(u())],
    returns: [],
    body: (l) => `${Y.emitEvent(l, id('Ev(uint256,string,uint256[])'), [u(), Y.string, Y.array(u())], [true, false, false])}(p0, p1, p2)`,
  },
  {
    sig: 'st(address,uint256)',
    params: [Y.address, u()],
    returns: [],
    body: (l) =>
      `${Y.writeStorage(l, u(), 0)}(${Y.mappingSlot(l, Y.address)}(0, p0), p1)\n${Y.storagePush(l, u())}(${ARR_SLOT}, p1)\n${Y.storagePush(l, u(8))}(${SMALL_SLOT}, ${Y.convertExpr(l, u(), u(8), 'p1')})`,
  },
  { sig: 'pop2()', params: [], returns: [], body: (l) => `${Y.storagePop(l, u())}(${ARR_SLOT})\n${Y.storagePop(l, u(8))}(${SMALL_SLOT})` },
  {
    sig: 'get(address,uint256)',
    params: [Y.address, u()],
    returns: [u(), u(), u(8)],
    body: (l) => {
      const a = `let s1, o1 := ${Y.storageIndexAccess(l, u(), null)}(${ARR_SLOT}, p1)`;
      const b = `let s2, o2 := ${Y.storageIndexAccess(l, u(8), null)}(${SMALL_SLOT}, p1)`;
      return `r0 := ${Y.readStorage(l, u(), 0)}(${Y.mappingSlot(l, Y.address)}(0, p0))\n${a}\nr1 := ${Y.readStorageDynOffset(l, u())}(s1, o1)\n${b}\nr2 := ${Y.readStorageDynOffset(l, u(8))}(s2, o2)`;
    },
  },
  {
    sig: 'packed(uint8,bytes,int16,uint256[])',
    params: [u(8), Y.bytes, i(16), Y.array(u())],
    returns: [Y.bytes],
    body: (l) => `${Y.encodeToBytes(l, [u(8), Y.bytes, i(16), Y.array(u())], 'packed', ['p0', 'p1', 'p2', 'p3'], 'm')}\nr0 := m`,
  },
  { sig: 'idx(uint256[],uint256)', params: [Y.array(u()), u()], returns: [u()], body: (l) => `r0 := mload(${Y.memoryIndexAccess(l, Y.array(u()))}(p0, p1))` },
  { sig: 'check(uint256)', params: [u()], returns: [], payable: true, body: (l) => `if iszero(p0) { ${Y.panic(l, Y.PanicCode.assert)}() }` },
  { sig: 'hash(bytes)', params: [Y.bytes], returns: [Y.fixedbytes(32)], body: (l) => `r0 := ${Y.keccakBytes(l)}(p0)` },
];

function buildYul(): string {
  const lib = new Y.YulLib();
  const fns: Y.ExternalFunction[] = [];
  const impls: string[] = [];
  for (const f of FNS) {
    const name = 'fun_' + f.sig.slice(0, f.sig.indexOf('('));
    const ps = f.params.map((_, k) => `p${k}`);
    const rs = f.returns.map((_, k) => `r${k}`);
    impls.push(Y.yfn(name, ps, rs, f.body(lib)));
    fns.push({ selector: Number(BigInt(id(f.sig).slice(0, 10))), signature: f.sig, params: f.params, returns: f.returns, payable: !!f.payable, impl: name });
  }
  const runtimeCode = Y.dispatcherCode(lib, fns);
  return Y.yulObject({ name: 'T', ctorCode: 'if callvalue() { revert(0, 0) }', ctorLib: new Y.YulLib(), runtimeCode, runtimeLib: lib, runtimeFunctions: impls });
}

let iface: Interface;

describe('Yul runtime library vs solc (viaIR, optimizer)', () => {
  let pair: Pair;
  const ratios: { label: string; text: string; ratio: number }[] = [];
  beforeAll(async () => {
    pair = await deployPair(SOL, 'T', buildYul());
    iface = new Interface(pair.abi as never);
  });

  async function same(label: string, data: string, value = 0n) {
    const r = await callBoth(pair, data, value);
    expect(observable(r.ours), label).toEqual(observable(r.oracle));
    ratios.push({ label, text: `${r.ours.gasUsed}/${r.oracle.gasUsed} = ${r.ratio.toFixed(3)}`, ratio: r.ratio });
    return r;
  }
  const call = (fn: string, args: unknown[]) => iface.encodeFunctionData(fn, args);
  const M = (1n << 256n) - 1n;

  it('checked arithmetic: results, Panic(0x11)/(0x12)/(0x21), dirty inputs', async () => {
    const cases: [string, unknown[]][] = [
      ['add8', [200, 55]], ['add8', [200, 56]],
      ['subI16', [-32768, 1]], ['subI16', [-32767, 1]], ['subI16', [32767, -1]],
      ['addI', [(1n << 255n) - 1n, 1]], ['addI', [-(1n << 255n), -1]], ['addI', [-5, 3]],
      ['mulU', [1n << 128n, 1n << 127n]], ['mulU', [1n << 128n, 1n << 128n]], ['mulU', [0, M]],
      ['mulI', [-1, -(1n << 255n)]], ['mulI', [-(1n << 255n), 1]], ['mulI', [1n << 200n, 1n << 60n]],
      ['mulU200', [1n << 100n, 1n << 99n]], ['mulU200', [1n << 100n, 1n << 100n]],
      ['divI8', [-128, -1]], ['divI8', [-128, 2]], ['divI8', [5, 0]],
      ['modI', [-7, 3]], ['modI', [7, 0]],
      ['expU', [3, 161]], ['expU', [3, 162]], ['expU', [2, 256]], ['expU', [0, 0]], ['expU', [7, 91]], ['expU', [1000, 25]], ['expU', [1000, 26]],
      ['expS', [-2, 15]], ['expS', [-2, 16]], ['expS', [2, 15]], ['expS', [-3, 9]], ['expS', [-181, 2]], ['expS', [-182, 2]], ['expS', [0, 0]],
      ['neg', [-(2 ** 31)]], ['neg', [5]],
      ['toEnum', [2]], ['toEnum', [3]],
      ['vals', ['0x' + '12'.repeat(20), '0xabcdef', true, 2]],
    ];
    for (const [fn, args] of cases) await same(`${fn}(${args.join(',')})`, call(fn, args));
    // dirty words: out-of-range uint8, int16 not sign-extended, address with high bits, bool 2, enum 3, bytes3 with low bits
    const sel = (fn: string) => iface.getFunction(fn)!.selector;
    const w = (v: bigint) => v.toString(16).padStart(64, '0');
    await same('add8 dirty', sel('add8') + w(256n) + w(1n));
    await same('subI16 dirty', sel('subI16') + w(0x8000n) + w(1n));
    await same('vals dirty addr', sel('vals') + w(1n << 160n) + w(0n) + w(0n) + w(0n));
    await same('vals dirty bytes3', sel('vals') + w(0n) + w(1n) + w(0n) + w(0n));
    await same('vals dirty bool', sel('vals') + w(0n) + w(0n) + w(2n) + w(0n));
    await same('vals dirty enum', sel('vals') + w(0n) + w(0n) + w(1n) + w(3n));
    await same('short calldata', sel('add8') + w(1n));
    await same('no selector', '0x1234');
    await same('unknown selector', '0xdeadbeef');
    await same('value to non-payable', call('add8', [1, 2]), 5n);
    await same('value to payable', call('check', [1]), 5n);
    await same('assert', call('check', [0]));
  });

  const sv = [7n, 1n, '0x0102', [1n, 2n]];
  it('ABI decoding and encoding of arrays, strings, structs; abi.encode / encodePacked; allocation', async () => {
    await same('enc', call('enc', [[1, 2, 3], 'hello', sv]));
    await same('enc long', call('enc', [[], 'x'.repeat(70), [M, 255, '0x' + 'ab'.repeat(40), [0, M]]]));
    await same('echo', call('echo', [[[1], [], [2, 3]], [sv, [2n, 3n, '0x', [4n, 5n]]], ['a', 'bcd'.repeat(20)]]));
    await same('echo empty', call('echo', [[], [], ['', '']]));
    await same('mk 0', call('mk', [0]));
    await same('mk 5', call('mk', [5]));
    await same('mk huge', call('mk', [1n << 64n]));
    await same('mk big', call('mk', [1n << 40n]));
    await same('packed', call('packed', [7, '0x010203', -2, [1, 2]]));
    await same('idx', call('idx', [[5, 6], 1]));
    await same('idx oob', call('idx', [[5, 6], 2]));
    await same('hash', call('hash', ['0x' + '11'.repeat(33)]));
  });

  it('malformed calldata reverts where solc reverts', async () => {
    const good = call('echo', [[[1], [2, 3]], [sv], ['a', 'b']]).slice(2);
    const sel = good.slice(0, 8);
    const words = good.slice(8).match(/.{64}/g)!;
    const w = (v: bigint) => v.toString(16).padStart(64, '0');
    for (let k = 0; k < words.length; k++) {
      for (const v of [0n, 1n, 0x20n, 0x1fn, 1n << 64n, (1n << 64n) - 1n, M, BigInt(words.length * 32)]) {
        const ws = [...words];
        ws[k] = w(v);
        await same(`echo word ${k} = ${v}`, '0x' + sel + ws.join(''));
      }
    }
    for (let cut = 0; cut < words.length; cut += 3) await same(`echo truncated ${cut}`, '0x' + sel + words.slice(0, cut).join(''));
    const enc = call('enc', [[1, 2], 'hi', sv]).slice(2);
    const ew = enc.slice(8).match(/.{64}/g)!;
    for (let k = 0; k < ew.length; k++) {
      const ws = [...ew];
      ws[k] = w(BigInt('0x' + ws[k]!) + 0x21n);
      await same(`enc word ${k} + 0x21`, '0x' + enc.slice(0, 8) + ws.join(''));
    }
  });

  it('errors, events, storage (mapping, push/pop of packed and full-word arrays)', async () => {
    await same('req ok', call('req', [3]));
    await same('req fail', call('req', [30]));
    await same('err', call('err', [9]));
    await same('ev', call('ev', [5, 'hello world', [1, 2, 3]]));
    await same('pop empty', call('pop2', []));
    for (let k = 0; k < 4; k++) await same(`st ${k}`, call('st', ['0x' + (k + 1).toString(16).padStart(40, '0'), 300 + k]));
    await same('get', call('get', ['0x' + '2'.padStart(40, '0'), 1]));
    await same('get oob', call('get', ['0x' + '2'.padStart(40, '0'), 4]));
    await same('pop', call('pop2', []));
    await same('get after pop', call('get', ['0x' + '2'.padStart(40, '0'), 2]));
    await same('get popped', call('get', ['0x' + '2'.padStart(40, '0'), 3]));
  });

  it('gas within 1.10x of solc on successful calls', () => {
    console.log(ratios.map((r) => `${r.label.slice(0, 60)}: ${r.text}`).join('\n'));
    const worst = ratios.reduce((a, r) => Math.max(a, r.ratio), 0);
    expect(worst).toBeLessThanOrEqual(1.1);
  });
});
