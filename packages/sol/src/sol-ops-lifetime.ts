/**
 * The ops the lifetime pipeline adds (packages/sol/LIFETIME.md): marks and releases of the
 * free pointer. Memory is freed with the free pointer's own stack discipline — releasing to
 * a mark frees everything allocated since the mark — so the only new state is the mark.
 *
 *   %m = sol.free_ptr : ui256                  the free pointer now (a mark)
 *   sol.free %m : ui256                        free everything allocated since %m
 *   sol.free %a : !sol.struct<…, Memory>       free allocation %a and everything after it
 *   sol.free %m keep(%s0, %s1 : P0, P1) : ui256
 *       first move the objects the stack slots %s… address, when allocated since %m, down
 *       to %m (ascending addresses, mcopy), update the slots, and free the rest;
 *       with `{gap_first}` an object moves only when the free space below it is at least
 *       its size (otherwise it stays and the free pointer ends after it); a slot whose type
 *       holds inner references moves its whole object graph as one block and rebases the
 *       inner pointers (a deep move, LIFETIME.md "Deep moves"); with `{since_mark}` every
 *       object the kept slot may reach was allocated since the mark (the analysis proved
 *       it), so one kept graph moves without checking that it lies above the mark; with
 *       `{ascending}` (two flat kept slots) the first object lies below the second and
 *       they are distinct (the first carried into the iteration, the second allocated in it:
 *       lifetime/kept-order.ts), so they move in that order without comparing addresses;
 *       with `{shallow}` every inner object of the kept graphs predates the mark, so each
 *       root moves alone, as a flat object (its fields still address what they did); with
       `{straddle}` a kept flat object that starts below the mark stays, and the free pointer
       ends after it when it reaches above the mark (a string appended in place since the
       mark was taken: releases.ts (I'''))
 *   sol.free_rooted %m, %next keep(%s : P)
 *       the root the slot %s addresses (a struct or static array whose address fields hold
 *       flat objects) stays; the objects its fields hold that lie at or above the mark slide
 *       down to it in address order, the fields updated, and the rest is freed — once the
 *       free pointer reaches %next, which each slide sets (the mark at first); until then
 *       everything stays (releases.ts (R7), emit-deep-move.ts (D9'))
 *   sol.free_traced %m, %next roots(%r… : T…)
 *       once the free pointer reaches %next: every object allocated since the mark that the
 *       roots reach (slots %r of memory aggregates, rebased; memory values older than the
 *       mark, walked) slides down to the mark in address order, every address of one updated,
 *       and the rest is freed; %next is then set past the new free pointer (releases.ts (I*),
 *       emit-traced.ts)
 *   sol.reserve %m {size = 96} : ui256         the free pointer moves to %m + 96: objects written
 *       at offsets from the mark %m (allocating ops `at %m {offset = k}`, which do not move it
 *       themselves) below 96 stay allocated past the next allocation, call or return
 *   %r = sol.append %old, %m [below %o : T] (%parts…) : (types…) -> !sol.string<Memory>
 *       `concat(old, parts…)` written after old's bytes in place (releases.ts (I'')) when old
 *       lies at or above the mark — the loop's own string, which nothing else holds and after
 *       which everything is dead but the flat object %o, which must lie below old — and no
 *       part in memory is overwritten before it is read; else into fresh memory, as concat
 */
import { IntegerAttr, TypeAttr, defineOp, type Operation, type Type } from '@lifeline/ir';
import { effect, memoryAgg, memoryString, stackPtr } from './sol-op-utils.js';
import { PtrType, StringType, isHeldGraphType, isMovableMemoryType, isRootedSlideType, ui256 } from './sol-types.js';

const freePtr = defineOp({
  name: 'sol.free_ptr',
  summary: 'the free memory pointer (a mark to release to)',
  results: [{ name: 'mark', type: { description: 'ui256', accepts: (t) => t === ui256 }, infer: () => ui256 }],
  format: 'attr-dict `:` type($mark)',
  memoryEffects: () => [effect('read', undefined, 'FreePointer')],
  resultNames: () => ['mark'],
});

const free = defineOp({
  name: 'sol.free',
  summary: 'releases every allocation made since the mark (an address: the free pointer then, or an allocation)',
  operands: [
    { name: 'mark', type: { description: 'ui256 or a memory aggregate', accepts: (t) => t === ui256 || memoryAgg.accepts(t) } },
    { name: 'kept', arity: 'variadic', type: stackPtr },
  ],
  format: '$mark (`keep` `(` $kept^ `:` type($kept) `)`)? attr-dict `:` type($mark)',
  memoryEffects: (op: Operation) => [
    effect('write', undefined, 'FreePointer'),
    ...op.operands.slice(1).flatMap((o) => [effect('read', o.value, 'Stack'), effect('write', o.value, 'Stack')]),
    ...(op.operands.length > 1 ? [effect('read', undefined, 'Memory'), effect('write', undefined, 'Memory')] : []),
  ],
  verify(op) {
    if (op.operands.length > 3) return 'keeps at most two slots';
    for (const o of op.operands.slice(1)) {
      const t = (o.value.type as PtrType).pointeeType;
      if (!isMovableMemoryType(t)) return `kept slot ${o.value.toString()} must hold a movable memory aggregate (flat, or inner references of known non-recursive types), got ${t.toString()}`;
    }
    return undefined;
  },
});

const reserve = defineOp({
  name: 'sol.reserve',
  summary: 'moves the free pointer to mark + size (keeps the objects written at offsets from the mark below size)',
  operands: [{ name: 'mark', type: { description: 'ui256', accepts: (t) => t === ui256 } }],
  attributes: [{ name: 'size', check: (a) => (a instanceof IntegerAttr && a.value >= 0n ? undefined : 'must be a non-negative integer') }],
  format: '$mark attr-dict `:` type($mark)',
  memoryEffects: () => [effect('write', undefined, 'FreePointer')],
});

const word = { description: 'ui256', accepts: (t: Type) => t === ui256 };
const wordSlot = { name: '', type: { description: '!sol.ptr<ui256, Stack>', accepts: (t: Type) => t === PtrType.get(ui256, 'Stack') }, infer: () => PtrType.get(ui256, 'Stack') };

const displace = defineOp({
  name: 'sol.displace',
  summary: 'records the address of a memory word a store is about to overwrite, and the address it holds now',
  operands: [
    { name: 'elem', type: { description: 'sol.ptr in Memory to a memory aggregate', accepts: (t) => t instanceof PtrType && t.loc === 'Memory' && memoryAgg.accepts(t.pointeeType) } },
    { ...wordSlot, name: 'addr' },
    { ...wordSlot, name: 'old' },
  ],
  format: '$elem `into` $addr `,` $old attr-dict `:` type($elem)',
  memoryEffects: (op: Operation) => [effect('read', op.operand(0), 'Memory'), effect('write', op.operand(1), 'Stack'), effect('write', op.operand(2), 'Stack')],
});

const freeHeld = defineOp({
  name: 'sol.free_held',
  summary: 'releases every allocation made since the mark but the flat object one memory word holds (reusing the object it displaced)',
  operands: [
    { name: 'mark', type: word, infer: () => ui256 },
    { name: 'loop_mark', type: word, infer: () => ui256 },
    { ...wordSlot, name: 'addr' },
    { ...wordSlot, name: 'old' },
  ],
  attributes: [{ name: 'held', check: (a) => (a instanceof TypeAttr && isHeldGraphType(a.value) ? undefined : 'must be a flat memory aggregate or a fixed-shape graph of them') }],
  format: '$mark `,` $loop_mark `held` `(` $addr `,` $old `)` attr-dict',
  memoryEffects: (op: Operation) => [
    effect('write', undefined, 'FreePointer'),
    effect('read', op.operand(2), 'Stack'), effect('write', op.operand(2), 'Stack'), effect('read', op.operand(3), 'Stack'),
    effect('read', undefined, 'Memory'), effect('write', undefined, 'Memory'),
  ],
});

const freeRooted = defineOp({
  name: 'sol.free_rooted',
  summary: 'releases every allocation made since the mark but the objects the fields of one older root hold, slid down to the mark',
  operands: [
    { name: 'mark', type: word, infer: () => ui256 },
    { ...wordSlot, name: 'next' },
    { name: 'kept', type: { description: 'sol.ptr in Stack to a struct or static array whose address fields hold flat objects', accepts: (t) => t instanceof PtrType && t.loc === 'Stack' && isRootedSlideType(t.pointeeType) } },
  ],
  format: '$mark `,` $next `keep` `(` $kept `:` type($kept) `)` attr-dict',
  memoryEffects: (op: Operation) => [
    effect('write', undefined, 'FreePointer'),
    effect('read', op.operand(1), 'Stack'), effect('write', op.operand(1), 'Stack'),
    effect('read', op.operand(2), 'Stack'), effect('write', op.operand(2), 'Stack'),
    effect('read', undefined, 'Memory'), effect('write', undefined, 'Memory'),
  ],
});

const freeTraced = defineOp({
  name: 'sol.free_traced',
  summary: 'releases every allocation made since the mark that the roots do not reach; what they reach slides down to the mark',
  operands: [
    { name: 'mark', type: word, infer: () => ui256 },
    { ...wordSlot, name: 'next' },
    {
      name: 'roots',
      arity: 'variadic',
      type: {
        description: 'sol.ptr in Stack to a movable memory aggregate, or a movable memory aggregate',
        accepts: (t) => isMovableMemoryType(t instanceof PtrType && t.loc === 'Stack' ? t.pointeeType : t),
      },
    },
  ],
  format: '$mark `,` $next `roots` `(` $roots `:` type($roots) `)` attr-dict',
  memoryEffects: (op: Operation) => [
    effect('write', undefined, 'FreePointer'),
    effect('read', op.operand(1), 'Stack'), effect('write', op.operand(1), 'Stack'),
    ...op.operands.slice(2).filter((o) => o.value.type instanceof PtrType).flatMap((o) => [effect('read', o.value, 'Stack'), effect('write', o.value, 'Stack')]),
    effect('read', undefined, 'Memory'), effect('write', undefined, 'Memory'),
  ],
});

const append = defineOp({
  name: 'sol.append',
  summary: 'concat(old, parts…) written after old in place when old lies at or above the mark (else fresh memory)',
  operands: [
    { name: 'old', type: memoryString, infer: () => StringType.get('Memory') },
    { name: 'mark', type: word, infer: () => ui256 },
    { name: 'below', arity: 'optional', type: memoryAgg },
    { name: 'parts', arity: 'variadic', type: { description: 'any', accepts: () => true } },
  ],
  results: [{ name: 'result', type: memoryString }],
  format: '$old `,` $mark (`below` $below^ `:` type($below))? `(` $parts `)` attr-dict `:` functional-type($parts, $result)',
  memoryEffects: () => [
    effect('read', undefined, 'Memory'), effect('write', undefined, 'Memory'),
    // the result is old or fresh memory: no `allocate` (nothing analyses the IR after the lifetime passes)
    effect('read', undefined, 'FreePointer'), effect('write', undefined, 'FreePointer'),
  ],
});

export const solLifetimeOps = [freePtr, free, reserve, displace, freeHeld, freeRooted, freeTraced, append];
