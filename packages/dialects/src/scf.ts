/** scf dialect. */
import { defineDialect } from '@lifeline/ir';

export const scfDialect = defineDialect('scf', []);
