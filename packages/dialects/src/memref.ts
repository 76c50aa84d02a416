/** memref dialect. */
import { defineDialect } from '@lifeline/ir';

export const memrefDialect = defineDialect('memref', []);
