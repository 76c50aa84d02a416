/**
 * solc-js 0.8.37 standard JSON: compiles the sources for their typed AST, ABI, storage layout
 * and method identifiers (what the lowering reads), and builds solc-style error objects for
 * our own `UnsupportedFeature` errors with the same `sourceLocation` shape solc uses.
 */
import { solcStandardJson } from '@lifeline/evm';

/** solc's standard-JSON error object. */
export interface SolcError {
  type: string;
  severity: 'error' | 'warning' | 'info';
  component: string;
  message: string;
  formattedMessage: string;
  errorCode?: string;
  sourceLocation?: { file: string; start: number; end: number };
}

/** What `solc.compile` returns (the parts we read). */
export interface SolcOutput {
  errors?: SolcError[];
  sources?: Record<string, { id: number; ast: AstNode }>;
  contracts?: Record<string, Record<string, {
    abi?: AbiEntry[];
    storageLayout?: { storage: { astId: number; label: string; offset: number; slot: string; type: string }[] };
    evm?: { methodIdentifiers?: Record<string, string> };
  }>>;
}

export interface AbiParam { name: string; type: string; components?: AbiParam[]; indexed?: boolean }
export interface AbiEntry { type: string; name?: string; inputs?: AbiParam[]; outputs?: AbiParam[] }

/** A node of solc's JSON AST (fields vary per nodeType). */
export type AstNode = { nodeType: string; id: number; src: string; [key: string]: any };

/**
 * Runs solc-js on `sources` for the AST and per-contract ABI, storage layout and selectors
 * (analysis only, no code generation). Everything of ours that reads solc's analysis asks
 * for this one output, so solcStandardJson answers repeats from its recent outputs.
 */
export function compileForAst(sources: Record<string, string>): SolcOutput {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: {
      outputSelection: { '*': { '': ['ast'], '*': ['abi', 'storageLayout', 'evm.methodIdentifiers'] } },
    },
  };
  try {
    return JSON.parse(solcStandardJson(JSON.stringify(input))) as SolcOutput;
  } catch (e) {
    return { errors: [internalError(`solc-js failed: ${(e as Error).message}`)] };
  }
}

export function internalError(message: string): SolcError {
  return { type: 'InternalCompilerError', severity: 'error', component: 'general', message, formattedMessage: `InternalCompilerError: ${message}\n` };
}

/** `start:length:fileIndex` of an AST node. */
export function parseSrc(src: string): { start: number; length: number; file: number } {
  const [start, length, file] = src.split(':').map(Number) as [number, number, number];
  return { start, length, file };
}

/**
 * Line (1-based) and column (1-based) of `offset` in `text`. solc's `src` offsets count UTF-8
 * bytes, not UTF-16 code units: a non-ASCII character earlier in the file (OpenZeppelin's
 * comments write `2²⁵⁶`) would otherwise move every later location. The column counts bytes
 * as solc's does.
 */
export function lineCol(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  let bytes = 0;
  for (const ch of text) {
    if (bytes >= offset) break;
    bytes += utf8Length(ch.codePointAt(0)!);
    if (ch === '\n') {
      line++;
      lineStart = bytes;
    }
  }
  return { line, col: offset - lineStart + 1 };
}

const utf8Length = (cp: number) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/**
 * An UnsupportedFeature error at `src`, formatted like solc's messages
 * (`UnsupportedFeature: msg\n --> file:line:col:\n`).
 */
export function unsupportedError(message: string, file: string, start: number, length: number, text: string): SolcError {
  const { line, col } = lineCol(text, start);
  const lineText = text.split('\n')[line - 1] ?? '';
  // the caret sits under the characters, not the bytes, of the line
  const pad = Buffer.from(lineText, 'utf8').subarray(0, col - 1).toString('utf8').length;
  const width = Math.max(1, Math.min(length, lineText.length - pad));
  const gutter = ' '.repeat(String(line).length);
  const formattedMessage = `UnsupportedFeature: ${message}\n${gutter}--> ${file}:${line}:${col}:\n${gutter} |\n${line} | ${lineText}\n${gutter} | ${' '.repeat(pad)}${'^'.repeat(width)}\n\n`;
  return {
    type: 'UnsupportedFeature', severity: 'error', component: 'general', message, formattedMessage,
    sourceLocation: { file, start, end: start + length },
  };
}

/** Visits every AST node (an object with a string `nodeType` and a numeric `id`) under `node`. */
export function walkAst(node: unknown, visit: (n: AstNode) => void): void {
  if (Array.isArray(node)) for (const x of node) walkAst(x, visit);
  else if (node && typeof node === 'object') {
    const n = node as AstNode;
    if (typeof n.nodeType === 'string' && typeof n.id === 'number') visit(n);
    for (const k in n) if (k !== 'typeDescriptions') walkAst(n[k], visit);
  }
}
