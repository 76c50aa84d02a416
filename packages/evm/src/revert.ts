/**
 * Reading revert data the way a test or a benchmark report wants to show it: solc reverts
 * with `Panic(uint256)` (selector 0x4e487b71) for checked failures, `Error(string)`
 * (0x08c379a0) for `require`/`revert` with a message, a custom error's selector + ABI
 * arguments, or nothing at all. Decoding never throws: malformed data is `custom`.
 */
import { AbiCoder } from 'ethers';

export type Revert =
  | { kind: 'empty' }
  | { kind: 'panic'; code: number }
  | { kind: 'error'; message: string }
  | { kind: 'custom'; selector: string; data: string };

const PANIC = '0x4e487b71';
const ERROR = '0x08c379a0';

export function decodeRevert(revertData: string): Revert {
  const h = revertData.toLowerCase();
  if (h === '0x' || h === '') return { kind: 'empty' };
  const selector = h.slice(0, 10);
  const args = '0x' + h.slice(10);
  try {
    if (selector === PANIC && h.length === 10 + 64) {
      return { kind: 'panic', code: Number(BigInt(args)) };
    }
    if (selector === ERROR) {
      const [message] = AbiCoder.defaultAbiCoder().decode(['string'], args);
      return { kind: 'error', message: String(message) };
    }
  } catch {
    // fall through: not well-formed, report the raw bytes
  }
  return { kind: 'custom', selector, data: args };
}

/** `Panic(0x11)`, `Error("msg")`, `0x12345678…` or `empty`: one short line. */
export function formatRevert(revertData: string): string {
  const r = decodeRevert(revertData);
  switch (r.kind) {
    case 'empty':
      return 'empty';
    case 'panic':
      return `Panic(0x${r.code.toString(16).padStart(2, '0')})`;
    case 'error':
      return `Error(${JSON.stringify(r.message)})`;
    case 'custom':
      return `${r.selector}${r.data.length > 2 ? '…' : ''}`;
  }
}
