/**
 * `--rc-id-dumper`: Swift's RCIdentityDumper test pass over rc-identity.ts.
 *
 * (1) For each `sil.function` with a body, in module order, print `@<name>@`, then
 *     `ValueMap:` and one `\tValueMap[<id>] = <value>` line per value, then one
 *     `RESULT #<k>: <id(v)> = <id(root(v))>` line per value, then an empty line.
 * (2) Ids number, block by block, the block's arguments, then the results of its
 *     instructions, from 0; `undef` stands for no instruction and gets no id
 *     (it is never a root: roots of values with ids are values with ids, or
 *     `undef`, printed as `undef`).
 * (3) A value prints as its defining text: `%<id> = argument of bb<n> : $T`, or
 *     `%<id> = <instruction> : $T` (the instruction name and the result type).
 * Output goes to stdout before the printed module, as llvm::outs() does in Swift.
 */
import { BlockArgument, StringAttr, type Operation, type PassDef, type Value } from '@lifeline/ir';
import { RCIdentity } from './rc-identity.js';
import { SilType } from './sil-types.js';
import { SilTypeInfo } from './sil-type-info.js';
import { functionsWithBodies } from './arc/sequence-opts.js';

function typeText(v: Value): string {
  return v.type instanceof SilType ? `$${v.type.sil}` : String(v.type);
}

/** (1)–(3) The dump of one function. */
export function dumpRCIdentity(fn: Operation, info: SilTypeInfo): string {
  const rc = new RCIdentity(fn, info);
  const ids = new Map<Value, number>();
  const text: string[] = [];
  const blocks = fn.regions[0]!.blocks;
  blocks.forEach((b, bi) => {
    for (const a of b.arguments) {
      ids.set(a, ids.size);
      text.push(`%${ids.size - 1} = argument of bb${bi} : ${typeText(a)}`);
    }
    for (let o = b.first; o; o = o.next) {
      if (o.name === 'sil.undef') continue; // (2)
      for (const r of o.results) {
        ids.set(r, ids.size);
        text.push(`%${ids.size - 1} = ${o.name.replace(/^sil\./, '')} : ${typeText(r)}`);
      }
    }
  });
  const name = fn.getAttr('sym_name');
  const out = [`@${name instanceof StringAttr ? name.value : ''}@`, 'ValueMap:'];
  text.forEach((t, i) => out.push(`\tValueMap[${i}] = ${t}`));
  let k = 0;
  for (const v of ids.keys()) {
    const root = rc.root(v);
    const rid = ids.get(root);
    out.push(`RESULT #${k++}: ${ids.get(v)} = ${rid ?? (root instanceof BlockArgument ? '?' : 'undef')}`);
  }
  return out.join('\n') + '\n\n';
}

export const rcIdDumperPass: PassDef = {
  argument: 'rc-id-dumper',
  name: 'RCIdentityDumper',
  description: 'Print the RC identity root of every value of every SIL function',
  run(module, ctx) {
    const info = SilTypeInfo.of(module);
    for (const fn of functionsWithBodies(module)) ctx.outs(dumpRCIdentity(fn, info));
  },
};
