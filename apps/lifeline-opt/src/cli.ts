/**
 * The lifeline-opt binary's entry: the pass packages (analyses, bufferization
 * and what they pull in) are loaded only when the command line may name a
 * pass, which saves a good part of start-up for parse/verify/print runs.
 */
import { needsPasses, processIO, runDriverCore } from './driver.js';

export async function cli(argv: string[]): Promise<number> {
  if (needsPasses(argv)) (await import('./passes.js')).registerAllPasses();
  return runDriverCore(argv, processIO);
}
