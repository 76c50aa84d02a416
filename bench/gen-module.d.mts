export function rng(seed: number): () => number;
export function genProgram(seed: number, opts?: { funcs?: number; opsPerFunc?: number }): { text: string; ops: number };
