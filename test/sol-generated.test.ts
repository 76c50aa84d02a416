/**
 * Generated programs, first half: solc viaIR vs lifeline's compileToBytecode (lifetime off
 * and on) on seeded programs from bench/gen-sol-program.mjs (see test/sol-generated.ts).
 *
 *   SOL_GEN_SEED=n   base seed (default fixed)        SOL_GEN_COUNT=n   programs in all (default 200)
 */
import { GEN_HALF, GEN_SEED, generatedSuite } from './sol-generated.js';

generatedSuite('generated programs (1/2): solc viaIR vs lifeline, lifetime off and on', GEN_SEED, GEN_HALF);
