/**
 * Self-check of bench/gen-sil-program.mjs (the ARC differential test's generator):
 * deterministic per seed, and over 300 seeds every instruction kind and every pattern
 * the generator documents occurs (counted in the text, so a generator change that
 * silently drops a feature fails here). Whether each program runs clean is checked in
 * sil-differential.test.ts, where the interpreter runs the original.
 */
import { describe, expect, it } from 'vitest';
import { generateSilProgram, SHAPES } from '../bench/gen-sil-program.mjs';

const SEEDS = 300;

/** The instruction (or terminator) name of each body line: `%n = name …` or `name …`. */
function instructionKinds(text: string): Map<string, number> {
  const kinds = new Map<string, number>();
  let inBody = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('sil @')) inBody = line.endsWith('{');
    const m = inBody ? /^  (?:%\d+ = )?([a-z_]+)/.exec(line) : null;
    if (m) kinds.set(m[1]!, (kinds.get(m[1]!) ?? 0) + 1);
  }
  return kinds;
}

describe('gen-sil-program', () => {
  it('is deterministic per seed and differs between seeds', () => {
    for (const seed of [1, 2, 77, 1234]) {
      expect(generateSilProgram(seed)).toBe(generateSilProgram(seed));
    }
    expect(generateSilProgram(1)).not.toBe(generateSilProgram(2));
    expect(generateSilProgram(5, { shape: 'loops' })).not.toBe(generateSilProgram(5, { shape: 'diamonds' }));
  });

  it(`covers every instruction kind over ${SEEDS} seeds`, () => {
    const total = new Map<string, number>();
    const patterns = new Map<string, number>();
    const count = (k: string, re: RegExp, text: string) => patterns.set(k, (patterns.get(k) ?? 0) + (text.match(re)?.length ?? 0));
    for (let seed = 1; seed <= SEEDS; seed++) {
      const text = generateSilProgram(seed, { shape: SHAPES[seed % SHAPES.length] });
      for (const [k, n] of instructionKinds(text)) total.set(k, (total.get(k) ?? 0) + n);
      count('owned-call', /apply %\d+\([^)]*\) : \$@convention\(thin\) \([^)]*@owned C/g, text);
      count('guaranteed-call', /apply %\d+\([^)]*\) : \$@convention\(thin\) \([^)]*@guaranteed C/g, text);
      count('owned-result', /-> @owned C \{/g, text);
      count('loop-carried', /^bb\d+\(%\d+ : \$Builtin\.Int64, %\d+ : \$Builtin\.Int64, %\d+ : \$C\):/gm, text);
      count('phi-ref', /^bb\d+\(%\d+ : \$Builtin\.Int64, %\d+ : \$C\):/gm, text);
      count('phi-enum', /^bb\d+\(%\d+ : \$Builtin\.Int64, %\d+ : \$FakeOptional<C>\):/gm, text);
      count('two-ref-struct', /retain_value %\d+ : \$P/g, text);
      count('subclass', /alloc_ref \$[DE]/g, text);
      count('bridge-release', /release_value %\d+ : \$Builtin\.BridgeObject/g, text);
    }
    const kinds = [
      'alloc_ref', 'strong_retain', 'strong_release', 'retain_value', 'release_value', 'upcast',
      'unchecked_ref_cast', 'init_existential_ref', 'open_existential_ref', 'ref_to_bridge_object',
      'bridge_object_to_ref', 'struct', 'struct_extract', 'tuple', 'tuple_extract', 'enum',
      'unchecked_enum_data', 'switch_enum', 'alloc_stack', 'store', 'load', 'dealloc_stack', 'is_unique',
      'fix_lifetime', 'mark_dependence', 'function_ref', 'apply', 'integer_literal', 'builtin', 'cond_fail',
      'br', 'cond_br', 'return', 'unreachable', 'unconditional_checked_cast', 'checked_cast_br',
    ];
    for (const k of kinds) expect(total.get(k) ?? 0, k).toBeGreaterThanOrEqual(20);
    for (const [k, n] of patterns) expect(n, k).toBeGreaterThanOrEqual(20);
    // Nothing outside the documented subset.
    expect([...total.keys()].filter((k) => !kinds.includes(k))).toEqual([]);
  });
});
