/**
 * Solidity fixtures, first half (the even positions of the sorted list): solc viaIR vs
 * lifeline's compileToBytecode, lifetime off and on (see test/sol-fixtures.ts).
 */
import { fixtureSuite } from './sol-fixtures.js';

fixtureSuite('Solidity fixtures (1/2): solc viaIR vs lifeline compileToBytecode (lifetime off and on)', 0);
