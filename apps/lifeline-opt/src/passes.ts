/**
 * Passes available from the driver. Passes of later packages (dataflow test passes,
 * deallocation) register here as they land.
 */
import { registerAnalysisTestPasses } from '@lifeline/analyses';
import { registerBufferizationPasses } from '@lifeline/bufferization';
import { registerFirPasses } from '@lifeline/fir';
import { registerSilPasses } from '@lifeline/sil';
import { StringAttr, SymbolRefAttr, UnknownLoc, passRegistry, type Attribute, type Operation } from '@lifeline/ir';

let registered = false;

/** Symbol names referenced anywhere under `root` (any attribute, nested in arrays and dictionaries). */
function referencedSymbols(root: Operation): Set<string> {
  const out = new Set<string>();
  const visit = (a: Attribute): void => {
    if (a instanceof SymbolRefAttr) out.add(a.root);
    const nested = (a as { elements?: readonly Attribute[] }).elements ??
      (a as { entries?: ReadonlyArray<readonly [string, Attribute]> }).entries?.map((e) => e[1]);
    if (nested) for (const n of nested) visit(n);
  };
  root.walk((op) => {
    for (const a of op.properties.values()) visit(a);
    for (const a of op.attributes.values()) visit(a);
  });
  return out;
}

function symbolName(op: Operation): string | undefined {
  const n = op.getAttr('sym_name');
  return n instanceof StringAttr ? n.value : undefined;
}

export function registerAllPasses(): void {
  if (registered) return;
  registered = true;
  registerAnalysisTestPasses();
  registerBufferizationPasses();
  registerFirPasses();
  registerSilPasses();
  passRegistry.register({
    argument: 'strip-debuginfo',
    name: 'StripDebugInfo',
    description: 'Strip debug info from all operations',
    run(root) {
      root.walk((op) => {
        op.loc = UnknownLoc.instance;
        for (const r of op.regions) for (const b of r.blocks) for (const a of b.arguments) a.loc = UnknownLoc.instance;
      });
    },
  });
  passRegistry.register({
    argument: 'symbol-dce',
    name: 'SymbolDCE',
    description: 'Eliminate dead symbols',
    run(root, ctx) {
      // Private symbols nobody references are dead; repeat because erasing one can free others.
      for (;;) {
        const used = referencedSymbols(root);
        const dead: Operation[] = [];
        for (const r of root.regions) for (const b of r.blocks) for (let op = b.first; op; op = op.next) {
          const name = symbolName(op);
          const vis = op.getAttr('sym_visibility');
          if (name && vis instanceof StringAttr && vis.value === 'private' && !used.has(name)) dead.push(op);
        }
        if (!dead.length) return;
        for (const op of dead) op.erase();
        ctx.stat('num-dce', dead.length);
      }
    },
  });
  passRegistry.register({
    argument: 'symbol-privatize',
    name: 'SymbolPrivatize',
    description: 'Mark symbols private',
    options: [{ name: 'exclude', description: 'Comma separated symbols that should not be marked private', type: 'list', default: [] }],
    run(root, ctx) {
      const exclude = ctx.options.exclude as string[];
      for (const r of root.regions) for (const b of r.blocks) for (let op = b.first; op; op = op.next) {
        const name = symbolName(op);
        if (name && !exclude.includes(name)) op.setAttr('sym_visibility', new StringAttr('private'));
      }
    },
  });
}
