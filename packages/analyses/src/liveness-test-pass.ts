/**
 * `--test-print-liveness`: mlir-opt-19's TestLivenessPass and `Liveness::print`,
 * byte for byte on stderr.
 *
 * (1) The pass runs on symbols (MLIR: an InterfacePass on SymbolOpInterface, which
 *     builtin.module implements too); other ops are left alone, as MLIR's pass
 *     manager skips them. It prints `Testing : <symbol name>`; an unnamed module
 *     prints an empty name (mlir-opt-19 dereferences a null name and crashes).
 * (2) Ids come from one pre-order walk over the blocks (liveness.ts (1)): a block
 *     gets the next block id; its arguments, then the results of its own ops, get
 *     the next value ids; its own ops get the next op ids.
 * (3) A value prints `val_<id>`, a block argument `arg<index>@<block id>`, each
 *     followed by a space. Value sets print sorted by id; live ranges print their
 *     ops sorted by op id.
 * (4) Ops print as MLIR's `Operation::print` prints a nested op (nestedOpPrinter).
 * (5) The quirks are MLIR's: no newline between the live ranges of two results of
 *     one op, and a literal backspace before the `]` closing a live set.
 */
import { BlockArgument, hasTrait, nestedOpPrinter, StringAttr, type Block, type Operation, type PassDef, type Value } from '@lifeline/ir';
import { Liveness } from './liveness.js';

/** (2) Printing ids. */
class Ids {
  readonly blocks = new Map<Block, number>();
  readonly ops = new Map<Operation, number>();
  readonly values = new Map<Value, number>();
  constructor(blocks: readonly Block[]) {
    for (const b of blocks) {
      this.blocks.set(b, this.blocks.size);
      for (const a of b.arguments) this.values.set(a, this.values.size);
      for (let o = b.first; o; o = o.next) {
        this.ops.set(o, this.ops.size);
        for (const r of o.results) this.values.set(r, this.values.size);
      }
    }
  }
  // A value or block outside the analysed op reads as 0, as MLIR's DenseMap::operator[] does.
  value(v: Value): number { return this.values.get(v) ?? 0; }
  op(o: Operation): number { return this.ops.get(o) ?? 0; }
}

function topLevel(op: Operation): Operation {
  let top = op;
  while (top.parentOp) top = top.parentOp;
  return top;
}

/** The whole `Liveness::print` text for `op`. */
export function printLiveness(op: Operation): string {
  const parts: string[] = [];
  emitLiveness(op, (t) => parts.push(t));
  return parts.join('');
}

/**
 * `Liveness::print` for `op`, handed to `emit` block by block: the dump grows
 * with live ranges × op text and can outgrow one string on large functions.
 */
export function emitLiveness(op: Operation, emit: (text: string) => void): void {
  const liveness = new Liveness(op);
  const ids = new Ids(liveness.blocks);
  const printOp = nestedOpPrinter(topLevel(op));
  const opText = new Map<Operation, string>();
  const text = (o: Operation): string => {
    let s = opText.get(o);
    if (s === undefined) opText.set(o, (s = printOp(o)));
    return s;
  };
  const ref = (v: Value): string => {
    if (v instanceof BlockArgument) return `arg${v.index}@${ids.blocks.get(v.owner) ?? 0} `;
    return `val_${ids.value(v)} `;
  };
  const refs = (vs: Iterable<Value>): string => [...vs].sort((a, b) => ids.value(a) - ids.value(b)).map(ref).join('');

  let s = '// ---- Liveness -----\n';
  for (const block of liveness.blocks) {
    const info = liveness.getLiveness(block)!;
    s += `// - Block: ${ids.blocks.get(block)}\n`;
    s += `// --- LiveIn: ${refs(info.liveIn)}\n// --- LiveOut: ${refs(info.liveOut)}\n`;
    s += '// --- BeginLivenessIntervals';
    for (let o = block.first; o; o = o.next) {
      if (!o.results.length) continue;
      s += '\n';
      for (const r of o.results) {
        // (5) the next result's header follows the last op without a newline.
        s += `// ${ref(r)}:`;
        const ops = liveness.resolveLiveness(r).sort((a, b) => ids.op(a) - ids.op(b));
        for (const x of ops) {
          s += `\n//     ${text(x)}`;
          if (s.length > 1 << 24) {
            emit(s);
            s = '';
          }
        }
      }
    }
    s += '\n// --- EndLivenessIntervals\n// --- BeginCurrentlyLive\n';
    for (let o = block.first; o; o = o.next) {
      const live = info.currentlyLiveValues(o);
      if (live.size) s += `//     ${text(o)} [${refs(live)}\b]\n`;
    }
    s += '// --- EndCurrentlyLive\n';
    emit(s);
    s = '';
  }
  emit(s + '// -------------------\n');
}

/** (1) */
function symbolName(op: Operation): string {
  const n = op.getAttr('sym_name');
  return n instanceof StringAttr ? n.value : '';
}

export const testPrintLivenessPass: PassDef = {
  argument: 'test-print-liveness',
  name: 'TestLivenessPass',
  description: 'Print the contents of a constructed liveness information.',
  run(op, ctx) {
    if (!hasTrait(op, 'Symbol') && !hasTrait(op, 'SymbolTable')) return;
    ctx.errs(`Testing : ${symbolName(op)}\n`);
    emitLiveness(op, (t) => ctx.errs(t));
  },
};
