/**
 * memref semantics over the memory model (memory.ts).
 *
 *  1. alloc makes a heap Base, alloca a stack Base owned by the innermost
 *     AutomaticAllocationScope (function body, memref.alloca_scope); sizes come from
 *     the type, `?` from the dynamic operands in order; strides from the layout
 *     (identity: row-major).
 *  2. load/store check every index against the view's size, then the cell against the
 *     Base's extent; out of bounds is a runtime error. A dead Base counts a
 *     use-after-free (memory.ts (3)).
 *  3. dealloc frees the view's Base (memory.ts (4)); realloc allocates, copies the
 *     common prefix and frees its source.
 *  4. copy needs equal shapes, reads the whole source before writing the target.
 *  5. subview: offset = source offset + Σ offset_i · stride_i, stride_i = source stride ·
 *     step; dropped unit dims (rank reduction) are matched greedily against the result
 *     type's shape, as MLIR's computeRankReductionMask does for static shapes.
 *     reinterpret_cast replaces offset/sizes/strides of the same Base.
 *  6. extract_strided_metadata returns a rank-0 view of the Base at offset 0 plus the
 *     view's offset, sizes and strides; extract_aligned_pointer_as_index returns the
 *     Base's address, tainted, and counts a pointer extract.
 *  7. get_global returns a view of a global Base made on first use from the global's
 *     initial value (zeros when uninitialized); globals are never freed.
 *  8. expand_shape / collapse_shape recompute sizes and strides of the same Base.
 */
import {
  DenseArrayAttr, DenseElementsAttr, IntegerAttr, MemRefType, StridedLayoutAttr, SymbolRefAttr, TypeAttr, ArrayAttr, DYNAMIC,
  type Operation, type Type,
} from '@lifeline/ir';
import { InterpError, OPS, TERMS, type Frame, type FuncCompiler, type Machine } from './engine.js';
import { compactStrides, numElements, viewCells, viewInBounds, type Base, type View } from './memory.js';
import { floatRounder, intWidth, normalizer, zeroOf } from './values.js';


const fail = (op: Operation, msg: string): never => {
  throw new InterpError(op, msg);
};

/** (1) strides and offset a freshly allocated `t` of `sizes` gets. */
function layoutOf(t: MemRefType, sizes: number[]): { offset: number; strides: number[] } {
  const l = t.layout;
  if (l instanceof StridedLayoutAttr && l.offset !== DYNAMIC && l.strides.every((s) => s !== DYNAMIC)) {
    return { offset: l.offset, strides: [...l.strides] };
  }
  return { offset: 0, strides: compactStrides(sizes) };
}

/** Cells a Base needs so that every cell of the view fits. */
function extentOf(v: { offset: number; sizes: number[]; strides: number[] }): number {
  if (numElements(v.sizes) === 0) return v.offset;
  let hi = v.offset;
  v.sizes.forEach((s, d) => (hi += (s - 1) * Math.max(0, v.strides[d]!)));
  return hi + 1;
}

function allocLike(kind: 'heap' | 'stack') {
  return (op: Operation, c: FuncCompiler) => {
    const t = op.results[0]!.type as MemRefType;
    const dyn = c.slotsOf(op.def!.operandGroup(op, 'dynamicSizes'));
    const zero = zeroOf(t.elementType);
    const r = c.slot(op.results[0]!);
    const mem = c.m.mem;
    return (f: Frame) => {
      let k = 0;
      const sizes = t.shape.map((d) => (d === DYNAMIC ? Number(f.r[dyn[k++]!] as bigint) : d));
      if (sizes.some((s) => s < 0)) fail(op, `negative dynamic size in ${sizes.join('x')}`);
      const { offset, strides } = layoutOf(t, sizes);
      const base = mem.allocate(extentOf({ offset, sizes, strides }), zero, kind);
      if (kind === 'stack') f.scope.push(base);
      f.r[r] = { base, offset, sizes, strides } satisfies View;
    };
  };
}
OPS.set('memref.alloc', allocLike('heap'));
OPS.set('memref.alloca', allocLike('stack'));

/** (2) the cell of `idx` in `v`, or a runtime error. */
function locate(op: Operation, v: View, f: Frame, idx: number[]): number {
  let lin = v.offset;
  const rank = idx.length;
  for (let d = 0; d < rank; d++) {
    const i = Number(f.r[idx[d]!] as bigint);
    if (i < 0 || i >= v.sizes[d]!) fail(op, `out-of-bounds access: index ${i} in dimension ${d} of size ${v.sizes[d]}`);
    lin += i * v.strides[d]!;
  }
  if (lin < 0 || lin >= v.base.data.length) fail(op, `out-of-bounds access: element ${lin} of an allocation of ${v.base.data.length}`);
  return lin;
}

OPS.set('memref.load', (op, c) => {
  const [ms, idx, r] = [c.slot(op.operand(0)), c.slotsOf(op.operandValues().slice(1)), c.slot(op.results[0]!)];
  const mem = c.m.mem;
  return (f) => {
    const v = f.r[ms] as View;
    const lin = locate(op, v, f, idx);
    const b = v.base;
    if (!b.live) mem.touch(b);
    f.r[r] = b.data[lin];
    f.t[r] = b.taint ? b.taint[lin]! : 0;
  };
});

OPS.set('memref.store', (op, c) => {
  const [val, ms, idx] = [c.slot(op.operand(0)), c.slot(op.operand(1)), c.slotsOf(op.operandValues().slice(2))];
  const mem = c.m.mem;
  return (f) => {
    const v = f.r[ms] as View;
    const lin = locate(op, v, f, idx);
    const b = v.base;
    if (!b.live) mem.touch(b);
    b.data[lin] = f.r[val];
    if (f.t[val]) (b.taint ??= new Uint8Array(b.data.length))[lin] = 1;
    else if (b.taint) b.taint[lin] = 0;
  };
});

OPS.set('memref.dealloc', (op, c) => {
  const ms = c.slot(op.operand(0));
  const mem = c.m.mem;
  return (f) => {
    mem.free((f.r[ms] as View).base);
  };
});

/** (4) copies `src` into `dst` cell by cell (taint included). */
export function copyView(op: Operation, m: Machine, src: View, dst: View): void {
  if (src.sizes.length !== dst.sizes.length || src.sizes.some((s, d) => s !== dst.sizes[d])) {
    fail(op, `copy between different shapes ${src.sizes.join('x')} and ${dst.sizes.join('x')}`);
  }
  for (const v of [src, dst]) {
    if (!viewInBounds(v)) fail(op, 'out-of-bounds access: the view exceeds its allocation');
    m.mem.touch(v.base);
  }
  const [from, to] = [viewCells(src), viewCells(dst)];
  const vals = from.map((i) => src.base.data[i]);
  const ts = from.map((i) => src.base.taint?.[i] ?? 0);
  to.forEach((i, k) => {
    dst.base.data[i] = vals[k];
    if (ts[k]) (dst.base.taint ??= new Uint8Array(dst.base.data.length))[i] = 1;
    else if (dst.base.taint) dst.base.taint[i] = 0;
  });
}

OPS.set('memref.copy', (op, c) => {
  const [s, d] = [c.slot(op.operand(0)), c.slot(op.operand(1))];
  const m = c.m;
  return (f) => copyView(op, m, f.r[s] as View, f.r[d] as View);
});

/** Static entries of `attr` with DYNAMIC replaced by the next dynamic operand. */
function mixed(op: Operation, c: FuncCompiler, attr: string, group: string): (f: Frame) => number[] {
  const statics = (op.getAttr(attr) as DenseArrayAttr).values;
  const dyn = c.slotsOf(op.def!.operandGroup(op, group));
  return (f) => {
    let k = 0;
    return statics.map((s) => (s === DYNAMIC ? Number(f.r[dyn[k++]!] as bigint) : s));
  };
}

/** (5) which source dims survive a rank-reducing subview to `shape`. */
function keptDims(sizes: number[], shape: readonly number[]): number[] {
  if (sizes.length === shape.length) return sizes.map((_, i) => i);
  const kept: number[] = [];
  let j = 0;
  for (let i = 0; i < sizes.length; i++) {
    const mustDrop = sizes.length - i > shape.length - j;
    const want = shape[j];
    // A unit dim is dropped while dims are still in excess, unless it matches a static 1.
    if (j < shape.length && (want === sizes[i] || (want === DYNAMIC && !(mustDrop && sizes[i] === 1)))) {
      kept.push(i);
      j++;
    }
  }
  return kept;
}

OPS.set('memref.subview', (op, c) => {
  const s = c.slot(op.operand(0));
  const [offs, sizes, steps] = [mixed(op, c, 'static_offsets', 'offsets'), mixed(op, c, 'static_sizes', 'sizes'),
    mixed(op, c, 'static_strides', 'strides')];
  const shape = (op.results[0]!.type as MemRefType).shape;
  const r = c.slot(op.results[0]!);
  return (f) => {
    const src = f.r[s] as View;
    const [o, z, st] = [offs(f), sizes(f), steps(f)];
    let offset = src.offset;
    o.forEach((x, d) => (offset += x * src.strides[d]!));
    const kept = keptDims(z, shape);
    f.r[r] = { base: src.base, offset, sizes: kept.map((d) => z[d]!), strides: kept.map((d) => src.strides[d]! * st[d]!) } satisfies View;
  };
});

OPS.set('memref.reinterpret_cast', (op, c) => {
  const s = c.slot(op.operand(0));
  const [offs, sizes, strides] = [mixed(op, c, 'static_offsets', 'offsets'), mixed(op, c, 'static_sizes', 'sizes'),
    mixed(op, c, 'static_strides', 'strides')];
  const r = c.slot(op.results[0]!);
  return (f) => {
    f.r[r] = { base: (f.r[s] as View).base, offset: offs(f)[0]!, sizes: sizes(f), strides: strides(f) } satisfies View;
  };
});

/** Ops whose result is their first operand, unchanged (casts, no-op hints). */
function sameView(op: Operation, c: FuncCompiler) {
  const [s, r] = [c.slot(op.operand(0)), c.slot(op.results[0]!)];
  return (f: Frame) => {
    f.r[r] = f.r[s];
  };
}
OPS.set('memref.cast', sameView);
OPS.set('memref.assume_alignment', (op, c) => (op.results.length ? sameView(op, c) : () => {}));

OPS.set('memref.extract_strided_metadata', (op, c) => {
  const s = c.slot(op.operand(0));
  const out = c.slotsOf(op.results);
  return (f) => {
    const v = f.r[s] as View;
    const vals: unknown[] = [{ base: v.base, offset: 0, sizes: [], strides: [] } satisfies View, BigInt(v.offset),
      ...v.sizes.map(BigInt), ...v.strides.map(BigInt)];
    out.forEach((slot, i) => {
      f.r[slot] = vals[i];
      f.t[slot] = 0;
    });
  };
});

OPS.set('memref.extract_aligned_pointer_as_index', (op, c) => {
  const [s, r] = [c.slot(op.operand(0)), c.slot(op.results[0]!)];
  const work = c.m.work;
  return (f) => {
    work.pointerExtracts++;
    f.r[r] = (f.r[s] as View).base.addr;
    f.t[r] = 1;
  };
});

OPS.set('memref.dim', (op, c) => {
  const [s, i, r] = [c.slot(op.operand(0)), c.slot(op.operand(1)), c.slot(op.results[0]!)];
  return (f) => {
    const v = f.r[s] as View;
    const d = Number(f.r[i] as bigint);
    if (d < 0 || d >= v.sizes.length) fail(op, `dimension ${d} is out of range for rank ${v.sizes.length}`);
    f.r[r] = BigInt(v.sizes[d]!);
    f.t[r] = 0;
  };
});

OPS.set('memref.rank', (op, c) => {
  const [s, r] = [c.slot(op.operand(0)), c.slot(op.results[0]!)];
  return (f) => {
    f.r[r] = BigInt((f.r[s] as View).sizes.length);
    f.t[r] = 0;
  };
});

/** (7) the Base of a memref.global, made once per run. */
function globalBase(m: Machine, op: Operation, name: string): Base {
  let b = m.globals.get(name);
  if (b) return b;
  const g = m.symbol(name);
  if (g?.name !== 'memref.global') fail(op, `'@${name}' is not a memref.global`);
  const t = (g!.getAttr('type') as TypeAttr).value as MemRefType;
  const elt = t.elementType;
  b = m.mem.allocate(numElements(t.shape), zeroOf(elt), 'global');
  const init = g!.getAttr('initial_value');
  if (init instanceof DenseElementsAttr) {
    const leaves = init.leaves();
    const conv = scalarOfLeaf(elt);
    for (let i = 0; i < b.data.length; i++) b.data[i] = conv(leaves.length === 1 ? leaves[0] : leaves[i]);
  }
  m.globals.set(name, b);
  return b;
}

function scalarOfLeaf(elt: Type): (l: ReturnType<DenseElementsAttr['leaves']>[number] | undefined) => unknown {
  const w = intWidth(elt);
  if (w !== undefined) {
    const n = normalizer(w);
    return (l) => (l?.kind === 'int' ? n(l.value) : l?.kind === 'bool' ? (l.value ? 1n : 0n) : 0n);
  }
  const round = floatRounder(elt);
  return (l) => (l?.kind === 'float' ? round(l.value) : l?.kind === 'int' ? round(Number(l.value)) : 0);
}

OPS.set('memref.get_global', (op, c) => {
  const name = (op.getAttr('name') as SymbolRefAttr).leaf;
  const t = op.results[0]!.type as MemRefType;
  const r = c.slot(op.results[0]!);
  const m = c.m;
  return (f) => {
    const base = globalBase(m, op, name);
    f.r[r] = { base, offset: 0, sizes: [...t.shape], strides: compactStrides(t.shape) } satisfies View;
  };
});

OPS.set('memref.realloc', (op, c) => {
  const s = c.slot(op.operand(0));
  const dyn = op.operands.length > 1 ? c.slot(op.operand(1)) : undefined;
  const t = op.results[0]!.type as MemRefType;
  const zero = zeroOf(t.elementType);
  const r = c.slot(op.results[0]!);
  const m = c.m;
  return (f) => {
    const src = f.r[s] as View;
    const n = dyn === undefined ? t.shape[0]! : Number(f.r[dyn] as bigint);
    m.mem.touch(src.base);
    const base = m.mem.allocate(n, zero, 'heap');
    const cells = viewCells(src);
    for (let i = 0; i < Math.min(n, cells.length); i++) base.data[i] = src.base.data[cells[i]!];
    m.mem.free(src.base);
    f.r[r] = { base, offset: 0, sizes: [n], strides: [1] } satisfies View;
  };
});

function groups(op: Operation): number[][] {
  return (op.getAttr('reassociation') as ArrayAttr).elements.map((g) => (g as ArrayAttr).elements.map((e) => Number((e as IntegerAttr).value)));
}

OPS.set('memref.collapse_shape', (op, c) => {
  const s = c.slot(op.operand(0));
  const gs = groups(op);
  const r = c.slot(op.results[0]!);
  return (f) => {
    const v = f.r[s] as View;
    const sizes = gs.map((g) => g.reduce((a, d) => a * v.sizes[d]!, 1));
    const strides = gs.map((g) => (g.length ? v.strides[g[g.length - 1]!]! : 1));
    f.r[r] = { base: v.base, offset: v.offset, sizes, strides } satisfies View;
  };
});

OPS.set('memref.expand_shape', (op, c) => {
  const s = c.slot(op.operand(0));
  const gs = groups(op);
  const shape = mixed(op, c, 'static_output_shape', 'output_shape');
  const r = c.slot(op.results[0]!);
  return (f) => {
    const v = f.r[s] as View;
    const sizes = shape(f);
    const strides = new Array<number>(sizes.length).fill(1);
    gs.forEach((g, src) => {
      let acc = v.strides[src] ?? 1;
      for (let k = g.length - 1; k >= 0; k--) {
        strides[g[k]!] = acc;
        acc *= sizes[g[k]!]!;
      }
    });
    f.r[r] = { base: v.base, offset: v.offset, sizes, strides } satisfies View;
  };
});

OPS.set('memref.alloca_scope', (op, c) => {
  const body = c.compileRegion(op.regions[0]!);
  const assign = c.assign(op.results);
  const m = c.m;
  return (f) => {
    const mark = f.scope.length;
    try {
      m.run(body, f);
    } finally {
      for (const b of f.scope.splice(mark)) b.live = false;
    }
    assign(f, f.out, f.outT);
  };
});
TERMS.set('memref.alloca_scope.return', (op, c) => c.exitWith(op.operandValues()));

