/**
 * Scale check for ProgramPointsTo: one generated sol function of ~10k ops (allocations,
 * stores of pointers into slots and into an array of arrays, loads, geps, ternaries as
 * sol.if results, internal calls) must be analysed in well under a second (the bound here
 * is loose because the machine is shared; the measured time is printed).
 */
import { describe, expect, it } from 'vitest';
import { ProgramPointsTo } from '@lifeline/analyses';
import { allDialects, createRegistry } from '@lifeline/dialects';
import { parseString } from '@lifeline/ir';
import { solDialect } from '@lifeline/sol';

const registry = createRegistry([...allDialects, solDialect]);
const A = '!sol.array<? x ui256, Memory>';
const AA = `!sol.array<? x ${A}, Memory>`;

function program(blocks: number): string {
  const body: string[] = [];
  body.push(`%n = sol.constant 3 : ui256`, `%c0 = sol.constant 0 : ui256`, `%outer = sol.malloc size(%n : ui256) zero_init : ${AA}`);
  for (let i = 0; i < blocks; i++) {
    body.push(
      `%s${i} = sol.alloca : !sol.ptr<${A}, Stack>`,
      `%m${i} = sol.malloc size(%n : ui256) zero_init : ${A}`,
      `sol.store %m${i}, %s${i} : !sol.ptr<${A}, Stack>`,
      `%l${i} = sol.load %s${i} : !sol.ptr<${A}, Stack>`,
      `%b${i} = sol.cmp eq, %n, %c0 : ui256`,
      `%t${i} = sol.if %b${i} -> (${A}) {`,
      `  sol.yield %l${i} : ${A}`,
      `} else {`,
      `  %k${i} = sol.call @id(%m${i}) : (${A}) -> ${A}`,
      `  sol.yield %k${i} : ${A}`,
      `}`,
      `%p${i} = sol.gep %t${i}[%c0] : ${A}, ui256 -> !sol.ptr<ui256, Memory>`,
      `sol.store %n, %p${i} : !sol.ptr<ui256, Memory>`,
      ...(i % 4 === 0 ? [`%q${i} = sol.gep %outer[%c0] : ${AA}, ui256 -> !sol.ptr<${A}, Memory>`, `sol.store %t${i}, %q${i} : !sol.ptr<${A}, Memory>`] : []),
    );
  }
  return `module {
  sol.contract @P attributes {kind = "contract"} {
    sol.func @id(%a: ${A}) -> ${A} attributes {state_mutability = "pure", visibility = "internal"} {
      sol.return %a : ${A}
    }
    sol.func @big() -> ${AA} attributes {state_mutability = "pure", visibility = "internal"} {
      ${body.join('\n      ')}
      sol.return %outer : ${AA}
    }
  }
}`;
}

describe('points-to scale', () => {
  it('a ~10k-op sol function', () => {
    const module = parseString(program(900), registry);
    let ops = 0;
    module.walk(() => void ops++);
    const t0 = performance.now();
    const pt = new ProgramPointsTo(module);
    const tSolve = performance.now() - t0;
    const fn = pt.functions[1]!;
    const f = pt.function(fn);
    let escaping = 0;
    for (const o of f.objects()) if (f.escape(o).length) escaping++;
    const ms = performance.now() - t0;
    console.log(`points-to: ${ops} ops, ${f.objects().length} objects, ${escaping} escaping, ${ms.toFixed(0)} ms (solve ${tSolve.toFixed(0)} ms)`);
    expect(ops).toBeGreaterThan(10_000);
    // every 4th allocation is stored into the returned array of arrays; the others stay local
    expect(escaping).toBeGreaterThan(200);
    expect(escaping).toBeLessThan(f.objects().length - 600);
    expect(ms).toBeLessThan(3000);
  });
});
