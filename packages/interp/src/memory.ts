/**
 * The memory model: allocations are base objects, memref values are views of them.
 *
 *  1. Every allocation (alloc, alloca, clone, realloc, global) is a Base: a typed
 *     element array, a fake aligned address that is never reused (0x1000, 0x1040, …),
 *     a kind (heap | stack | global) and a live flag.
 *  2. A memref value is a View {base, offset, sizes, strides}; views, casts, subviews,
 *     reinterpret_cast and extract_strided_metadata share the Base of their source.
 *  3. An access is bounds-checked against the view's sizes and the base's extent; an
 *     access to a dead Base counts one use-after-free and still reads/writes the old
 *     cells (addresses are never reused, so the run stays deterministic).
 *  4. Freeing (memref.dealloc, bufferization.dealloc) frees the view's Base, as MLIR's
 *     LLVM lowering frees the allocated pointer: a dead Base counts a double free,
 *     a stack or global Base an invalid free; neither changes the Base.
 *  5. Stack Bases die when their AutomaticAllocationScope ends (function return,
 *     memref.alloca_scope) and are not heap allocations; globals live forever.
 *  6. At the end, every live heap Base is a leak (Bases are counted, not views),
 *     except those the entry function returns: the runner, as caller, owns them.
 *  7. Pointer taint (for pointer-compares): a Base keeps a parallel taint array,
 *     made on the first store of a value derived from extract_aligned_pointer_as_index.
 */
export type BaseKind = 'heap' | 'stack' | 'global';

export class Base {
  live = true;
  taint: Uint8Array | undefined = undefined;
  constructor(readonly addr: bigint, readonly data: unknown[], readonly kind: BaseKind) {}
}

export interface View {
  base: Base;
  offset: number;
  sizes: number[];
  strides: number[];
}

export interface MemoryCounters {
  allocs: number;
  frees: number;
  leaked: number;
  doubleFrees: number;
  useAfterFree: number;
  invalidFrees: number;
}

export type FreeOutcome = 'freed' | 'double-free' | 'invalid-free';

export class Memory {
  readonly counters: MemoryCounters = { allocs: 0, frees: 0, leaked: 0, doubleFrees: 0, useAfterFree: 0, invalidFrees: 0 };
  private nextAddr = 0x1000n;
  private readonly heap: Base[] = [];

  /** (1) a new Base of `n` cells filled with `zero`. */
  allocate(n: number, zero: unknown, kind: BaseKind): Base {
    const data = new Array<unknown>(n).fill(zero);
    const b = new Base(this.nextAddr, data, kind);
    // 64-byte aligned and at least one slot apart, so no two Bases share an address.
    this.nextAddr += BigInt(Math.max(64, Math.ceil((n * 8) / 64) * 64));
    if (kind === 'heap') {
      this.counters.allocs++;
      this.heap.push(b);
    }
    return b;
  }

  /** (4) frees the Base of a view. */
  free(b: Base): FreeOutcome {
    if (b.kind !== 'heap') {
      this.counters.invalidFrees++;
      return 'invalid-free';
    }
    if (!b.live) {
      this.counters.doubleFrees++;
      return 'double-free';
    }
    b.live = false;
    this.counters.frees++;
    return 'freed';
  }

  /** (3) counts a use after free when `b` is dead. */
  touch(b: Base): void {
    if (!b.live) this.counters.useAfterFree++;
  }

  /** (6) counts the live heap Bases not in `owned`. */
  finish(owned: ReadonlySet<Base>): void {
    let n = 0;
    for (const b of this.heap) if (b.live && !owned.has(b)) n++;
    this.counters.leaked = n;
  }
}

/** Row-major strides of a compact array of `sizes`. */
export function compactStrides(sizes: readonly number[]): number[] {
  const s = new Array<number>(sizes.length);
  let acc = 1;
  for (let i = sizes.length - 1; i >= 0; i--) {
    s[i] = acc;
    acc *= sizes[i]!;
  }
  return s;
}

export const numElements = (sizes: readonly number[]): number => sizes.reduce((a, b) => a * b, 1);

/** Linear cell indices of every element of a view, in row-major order of the view. */
export function viewCells(v: View): number[] {
  const out: number[] = [];
  const rank = v.sizes.length;
  if (numElements(v.sizes) === 0) return out;
  const idx = new Array<number>(rank).fill(0);
  for (;;) {
    let lin = v.offset;
    for (let d = 0; d < rank; d++) lin += idx[d]! * v.strides[d]!;
    out.push(lin);
    let d = rank - 1;
    while (d >= 0) {
      if (++idx[d]! < v.sizes[d]!) break;
      idx[d] = 0;
      d--;
    }
    if (d < 0) return out;
  }
}

/** (3) is every cell of the view inside its Base? */
export function viewInBounds(v: View): boolean {
  if (numElements(v.sizes) === 0) return true;
  let lo = v.offset;
  let hi = v.offset;
  for (let d = 0; d < v.sizes.length; d++) {
    const span = (v.sizes[d]! - 1) * v.strides[d]!;
    if (span < 0) lo += span;
    else hi += span;
  }
  return lo >= 0 && hi < v.base.data.length;
}
