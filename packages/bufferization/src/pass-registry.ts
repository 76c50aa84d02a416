/**
 * The dialect registry a bufferization pass builds ops from: the driver's (MLIR's
 * context), or — when a pass runs outside lifeline-opt without one — every dialect
 * Lifeline knows.
 */
import { createRegistry } from '@lifeline/dialects';
import type { PassContext, Registry } from '@lifeline/ir';

let allDialects: Registry | undefined;

export function registryOf(ctx: PassContext): Registry {
  return ctx.registry ?? (allDialects ??= createRegistry());
}
