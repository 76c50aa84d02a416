/** arith dialect. */
import { defineDialect } from '@lifeline/ir';

export const arithDialect = defineDialect('arith', []);
