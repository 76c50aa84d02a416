/**
 * Static zero elements (LIFETIME.md, "Shared zero elements"). An array whose elements are
 * only ever replaced (`shared_zero`, lifetime/shared-zero.ts) starts with every slot
 * addressing one zero element of its element type. That element is read-only for its whole
 * life, so one per type serves every such array of a Yul object: it lies in a region at the
 * start of the object's memory, below the free pointer's first value, where no allocation —
 * and so no release — ever reaches it. Points-to therefore counts it as no allocation's inner
 * memory (sol.malloc's memorySource): an array of them holds nothing until it is filled, so
 * a callee handing one back no longer seems to hand back memory that holds itself.
 *
 * The region is laid out before the object's functions are emitted (`StaticZeros.collect`),
 * so every helper knows which addresses are not heap objects (`notObject`): the zero slot
 * 0x60 for dynamic values, and anything below the region's end for the types it holds.
 * Memory is zero when a call starts; the object's entry code writes the non-zero words (a
 * dynamic member's 0x60, a nested aggregate's address) and starts the free pointer above it.
 */
import type { Operation, Type } from '@lifeline/ir';
import { ArrayType, fixedSizeFields } from '../sol-types.js';
import { ytype } from './emit-types.js';
import { hex } from './lib.js';
import { wordZeroValue } from './rt-memory.js';
import { tid, type YType } from './ytypes.js';

export class StaticZeros {
  /** Byte offset of each type's zero element from the base, by type id. */
  private readonly offsets = new Map<string, number>();
  /** The region's words: '' for a zero word, else the Yul value to store. */
  private readonly words: string[] = [];

  /** `base`: the region's address (the object's first free memory: `memoryguard(128)` or a constant). */
  constructor(private readonly base: string) {}

  /** The static zero region of the object whose code is `functions` (shared_zero allocations' element types). */
  static collect(base: string, functions: readonly Operation[]): StaticZeros {
    const zeros = new StaticZeros(base);
    for (const f of functions) {
      f.walk((op) => {
        if (op.name !== 'sol.malloc' || !op.getAttr('shared_zero') || !op.getAttr('zero_init')) return;
        const t = op.result(0).type;
        const elem = t instanceof ArrayType ? t.eltType : undefined;
        if (elem && fixedSizeFields(elem)) zeros.add(ytype(elem));
      });
    }
    return zeros;
  }

  get size(): number {
    return this.words.length * 32;
  }

  /** Whether `t` has a static zero element here. */
  has(t: YType): boolean {
    return this.offsets.has(tid(t));
  }

  /** The address of the static zero element of `t` (a struct or a static array collected here). */
  address(t: YType): string {
    const at = this.offsets.get(tid(t));
    if (at === undefined) throw new Error(`no static zero element of ${tid(t)}`);
    return this.at(at);
  }

  /** The first address above the region: the free pointer's first value. */
  heapStart(): string {
    return this.at(this.size);
  }

  /** Entry code: the region's non-zero words, then the free pointer above it. */
  entryCode(): string[] {
    const stores = this.words.flatMap((w, i) => (w ? [`mstore(${this.at(i * 32)}, ${w})`] : []));
    return [`mstore(64, ${this.heapStart()})`, ...stores];
  }

  /** Lays out the zero element of `t` and, recursively, those its fields address. */
  private add(t: YType): void {
    if (this.has(t)) return;
    const fields = t.kind === 'struct' ? t.members.map((m) => m.type) : t.kind === 'array' && t.length !== null ? Array(t.length).fill(t.elem) : [];
    const first = this.words.length;
    this.offsets.set(tid(t), first * 32);
    this.words.push(...fields.map(() => ''));
    fields.forEach((f: YType, i) => {
      const word = wordZeroValue(f);
      if (word === undefined) this.add(f);
      this.words[first + i] = word === '0' ? '' : word ?? this.address(f);
    });
  }

  private at(offset: number): string {
    if (/^0x[0-9a-f]+$/.test(this.base)) return hex(BigInt(this.base) + BigInt(offset));
    return offset ? `add(${this.base}, ${hex(offset)})` : this.base;
  }
}

/**
 * A Yul condition telling that the word `q`, a field of type `t`, addresses no heap object:
 * the zero slot 0x60 of an empty dynamic value, or a static zero element; undefined when a
 * field of that type always addresses a heap object.
 */
export function notObject(zeros: StaticZeros | undefined, t: Type, q: string): string | undefined {
  const y = ytype(t);
  if (wordZeroValue(y) === '0x60') return `eq(${q}, 0x60)`;
  return zeros?.has(y) ? `lt(${q}, ${zeros.heapStart()})` : undefined;
}
