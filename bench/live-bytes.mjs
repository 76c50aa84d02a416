// The live-bytes lower bound of one EVM call, measured dynamically (issue 7's benchmark): the
// peak memory the call would need if every dead allocation were reused, i.e.
//   0x80 + max over time of (sum of the sizes of the allocations live at that time),
// counting the ABI return buffer.
//
// How (shared/notes/solidity-memory.md §1: the `step` event copies the whole memory on every
// opcode, so it is not used): @ethereumjs/evm's Memory.prototype.read / write are wrapped
// while a trace is active, and every access is one tick of a clock.
//   - An allocation is a free-pointer bump: a 32-byte write at 0x40 raising its value (the
//     first such write, `mstore(64, memoryguard(128))`, only sets the base). Its range is
//     [old, new), it is born at the bump — or at the first write into that range since the
//     previous bump, for what solc encodes at the free pointer before bumping it (abi.encode*,
//     string.concat) — and lives until the last access (read or write, by any opcode:
//     mload/mstore, keccak256, mcopy, log, return…) that touches its range.
//   - The return buffer is the range RETURN reads (the call's last memory read); it is not an
//     allocation (solc encodes at the free pointer without bumping it) and lives from the
//     first write into its range after the last bump until RETURN.
// Meant for solc's own code, whose free pointer only grows; a trace in which it goes down
// is flagged (`monotonic: false`) and the bound is then meaningless.
//
//   const t = await liveBytesTracer();  t.start(); await chain.call(…); const r = t.stop(returnLength);
//   r = { lowerBound, allocations, returnBuffer, monotonic }
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The ESM Memory class the interpreter uses (not exported by the package: its dist file). */
async function memoryClass() {
  const req = createRequire(join(dirname(new URL(import.meta.url).pathname), '..', 'packages', 'evm', 'package.json'));
  const cjs = req.resolve('@ethereumjs/evm'); // …/dist/cjs/index.js
  const esm = join(dirname(cjs), '..', 'esm', 'memory.js');
  return (await import(pathToFileURL(esm).href)).Memory;
}

function word(bytes) {
  let v = 0;
  // free-pointer values fit in a double; the high bytes of a sane pointer are zero
  for (let i = 0; i < 32; i++) v = v * 256 + bytes[i];
  return v;
}

export async function liveBytesTracer() {
  const Memory = await memoryClass();
  const proto = Memory.prototype;
  if (!proto.__liveBytes) {
    const { read, write } = proto;
    proto.__liveBytes = { trace: null };
    const hook = proto.__liveBytes;
    proto.write = function (offset, size, value) {
      if (hook.trace && size > 0) hook.trace.access(offset, size, true, value);
      return write.call(this, offset, size, value);
    };
    proto.read = function (offset, size, avoidCopy) {
      if (hook.trace && size > 0) hook.trace.access(offset, size, false);
      return read.call(this, offset, size, avoidCopy);
    };
  }
  const hook = proto.__liveBytes;
  return {
    start() {
      hook.trace = new Trace();
    },
    /** Ends the trace; `returnLength` is the call's return data length (0: no return buffer). */
    stop(returnLength) {
      const t = hook.trace;
      hook.trace = null;
      return t.result(returnLength);
    },
  };
}

class Trace {
  constructor() {
    this.t = 0;
    this.fp = undefined;
    /** { start, end, born, last }, ascending and disjoint while the free pointer only grows */
    this.allocs = [];
    this.monotonic = true;
    /** writes since the last bump: [offset, size, t] (for the return buffer's birth) */
    this.recentWrites = [];
    this.lastRead = undefined;
    this.prev = undefined;
  }

  access(offset, size, isWrite, value) {
    // MCOPY reads its source then writes its destination: one program point, so the write
    // shares the read's tick (a copied string and its copy are live together). A write right
    // after a read of the same size is taken for that (at worst an mload/mstore pair counts
    // as one point: the bound can only grow by the objects' overlap at that point).
    const sameInstr = isWrite && this.prev && !this.prev.isWrite && this.prev.size === size;
    const t = sameInstr ? this.t : ++this.t;
    this.prev = { isWrite, size };
    if (isWrite && offset === 0x40 && size === 32) {
      const v = word(value);
      if (this.fp === undefined) this.fp = v;
      else if (v > this.fp) {
        // solc writes some objects before bumping (abi.encode*, string.concat: encode at the
        // free pointer, then finalize): the object is born at its first write
        let born = t;
        for (const [wo, ws, wt] of this.recentWrites) if (wo < v && this.fp < wo + ws && wt < born) born = wt;
        this.allocs.push({ start: this.fp, end: v, born, last: t });
        this.fp = v;
        this.recentWrites = [];
      } else if (v < this.fp) {
        this.monotonic = false;
        this.fp = v;
      }
      return;
    }
    if (isWrite) this.recentWrites.push([offset, size, t]);
    else this.lastRead = [offset, size, t];
    this.touch(offset, offset + size, t);
  }

  /** Marks every allocation intersecting [a, b) as accessed at t. */
  touch(a, b, t) {
    const xs = this.allocs;
    let lo = 0;
    let hi = xs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (xs[mid].end <= a) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < xs.length && xs[i].start < b; i++) xs[i].last = t;
  }

  result(returnLength) {
    const intervals = this.allocs.map((x) => [x.born, x.last, x.end - x.start]);
    let returnBuffer;
    if (returnLength > 0 && this.lastRead && this.lastRead[1] === returnLength) {
      const [o, len, end] = this.lastRead;
      let born = end;
      for (const [wo, ws, wt] of this.recentWrites) if (wo < o + len && o < wo + ws && wt < born) born = wt;
      returnBuffer = { offset: o, size: len, born, end };
      intervals.push([born, end, len]);
    }
    // sweep: births before deaths at the same tick (intervals are inclusive)
    const events = [];
    for (const [b, e, s] of intervals) events.push([b, 0, s], [e, 1, -s]);
    events.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    let live = 0;
    let peak = 0;
    for (const [, , d] of events) {
      live += d;
      if (live > peak) peak = live;
    }
    return { lowerBound: 0x80 + peak, allocations: this.allocs.length, returnBuffer, monotonic: this.monotonic };
  }
}
