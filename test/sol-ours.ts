/**
 * The compiler under test as a `CompileFn` for the differential harness (test/sol-oracle.ts):
 * lifeline's Solidity pipeline, `compileToBytecode` (solc AST → sol → [lifetime passes] → Yul
 * → solc-js Yul assembly with the optimizer). Errors come back as formatted messages, as
 * solc's do; an UnsupportedFeature is marked so callers can count rejections apart from
 * other failures.
 *
 * `lifelineCompiler` is the pipeline without the lifetime passes, `lifelineLifetimeCompiler`
 * with them (`applyLifetime` between lowering and Yul emission); `LIFELINE_VARIANTS` lists
 * both, which every differential suite runs against the same solc oracle.
 */
import { compileToBytecode } from '@lifeline/solidity';
import type { CompileFn } from './sol-oracle.js';

export function lifelineWith(lifetime: boolean, traced = false): CompileFn {
  return (sources, contract) => {
    const out = compileToBytecode({ sources, contract, lifetime, traced });
    const errors = out.errors.filter((e) => e.severity === 'error');
    if (errors.length || !out.bytecode) {
      const msgs = errors.map((e) => `${e.type}: ${e.formattedMessage ?? e.message}`);
      return { ok: false, errors: msgs.length ? msgs : [`contract ${contract}: no bytecode`] };
    }
    return { ok: true, bytecode: out.bytecode, abi: out.abi };
  };
}

export const lifelineCompiler: CompileFn = lifelineWith(false);
export const lifelineLifetimeCompiler: CompileFn = lifelineWith(true);

/** With the traced releases too (off by default: packages/sol/LIFETIME.md 2*). */
export const lifelineTracedCompiler: CompileFn = lifelineWith(true, true);

/** Our two variants, by the name mismatches are reported under. */
export const LIFELINE_VARIANTS: Record<'lifetime-off' | 'lifetime-on', CompileFn> = {
  'lifetime-off': lifelineCompiler,
  'lifetime-on': lifelineLifetimeCompiler,
};

/** The two variants and the lifetime passes with traced releases. */
export const TRACED_VARIANTS: Record<string, CompileFn> = { ...LIFELINE_VARIANTS, 'lifetime-traced': lifelineTracedCompiler };
