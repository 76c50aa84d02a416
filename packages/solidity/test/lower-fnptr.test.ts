/**
 * Internal function types: pointers are values of builtin function type (sol.func_ref /
 * sol.func_null), calls through them are sol.call_indirect; what is not supported (function
 * types in storage, external function types, comparisons) is UnsupportedFeature.
 */
import { describe, expect, it } from 'vitest';
import { check, lowerErrors, lowerOk } from './helpers.js';

describe('internal function pointers', () => {
  it('takes, stores, zeroes and calls through pointers', () => {
    const text = lowerOk(`
contract C {
  function inc(uint x) internal pure returns (uint) { return x + 1; }
  function f(uint x, bool b) external pure returns (uint) {
    function (uint) pure returns (uint) g;
    if (b) g = inc;
    uint r = g(x);
    delete g;
    return r;
  }
}`);
    check(text, `
// CHECK: sol.func @f_
// CHECK: %[[Z:.*]] = sol.func_null : (ui256) -> ui256
// CHECK: %[[S:.*]] = sol.alloca : !sol.ptr<(ui256) -> ui256, Stack>
// CHECK: sol.store %[[Z]], %[[S]]
// CHECK: sol.if
// CHECK: %[[F:.*]] = sol.func_ref @inc_{{[0-9]+}} : (ui256) -> ui256
// CHECK: sol.store %[[F]], %[[S]]
// CHECK: %[[G:.*]] = sol.load %[[S]]
// CHECK: sol.call_indirect %[[G]](%{{.*}}) : (ui256) -> ui256
// CHECK: sol.func_null : (ui256) -> ui256
`);
  });

  it('rejects what it does not support, at the construct', () => {
    const cases: [string, RegExp][] = [
      ['contract C { function (uint) internal pure returns (uint) g; function f() external {} }', /state variables of function type/],
      ['contract C { function i(uint x) internal pure returns (uint) { return x; } function f() external pure returns (bool) { function (uint) pure returns (uint) g = i; return g == i; } }', /comparison/],
      // arrays of them in memory are supported (fixture fnptr_arrays.sol); in storage solc packs them
      ['contract C { function (uint) internal pure returns (uint)[] gs; function f() external {} }', /type 'function \(uint256\) pure returns \(uint256\)\[\]' is not supported/],
      ['contract C { function i(uint x) external pure returns (uint) { return x; } function f() external view returns (uint) { function (uint) external pure returns (uint) g = this.i; return g(1); } }', /external returns \(uint256\)' is not supported/],
    ];
    for (const [src, msg] of cases) {
      const { errors } = lowerErrors(src);
      const e = errors.find((x) => x.type === 'UnsupportedFeature' && msg.test(x.message));
      expect(e, `${src}\n${JSON.stringify(errors.map((x) => x.message))}`).toBeDefined();
      expect(e!.sourceLocation?.end).toBeGreaterThan(e!.sourceLocation!.start);
    }
  });
});
