/** `lifeline-run FILE [--entry NAME] [--args …]` (in progress). */
export async function main(argv: string[]): Promise<number> {
  process.stderr.write(`lifeline-run: not implemented yet (${argv.join(' ')})\n`);
  return 2;
}
