#!/usr/bin/env node
// lifeline-filecheck: LLVM FileCheck-compatible checker (see ../src).
import { cliReadsStdin, runFileCheckCli } from '../dist/index.js';

const argv = process.argv.slice(2);
let stdin = '';
if (cliReadsStdin(argv)) {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  stdin = Buffer.concat(chunks).toString('utf8');
}
const { code, stderr } = runFileCheckCli(argv, stdin);
if (stderr) process.stderr.write(stderr);
process.exitCode = code;
