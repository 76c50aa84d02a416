import type { DialectSpec } from '@lifeline/ir';
import { firDialect } from './fir.js';

export * from './fir-types.js';
export { firDialect };

/** The dialects of this package, for the driver's registry. */
export const firDialects: DialectSpec[] = [firDialect];
