/**
 * Test helper: deploy a solc-compiled contract (viaIR, optimizer on — the oracle) and a
 * hand-written or emitted Yul object on two fresh Osaka chains, send both the same calldata,
 * and report both results side by side.
 */
import { assembleYul, Chain, compileSolidity, type CallResult } from '@lifeline/evm';

export interface Pair {
  abi: unknown[];
  oracle: { chain: Chain; address: string };
  ours: { chain: Chain; address: string };
}

export async function deployPair(solSource: string, contract: string, yul: string, ctorArgsHex = ''): Promise<Pair> {
  const compiled = compileSolidity({ 'oracle.sol': solSource }, { viaIR: true, optimizer: true, contract });
  if (!compiled.ok) throw new Error('solc: ' + compiled.errors.map((e) => e.formattedMessage).join('\n'));
  const asm = assembleYul(yul, { optimizer: true });
  if (!asm.ok) throw new Error('yul: ' + asm.errors.map((e) => e.formattedMessage ?? e.message).join('\n') + '\n' + yul);
  const oc = await Chain.create();
  const od = await oc.deploy(compiled.contracts[contract]!.bytecode, ctorArgsHex);
  const uc = await Chain.create();
  const ud = await uc.deploy(asm.bytecode, ctorArgsHex);
  if (!od.address || !ud.address) throw new Error('deploy failed');
  return { abi: compiled.contracts[contract]!.abi, oracle: { chain: oc, address: od.address }, ours: { chain: uc, address: ud.address } };
}

export interface Compared {
  oracle: CallResult;
  ours: CallResult;
  /** ours.gasUsed / oracle.gasUsed */
  ratio: number;
}

export async function callBoth(p: Pair, calldata: string, value = 0n): Promise<Compared> {
  const oracle = await p.oracle.chain.call(p.oracle.address, calldata, { value });
  const ours = await p.ours.chain.call(p.ours.address, calldata, { value });
  return { oracle, ours, ratio: ours.gasUsed / Math.max(1, oracle.gasUsed) };
}

/** What must be identical between the two runs (logs without the emitting address). */
export function observable(r: CallResult) {
  return {
    success: r.success,
    returnData: r.returnData,
    revertData: r.revertData,
    error: r.error,
    logs: r.logs.map((l) => ({ topics: l.topics, data: l.data })),
    storage: r.storageChanges,
  };
}
