/**
 * Generated programs, second half (a separate file so vitest runs it in parallel with the
 * first): see test/sol-generated.ts.
 */
import { GEN_COUNT, GEN_HALF, GEN_SEED, generatedSuite } from './sol-generated.js';

generatedSuite('generated programs (2/2): solc viaIR vs lifeline, lifetime off and on', GEN_SEED + GEN_HALF, GEN_COUNT - GEN_HALF);
