/**
 * Unsupported constructs become UnsupportedFeature errors at their exact source location;
 * malformed source gives solc's own errors; nothing throws.
 */
import { describe, expect, it } from 'vitest';
import { lowerToSol } from '@lifeline/solidity';
import { HEADER, lowerErrors } from './helpers.js';

/** The [start, end) of the `nth` occurrence of `needle` in the full source (header included). */
function span(source: string, needle: string, nth = 0): { start: number; end: number } {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = source.indexOf(needle, at + 1);
  if (at < 0) throw new Error(`'${needle}' not in source`);
  return { start: HEADER.length + at, end: HEADER.length + at + needle.length };
}

function expectUnsupported(source: string, needle: string, message: RegExp, nth = 0): void {
  const { errors } = lowerErrors(source);
  expect(errors.length).toBeGreaterThan(0);
  const e = errors.find((x) => x.type === 'UnsupportedFeature' && message.test(x.message));
  expect(e, JSON.stringify(errors, null, 1)).toBeDefined();
  expect(e!.severity).toBe('error');
  expect(e!.component).toBe('general');
  expect(e!.sourceLocation).toEqual({ file: 'a.sol', ...span(source, needle, nth) });
  expect(e!.formattedMessage).toMatch(/^UnsupportedFeature: .*\n\s*--> a\.sol:\d+:\d+:/);
}

describe('UnsupportedFeature errors', () => {
  it('reports try/catch at the statement and still lowers inherited functions', () => {
    const src = 'contract A { function g() public pure returns (uint) { return 1; } }\n'
      + 'contract B is A { function f() external view returns (uint) { try this.g() returns (uint v) { return v; } catch { return 0; } } }\n';
    const { errors } = lowerErrors(src);
    const e = errors.find((x) => x.type === 'UnsupportedFeature' && /try\/catch/.test(x.message))!;
    expect(e.sourceLocation!.start).toBe(HEADER.length + src.indexOf('try'));
    expect(errors.filter((x) => x.severity === 'error')).toHaveLength(1);
  });

  it('reports contract creation at the call', () => {
    expectUnsupported(`
contract D { uint x; }
contract C {
  function f() external returns (address) { return address(new D()); }
}`, 'new D()', /type 'contract D' is not supported/);
  });

  it('counts solc\'s byte offsets past non-ASCII text when it gives line and column', () => {
    // `²⁵⁶` is 3 characters and 6 UTF-8 bytes: a character count would point 3 columns left
    // of the construct, and into earlier lines with more of them above
    const src = 'contract C {\n  // 2²⁵⁶ - 1\n  function f() external returns (uint) { try this.f() returns (uint v) { return v; } catch { return 0; } }\n}\n';
    const { errors } = lowerErrors(src);
    const e = errors.find((x) => x.type === 'UnsupportedFeature' && /try\/catch/.test(x.message))!;
    const text = HEADER + src;
    const line = text.split('\n').findIndex((l) => l.includes('try this'));
    const col = text.split('\n')[line]!.indexOf('try') + 1;
    expect(e.sourceLocation!.start).toBe(Buffer.byteLength(text.slice(0, text.indexOf('try this')), 'utf8'));
    expect(e.formattedMessage).toContain(`a.sol:${line + 1}:${col}:`);
    expect(e.formattedMessage).toContain(`\n${' '.repeat(String(line + 1).length)} | ${' '.repeat(col - 1)}^^^`);
  });

  it('reports user-defined operators at the operation (not the builtin on the underlying type)', () => {
    expectUnsupported(`
type Money is uint256;
using {add as +, neg as -} for Money global;
function add(Money a, Money b) pure returns (Money) { return Money.wrap(Money.unwrap(a) * Money.unwrap(b)); }
function neg(Money a) pure returns (Money) { return a; }
contract C {
  function f(uint256 x) external pure returns (uint256) { return Money.unwrap(Money.wrap(x) + Money.wrap(2)); }
  function g(uint256 x) external pure returns (uint256) { return Money.unwrap(-Money.wrap(x)); }
}`, 'Money.wrap(x) + Money.wrap(2)', /user-defined operators/);
    expectUnsupported(`
type Money is int256;
using {neg as -} for Money global;
function neg(Money a) pure returns (Money) { return a; }
contract C {
  function g(int256 x) external pure returns (int256) { return Money.unwrap(-Money.wrap(x)); }
}`, '-Money.wrap(x)', /user-defined operators/);
  });

  describe('inline assembly it cannot represent, at the identifier', () => {
    it('storage .slot / .offset', () => {
      expectUnsupported(`
contract C {
  uint s;
  function f() external pure returns (uint r) {
    assembly { r := s.slot }
  }
}`, 's.slot', /'\.slot' in inline assembly/);
    });

    it('calldata .offset / .length', () => {
      expectUnsupported(`
contract C {
  function f(uint[] calldata a) external pure returns (uint r) {
    assembly { r := a.length }
  }
}`, 'a.length', /'\.length' in inline assembly/);
    });

    it('a constant whose value goes through a fraction', () => {
      // solc evaluates 10 / 4 * 4 exactly (10); the lowering's integer evaluation does not
      expectUnsupported(`
contract C {
  uint constant K = 10 / 4 * 4;
  function f() external pure returns (uint r) {
    assembly { r := K }
  }
}`, '10 / 4', /constant expression/);
    });

    it('a calldata struct local', () => {
      expectUnsupported(`
contract C {
  struct S { uint a; }
  function f(S calldata cs) external pure returns (uint r) {
    assembly { r := cs }
  }
}`, 'cs', /a local of type/, 1);
    });

    it('verbatim', () => {
      const { errors } = lowerErrors(`
contract C {
  function f() external pure returns (uint r) {
    assembly { r := verbatim_0i_1o(hex"600c") }
  }
}`);
      // solc itself rejects verbatim in inline assembly; either way nothing is lowered
      expect(errors.length).toBeGreaterThan(0);
    });
  });

  it('lowers supported inline assembly without errors', () => {
    const { errors } = lowerErrors(`
contract C {
  function f(uint x) external pure returns (uint r) {
    uint[] memory a = new uint[](1);
    assembly ("memory-safe") { let y := x r := add(mload(a), y) }
  }
}`);
    expect(errors).toEqual([]);
  });

  it('reports an external call and still lowers the other functions', () => {
    const src = `
contract D { function g() external pure returns (uint) { return 1; } }
contract C {
  function f(D d) external view returns (uint) { return d.g(); }
  function h() external pure returns (uint) { return 2; }
}`;
    const { errors } = lowerErrors(src);
    const ext = errors.filter((e) => e.type === 'UnsupportedFeature');
    expect(ext.length).toBeGreaterThan(0);
    // The parameter `D d` (a contract type) is the first construct we cannot lower in f.
    expect(ext[0]!.sourceLocation).toEqual({ file: 'a.sol', ...span(src, 'D d') });
    const r = lowerToSol({ sources: { 'a.sol': HEADER + src }, contract: 'C' });
    const text = JSON.stringify(r.module.regions[0]!.blocks[0]!.first?.name);
    expect(text).toBe('"sol.contract"');
  });

  it('reports a ternary of nested tuples at the ternary', () => {
    expectUnsupported(`
contract C {
  function f(bool c) external pure returns (uint x, uint y, uint z) {
    ((x, y), z) = c ? ((1, 2), 3) : ((4, 5), 6);
  }
}`, 'c ? ((1, 2), 3) : ((4, 5), 6)', /type 'tuple\(uint8,uint8\)' is not supported/);
  });

  it('reports a ternary of tuples with a component we cannot lower at the ternary', () => {
    expectUnsupported(`
contract C {
  function f(bool c) external view returns (uint k) {
    (, k) = c ? (this, 1) : (C(address(0)), 2);
  }
}`, 'c ? (this, 1) : (C(address(0)), 2)', /type 'contract C' is not supported/);
  });

  it('reports calls of public library functions (a DELEGATECALL), direct or bound', () => {
    expectUnsupported(`
library L { function one() public pure returns (uint) { return 1; } }
contract C {
  function f() external pure returns (uint) { return L.one(); }
}`, 'L.one()', /public or external library functions/);
    expectUnsupported(`
library L { function twice(uint x) external pure returns (uint) { return 2 * x; } }
contract C {
  using L for uint;
  function f(uint y) external pure returns (uint) { return y.twice(); }
}`, 'y.twice()', /public or external library functions/);
  });
});

describe('malformed source', () => {
  it("returns solc's parser error, no crash", () => {
    const r = lowerToSol({ sources: { 'a.sol': HEADER + 'contract C { function f( external {} }' } });
    const errs = r.errors.filter((e) => e.severity === 'error');
    expect(errs.length).toBeGreaterThan(0);
    expect(errs[0]!.type).toBe('ParserError');
    expect(errs[0]!.sourceLocation?.file).toBe('a.sol');
    expect(r.module.regions[0]!.blocks[0]!.empty).toBe(true);
  });

  it("returns solc's type errors", () => {
    const r = lowerToSol({ sources: { 'a.sol': HEADER + 'contract C { function f() external { uint x = "s"; } }' } });
    expect(r.errors.some((e) => e.type === 'TypeError' && e.severity === 'error')).toBe(true);
  });

  it('survives garbage and empty input', () => {
    for (const text of ['', '}}}}', '\u0000\u0001', 'pragma solidity ^0.4.0; contract C {}']) {
      const r = lowerToSol({ sources: { 'a.sol': text } });
      expect(Array.isArray(r.errors)).toBe(true);
    }
  });
});
