/**
 * Runs memref programs for the deallocation soundness tests: mlir-opt-19 lowers to
 * the LLVM dialect with generic allocation functions, which we define so that they
 * count live heap buffers; mlir-cpu-runner-19 executes `@main() -> i64` through an
 * entry that returns `main() * 1000 + live buffers at exit`. A double free aborts
 * (glibc), a leak shows in the live count.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './lit-runner.js';

export const LIFELINE_OPT = path.join(REPO_ROOT, 'apps/lifeline-opt/bin/lifeline-opt.js');

export const TO_LLVM = 'builtin.module(convert-bufferization-to-memref,convert-scf-to-cf,expand-strided-metadata,finalize-memref-to-llvm{use-generic-functions=true},' +
  'convert-arith-to-llvm,convert-index-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)';

/** Runs `cmd args` with `input` on stdin; throws with stderr when it fails. */
export function tool(cmd: string, args: readonly string[], input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${code ?? signal}):\n${Buffer.concat(err).toString('utf8')}`));
    });
    child.stdin.end(input);
  });
}

export const mlirOpt = (input: string, ...args: string[]) => tool('mlir-opt-19', args, input);
export const lifelineOpt = (input: string, ...args: string[]) => tool(process.execPath, [LIFELINE_OPT, ...args], input);

const HOOKS = `
  llvm.mlir.global internal @__live_buffers(0 : i64) {addr_space = 0 : i32} : i64
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
  llvm.func @__count(%d: i64) {
    %g = llvm.mlir.addressof @__live_buffers : !llvm.ptr
    %v = llvm.load %g : !llvm.ptr -> i64
    %w = llvm.add %v, %d : i64
    llvm.store %w, %g : i64, !llvm.ptr
    llvm.return
  }
  llvm.func @_mlir_memref_to_llvm_alloc(%n: i64) -> !llvm.ptr {
    %one = llvm.mlir.constant(1 : i64) : i64
    llvm.call @__count(%one) : (i64) -> ()
    %p = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
    llvm.return %p : !llvm.ptr
  }
  llvm.func @_mlir_memref_to_llvm_free(%p: !llvm.ptr) {
    %m1 = llvm.mlir.constant(-1 : i64) : i64
    llvm.call @__count(%m1) : (i64) -> ()
    llvm.call @free(%p) : (!llvm.ptr) -> ()
    llvm.return
  }
  llvm.func @__entry() -> i64 {
    %r = llvm.call @main() : () -> i64
    %k = llvm.mlir.constant(1000 : i64) : i64
    %s = llvm.mul %r, %k : i64
    %g = llvm.mlir.addressof @__live_buffers : !llvm.ptr
    %live = llvm.load %g : !llvm.ptr -> i64
    %t = llvm.add %s, %live : i64
    llvm.return %t : i64
  }
`;

export interface RunResult {
  result: bigint;
  liveAtExit: bigint;
}

/** Lowers `program` (memref/scf/cf/func/arith) and runs it. */
export async function execute(program: string): Promise<RunResult> {
  let llvm = await mlirOpt(program, `--pass-pipeline=${TO_LLVM}`);
  llvm = llvm.replace(/^\s*llvm\.func @(_mlir_memref_to_llvm_(alloc|free)|malloc|free)\(.*\n/gm, '');
  const end = llvm.lastIndexOf('}');
  llvm = llvm.slice(0, end) + HOOKS + llvm.slice(end);
  const out = (await tool('mlir-cpu-runner-19', ['-e', '__entry', '-entry-point-result=i64'], llvm)).trim();
  const v = BigInt(out);
  // Round toward -inf so a negative live count (double free without abort) shows.
  let result = v / 1000n;
  let live = v % 1000n;
  if (live < 0n) { live += 1000n; result -= 1n; }
  if (live > 500n) { live -= 1000n; result += 1n; }
  return { result, liveAtExit: live };
}

/** Static counts of runtime-check machinery in lowered IR. */
export function countChecks(ir: string): { helperCalls: number; pointerExtracts: number } {
  return {
    helperCalls: (ir.match(/call @dealloc_helper/g) ?? []).length,
    pointerExtracts: (ir.match(/memref\.extract_aligned_pointer_as_index/g) ?? []).length,
  };
}
