/** test dialect. */
import { defineDialect } from '@lifeline/ir';

export const testDialect = defineDialect('test', []);
