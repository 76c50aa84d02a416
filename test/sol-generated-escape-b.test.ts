/** Escape-stress programs, second half (parallel to the first): see test/sol-generated-escape.test.ts. */
import { ESC_COUNT, ESC_HALF, ESC_SEED, GENERATORS, generatedSuite } from './sol-generated.js';

generatedSuite('escape-stress programs (2/2): solc viaIR vs lifeline, lifetime off and on', ESC_SEED + ESC_HALF, ESC_COUNT - ESC_HALF, GENERATORS.escape);
