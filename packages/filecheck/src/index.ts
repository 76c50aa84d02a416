/**
 * @lifeline/filecheck — an implementation of LLVM FileCheck's core
 * directives (CHECK, -NEXT, -SAME, -NOT, -DAG, -LABEL, -EMPTY, -COUNT-n)
 * with string variables, `{{regex}}` blocks and LLVM-style diagnostics.
 */
export { fileCheck, runFileCheck } from './filecheck.js';
export type { FileCheckOptions, FileCheckResult, FileCheckRun } from './filecheck.js';
export { runFileCheckCli, parseArgs, cliReadsStdin } from './cli.js';
export type { CliResult, ParsedArgs } from './cli.js';
export { translateRegex, escapeRegex } from './regex.js';
