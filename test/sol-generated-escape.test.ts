/**
 * Escape-stress programs, first half: solc viaIR vs lifeline's compileToBytecode (lifetime
 * off and on) on seeded programs from bench/gen-sol-escape.mjs — pointers stored into arrays
 * of arrays and structs, memory returned from internal functions, ternary aliasing,
 * loop-carried pointers, recursion, capturing callees, inline assembly on the free pointer
 * (see test/sol-generated.ts).
 *
 *   SOL_ESC_GEN_SEED=n   base seed (default fixed)    SOL_ESC_GEN_COUNT=n   programs in all (default 120)
 */
import { ESC_HALF, ESC_SEED, GENERATORS, generatedSuite } from './sol-generated.js';

generatedSuite('escape-stress programs (1/2): solc viaIR vs lifeline, lifetime off and on', ESC_SEED, ESC_HALF, GENERATORS.escape);
