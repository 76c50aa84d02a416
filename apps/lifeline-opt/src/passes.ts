/**
 * Passes available from the driver. Passes of later packages (dataflow test passes,
 * deallocation) register here as they land.
 */
import { registerAnalysisTestPasses } from '@lifeline/analyses';
import { registerBufferizationPasses } from '@lifeline/bufferization';
import { registerFirPasses } from '@lifeline/fir';
import { registerSilPasses } from '@lifeline/sil';
import { UnknownLoc, passRegistry } from '@lifeline/ir';
import { runSymbolDce, runSymbolPrivatize } from './symbol-passes.js';

let registered = false;

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
    run: runSymbolDce,
  });
  passRegistry.register({
    argument: 'symbol-privatize',
    name: 'SymbolPrivatize',
    description: 'Mark symbols private',
    options: [{ name: 'exclude', description: 'Comma separated symbols that should not be marked private', type: 'list', default: [] }],
    run(root, ctx) {
      runSymbolPrivatize(root, ctx.options.exclude as string[]);
    },
  });
}
