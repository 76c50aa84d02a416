/**
 * Solidity fixtures, second half (the odd positions; a separate file so vitest runs it
 * beside the first): see test/sol-fixtures.ts.
 */
import { fixtureSuite } from './sol-fixtures.js';

fixtureSuite('Solidity fixtures (2/2): solc viaIR vs lifeline compileToBytecode (lifetime off and on)', 1);
