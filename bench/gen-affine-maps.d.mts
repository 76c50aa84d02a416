export function genAffineMaps(seed: number, count: number): string[];
