/**
 * sol structured control flow, reverts, events and inline assembly.
 *
 *   sol.if %c { … sol.yield } else { … sol.yield }            (results: sol.if %c -> (ui256) { … sol.yield %v : ui256 } …)
 *   sol.while { … sol.condition %c } do { … sol.yield }
 *   sol.do_while { … sol.yield } while { … sol.condition %c }
 *   sol.for cond { … sol.condition %c } body { … sol.yield } step { … sol.yield }
 *   sol.break / sol.continue                                   (inside a loop, possibly nested in sol.if)
 *   sol.require %c "msg"  ·  sol.revert error "E(uint256)" (%x : ui256)  ·  sol.assert %c  ·  sol.panic 17
 *   sol.emit "Transfer(address,address,uint256)" indexed(%a, %b : …) (%v : ui256)
 *   sol.inline_asm memory_safe free_ptr (%slot : !sol.ptr<T, Stack>) {yul = "… $0 …"}
 *
 * Locals live in sol.alloca slots, so regions take no arguments and loops carry no values.
 * Every region ends in an explicit terminator: sol.yield, sol.condition, sol.break, sol.continue,
 * sol.return (an early return), sol.revert or sol.panic.
 *
 * RegionBranch: break, continue and early returns leave a region other than through its yield.
 * The successors declared here over-approximate them for may-analyses (liveness, escape):
 * every loop region may also exit to the parent (a break), and a break / continue / return /
 * revert in a sol.if region is seen as reaching the sol.if's exit, from where the loop's
 * successors (which include its exit) follow. That path runs through the ops after the sol.if,
 * so an analysis that kills there (slot liveness at a store) must not kill at what a jump may
 * skip (lifetime/structure.ts `slotLiveness`).
 */
import {
  DenseArrayAttr, IntegerAttr, IntegerType, Region, StringAttr, UnitAttr, defineOp, i1, intSyntax, stringSyntax, unitKeywordSyntax,
  type OpParser, type OpPrinter, type Operation, type OperationState, type RegionSuccessor, type Value,
} from '@lifeline/ir';
import { uncapturedOperands } from '@lifeline/analyses';
import { effect, mayRevert, readThrough, solBool, stackPtr, writesFreeMemory } from './sol-op-utils.js';

const LOOPS = ['sol.for', 'sol.while', 'sol.do_while'];
const parentExit = (op: Operation): RegionSuccessor => ({ target: 'parent', inputs: op.results });
const enter = (r: Region): RegionSuccessor => ({ target: r, inputs: [] });

function printRegion(p: OpPrinter, r: Region): void {
  p.printRegion(r, { printEntryBlockArgs: false, printBlockTerminators: true });
}

/** Each region of the op must end in a terminator. */
function checkTerminators(regions: readonly Region[]): string | undefined {
  for (const r of regions) {
    if (r.blocks.length !== 1) return 'expects each region to have one block';
    if (!r.blocks[0]!.last?.def?.has('Terminator')) return 'expects each region to end in a terminator';
  }
  return undefined;
}

function hasAncestor(op: Operation, names: readonly string[]): boolean {
  for (let p = op.parentOp; p && p.name !== 'sol.func'; p = p.parentOp) if (names.includes(p.name)) return true;
  return false;
}

// ---- sol.if ---------------------------------------------------------------------------------

function parseIf(p: OpParser, st: OperationState): void {
  st.operands = [p.resolveOperand(p.parseOperand(), i1)];
  st.types = p.parseOptionalArrowTypeList();
  const thenRegion = p.parseOpRegion(st);
  const elseRegion = p.parseOptionalKeyword('else') ? p.parseOpRegion(st) : new Region();
  st.regions = [thenRegion, elseRegion];
  p.parseOptionalAttrDict(st);
}

function printIf(op: Operation, p: OpPrinter): void {
  p.print(` ${p.valueName(op.operand(0))}`);
  if (op.results.length) p.print(` -> (${op.results.map((r) => r.type).join(', ')})`);
  p.print(' ');
  printRegion(p, op.regions[0]!);
  if (!op.regions[1]!.empty) {
    p.print(' else ');
    printRegion(p, op.regions[1]!);
  }
  p.printOptionalAttrDict(p.allAttrs(op));
}

const ifOp = defineOp({
  name: 'sol.if',
  summary: 'if / else, also ternaries and short-circuit && || (with results)',
  operands: [{ name: 'condition', type: solBool }],
  results: [{ name: 'results', arity: 'variadic' }],
  regions: [{ name: 'thenRegion' }, { name: 'elseRegion' }],
  traits: ['RecursiveMemoryEffects', 'NoRegionArguments'],
  parse: parseIf,
  print: printIf,
  regionBranch: {
    successors(op, point) {
      if (point !== 'parent') return [parentExit(op)];
      const els = op.regions[1]!;
      return [enter(op.regions[0]!), els.empty ? parentExit(op) : enter(els)];
    },
    entryOperands: () => [],
  },
  verify(op) {
    if (op.results.length && op.regions[1]!.empty) return 'must have an else region if defining values';
    const then = op.regions[0]!;
    if (then.empty) return 'expects a then region';
    return checkTerminators(op.regions.filter((r) => !r.empty));
  },
});

// ---- loops ----------------------------------------------------------------------------------

/** `kw1 {…} kw2 {…} …` with the first keyword optional (`sol.while {…} do {…}`). */
function loopSyntax(keywords: readonly string[]) {
  return {
    parse(p: OpParser, st: OperationState): void {
      st.regions = keywords.map((kw) => {
        if (kw) p.parseKeyword(kw);
        return p.parseOpRegion(st);
      });
      p.parseOptionalAttrDict(st);
    },
    print(op: Operation, p: OpPrinter): void {
      keywords.forEach((kw, i) => {
        p.print(kw ? ` ${kw} ` : ' ');
        printRegion(p, op.regions[i]!);
      });
      p.printOptionalAttrDict(p.allAttrs(op));
    },
  };
}

/** A loop's region graph: `order` lists the regions in execution order, `cond` the condition region's index. */
function loop(name: string, summary: string, regionNames: string[], keywords: string[], edges: (op: Operation, from: number) => number[]) {
  return defineOp({
    name,
    summary,
    regions: regionNames.map((n) => ({ name: n })),
    traits: ['RecursiveMemoryEffects', 'NoRegionArguments'],
    ...loopSyntax(keywords),
    regionBranch: {
      successors(op, point) {
        const from = point === 'parent' ? -1 : op.regions.indexOf(point);
        // (every region may leave the loop: its condition fails or a break is taken)
        return [...edges(op, from).map((i) => enter(op.regions[i]!)), ...(from >= 0 ? [parentExit(op)] : [])];
      },
      entryOperands: () => [],
    },
    verify: (op: Operation) => checkTerminators(op.regions),
  });
}

const whileOp = loop('sol.while', 'while (cond) body', ['cond', 'body'], ['', 'do'],
  (_op, from) => (from === -1 ? [0] : from === 0 ? [1] : [0]));
const doWhileOp = loop('sol.do_while', 'do body while (cond)', ['body', 'cond'], ['', 'while'],
  (_op, from) => (from === -1 ? [0] : from === 0 ? [1] : [0]));
const forOp = loop('sol.for', 'for (; cond; step) body (the init statement precedes the op)', ['cond', 'body', 'step'], ['cond', 'body', 'step'],
  (_op, from) => (from === -1 ? [0] : from === 0 ? [1] : from === 1 ? [2] : [0]));

// ---- terminators ----------------------------------------------------------------------------

const yieldOp = defineOp({
  name: 'sol.yield',
  summary: "ends a sol.if region (its values become the sol.if's results) or a loop body / step",
  operands: [{ name: 'results', arity: 'variadic' }],
  traits: ['Pure', 'ReturnLike', 'Terminator'],
  parents: ['sol.if', ...LOOPS],
  format: 'attr-dict ($results^ `:` type($results))?',
  regionBranchTerminator: { forwardedOperands: (op, target) => (target === 'parent' && op.parentOp?.name === 'sol.if' ? op.operandValues() : []) },
  verify(op) {
    const parent = op.parentOp!;
    const want = parent.name === 'sol.if' ? parent.results.map((r) => r.type) : [];
    const got = op.operandValues().map((v) => v.type);
    return want.length === got.length && want.every((t, i) => t === got[i]) ? undefined : `operand types must match the parent's results (${want.join(', ')})`;
  },
});

const condition = defineOp({
  name: 'sol.condition',
  summary: 'ends a loop condition region: true runs the body, false leaves the loop',
  operands: [{ name: 'condition', type: solBool, infer: () => i1 }],
  traits: ['Pure', 'Terminator'],
  parents: LOOPS,
  format: '$condition attr-dict',
  regionBranchTerminator: { forwardedOperands: () => [] },
});

function jump(name: string, summary: string) {
  return defineOp({
    name,
    summary,
    traits: ['Pure', 'Terminator'],
    format: 'attr-dict',
    regionBranchTerminator: { forwardedOperands: () => [] },
    verify: (op) => (hasAncestor(op, LOOPS) ? undefined : 'must be inside a loop'),
  });
}

// ---- reverts --------------------------------------------------------------------------------

/** Revert data: none, Error(string) (a literal `msg` or one string operand), or a custom error with args. */
const reasonAttrs = [
  { name: 'msg', optional: true, syntax: stringSyntax },
  { name: 'error', optional: true, syntax: stringSyntax, description: 'custom error signature, e.g. "E(uint256)"' },
  { name: 'selector', optional: true, description: 'the custom error selector "0x…"' },
];
/** Revert data other than a panic code is written at the free pointer (FreeMemory). */
const reasonEffects = (op: Operation, args: readonly Value[]) =>
  [...args.flatMap(readThrough), mayRevert(), ...(args.length || op.getAttr('msg') ? [writesFreeMemory()] : [])];

function checkReason(op: Operation, args: readonly Value[]): string | undefined {
  const msg = op.getAttr('msg');
  const err = op.getAttr('error');
  if (msg && err) return "takes either 'msg' or 'error'";
  if (msg && args.length) return "a literal 'msg' takes no operands";
  if (!err && args.length > 1) return 'Error(string) takes one string operand';
  if (msg && !(msg instanceof StringAttr)) return "'msg' must be a string";
  return undefined;
}

const revert = defineOp({
  name: 'sol.revert',
  summary: 'revert (empty, Error(string), or a custom error); ends the block',
  operands: [{ name: 'args', arity: 'variadic' }],
  attributes: reasonAttrs,
  traits: ['Terminator'],
  format: '($msg^)? (`error` $error^)? (` ` `(` $args^ `:` type($args) `)`)? attr-dict',
  memoryEffects: (op) => reasonEffects(op, op.operandValues()),
  verify: (op) => checkReason(op, op.operandValues()),
});

const requireOp = defineOp({
  name: 'sol.require',
  summary: 'reverts (like sol.revert) unless the condition holds',
  operands: [{ name: 'condition', type: solBool, infer: () => i1 }, { name: 'args', arity: 'variadic' }],
  attributes: reasonAttrs,
  format: '$condition ($msg^)? (`error` $error^)? (` ` `(` $args^ `:` type($args) `)`)? attr-dict',
  memoryEffects: (op) => reasonEffects(op, op.operandValues().slice(1)),
  verify: (op) => checkReason(op, op.operandValues().slice(1)),
});

const assertOp = defineOp({
  name: 'sol.assert',
  summary: 'Panic(0x01) unless the condition holds',
  operands: [{ name: 'condition', type: solBool, infer: () => i1 }],
  format: '$condition attr-dict',
  memoryEffects: () => [mayRevert()],
});

const panic = defineOp({
  name: 'sol.panic',
  summary: 'reverts with Panic(code); ends the block',
  attributes: [{ name: 'code', syntax: intSyntax(IntegerType.get(64)), check: (a) => (a instanceof IntegerAttr ? undefined : 'must be an integer') }],
  traits: ['Terminator'],
  format: '$code attr-dict',
  memoryEffects: () => [mayRevert()],
});

// ---- events, inline assembly ----------------------------------------------------------------

const emit = defineOp({
  name: 'sol.emit',
  summary: 'emits an event: topics are the selector (unless anonymous) and the indexed args, data the ABI encoding of the others',
  operands: [{ name: 'indexed', arity: 'variadic' }, { name: 'args', arity: 'variadic' }],
  attributes: [
    { name: 'signature', syntax: stringSyntax },
    { name: 'selector', optional: true, description: 'topic 0 "0x…" (keccak256 of the signature)' },
    { name: 'anonymous', optional: true, syntax: unitKeywordSyntax('anonymous') },
  ],
  format: '$signature ($anonymous^)? (`indexed` `(` $indexed^ `:` type($indexed) `)`)? (` ` `(` $args^ `:` type($args) `)`)? attr-dict',
  memoryEffects: (op) => [...op.operandValues().flatMap(readThrough), effect('write', undefined, 'Log'), mayRevert(), writesFreeMemory()],
});

const inlineAsm = defineOp({
  name: 'sol.inline_asm',
  summary: 'inline assembly (opaque Yul text): every effect; not memory-safe also reads and writes the free pointer',
  operands: [{ name: 'slots', arity: 'variadic', type: stackPtr }],
  attributes: [
    { name: 'memory_safe', optional: true, syntax: unitKeywordSyntax('memory_safe') },
    // the block itself reads or writes memory at 0x40 (the free pointer)
    { name: 'free_ptr', optional: true, syntax: unitKeywordSyntax('free_ptr') },
    // the block as Yul text: asm-local identifiers renamed (`usr$x`) so they cannot clash with
    // generated names; `$N` stands for the Yul variable of slot operand N (a local it reads or assigns)
    { name: 'yul', check: (a) => (a instanceof StringAttr ? undefined : 'must be a string') },
    // slot operands (indices) of flat memory references the block neither assigns nor keeps the
    // address of (solidity/asm-capture.ts): it only reads and writes through them
    { name: 'no_capture', optional: true, check: (a) => (a instanceof DenseArrayAttr ? undefined : 'must be a dense array of operand indices') },
    // the block lets the program see where memory lies through an address kept as a value
    // (solidity/asm-capture.ts): memory must stay as solc lays it out where it may run
    { name: 'layout_seen', optional: true, check: (a) => (a instanceof UnitAttr ? undefined : 'must be a unit attribute') },
    // slot operands (indices) of flat memory references the block assigns only places in
    // their own objects or values (`s := add(s, 1)`), which the program never reads afterwards:
    // written, but no address of theirs is kept
    { name: 'reassigns', optional: true, check: (a) => (a instanceof DenseArrayAttr ? undefined : 'must be a dense array of operand indices') },
    // with free_ptr: the block keeps the free pointer's value to itself (it only addresses
    // memory with it, or allocates by moving it), so the program cannot observe where it lies
    { name: 'fp_hidden', optional: true, check: (a) => (a instanceof UnitAttr ? undefined : 'must be a unit attribute') },
    // slot operands (indices) of flat memory references the block points at memory it
    // allocates by moving the free pointer, and at nothing else
    { name: 'fp_allocates', optional: true, check: (a) => (a instanceof DenseArrayAttr ? undefined : 'must be a dense array of operand indices') },
  ],
  format: '($memory_safe^)? ($free_ptr^)? (` ` `(` $slots^ `:` type($slots) `)`)? attr-dict',
  memoryEffects: (op) => {
    const kept = uncapturedOperands(op);
    return [
      ...(['Memory', 'Storage', 'Transient'] as const).flatMap((r) => [effect('read', undefined, r), effect('write', undefined, r)]),
      effect('read', undefined, 'CallData'), effect('write', undefined, 'Log'), mayRevert(),
      ...(op.getAttr('memory_safe') ? [] : [effect('read', undefined, 'FreePointer'), effect('write', undefined, 'FreePointer')]),
      // the block may read and assign each referenced local (not one it leaves uncaptured)
      ...op.operandValues().flatMap((s, i) => [effect('read', s, 'Stack'), ...(kept.includes(i) ? [] : [effect('write', s, 'Stack')])]),
    ];
  },
});

/** Whether `root` holds inline assembly that is not memory-safe (it may use any memory, fixed addresses included). */
export function hasUnsafeAsm(root: Operation): boolean {
  let unsafe = false;
  root.walk((op) => {
    if (op.name === 'sol.inline_asm' && !op.getAttr('memory_safe')) unsafe = true;
  });
  return unsafe;
}

export const solControlOps = [
  ifOp, whileOp, doWhileOp, forOp, yieldOp, condition, jump('sol.break', 'leaves the innermost loop'),
  jump('sol.continue', "goes to the innermost loop's step / condition"), revert, requireOp, assertOp, panic, emit, inlineAsm,
];
