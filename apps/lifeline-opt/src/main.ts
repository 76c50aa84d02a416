/**
 * The driver's API with every pass registered (tests and embedders); the binary
 * goes through cli.ts, which loads the pass packages only when needed.
 */
import { processIO, runDriverCore, type DriverIO } from './driver.js';
import { registerAllPasses } from './passes.js';

export type { DriverIO } from './driver.js';

export async function main(argv: string[]): Promise<number> {
  return runDriver(argv, processIO);
}

/** Runs lifeline-opt on `argv`; returns the exit code (0 ok, 1 user error, 2 internal error). */
export function runDriver(argv: readonly string[], io: DriverIO): number {
  registerAllPasses();
  return runDriverCore(argv, io);
}
