/**
 * No crash on any input: malformed sources and seeded random token mutations of the
 * Solidity fixtures go through `compileToBytecode`, which must answer every one with data —
 * bytecode, or solc-style errors (parser / type errors from solc, UnsupportedFeature at a
 * source location from us) — never an exception, and never an InternalCompilerError (the
 * driver's catch-all for a bug of ours, which would hide a crash).
 *
 * Mutations (per fixture, seeded): delete a token, duplicate one, swap two neighbours,
 * replace one by a token from a vocabulary of Solidity keywords, types, operators and
 * literals. Many mutants still type-check, so the lowering and the emitter see unusual but
 * valid programs too; when one compiles, its bytecode must be non-empty hex.
 *
 *   SOL_FUZZ_PER_FIXTURE=n   mutants per fixture (default 20)
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { rng } from './sol-oracle.js';

const DIR = join(import.meta.dirname, '..', 'test-fixtures', 'sol');
const PER_FIXTURE = Number(process.env.SOL_FUZZ_PER_FIXTURE ?? 20);

const TOKEN = /0x[0-9a-fA-F]+|\d+|[A-Za-z_$][\w$]*|"(?:[^"\\\n]|\\.)*"|\/\/[^\n]*|\/\*[\s\S]*?\*\/|\s+|>>=|<<=|\*\*|&&|\|\||[=!<>+\-*/%&|^]=|\+\+|--|=>|<<|>>|[^\s]/g;

const VOCAB = [
  'uint8', 'int256', 'bytes32', 'bytes', 'string', 'bool', 'address', 'memory', 'storage', 'calldata', 'public', 'external',
  'internal', 'pure', 'view', 'payable', 'returns', 'return', 'if', 'else', 'for', 'while', 'do', 'break', 'continue',
  'unchecked', 'delete', 'new', 'emit', 'revert', 'require', 'assert', 'struct', 'mapping', 'function', 'constructor',
  'fallback', 'receive', 'modifier', 'assembly', 'this', 'msg', '.', ',', ';', '(', ')', '[', ']', '{', '}', '=', '+', '-',
  '*', '/', '%', '**', '<<', '>>', '&', '|', '^', '~', '!', '<', '>', '==', '!=', '&&', '||', '?', ':', '0', '1', '255',
  '0x00', '2**256', 'type(uint8).max', '"x"', 'hex"ff"', '""', 'abi.encode', 'keccak256', 'length', 'push', 'pop',
];

function tokens(src: string): string[] {
  return src.match(TOKEN) ?? [];
}

/** One seeded mutant of `src`. */
function mutate(src: string, rand: () => number): string {
  const ts = tokens(src);
  const sig = ts.map((t, i) => (/^\s|^\/[/*]/.test(t) ? -1 : i)).filter((i) => i >= 0);
  const pick = () => sig[Math.floor(rand() * sig.length)]!;
  const edits = 1 + Math.floor(rand() * 3);
  for (let k = 0; k < edits; k++) {
    const i = pick();
    switch (Math.floor(rand() * 4)) {
      case 0: ts[i] = ''; break;
      case 1: ts[i] = `${ts[i]} ${ts[i]}`; break;
      case 2: { const j = sig[Math.min(sig.length - 1, sig.indexOf(i) + 1)]!; [ts[i], ts[j]] = [ts[j]!, ts[i]!]; break; }
      default: ts[i] = ` ${VOCAB[Math.floor(rand() * VOCAB.length)]} `;
    }
  }
  return ts.join('');
}

const MALFORMED: Record<string, string> = {
  empty: '',
  garbage: '\u0000\u0001\uffff contract {{{',
  unterminatedString: 'contract C { function f() external pure returns (string memory) { return "abc; } }',
  unterminatedComment: 'contract C { /* never closed ',
  hugeLiteral: `contract C { function f() external pure returns (uint256) { return ${'9'.repeat(200)}; } }`,
  deepNesting: `contract C { function f(uint256 x) external pure returns (uint256) { return ${'('.repeat(300)}x${')'.repeat(300)}; } }`,
  noContract: 'pragma solidity ^0.8.0; uint256 constant X = 1;',
  onlyInterface: 'interface I { function f() external; }',
  recursiveStruct: 'contract C { struct S { S[] kids; uint256 v; } S internal root; function f() external view returns (uint256) { return root.v; } }',
  assembly: 'contract C { function f() external pure returns (uint256 r) { assembly { r := 1 } } }',
};

function check(sources: Record<string, string>, contract?: string): void {
  let out: ReturnType<typeof compileToBytecode> | undefined;
  expect(() => (out = compileToBytecode({ sources, ...(contract ? { contract } : {}) }))).not.toThrow();
  const errors = out!.errors.filter((e) => e.severity === 'error');
  expect(errors.filter((e) => e.type === 'InternalCompilerError').map((e) => e.message)).toEqual([]);
  if (errors.length === 0) expect(out!.bytecode).toMatch(/^[0-9a-f]+$/);
  else {
    expect(out!.bytecode).toBe('');
    for (const e of errors) {
      expect(typeof e.message).toBe('string');
      if (e.type === 'UnsupportedFeature') expect(e.sourceLocation, e.message).toBeDefined();
    }
  }
}

describe('compileToBytecode never crashes', () => {
  for (const [name, src] of Object.entries(MALFORMED)) {
    it(`malformed source: ${name}`, () => check({ 'bad.sol': src }));
  }

  const fixtures = readdirSync(DIR).filter((f) => f.endsWith('.sol')).sort();
  for (const [n, file] of fixtures.entries()) {
    it(`mutants of ${file}`, () => {
      const src = readFileSync(join(DIR, file), 'utf8');
      const rand = rng(0xf022 + n);
      for (let k = 0; k < PER_FIXTURE; k++) check({ [file]: mutate(src, rand) });
    });
  }
});
