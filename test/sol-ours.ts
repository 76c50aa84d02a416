/**
 * The compiler under test as a `CompileFn` for the differential harness (test/sol-oracle.ts):
 * lifeline's Solidity pipeline, `compileToBytecode` (solc AST → sol → Yul → solc-js Yul
 * assembly with the optimizer). Errors come back as formatted messages, as solc's do; an
 * UnsupportedFeature is marked so callers can count rejections apart from other failures.
 */
import { compileToBytecode } from '@lifeline/solidity';
import type { CompileFn } from './sol-oracle.js';

export const lifelineCompiler: CompileFn = (sources, contract) => {
  const out = compileToBytecode({ sources, contract });
  const errors = out.errors.filter((e) => e.severity === 'error');
  if (errors.length || !out.bytecode) {
    const msgs = errors.map((e) => `${e.type}: ${e.formattedMessage ?? e.message}`);
    return { ok: false, errors: msgs.length ? msgs : [`contract ${contract}: no bytecode`] };
  }
  return { ok: true, bytecode: out.bytecode, abi: out.abi };
};
