/**
 * SIL text in and out on our fixtures (test-fixtures/sil/*.sil):
 *   - print(parse(x)) is a fixed point of parse+print, and keeps every instruction, operand
 *     and type (compared op by op on the two modules);
 *   - fixtures written in printed form (all but normalize.sil) print back as written,
 *     comments aside;
 *   - the MLIR generic form re-parses with our MLIR parser, verifies, and prints identically;
 *   - together the fixtures use every instruction of issue 8's list.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseString, printOp, verify, type Operation } from '@lifeline/ir';
import { allDialects, createRegistry } from '@lifeline/dialects';
import { describe, expect, it } from 'vitest';
import { parseSil, printSil, silDialects } from '../dist/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DIR = path.join(ROOT, 'test-fixtures/sil');
const fixtures = readdirSync(DIR).filter((f) => f.endsWith('.sil')).sort();
/** Fixtures whose input is deliberately not in printed form (their expected output is in CHECK lines). */
const NOT_PRINTED_FORM = new Set(['normalize.sil']);
const registry = createRegistry([...allDialects, ...silDialects]);

/** One line per op: name, operand types, result types, successor count, attributes. */
function shape(module: Operation): string[] {
  const out: string[] = [];
  module.walk((op) => {
    const attrs = op.propertyEntries().sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${k}=${v}`).join(',');
    out.push(`${op.name}(${op.operandValues().map((v) => String(v.type)).join(', ')}) -> (${op.results.map((r) => String(r.type)).join(', ')}) succ=${op.successors.length} {${attrs}}`);
    for (const r of op.regions) for (const b of r.blocks) out.push(`block(${b.arguments.map((a) => String(a.type)).join(', ')})`);
  });
  return out;
}

function withoutComments(text: string): string[] {
  return text.split('\n').map((l) => l.replace(/\s*\/\/.*$/, '').trimEnd()).filter((l) => l.trim() !== '');
}

describe('SIL round trip', () => {
  it('has fixtures', () => expect(fixtures.length).toBeGreaterThanOrEqual(6));

  for (const f of fixtures) {
    const text = readFileSync(path.join(DIR, f), 'utf8');
    it(`${f}: print(parse(x)) is a fixed point and keeps every op`, () => {
      const m1 = parseSil(text, f);
      const p1 = printSil(m1);
      const m2 = parseSil(p1, `${f}.printed`);
      expect(printSil(m2)).toBe(p1);
      expect(shape(m2)).toEqual(shape(m1));
      expect(verify(m1, registry)).toEqual([]);
    });
    if (!NOT_PRINTED_FORM.has(f)) {
      it(`${f}: prints back as written`, () => {
        expect(withoutComments(printSil(parseSil(text, f)))).toEqual(withoutComments(text));
      });
    }
    it(`${f}: the MLIR generic form re-parses with the MLIR parser`, () => {
      const m1 = parseSil(text, f);
      const generic = printOp(m1, { generic: true });
      const m2 = parseString(generic, registry, { fileName: `${f}.mlir` });
      expect(verify(m2, registry)).toEqual([]);
      expect(printOp(m2, { generic: true })).toBe(generic);
      expect(shape(m2)).toEqual(shape(m1));
      // and back to SIL text
      expect(printSil(m2)).toBe(printSil(m1));
    });
  }

  it('the fixtures use every instruction of the issue', () => {
    const required = [
      'strong_retain', 'strong_release', 'retain_value', 'release_value', 'copy_value', 'destroy_value', 'struct', 'struct_extract',
      'tuple', 'tuple_extract', 'enum', 'unchecked_enum_data', 'switch_enum', 'upcast', 'unchecked_ref_cast', 'init_existential_ref',
      'open_existential_ref', 'ref_to_bridge_object', 'bridge_object_to_ref', 'convert_function', 'unconditional_checked_cast',
      'checked_cast_br', 'address_to_pointer', 'raw_pointer_to_ref', 'alloc_ref', 'alloc_stack', 'dealloc_stack', 'load', 'store',
      'function_ref', 'apply', 'is_unique', 'fix_lifetime', 'mark_dependence', 'br', 'cond_br', 'return', 'unreachable',
      'integer_literal', 'builtin', 'cond_fail', 'string_literal', 'metatype', 'undef',
    ];
    const seen = new Set<string>();
    for (const f of fixtures) parseSil(readFileSync(path.join(DIR, f), 'utf8'), f).walk((op) => void seen.add(op.name.replace(/^sil\./, '')));
    expect(required.filter((r) => !seen.has(r))).toEqual([]);
  });
});
