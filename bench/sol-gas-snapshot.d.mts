export interface GasEntry {
  contract: string;
  /** `fn(n)` */
  sig: string;
  gas: number;
}
export function formatSnapshot(entries: GasEntry[]): string;
export function parseSnapshot(text: string): GasEntry[];
export function formatDiff(before: GasEntry[], after: GasEntry[]): string[];
