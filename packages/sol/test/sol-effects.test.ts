/**
 * The sol dialect's interfaces on parsed IR: which ops allocate memory (the contract the
 * lifetime passes rely on), the effects of loads / stores / storage ops, region-branch
 * successors of the structured control flow, and verifier errors.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseString, verify, type Operation } from '@lifeline/ir';
import { allDialects, createRegistry } from '@lifeline/dialects';
import { solDialect } from '@lifeline/sol';

const registry = createRegistry([...allDialects, solDialect]);
const fixture = readFileSync(new URL('../../../test-fixtures/sol-ir/memory.mlir', import.meta.url), 'utf8');

function ops(root: Operation): Operation[] {
  const out: Operation[] = [];
  const visit = (op: Operation) => {
    out.push(op);
    for (const r of op.regions) for (const b of r.blocks) for (let o = b.first; o; o = o.next) visit(o);
  };
  visit(root);
  return out;
}

const effects = (op: Operation) => op.def?.spec.memoryEffects?.(op);

/** The fixture's allocated types whose zero value has objects of its own (a struct or a static array inside). */
const ZERO_HAS_OBJECTS = ['!sol.array<? x !sol.struct<(ui256), Memory>, Memory>', '!sol.struct<(ui256, !sol.array<2 x ui256, Memory>), Memory>'];

describe('sol memory effects', () => {
  const module = parseString(fixture, registry);
  const all = ops(module);

  it('exactly the allocating ops allocate their memory result', () => {
    const allocating = new Set<string>();
    for (const op of all) {
      for (const e of effects(op) ?? []) {
        if (e.kind === 'allocate' && e.resource === 'Memory') {
          expect(op.results).toContain(e.value);
          const step = op.def!.spec.memorySource!.step(op, e.value!);
          expect(step).toMatchObject({ kind: 'allocate' });
          // no inner memory of its own: an array literal, memory that is not zeroed, or zeroed
          // memory whose zero fields are words (0, the zero slot 0x60) or address one static
          // zero element (shared_zero); points-to then takes its contents from stores
          const zeroObjects = op.name === 'sol.malloc' && !!op.getAttr('zero_init') && !op.getAttr('shared_zero') && ZERO_HAS_OBJECTS.includes(String(op.result(0).type));
          const noInner = op.name === 'sol.array_lit' || (op.name === 'sol.malloc' && !zeroObjects);
          expect(step?.kind === 'allocate' && !!step.noInnerMemory, `${op.name} noInnerMemory`).toBe(noInner);
          allocating.add(op.name);
        }
      }
    }
    expect([...allocating].sort()).toEqual([
      'sol.array_lit', 'sol.concat', 'sol.data_loc_cast', 'sol.decode', 'sol.encode', 'sol.malloc', 'sol.string_lit',
    ]);
  });

  it('sol.empty, sol.alloca, sol.gep and sol.keccak256 allocate no memory', () => {
    for (const op of all.filter((o) => ['sol.empty', 'sol.alloca', 'sol.gep', 'sol.keccak256'].includes(o.name))) {
      expect((effects(op) ?? []).some((e) => e.kind === 'allocate' && e.resource === 'Memory')).toBe(false);
    }
  });

  it('loads and stores name the address and its location', () => {
    const store = all.find((o) => o.name === 'sol.store' && String(o.operand(1).type).includes('Memory>'))!;
    expect(effects(store)).toEqual([{ kind: 'write', value: store.operand(1), resource: 'Memory' }]);
    const load = all.find((o) => o.name === 'sol.load' && String(o.operand(0).type).includes('Stack>'))!;
    expect(effects(load)).toEqual([{ kind: 'read', value: load.operand(0), resource: 'Stack' }]);
    const copy = all.find((o) => o.name === 'sol.copy')!;
    expect(effects(copy)).toContainEqual({ kind: 'write', value: copy.operand(1), resource: 'Storage' });
  });

  it('checked arithmetic may revert, unchecked is pure', () => {
    const adds = all.filter((o) => o.name === 'sol.add' || o.name === 'sol.sub');
    const checked = adds.find((o) => o.getAttr('checked'))!;
    const plain = adds.find((o) => !o.getAttr('checked'))!;
    expect(effects(checked)).toEqual([{ kind: 'write', resource: 'Revert' }]);
    expect(effects(plain)).toEqual([]);
  });

  it('malloc with zero_init also writes; inline asm that is not memory-safe writes the free pointer', () => {
    const m = all.find((o) => o.name === 'sol.malloc' && o.getAttr('zero_init'))!;
    expect(effects(m)).toContainEqual({ kind: 'write', value: m.result(0), resource: 'Memory' });
    const asm = parseString('module { sol.inline_asm {yul = ""} }', registry).regions[0]!.blocks[0]!.first!;
    expect(effects(asm)).toContainEqual({ kind: 'write', resource: 'FreePointer' });
    expect(effects(asm)).toContainEqual({ kind: 'write', resource: 'Memory' });
    const safe = all.find((o) => o.name === 'sol.inline_asm')!;
    expect(effects(safe)!.some((e) => e.resource === 'FreePointer')).toBe(false);
  });

  it('inline asm reads and may assign the locals it names (its slot operands)', () => {
    const m = parseString(`module { sol.func @f() {
      %s = sol.alloca : !sol.ptr<ui256, Stack>
      sol.inline_asm memory_safe (%s : !sol.ptr<ui256, Stack>) {yul = "$0 := 1"}
      sol.return
    } }`, registry);
    const asm = ops(m).find((o) => o.name === 'sol.inline_asm')!;
    const slot = asm.operand(0);
    expect(effects(asm)).toContainEqual({ kind: 'read', value: slot, resource: 'Stack' });
    expect(effects(asm)).toContainEqual({ kind: 'write', value: slot, resource: 'Stack' });
    expect(effects(asm)).toContainEqual({ kind: 'read', resource: 'Storage' });
    expect(effects(asm)!.some((e) => e.resource === 'FreePointer')).toBe(false);
  });
});

describe('sol region branches', () => {
  const module = parseString(fixture, registry);
  const all = ops(module);
  const rb = (op: Operation) => op.def!.spec.regionBranch!;

  it('sol.for: parent → cond → body → step → cond, every region may exit', () => {
    const loop = all.find((o) => o.name === 'sol.for')!;
    const [cond, body, step] = loop.regions;
    expect(rb(loop).successors(loop, 'parent').map((s) => s.target)).toEqual([cond]);
    expect(rb(loop).successors(loop, cond!).map((s) => s.target)).toEqual([body, 'parent']);
    expect(rb(loop).successors(loop, body!).map((s) => s.target)).toEqual([step, 'parent']);
    expect(rb(loop).successors(loop, step!).map((s) => s.target)).toEqual([cond, 'parent']);
  });

  it('sol.if forwards its yields to its results', () => {
    const ifOp = all.find((o) => o.name === 'sol.if' && o.results.length === 1)!;
    expect(rb(ifOp).successors(ifOp, 'parent').map((s) => s.target)).toEqual(ifOp.regions);
    const y = ifOp.regions[0]!.blocks[0]!.last!;
    expect(y.def!.spec.regionBranchTerminator!.forwardedOperands(y, 'parent')).toEqual(y.operandValues());
  });
});

describe('sol verifier', () => {
  const bad = (body: string) => {
    const m = parseString(`module { sol.contract @C attributes {kind = "contract"} { sol.func @f(%n: ui256) attributes {state_mutability = "pure", visibility = "internal"} { ${body} sol.return } } }`, registry);
    return verify(m, registry).map((d) => d.message);
  };
  it('rejects a dynamic malloc without a size and a wrong gep type', () => {
    expect(bad('%a = sol.malloc : !sol.array<? x ui256, Memory>')).toEqual([expect.stringContaining('needs a size operand')]);
    expect(bad('%a = sol.malloc size(%n : ui256) : !sol.array<? x ui256, Memory> %p = sol.gep %a[%n] : !sol.array<? x ui256, Memory>, ui256 -> !sol.ptr<ui8, Memory>'))
      .toEqual([expect.stringContaining('result type must be !sol.ptr<ui256, Memory>')]);
    expect(bad('%c = sol.constant true : i1 sol.if %c { sol.break }')).toEqual([expect.stringContaining('must be inside a loop')]);
  });
});
