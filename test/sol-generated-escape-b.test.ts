/**
 * Escape-stress programs, second half (parallel to the first): see test/sol-generated-escape.test.ts.
 * This half also runs the lifetime passes with traced releases (packages/sol/LIFETIME.md 2*).
 */
import { ESC_COUNT, ESC_HALF, ESC_SEED, GENERATORS, generatedSuite } from './sol-generated.js';
import { TRACED_VARIANTS } from './sol-ours.js';

generatedSuite('escape-stress programs (2/2): solc viaIR vs lifeline, lifetime off, on and traced', ESC_SEED + ESC_HALF, ESC_COUNT - ESC_HALF, GENERATORS.escape, TRACED_VARIANTS);
