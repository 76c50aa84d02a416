/** The IR core: use lists, builder/rewriter, clones, block surgery, symbol tables. */
import { describe, expect, it } from 'vitest';
import {
  Block, Builder, IRMapping, IntegerAttr, Operation, Region, Rewriter, StringAttr, SymbolRefAttr, SymbolTableCollection, cloneOp,
  i32, parseString, printOp, type Value,
} from '@lifeline/ir';
import { createRegistry } from '@lifeline/dialects';

const registry = createRegistry();
const parse = (s: string) => parseString(s, registry, { allowUnregistered: true });
const uses = (v: Value) => [...v.uses()].map((u) => `${u.owner.name}#${u.index}`);

describe('use lists', () => {
  it('track operands, replaceAllUsesWith and erasure', () => {
    const m = parse(`func.func @f(%a: i32, %b: i32) {
      "test.x"(%a, %a) : (i32, i32) -> ()
      "test.y"(%b) : (i32) -> ()
      return
    }`);
    const body = m.regions[0]!.blocks[0]!.first!.regions[0]!.blocks[0]!;
    const [a, b] = body.arguments;
    expect(uses(a!)).toEqual(['test.x#1', 'test.x#0']);
    a!.replaceAllUsesWith(b!);
    expect(a!.hasUses).toBe(false);
    expect(uses(b!).sort()).toEqual(['test.x#0', 'test.x#1', 'test.y#0']);
    body.first!.erase();
    expect(uses(b!)).toEqual(['test.y#0']);
  });
});

describe('builder and rewriter', () => {
  it('creates ops at insertion points and replaces them', () => {
    const m = parse(`func.func @f(%a: i32) -> i32 {
      %x = "test.x"(%a) : (i32) -> i32
      return %x : i32
    }`);
    const fn = m.regions[0]!.blocks[0]!.first!;
    const block = fn.regions[0]!.blocks[0]!;
    const x = block.first!;
    const rw = new Rewriter(registry);
    rw.setInsertionPointBefore(x);
    const y = rw.create('test.y', { operands: [block.arguments[0]!], resultTypes: [i32] });
    rw.replaceOp(x, [y.result(0)]);
    expect(printOp(fn)).toContain('%0 = "test.y"(%arg0) : (i32) -> i32\n  return %0 : i32');
    expect(() => rw.eraseOp(y)).toThrow(/still has uses/);
  });

  it('splits and merges blocks', () => {
    const m = parse(`func.func @f() {
      "test.a"() : () -> ()
      "test.b"() : () -> ()
      return
    }`);
    const fn = m.regions[0]!.blocks[0]!.first!;
    const block = fn.regions[0]!.blocks[0]!;
    const rw = new Rewriter(registry);
    const tail = rw.splitBlock(block, block.first!.next);
    expect(fn.regions[0]!.blocks.length).toBe(2);
    expect(tail.opList().map((o) => o.name)).toEqual(['test.b', 'func.return']);
    rw.mergeBlocks(tail, block);
    expect(block.opList().map((o) => o.name)).toEqual(['test.a', 'test.b', 'func.return']);
    expect(fn.regions[0]!.blocks.length).toBe(1);
  });
});

describe('clone', () => {
  it('deep-copies regions, remaps values and successors', () => {
    const m = parse(`func.func @f(%a: i32) -> i32 {
      cf.br ^bb1(%a : i32)
    ^bb1(%x: i32):
      return %x : i32
    }`);
    const fn = m.regions[0]!.blocks[0]!.first!;
    const copy = cloneOp(fn, new IRMapping());
    copy.setAttr('sym_name', new StringAttr('g'));
    m.regions[0]!.blocks[0]!.append(copy);
    const text = printOp(m);
    expect(text).toContain('func.func @g(%arg0: i32) -> i32 {\n    cf.br ^bb1(%arg0 : i32)');
    // The clone's branch targets the clone's own block.
    const [b0, b1] = copy.regions[0]!.blocks;
    expect(b0!.last!.successors[0]).toBe(b1);
    expect(b1!.arguments[0]!.hasUses).toBe(true);
  });
});

describe('symbol tables', () => {
  it('resolve nested references from the nearest table', () => {
    const m = parse(`module @outer {
      module @inner {
        func.func private @leaf()
      }
      func.func private @top()
    }`);
    const syms = new SymbolTableCollection();
    const top = syms.lookupNearest(m, new SymbolRefAttr('top'));
    expect(top?.getAttr('sym_name')?.toString()).toBe('"top"');
    const leaf = syms.lookupIn(m, new SymbolRefAttr('inner', ['leaf']));
    expect(leaf?.name).toBe('func.func');
    expect(syms.lookupIn(m, new SymbolRefAttr('inner', ['nope']))).toBeUndefined();
  });
});

describe('operations built by hand', () => {
  it('print in generic form with regions and blocks', () => {
    const region = new Region([new Block([i32])]);
    const op = new Operation({ name: 'test.holder', regions: [region] });
    const b = new Builder(registry);
    b.setInsertionPointToEnd(region.blocks[0]!);
    b.create('test.use', { operands: [region.blocks[0]!.arguments[0]!] });
    expect(printOp(op, { generic: true })).toBe(
      '"test.holder"() ({\n^bb0(%arg0: i32):\n  "test.use"(%arg0) : (i32) -> ()\n}) : () -> ()\n');
  });
});

describe('inherent attributes kept as a list until the Map is asked for', () => {
  const attrs = (n: number) => new Map(Array.from({ length: n }, (_, i) => [`p${i}`, new IntegerAttr(BigInt(i), i32)] as const));
  for (const n of [1, 2, 4, 5]) {
    it(`${n} properties: reads, order, and mutation agree with a Map`, () => {
      const m = attrs(n);
      const op = new Operation({ name: 'test.op', properties: new Map(m) });
      expect(op.hasProperties).toBe(true);
      for (const [k, v] of m) expect(op.getAttr(k)).toBe(v);
      expect(op.getAttr('missing')).toBeUndefined();
      const seen: string[] = [];
      op.forEachProperty((v, k) => { seen.push(k); expect(v).toBe(m.get(k)); });
      expect(seen).toEqual([...m.keys()]);
      expect(op.propertyEntries()).toEqual([...m]);
      // setAttr on an existing name keeps its place; a new inherent-less name goes to attributes.
      const x = new IntegerAttr(99n, i32);
      op.setAttr('p0', x);
      expect(op.getAttr('p0')).toBe(x);
      expect([...op.properties.keys()]).toEqual([...m.keys()]);
      op.removeAttr('p0');
      expect(op.getAttr('p0')).toBeUndefined();
      expect(op.properties.size).toBe(n - 1);
      expect(op.hasProperties).toBe(n > 1);
      expect(op.propertiesIfAny?.size).toBe(n - 1);
    });
  }
  it('no properties: nothing is made', () => {
    const op = new Operation({ name: 'test.op', properties: new Map() });
    expect(op.hasProperties).toBe(false);
    expect(op.propertiesIfAny).toBeUndefined();
    expect(op.propertyEntries()).toEqual([]);
  });
});
