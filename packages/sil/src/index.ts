import type { DialectSpec } from '@lifeline/ir';
import { silDialect } from './sil-dialect.js';

export { silDialect, parseSilTypeText } from './sil-dialect.js';
/** The dialects of this package, for the driver's registry. */
export const silDialects: DialectSpec[] = [silDialect];

export { SilType, printSilType, asSilType, CONVENTIONS, type SilFnParam, type SilTypeKind } from './sil-types.js';
export { SilTypeInfo, declOf, substitute, type SilDecl, type SilField, type SilEnumCase } from './sil-type-info.js';
export { parseSil, parseSilSource, silRegistry, isSilInput } from './sil-parser.js';
export { printSil } from './sil-printer.js';
export { REF_COUNT, silAddress, silObject, silFunctionType } from './sil-ops.js';
export { functionTypeOf } from './sil-control.js';
export { applyArgumentTypes, isIndirect, literalIntType } from './sil-syntax.js';
export * from './sil-access.js';
export { RCIdentity } from './rc-identity.js';
export { dumpRCIdentity, rcIdDumperPass } from './rc-id-dumper.js';
export * from './arc/index.js';
