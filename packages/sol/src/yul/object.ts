/**
 * Yul object layout as solc's IR generator writes it:
 *
 *   object "<Name>" {                       creation code
 *     code { mstore(64, memoryguard(128))  ·  constructor code  ·  codecopy runtime at fp  ·  return }
 *       (each object: `mstore(64, 128)` instead when its code has inline assembly that is not memory-safe;
 *        above its static zero elements when it has some (static-zeros.ts);
 *        none when the lifetime pipeline elided the free pointer: static frames, nothing reads 0x40)
 *     object "<Name>_deployed" {            runtime code
 *       code { mstore(64, memoryguard(128))  ·  dispatcher  ·  functions }
 *     }
 *   }
 *
 * Each object has its own helper library (YulLib): helpers are emitted once per object.
 */
import { indent, type YulLib } from './lib.js';
import { allocateUnbounded } from './rt-memory.js';

export interface ObjectParts {
  name: string;
  /** Creation code statements (state variable initialisers, constructor call). */
  ctorCode: string;
  ctorLib: YulLib;
  /** Extra functions of the creation object (the constructor and what it calls). */
  ctorFunctions?: string[];
  /** Runtime statements (the dispatcher). */
  runtimeCode: string;
  runtimeLib: YulLib;
  /** Functions of the runtime object (contract functions). */
  runtimeFunctions?: string[];
  /**
   * Initialise the free pointer with `memoryguard(128)` (default) — false when the object's code
   * has inline assembly that is not memory-safe: then `mstore(64, 128)`, as solc does.
   */
  ctorMemoryGuard?: boolean;
  runtimeMemoryGuard?: boolean;
  /**
   * Static frames (lifetime/static-frames.ts): each object's free-pointer initialisation,
   * replacing the default (`''`: none, nothing reads 0x40), and where the creation code
   * copies the runtime code (a constant address instead of the free pointer).
   */
  staticFrames?: { ctorInit: string; runtimeInit: string; runtimeCopyAt: string };
  /**
   * Where the creation object's free memory starts (default 0x80; above the immutables'
   * words): its `memoryguard(128)` — and every address relative to it — becomes
   * `memoryguard(start)`, as in solc's creation code.
   */
  ctorMemoryStart?: number;
  /** `setimmutable(_rt, …)` statements run on the copied runtime code before it is returned. */
  setImmutables?: string[];
}

/** The free pointer's first value; above the object's static zero elements when it has some (static-zeros.ts). */
function memoryInit(lib: YulLib, guard = true, start = 0x80): string {
  if (lib.staticZeros?.size) return lib.staticZeros.entryCode().join('\n');
  return guard ? 'mstore(64, memoryguard(128))' : `mstore(64, ${start})`;
}

export function yulObject(p: ObjectParts): string {
  const rt = `${p.name}_deployed`;
  const sf = p.staticFrames;
  const ctorBody = [
    sf ? sf.ctorInit : memoryInit(p.ctorLib, p.ctorMemoryGuard, p.ctorMemoryStart),
    p.ctorCode.trim(),
    `let _rt := ${sf ? sf.runtimeCopyAt : `${allocateUnbounded(p.ctorLib)}()`}`,
    `codecopy(_rt, dataoffset("${rt}"), datasize("${rt}"))`,
    ...(p.setImmutables ?? []),
    `return(_rt, datasize("${rt}"))`,
    ...(p.ctorFunctions ?? []),
    ...p.ctorLib.functions(),
  ]
    .filter((s) => s.length)
    .join('\n');
  const start = p.ctorMemoryStart ?? 0x80;
  // every address of the creation code's free memory is relative to memoryguard (user
  // assembly cannot call it), so moving its argument moves them all above the immutables
  const ctorCode = start === 0x80 ? ctorBody : ctorBody.replaceAll('memoryguard(128)', `memoryguard(${start})`);
  const rtBody = [sf ? sf.runtimeInit : memoryInit(p.runtimeLib, p.runtimeMemoryGuard), p.runtimeCode.trim(), ...(p.runtimeFunctions ?? []), ...p.runtimeLib.functions()]
    .filter((s) => s.length)
    .join('\n');
  return `object "${p.name}" {\n    code {\n${indent(ctorCode, 2)}\n    }\n    object "${rt}" {\n        code {\n${indent(rtBody, 3)}\n        }\n    }\n}\n`;
}
