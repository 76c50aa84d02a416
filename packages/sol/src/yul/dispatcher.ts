/**
 * The external-function dispatcher in solc's shape: with at least 4 bytes of calldata, switch
 * on the selector (the top 4 bytes of the first word) in ascending order; each case runs an
 * `external_fun_*` wrapper that rejects value for non-payable functions, decodes the
 * arguments from calldata (from offset 4 to calldatasize) with solc's validation, calls the
 * function and returns its ABI-encoded results from the free pointer. Unknown selectors and
 * short calldata revert with empty data (no fallback or receive function).
 */
import { encodeTuple } from './abi-encode.js';
import { decodeTuple } from './abi-decode.js';
import { hex, indent, type YulLib, yfn } from './lib.js';
import { allocateUnbounded } from './rt-memory.js';
import type { YType } from './ytypes.js';

export interface ExternalFunction {
  selector: number;
  /** `f(uint256,bytes)`, printed as a comment on its case. */
  signature: string;
  params: YType[];
  returns: YType[];
  payable: boolean;
  /** The Yul function implementing the body: takes the decoded params, returns the results. */
  impl: string;
  /** Where the results are encoded: the function's frame top (static frames); default the free pointer. */
  scratch?: string;
}

/** How an external function's arguments are decoded: Yul statements defining `names`. */
export interface ArgDecoder {
  names: string[];
  code: string;
}

/** The default: every argument ABI-decoded from calldata into memory (solc's `abi_decode_tuple_*`). */
export function decodeAllToMemory(lib: YulLib, f: ExternalFunction): ArgDecoder {
  const names = f.params.map((_, i) => `param_${i}`);
  const dec = `${decodeTuple(lib, f.params, 'calldata')}(4, calldatasize())`;
  return { names, code: names.length ? `let ${names.join(', ')} := ${dec}` : dec };
}

/** `external_fun_<impl>()`: value check, decode, call, encode, return. */
export function externalWrapper(lib: YulLib, f: ExternalFunction, decoder?: ArgDecoder): string {
  const name = `external_fun_${f.impl}`;
  return lib.fn(name, () => {
    const d = decoder ?? decodeAllToMemory(lib, f);
    const rs = f.returns.map((_, i) => `ret_${i}`);
    const lines: string[] = [];
    if (!f.payable) lines.push('if callvalue() { revert(0, 0) }');
    lines.push(d.code);
    const call = `${f.impl}(${d.names.join(', ')})`;
    lines.push(rs.length ? `let ${rs.join(', ')} := ${call}` : call);
    lines.push(`let memPos := ${f.scratch ?? `${allocateUnbounded(lib)}()`}`);
    lines.push(`let memEnd := ${encodeTuple(lib, f.returns)}(memPos${rs.map((r) => ', ' + r).join('')})`);
    lines.push('return(memPos, sub(memEnd, memPos))');
    return yfn(name, [], [], lines.join('\n'));
  });
}

/** The runtime object's entry code after `mstore(64, memoryguard(128))`. */
/** `tail`: what runs when no selector matched (receive / fallback code; default an empty revert). */
export function dispatcherCode(lib: YulLib, fns: ExternalFunction[], decoders?: (f: ExternalFunction) => ArgDecoder, tail = 'revert(0, 0)'): string {
  const sorted = [...fns].sort((a, b) => a.selector - b.selector);
  const cases = sorted.map((f) => `case ${hex(f.selector).replace(/^0x/, '0x' + '0'.repeat(Math.max(0, 8 - f.selector.toString(16).length)))} {\n    // ${f.signature}\n    ${externalWrapper(lib, f, decoders?.(f))}()\n}`);
  const sw = sorted.length ? `switch shr(224, calldataload(0))\n${cases.join('\n')}\ndefault {}` : '';
  return `if iszero(lt(calldatasize(), 4)) {\n${indent(sw)}\n}\n${tail}`;
}
