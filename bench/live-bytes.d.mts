export interface LiveBytes {
  /** 0x80 + the most bytes of allocations (and the return buffer) live at one point. */
  lowerBound: number;
  allocations: number;
  returnBuffer?: { offset: number; size: number; born: number; end: number };
  /** false when the free pointer went down: the bound is then meaningless. */
  monotonic: boolean;
}
export function liveBytesTracer(): Promise<{ start(): void; stop(returnLength: number): LiveBytes }>;
