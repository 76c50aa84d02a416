/**
 * YulLib: the helper functions one Yul object needs, generated on demand and emitted once.
 *
 * solc's IR generator names every helper after what it does and the types it handles
 * (`checked_add_t_uint8`, `abi_decode_t_bytes_memory_ptr`) and emits each name once per
 * object; we do the same so that a sol program uses exactly the helpers it needs and solc's
 * Yul optimizer sees code shaped like its own IR (it inlines and specialises the rest).
 *
 * A helper is registered by name with a builder; the builder runs once, the first time the
 * name is asked for, and may ask for other helpers. The name is reserved before the builder
 * runs, so recursive types (nested arrays) terminate. Output order is first-request order,
 * which makes it deterministic.
 */
import type { StaticZeros } from './static-zeros.js';

export class YulLib {
  private readonly bodies = new Map<string, string>();
  /** The object's static zero elements (static-zeros.ts), laid out before its functions are emitted. */
  staticZeros: StaticZeros | undefined;
  private readonly literalIds = new Map<string, number>();

  /** Returns `name`, building its function text the first time it is asked for. */
  fn(name: string, build: () => string): string {
    if (!this.bodies.has(name)) {
      this.bodies.set(name, '');
      this.bodies.set(name, build());
    }
    return name;
  }

  has(name: string): boolean {
    return this.bodies.has(name);
  }

  /** A small stable number for a string literal (helpers that store it are named by it). */
  literalId(text: string): number {
    let id = this.literalIds.get(text);
    if (id === undefined) this.literalIds.set(text, (id = this.literalIds.size));
    return id;
  }

  /** Every helper function's text, in first-request order. */
  functions(): string[] {
    return [...this.bodies.values()];
  }
}

/** `0x…` for a non-negative bigint or number. */
export function hex(v: bigint | number): string {
  return '0x' + BigInt(v).toString(16);
}

export const U256_MAX = (1n << 256n) - 1n;
/** The largest memory address solc lets the free pointer reach (2^64 - 1). */
export const MEM_LIMIT = '0xffffffffffffffff';

/** Indents every line of a block of Yul by `n` levels of four spaces. */
export function indent(text: string, n = 1): string {
  const pad = '    '.repeat(n);
  return text
    .split('\n')
    .map((l) => (l.length ? pad + l : l))
    .join('\n');
}

/** A function definition: `function name(a, b) -> r { body }`. */
export function yfn(name: string, params: string[], rets: string[], body: string): string {
  const r = rets.length ? ` -> ${rets.join(', ')}` : '';
  return `function ${name}(${params.join(', ')})${r} {\n${indent(body.trim())}\n}`;
}

/**
 * Yul for bytes of a string literal as 32-byte words (left aligned, zero padded). Like solc, a
 * chunk of plain printable text is written as a Yul string literal ("item-") and anything else
 * as a number: the Yul optimizer leaves string literals as they are (one PUSH32) where it may
 * rewrite a number into a cheaper-to-deploy but dearer-to-run expression such as shl(216, 0x…).
 */
export function literalWords(bytes: Uint8Array): string[] {
  const words: string[] = [];
  for (let i = 0; i < bytes.length; i += 32) {
    const chunk = bytes.subarray(i, i + 32);
    if (chunk.every((b) => b >= 0x20 && b < 0x7f && b !== 0x22 && b !== 0x5c)) {
      words.push(`"${String.fromCharCode(...chunk)}"`);
      continue;
    }
    let h = '';
    for (let j = 0; j < 32; j++) h += (i + j < bytes.length ? bytes[i + j]! : 0).toString(16).padStart(2, '0');
    words.push('0x' + h);
  }
  return words;
}

/** The bytes of a sol string attribute (one char per byte, as `sol.string_lit` holds them). */
export function literalBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
}


/**
 * Address `addr` of a static frame (lifetime/static-frames.ts), laid out as if memory began at
 * 0x80, as a Yul expression relative to `memoryguard(128)`: solc's StackLimitEvader moves
 * what memoryguard returns (every call alike) above the stack slots it puts at 0x80.
 */
export function guardRelative(addr: bigint | number): string {
  const d = BigInt(addr) - 0x80n;
  return d === 0n ? 'memoryguard(128)' : `add(memoryguard(128), ${hex(d)})`;
}
