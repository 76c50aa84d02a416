/**
 * Registers the sil package's passes with the pass registry: `--rc-id-dumper`
 * (RC identity test pass), `--arc-sequence-opts`, `--arc-loop-hoisting`.
 */
import { passRegistry } from '@lifeline/ir';
import { rcIdDumperPass } from '../rc-id-dumper.js';
import { arcLoopHoistingPass } from './loop-hoisting.js';
import { arcSequenceOptsPass } from './sequence-opts.js';

let registered = false;

export function registerSilPasses(): void {
  if (registered) return;
  registered = true;
  for (const p of [rcIdDumperPass, arcSequenceOptsPass, arcLoopHoistingPass]) passRegistry.register(p);
}
