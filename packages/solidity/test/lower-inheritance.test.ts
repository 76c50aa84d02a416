/**
 * Inheritance resolves per lowered contract: the same base function body calls different
 * implementations through `super` and virtual calls depending on the deployed contract's
 * linearization; overridden functions leave the dispatcher; base constructors become one
 * internal function each, called in solc's order; immutables live in the Immutable location.
 * Expectations written from the Solidity source (FileCheck).
 */
import { describe, it } from 'vitest';
import { check, lowerOk } from './helpers.js';

const DIAMOND = `
contract A { function f() public virtual returns (uint) { return 1; } }
contract B is A { function f() public virtual override returns (uint) { return super.f() + 10; } }
contract C is A { function f() public virtual override returns (uint) { return super.f() + 100; } }
contract D is B, C { function f() public override(B, C) returns (uint) { return super.f(); } }
`;

describe('inheritance lowering', () => {
  it("resolves C's super.f() to B.f in D (linearization D, C, B, A) but to A.f in C", () => {
    const d = lowerOk(DIAMOND, 'D');
    // D: only D.f has the selector; C.f's super is B.f, B.f's super is A.f
    check(d, `
CHECK: sol.contract @D_
CHECK-DAG: sol.func @f_{{[0-9]+}}() -> ui256 attributes {orig_name = "f", selector = "0x26121ff0", state_mutability = "nonpayable", visibility = "public"}
CHECK-DAG: sol.func @f_[[A:[0-9]+]]() -> ui256 attributes {orig_name = "f", state_mutability = "nonpayable", visibility = "internal"}
`);
    // the text of one sol.func (its body ends at the first `}` at the function's indentation)
    const fnOf = (text: string, name: string) => {
      const start = text.indexOf(`sol.func @${name}(`);
      const end = text.indexOf('\n    }\n', start);
      if (start < 0 || end < 0) throw new Error(`no function ${name}`);
      return text.slice(start, end);
    };
    const ids = [...d.matchAll(/sol\.func @f_(\d+)\(/g)].map((m) => Number(m[1])).sort((x, y) => x - y);
    const [a, b, c, dd] = ids as [number, number, number, number];
    check(fnOf(d, `f_${c}`), `CHECK: sol.call @f_${b}()`);
    check(fnOf(d, `f_${b}`), `CHECK: sol.call @f_${a}()`);
    check(fnOf(d, `f_${dd}`), `CHECK: sol.call @f_${c}()`);
    const cOnly = lowerOk(DIAMOND, 'C');
    check(fnOf(cOnly, `f_${c}`), `CHECK: sol.call @f_${a}()`);
  });

  it('chains base constructors with arguments from both specifier styles, then initializers', () => {
    const text = lowerOk(`
contract A { uint a; constructor(uint x) { a = x; } }
contract B is A(7) { uint b = 2; constructor(uint y) { b += y; } }
contract C is B { constructor(uint z) B(z + 1) {} }
`, 'C');
    check(text, `
CHECK: sol.func @constructor_{{[0-9]+}}(%{{.*}}: ui256) attributes {kind = "constructor"
CHECK: sol.add
CHECK: sol.call @constructor_B_{{[0-9]+}}
CHECK: sol.func @constructor_B_{{[0-9]+}}(%{{.*}}: ui256) attributes {state_mutability = "nonpayable", visibility = "internal"}
CHECK: sol.constant 7
CHECK: sol.call @constructor_A_{{[0-9]+}}
CHECK: sol.constant 2
CHECK: sol.store
CHECK: sol.func @constructor_A_
`);
  });

  it('keeps immutables in the Immutable location', () => {
    const text = lowerOk(`
contract A { uint immutable n = 3; address public immutable o; constructor() { o = msg.sender; } function f() external view returns (uint) { return n; } }
`, 'A');
    check(text, `
CHECK: sol.state_var @n_{{[0-9]+}} slot 128 offset 0 : ui256 {immutable}
CHECK: sol.state_var @o_{{[0-9]+}} slot 160 offset 0 : !sol.address {immutable}
CHECK: sol.addr_of @n_{{[0-9]+}} : !sol.ptr<ui256, Immutable>
`);
  });
});
