// Random affine maps and integer sets in MLIR's grammar, named as users name them (`(i, j)[n]` or `(d0)[s0]`) and
// written the way nobody would print them (constants left, sums in parentheses, subtractions,
// negations, products by symbols): a product always has a symbolic or constant factor and a
// divisor is symbolic or constant, so every map and set is one mlir-opt-19 accepts. The round-trip test
// compares how both tools print them.
import { rng } from './gen-module.mjs';

/** `count` maps from `seed`, each `affine_map<…>` text. */
export function genAffineMaps(seed, count) {
  return genAffine(seed, count, (dims, syms, expr, pick) => {
    const results = Array.from({ length: pick(3) + 1 }, () => expr(0));
    return `affine_map<(${dims.join(', ')})${syms.length ? `[${syms.join(', ')}]` : ''} -> (${results.join(', ')})>`;
  });
}

/** `count` integer sets from `seed`, each `affine_set<…>` text; some have no constraints. */
export function genIntegerSets(seed, count) {
  return genAffine(seed, count, (dims, syms, expr, pick) => {
    const constraint = () => `${expr(0)} ${['>=', '<=', '=='][pick(3)]} ${expr(0)}`;
    const constraints = Array.from({ length: pick(4) }, constraint);
    return `affine_set<(${dims.join(', ')})${syms.length ? `[${syms.join(', ')}]` : ''} : (${constraints.join(', ')})>`;
  });
}

/** Random dims, symbols and an expression writer over them, handed to `write` once per item. */
function genAffine(seed, count, write) {
  const r = rng(seed);
  const pick = (n) => Math.floor(r() * n);
  const items = [];
  for (let m = 0; m < count; m++) {
    const dims = Array.from({ length: pick(3) + 1 }, (_, i) => (pick(2) ? `d${i}` : `x${i}`));
    const syms = Array.from({ length: pick(3) }, (_, i) => (pick(2) ? `s${i}` : `n${i}`));
    const symbolic = (depth) => {
      const k = pick(syms.length ? 4 : 2);
      if (k === 0 || depth > 1) return String(pick(9) + 1);
      if (k === 1) return `(${symbolic(depth + 1)} + ${symbolic(depth + 1)})`;
      return syms[pick(syms.length)];
    };
    const divisor = () => (pick(3) ? String(pick(8) + 1) : symbolic(0));
    const expr = (depth) => {
      switch (pick(depth > 2 ? 3 : 10)) {
        case 0: return dims[pick(dims.length)];
        case 1: return String(pick(12));
        case 2: return syms.length ? syms[pick(syms.length)] : dims[pick(dims.length)];
        case 3: return `${expr(depth + 1)} + ${expr(depth + 1)}`;
        case 4: return `${expr(depth + 1)} - ${expr(depth + 1)}`;
        case 5: return pick(2) ? `(${expr(depth + 1)}) * ${symbolic(0)}` : `${symbolic(0)} * (${expr(depth + 1)})`;
        case 6: return `(${expr(depth + 1)}) floordiv ${divisor()}`;
        case 7: return `(${expr(depth + 1)}) ceildiv ${divisor()}`;
        case 8: return `(${expr(depth + 1)}) mod ${divisor()}`;
        default: return `-(${expr(depth + 1)})`;
      }
    };
    items.push(write(dims, syms, expr, pick));
  }
  return items;
}
