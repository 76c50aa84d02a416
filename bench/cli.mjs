// Command-line options shared by the Solidity benchmark drivers (sol-bench, sol-lifetime,
// sol-gas-snapshot); no imports, so light scripts and tests can use it.

/** `--name VALUE` from a command line, or `dflt`. */
export function cliOption(args, name, dflt) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
}

/** `--sizes 10,100,1000` (the default) as numbers. */
export const cliSizes = (args) => cliOption(args, '--sizes', '10,100,1000').split(',').map(Number);
