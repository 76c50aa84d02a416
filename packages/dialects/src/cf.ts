/** cf dialect. */
import { defineDialect } from '@lifeline/ir';

export const cfDialect = defineDialect('cf', []);
