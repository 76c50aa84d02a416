/**
 * `--buffer-deallocation-pipeline`: MLIR 19's buildBufferDeallocationPipeline, a
 * registered pass pipeline on the module:
 *
 *   expand-realloc{emit-deallocs=false}, canonicalize,
 *   ownership-based-buffer-deallocation, canonicalize,
 *   buffer-deallocation-simplification, bufferization-lower-deallocations,
 *   cse, canonicalize
 *
 * The pass parser splices the expansion in place (PassDef.pipeline).
 */
import type { PassDef } from '@lifeline/ir';

export const bufferDeallocationPipeline: PassDef = {
  argument: 'buffer-deallocation-pipeline',
  name: 'BufferDeallocationPipeline',
  description:
    'The default pipeline for automatically inserting deallocation operations after one-shot bufferization. ' +
    'Deallocation operations (except `memref.realloc`) may not be present already.',
  options: [{
    name: 'private-function-dynamic-ownership',
    description: 'Allows to add additional results to private functions to return ownership of returned memrefs to callers.',
    type: 'bool',
    default: false,
  }],
  pipeline: (o) => [
    'expand-realloc{emit-deallocs=false}',
    'canonicalize',
    `ownership-based-buffer-deallocation{private-function-dynamic-ownership=${o['private-function-dynamic-ownership']}}`,
    'canonicalize',
    'buffer-deallocation-simplification',
    'bufferization-lower-deallocations',
    'cse',
    'canonicalize',
  ].join(','),
  run() {
    throw new Error('buffer-deallocation-pipeline is expanded by the pass parser and never runs itself');
  },
};
