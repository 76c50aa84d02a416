/**
 * Lets the event loop turn once. A test worker that answers none of vitest's RPC calls for 60 s
 * fails the whole run ('Timeout calling "onTaskUpdate"'): synchronous work does not let it
 * answer, and neither do promise chains (microtasks) nor vitest between synchronous tests. A
 * large fixture's three builds back to back, or the fuzz test's synchronous cases, took longer
 * than that on a loaded two-core machine.
 */
export function turnEventLoop(): Promise<void> {
  return new Promise((r) => setImmediate(r));
}
