/** The lifeline-sol binary: the command line over the real compiler. */
import { processIO, runCli } from './cli.js';
import { compileContracts } from './compiler.js';

export function main(argv: readonly string[]): number {
  return runCli(argv, processIO, compileContracts);
}
