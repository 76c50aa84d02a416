/** Helpers the deep shapes call (Solidity, inside the generated contract). */
export const DEEP_HELPERS: string;

/** One `deep` function body: its return types and lines (filler adds seeded allocations). */
export function deepShape(
  g: { int(n: number): number; chance(p: number): boolean; pick<T>(xs: readonly T[]): T; id(prefix: string): string },
  filler: (g: unknown, indent: string) => string[],
): { returns: string; body: string[] };
