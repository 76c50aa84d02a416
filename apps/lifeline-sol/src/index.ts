/** The lifeline-sol driver (solc-compatible CLI). (Being written: issue 6.) */
export {};
