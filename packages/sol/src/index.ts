/**
 * @lifeline/sol — the `sol` dialect (every memory allocation is one `sol.malloc`-like op with
 * a typed memory result) and Yul emission from it.
 */
export * from './sol-types.js';
export { solDialect, solDialects } from './sol.js';
export { CONTRACT_KINDS, FUNCTION_KINDS, STATE_MUTABILITIES, VISIBILITIES } from './sol-ops-module.js';
export { CMP_PREDICATES, ENV_NAMES } from './sol-ops-arith.js';
export { bytesInMemoryOrCalldata, elementType, type Resource } from './sol-op-utils.js';
/** Yul emission: the runtime library (solc IR-style helpers) and emitYul. */
export * as yul from './yul/index.js';
export { emitYul } from './yul/emit-module.js';
export { EmitError } from './yul/emit-func.js';
export { dropBoundedIndexChecks } from './bounds-checks.js';
export { dropImpossibleOverflowChecks } from './overflow-checks.js';
/** The lifetime pipeline (packages/sol/LIFETIME.md). */
export { applyLifetime, type LifetimeEntry, type LifetimeResult, type TracedReleases } from './lifetime/index.js';
export { placeStaticFrames, type StaticFramesResult, type StaticContract } from './lifetime/static-frames.js';
export { staticFootprint } from './lifetime/static-sizes.js';
