/** One call of a generated program's call list (args as ethers accepts them). */
export interface SolCallSpec {
  fn: string;
  args: (string | number)[];
}

export interface SolProgram {
  /** Solidity source of one contract. */
  source: string;
  /** The contract's name (`Gen<seed>`). */
  contract: string;
  /** Calls to run in order on a fresh deployment. */
  calls: SolCallSpec[];
}

/** A program in the supported Solidity subset; depends only on `seed`. */
export function genSolProgram(seed: number): SolProgram;
