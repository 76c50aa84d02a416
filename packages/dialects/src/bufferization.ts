/** bufferization dialect. */
import { defineDialect } from '@lifeline/ir';

export const bufferizationDialect = defineDialect('bufferization', []);
