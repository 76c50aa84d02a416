import type { DialectSpec } from '@lifeline/ir';
import { firDialect } from './fir.js';
import { hlfirDialect } from './hlfir.js';

export * from './fir-types.js';
export * from './hlfir-types.js';
export { firDialect, hlfirDialect };

/** The dialects of this package, for the driver's registry. */
export const firDialects: DialectSpec[] = [firDialect, hlfirDialect];
export { FirAliasAnalysis, SourceKind, sourceKindName, type Source } from './fir-alias-analysis.js';
export { registerFirPasses, testFirAliasAnalysisModRefPass, testFirAliasAnalysisPass } from './fir-alias-test-passes.js';
export { FortranVariableFlagsAttr, fortranAttrNames, FORTRAN_VARIABLE_FLAGS } from './fir-attrs.js';
