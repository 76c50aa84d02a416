/**
 * Escape analysis on MLIR core IR (memref / scf / cf / func): each case states by hand which
 * allocations escape and why, from the analysis's clauses (E1)–(E5).
 */
import { describe, expect, it } from 'vitest';
import { parseString, type Operation } from '@lifeline/ir';
import { createRegistry } from '@lifeline/dialects';
import { aliasOperandText, analyzeEscapes } from '@lifeline/analyses';

const registry = createRegistry();

/** `tag → reasons` for the first function named `f` in `text`. */
function escapes(text: string): Record<string, string[]> {
  const module = parseString(text, registry);
  let fn: Operation | undefined;
  module.walk((op) => {
    if (op.name === 'func.func' && op.getAttr('sym_name')?.toString() === '"f"') fn = op;
  });
  const out: Record<string, string[]> = {};
  for (const e of analyzeEscapes(fn!, registry)) out[aliasOperandText(e.allocation)] = e.reasons;
  return out;
}

const T = 'memref<4xf32>';

describe('escape analysis on memref IR', () => {
  it('a buffer only read, written and freed stays local (E5)', () => {
    expect(escapes(`func.func @f() {
      %a = memref.alloc() {test.ptr = "a"} : ${T}
      %c = arith.constant 0 : index
      %x = memref.load %a[%c] : ${T}
      memref.store %x, %a[%c] : ${T}
      memref.dealloc %a : ${T}
      return
    }`)).toEqual({ 'a#0': [] });
  });

  it('returning a view or a cast of a buffer escapes it (E1 through P2/P3)', () => {
    expect(escapes(`func.func @f() -> memref<2xf32, strided<[1]>> {
      %a = memref.alloc() {test.ptr = "a"} : ${T}
      %b = memref.alloc() {test.ptr = "b"} : ${T}
      %v = memref.subview %a[0] [2] [1] : ${T} to memref<2xf32, strided<[1]>>
      return %v : memref<2xf32, strided<[1]>>
    }`)).toEqual({ 'a#0': ['returned'], 'b#0': [] });
  });

  it('what a region op or a block argument merges escapes with the merge (P3)', () => {
    expect(escapes(`func.func @f(%p: i1) -> ${T} {
      %a = memref.alloc() {test.ptr = "a"} : ${T}
      %b = memref.alloca() {test.ptr = "b"} : ${T}
      %c = memref.alloc() {test.ptr = "c"} : ${T}
      %r = scf.if %p -> ${T} {
        scf.yield %a : ${T}
      } else {
        scf.yield %c : ${T}
      }
      cf.cond_br %p, ^bb1(%r : ${T}), ^bb1(%b : ${T})
    ^bb1(%m: ${T}):
      return %m : ${T}
    }`)).toEqual({ 'a#0': ['returned'], 'b#0': ['returned'], 'c#0': ['returned'] });
  });

  it('passing to a call and storing the address escape (E2, E3); storing into it does not', () => {
    expect(escapes(`memref.global "private" @g : memref<memref<4xf32>> = uninitialized
    func.func private @use(${T})
    func.func @f() {
      %a = memref.alloc() {test.ptr = "a"} : ${T}
      %b = memref.alloc() {test.ptr = "b"} : ${T}
      %s = memref.alloca() {test.ptr = "s"} : memref<memref<4xf32>>
      call @use(%a) : (${T}) -> ()
      memref.store %b, %s[] : memref<memref<4xf32>>
      return
    }`)).toEqual({ 'a#0': ['passed to a call (func.call)'], 'b#0': ['stored into memory by memref.store'], 's#0': [] });
  });

  it('a region that never runs does not make a buffer escape', () => {
    expect(escapes(`func.func @f() -> ${T} {
      %a = memref.alloc() {test.ptr = "a"} : ${T}
      %b = memref.alloc() {test.ptr = "b"} : ${T}
      %false = arith.constant false
      %r = scf.if %false -> ${T} {
        scf.yield %a : ${T}
      } else {
        scf.yield %b : ${T}
      }
      return %r : ${T}
    }`)).toEqual({ 'a#0': [], 'b#0': ['returned'] });
  });

  it('an unknown op using the address is an escape (E4)', () => {
    const reg = createRegistry();
    const module = parseString(`func.func @f() {
      %a = memref.alloc() {test.ptr = "a"} : ${T}
      "some.op"(%a) : (${T}) -> ()
      return
    }`, reg, { allowUnregistered: true });
    const fn = module.regions[0]!.blocks[0]!.first!;
    expect(analyzeEscapes(fn, reg).map((e) => e.reasons)).toEqual([['used by some.op']]);
  });
});
