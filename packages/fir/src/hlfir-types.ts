/**
 * The hlfir dialect's type (HLFIROpBase.td, HLFIRDialect.cpp, LLVM 19):
 *
 *   !hlfir.expr<?x10xf64>  !hlfir.expr<f32>  !hlfir.expr<!fir.type<t>?>
 *
 * `?` after the element type: polymorphic. `*:` parses as a scalar (no shape), as
 * hlfir::ExprType::parse does.
 */
import { Type, internType, type DialectTypeParser } from '@lifeline/ir';

/** `!hlfir.expr<shape x eleTy [?]>`: DYNAMIC in the shape is `?`; an empty shape is a scalar. */
export class HlfirExprType extends Type {
  private constructor(readonly shape: readonly number[], readonly eleTy: Type, readonly polymorphic: boolean) { super(); }
  static get(shape: readonly number[], eleTy: Type, polymorphic = false): HlfirExprType {
    return internType(new HlfirExprType(shape, eleTy, polymorphic));
  }
  get isScalar(): boolean { return this.shape.length === 0; }
  protected render(): string {
    const dims = this.shape.map((d) => (d >= 0 ? `${d}x` : '?x')).join('');
    return `!hlfir.expr<${dims}${this.eleTy}${this.polymorphic ? '?' : ''}>`;
  }
}

/** The `parseTypeWith` hook of the hlfir dialect (hlfir::ExprType::parse). */
export function parseHlfirType(mnemonic: string, p: DialectTypeParser): Type {
  if (mnemonic !== 'expr') return p.errorAtName(`unknown  type \`${mnemonic}\` in dialect \`hlfir\``);
  p.expectPunct('<');
  let shape: number[] = [];
  if (p.consumePunct('*')) p.expectPunct(':');
  else shape = p.parseDimensionList();
  const ele = p.parseType();
  const poly = p.consumePunct('?');
  p.expectPunct('>');
  return HlfirExprType.get(shape, ele, poly);
}
