/**
 * Registers the deallocation passes with the pass registry. Each pass lives in its
 * own file; this file only lists them.
 */
import { passRegistry, type PassDef } from '@lifeline/ir';
import { canonicalizePass } from './canonicalize.js';
import { csePass } from './cse.js';
import { ownershipBasedBufferDeallocationPass } from './obbd-pass.js';
import { bufferDeallocationPipeline } from './pipeline.js';
import { lowerDeallocationsPass } from './lower-deallocations.js';
import { convertBufferizationToMemrefPass } from './bufferization-to-memref.js';
import { expandReallocPass } from './expand-realloc.js';
import { bufferDeallocationSimplificationPass } from './dealloc-simplification.js';

const passes: PassDef[] = [
  canonicalizePass,
  csePass,
  ownershipBasedBufferDeallocationPass,
  bufferDeallocationPipeline,
  lowerDeallocationsPass,
  convertBufferizationToMemrefPass,
  expandReallocPass,
  bufferDeallocationSimplificationPass,
];

let registered = false;

export function registerBufferizationPasses(): void {
  if (registered) return;
  registered = true;
  for (const p of passes) passRegistry.register(p);
}
