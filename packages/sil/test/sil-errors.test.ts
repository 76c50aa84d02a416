/**
 * Malformed SIL gets a located diagnostic `file:line:col: error: …`, never an exception of
 * another kind. Each case names the position (line:col, 1-based) it must point at; the
 * positions are counted by hand from the inputs.
 */
import { DiagnosticError, SourceFile, renderDiagnostic } from '@lifeline/ir';
import { describe, expect, it } from 'vitest';
import { parseSil } from '../dist/index.js';

const HEAD = 'sil_stage canonical\nimport Builtin\nclass C {}\n';
const fn = (body: string, sig = '(@owned C) -> ()') => `${HEAD}sil @f : $@convention(thin) ${sig} {\nbb0(%0 : $C):\n${body}\n}\n`;

function diagnose(text: string): string {
  try {
    parseSil(text, 'bad.sil');
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    return renderDiagnostic(e.diagnostic, [new SourceFile('bad.sil', text)]).split('\n')[0]!;
  }
  return 'no error';
}

describe('SIL diagnostics', () => {
  const cases: [string, string, string][] = [
    ['unknown instruction', fn('  frobnicate %0 : $C\n  return undef : $()'), 'bad.sil:6:3: error: unknown instruction \'frobnicate\''],
    ['undefined value', fn('  strong_retain %9 : $C\n  %1 = tuple ()\n  return %1 : $()'), 'bad.sil:6:17: error: use of undefined value \'%9\''],
    ['type mismatch at use', fn('  strong_retain %0 : $Builtin.NativeObject\n  %1 = tuple ()\n  return %1 : $()'),
      'bad.sil:6:17: error: value \'%0\' used with mismatching type $Builtin.NativeObject (defined as $C)'],
    ['redefinition', fn('  %0 = tuple ()\n  return %0 : $()'), 'bad.sil:6:3: error: redefinition of value \'%0\''],
    ['missing terminator', fn('  strong_retain %0 : $C'), 'bad.sil:5:1: error: basic block must end with a terminator'],
    ['undefined block', fn('  br bb4'), 'bad.sil:6:6: error: undefined basic block \'bb4\''],
    ['missing $', fn('  strong_retain %0 : C\n  return undef : $()'), 'bad.sil:6:22: error: expected \'$\' (SIL types start with \'$\')'],
    ['unknown field', `${HEAD}struct S {\n  var x: C\n}\nsil @g : $@convention(thin) (S) -> () {\nbb0(%0 : $S):\n  %1 = struct_extract %0 : $S, #S.y\n  return undef : $()\n}\n`,
      'bad.sil:9:32: error: struct_extract: type $S has no field \'y\''],
    ['apply argument count', `${HEAD}sil @g : $@convention(thin) () -> () {\nbb0:\n  %0 = function_ref @g : $@convention(thin) () -> ()\n  %1 = apply %0(%0) : $@convention(thin) () -> ()\n  return %1 : $()\n}\n`,
      'bad.sil:7:23: error: apply: the function type takes 0 arguments, found 1'],
    ['unterminated string', fn('  %1 = string_literal utf8 "abc\n  return undef : $()'), 'bad.sil:6:28: error: unterminated string literal'],
    ['junk after instruction', fn('  strong_retain %0 : $C %0\n  return undef : $()'), 'bad.sil:6:25: error: expected end of SIL instruction'],
    ['top level', `${HEAD}garbage\n`, 'bad.sil:4:1: error: expected top-level declaration'],
    ['unsupported entity', `${HEAD}sil_vtable C {}\n`, 'bad.sil:4:1: error: unsupported SIL declaration \'sil_vtable\''],
    ['unclosed function', `${HEAD}sil @f : $@convention(thin) () -> () {\nbb0:\n  return undef : $()\n`, 'bad.sil:7:1: error: expected \'}\' at the end of the SIL function'],
    ['name on a result-less instruction', fn('  %1 = strong_retain %0 : $C\n  return undef : $()'), 'bad.sil:6:3: error: instruction \'strong_retain\' has no result to name'],
    ['forward reference with another type', fn('  br bb1\nbb2:\n  strong_retain %5 : $C\n  return undef : $()\nbb1:\n  %5 = integer_literal $Builtin.Int64, 1\n  br bb2'),
      'bad.sil:11:3: error: value \'%5\' defined with mismatching type $Builtin.Int64 (expected $C)'],
    ['invalid character', fn('  strong_retain %0 : $C ^\n  return undef : $()'), 'bad.sil:6:25: error: invalid character \'^\' in SIL'],
  ];
  for (const [name, text, expected] of cases) {
    it(name, () => expect(diagnose(text)).toBe(expected));
  }

  it('never throws anything but a DiagnosticError on truncated input', () => {
    const good = fn('  strong_retain %0 : $C\n  %1 = tuple ()\n  return %1 : $()');
    for (let i = 0; i < good.length; i++) {
      const text = good.slice(0, i);
      try {
        parseSil(text, 'cut.sil');
      } catch (e) {
        expect(e).toBeInstanceOf(DiagnosticError);
      }
    }
  });
});
