import { readFileSync } from 'node:fs';
import { Interface } from 'ethers';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solcCompiler } from './sol-oracle.ts';
