/**
 * MLIR's `custom<DynamicIndexList>(operands, static_attr)` directive (ViewLikeInterface):
 * a bracketed list mixing SSA values and integers, `[%o, 0, 4]`. Integers go to a
 * DenseI64ArrayAttr; each SSA value leaves the sentinel `DYNAMIC_INDEX` (i64 min,
 * MLIR's ShapedType::kDynamic) at its position and joins the operand group.
 *
 * Registered under its MLIR name so any dialect's format can use it (memref.subview,
 * tensor.extract_slice, …); `parseDynamicIndexList` / `printDynamicIndexList` serve
 * hand-written parsers that need another delimiter.
 */
import {
  DYNAMIC, DenseArrayAttr, IntegerType, Tok, registerCustomDirective,
  type OpParser, type OpPrinter, type Operation, type UnresolvedOperand, type Value,
} from '@lifeline/ir';

/** ShapedType::kDynamic in static offset/size/stride arrays: DYNAMIC, under the name these lists know it by. */
export const DYNAMIC_INDEX = DYNAMIC;

export type IndexListDelimiter = 'square' | 'paren';

const OPEN = { square: Tok.LSquare, paren: Tok.LParen } as const;
const CLOSE = { square: Tok.RSquare, paren: Tok.RParen } as const;
const TEXT = { square: ['[', ']'], paren: ['(', ')'] } as const;

export interface ParsedIndexList {
  operands: UnresolvedOperand[];
  statics: DenseArrayAttr;
}

export function parseDynamicIndexList(p: OpParser, delimiter: IndexListDelimiter = 'square'): ParsedIndexList {
  const operands: UnresolvedOperand[] = [];
  const ints: number[] = [];
  p.parseCommaSeparated(OPEN[delimiter], CLOSE[delimiter], () => {
    const u = p.parseOptionalOperand();
    if (u) {
      operands.push(u);
      ints.push(DYNAMIC_INDEX);
    } else {
      ints.push(Number(p.parseInteger()));
    }
  }, ' in dynamic index list');
  return { operands, statics: new DenseArrayAttr(IntegerType.get(64), ints) };
}

export function printDynamicIndexList(
  p: OpPrinter, values: readonly Value[], statics: readonly number[], delimiter: IndexListDelimiter = 'square',
): void {
  const [open, close] = TEXT[delimiter];
  let next = 0;
  const parts = statics.map((v) => (v === DYNAMIC_INDEX ? (values[next] ? p.valueName(values[next++]!) : '<<missing>>') : String(v)));
  p.print(open + parts.join(', ') + close);
}

/** The static array of an op (`[]` when missing, which the verifier reports). */
export function staticList(op: Operation, name: string): readonly number[] {
  const a = op.getAttr(name);
  return a instanceof DenseArrayAttr ? a.values : [];
}

registerCustomDirective('DynamicIndexList', {
  parse(p, ctx, args) {
    const [operandGroup, attrName] = args as [string, string];
    const { operands, statics } = parseDynamicIndexList(p);
    ctx.setOperands(operandGroup, operands);
    ctx.state.addAttr(attrName, statics);
  },
  print(op, p, args) {
    const [operandGroup, attrName] = args as [string, string];
    printDynamicIndexList(p, op.def!.operandGroup(op, operandGroup), staticList(op, attrName));
  },
  present: (p) => p.tok === Tok.LSquare,
});
