/**
 * A tiny chain over @ethereumjs/evm (Mainnet rules, Osaka hardfork — the EVM version solc
 * 0.8.37 targets by default): deploy initcode, call it, and report what a differential test
 * compares (return / revert data, logs, storage writes) and what a benchmark measures
 * (execution gas, peak memory).
 *
 * Measurement choices (shared/notes/solidity-memory.md §1):
 *  - gas is `executionGasUsed` of `runCall`: no intrinsic 21,000 and no calldata cost, so it
 *    depends on the code alone;
 *  - peak memory is `runState.memoryWordCount × 32` of the top frame after the call (EVM
 *    memory never shrinks, so the final size is the peak). The per-opcode `step` event is
 *    deliberately not used: it copies the whole memory on every opcode;
 *  - storage writes are caught by wrapping the state manager's `putStorage`, which the
 *    interpreter calls once per SSTORE; a reverted call reports none (its state is undone).
 *
 * Addresses are deterministic (fixed sender, CREATE nonces), so two chains that run the
 * same deploys see the same `address(this)`.
 */
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM } from '@ethereumjs/evm';
import {
  Address,
  bytesToBigInt,
  bytesToHex,
  createAccount,
  createAddressFromString,
  hexToBytes,
  setLengthLeft,
  bigIntToBytes,
} from '@ethereumjs/util';

/** A log as the EVM emits it; hex strings are 0x-prefixed and lower case. */
export interface LogEntry {
  address: string;
  topics: string[];
  data: string;
}

export interface CallResult {
  success: boolean;
  /** Return data of a successful call ('0x' otherwise). */
  returnData: string;
  /** Revert data of a reverted call ('0x' otherwise, and for non-revert failures). */
  revertData: string;
  /** Exceptional halt other than REVERT (out of gas, invalid opcode, …), else undefined. */
  error?: string;
  /** Execution gas (no intrinsic or calldata gas). */
  gasUsed: number;
  /** memoryWordCount × 32 of the top frame: its peak memory in bytes. */
  peakMemoryBytes: number;
  logs: LogEntry[];
  /** Last value written by an SSTORE to each slot of the called contract (32-byte hex keys
   *  and values), in first-write order; empty when the call failed. */
  storageWrites: Record<string, string>;
  /** The subset of `storageWrites` whose final value differs from the value before the
   *  call: what an observer of the state can tell apart. */
  storageChanges: Record<string, string>;
}

export interface DeployResult extends CallResult {
  /** Address of the new contract (undefined when the constructor failed). */
  address?: string;
  /** Size in bytes of the deployed runtime code. */
  codeSize: number;
}

export interface ChainOptions {
  /** Gas limit of each deploy / call (default 30,000,000). */
  gasLimit?: number;
}

export interface CallOptions {
  value?: bigint;
  gasLimit?: number;
}

const SENDER = '0x1000000000000000000000000000000000000001';

function hex(bytes: Uint8Array): string {
  return bytesToHex(bytes).toLowerCase();
}

function word(v: bigint): string {
  return hex(setLengthLeft(bigIntToBytes(v), 32));
}

function toBytes(h: string): Uint8Array {
  const s = h.startsWith('0x') || h.startsWith('0X') ? h.slice(2) : h;
  if (s.length % 2 !== 0 || /[^0-9a-fA-F]/.test(s)) throw new Error(`not a hex byte string: ${h.slice(0, 40)}`);
  return hexToBytes(`0x${s}`);
}

/** Storage writes recorded by the putStorage hook during one call. */
interface WriteLog {
  /** slot (32-byte hex) -> value before the first write in this call */
  before: Map<string, bigint>;
  /** slot -> last value written */
  after: Map<string, bigint>;
}

export class Chain {
  private readonly sender: Address;
  private writes: WriteLog | undefined;

  private constructor(
    readonly evm: EVM,
    private readonly gasLimit: number,
  ) {
    this.sender = createAddressFromString(SENDER);
  }

  /** A fresh chain whose sender holds 10^30 wei. */
  static async create(opts: ChainOptions = {}): Promise<Chain> {
    const common = new Common({ chain: Mainnet, hardfork: Hardfork.Osaka });
    const evm = await createEVM({ common });
    const chain = new Chain(evm, opts.gasLimit ?? 30_000_000);
    await evm.stateManager.putAccount(chain.sender, createAccount({ balance: 10n ** 30n }));
    chain.hookStorage();
    return chain;
  }

  /** Record every SSTORE of the contract being called (see the module comment). */
  private hookStorage(): void {
    const sm = this.evm.stateManager;
    const original = sm.putStorage.bind(sm);
    sm.putStorage = async (address: Address, key: Uint8Array, value: Uint8Array) => {
      const log = this.writes;
      // Only top-level messages run (our contracts make no external calls), so every SSTORE
      // belongs to the called (or created) contract.
      if (log) {
        const slot = hex(setLengthLeft(key, 32));
        if (!log.before.has(slot)) log.before.set(slot, bytesToBigInt(await sm.getStorage(address, key)));
        log.after.set(slot, bytesToBigInt(value));
      }
      return original(address, key, value);
    };
  }

  /** One top-level message; runCall bumps the sender's nonce itself, so CREATE addresses
   *  follow the usual (sender, nonce) rule. */
  private async run(to: string | undefined, data: Uint8Array, opts: CallOptions) {
    this.writes = { before: new Map(), after: new Map() };
    try {
      const res = await this.evm.runCall({
        caller: this.sender,
        origin: this.sender,
        ...(to === undefined ? {} : { to: createAddressFromString(to) }),
        data,
        value: opts.value ?? 0n,
        gasLimit: BigInt(opts.gasLimit ?? this.gasLimit),
      });
      return { res, writes: this.writes };
    } finally {
      this.writes = undefined;
    }
  }

  private result(
    exec: Awaited<ReturnType<EVM['runCall']>>['execResult'],
    writes: WriteLog,
  ): CallResult {
    const err = exec.exceptionError;
    const reverted = err?.error === 'revert';
    const success = err === undefined;
    const storageWrites: Record<string, string> = {};
    const storageChanges: Record<string, string> = {};
    if (success) {
      for (const [slot, v] of writes.after) {
        storageWrites[slot] = word(v);
        if (writes.before.get(slot) !== v) storageChanges[slot] = word(v);
      }
    }
    return {
      success,
      returnData: success ? hex(exec.returnValue) : '0x',
      revertData: reverted ? hex(exec.returnValue) : '0x',
      ...(err && !reverted ? { error: String(err.error) } : {}),
      gasUsed: Number(exec.executionGasUsed),
      peakMemoryBytes: Number(exec.runState?.memoryWordCount ?? 0n) * 32,
      logs: success
        ? (exec.logs ?? []).map(([address, topics, data]) => ({
            address: hex(address),
            topics: topics.map(hex),
            data: hex(data),
          }))
        : [],
      storageWrites,
      storageChanges,
    };
  }

  /** Deploy `initcode` (hex, with or without 0x) followed by ABI-encoded constructor args. */
  async deploy(initcode: string, ctorArgsHex = '', opts: CallOptions = {}): Promise<DeployResult> {
    const args = ctorArgsHex.startsWith('0x') ? ctorArgsHex.slice(2) : ctorArgsHex;
    const { res, writes } = await this.run(undefined, toBytes(initcode + args), opts);
    const base = this.result(res.execResult, writes);
    const address = base.success ? res.createdAddress?.toString().toLowerCase() : undefined;
    const code = address ? await this.evm.stateManager.getCode(createAddressFromString(address)) : new Uint8Array();
    return { ...base, returnData: '0x', ...(address ? { address } : {}), codeSize: code.length };
  }

  /** Call `to` with `calldata` (hex) from the sender. State changes persist on success. */
  async call(to: string, calldata: string, opts: CallOptions = {}): Promise<CallResult> {
    const { res, writes } = await this.run(to, toBytes(calldata), opts);
    return this.result(res.execResult, writes);
  }

  /** Current value of a storage slot of `address`. */
  async storage(address: string, slot: bigint | number | string): Promise<bigint> {
    const key = typeof slot === 'string' ? setLengthLeft(toBytes(slot), 32) : setLengthLeft(bigIntToBytes(BigInt(slot)), 32);
    return bytesToBigInt(await this.evm.stateManager.getStorage(createAddressFromString(address), key));
  }

  /** Deployed code of `address` (hex). */
  async code(address: string): Promise<string> {
    return hex(await this.evm.stateManager.getCode(createAddressFromString(address)));
  }
}
