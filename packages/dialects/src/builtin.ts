/** builtin: `module` and `unrealized_conversion_cast`. */
import { Block, StringAttr, Tok, defineDialect, defineOp, type OpParser, type OperationState, type OpPrinter, type Operation } from '@lifeline/ir';

const module = defineOp({
  name: 'builtin.module',
  summary: 'A top-level container of operations',
  attributes: [{ name: 'sym_name', optional: true }, { name: 'sym_visibility', optional: true }],
  regions: [{ name: 'bodyRegion' }],
  // MLIR's ModuleOp::getDefaultDialect: builtin ops are spelled without `builtin.` in its body
  defaultDialect: 'builtin',
  graphRegion: true,
  // Not an AutomaticAllocationScope: in MLIR 19 a top-level alloca needs a func or scope above it.
  traits: ['IsolatedFromAbove', 'NoTerminator', 'SymbolTable', 'SingleBlock', 'NoRegionArguments'],
  parse(p: OpParser, st: OperationState) {
    if (p.tok === Tok.AtId) st.addAttr('sym_name', new StringAttr(p.parseSymbolName()));
    p.parseOptionalAttrDictWithKeyword(st);
    const r = p.parseOpRegion(st);
    if (!r.blocks.length) r.pushBlock(new Block());
    st.addRegion(r);
  },
  print(op: Operation, p: OpPrinter) {
    const name = op.getAttr('sym_name');
    if (name instanceof StringAttr) {
      p.print(' ');
      p.printSymbolName(name.value);
    }
    p.printOptionalAttrDictWithKeyword(p.allAttrs(op), ['sym_name']);
    p.print(' ');
    p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: false });
  },
});

const unrealizedCast = defineOp({
  name: 'builtin.unrealized_conversion_cast',
  operands: [{ name: 'inputs', arity: 'variadic' }],
  results: [{ name: 'outputs', arity: 'variadic' }],
  traits: ['Pure'],
  format: '($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict',
});

export const builtinDialect = defineDialect('builtin', [module, unrealizedCast]);
