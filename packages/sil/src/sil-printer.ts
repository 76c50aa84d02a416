/**
 * A sil module → SIL text in the style of Swift's SILPrinter:
 *
 *   sil_stage canonical
 *
 *   import Builtin
 *
 *   struct S {
 *     var x: Builtin.NativeObject
 *   }
 *
 *   sil [ossa] @f : $@convention(thin) (@owned S) -> () {
 *   bb0(%0 : @owned $S):
 *     %1 = struct_extract %0 : $S, #S.x
 *     br bb1
 *
 *   bb1:
 *     …
 *   } // end sil function 'f'
 *
 * (1) Values are numbered %0, %1, … per function in order (block arguments, then results,
 *     block by block), blocks bb0, bb1, … in order, as Swift's printer does.
 * (2) `sil.undef` ops print nothing; their uses print `undef`.
 * (3) Ops that are not SIL instructions (other dialects) are an error, not silently dropped.
 */
import { ArrayAttr, DictionaryAttr, StringAttr, TypeAttr, type Attribute, type Block, type Operation, type Type, type Value } from '@lifeline/ir';
import type { InstPrinter } from './sil-syntax.js';
import { functionRefName } from './sil-access.js';
import { SIL_SYNTAX } from './sil-syntax-ext.js';
import { SilType } from './sil-types.js';

function strs(a: Attribute | undefined): string[] {
  return a instanceof ArrayAttr ? a.elements.map((e) => (e instanceof StringAttr ? e.value : String(e))) : [];
}
function str(op: Operation, name: string): string | undefined {
  const a = op.getAttr(name);
  return a instanceof StringAttr ? a.value : undefined;
}
function silText(t: Type): string {
  return t instanceof SilType ? t.sil : `<<non-SIL type ${t}>>`;
}

export function printSil(module: Operation): string {
  const parts: string[] = [];
  const stage = module.getAttr('sil.stage');
  if (stage instanceof StringAttr) parts.push(`sil_stage ${stage.value}\n`);
  const imports = strs(module.getAttr('sil.imports'));
  if (imports.length) parts.push(imports.map((i) => `import ${i}\n`).join(''));
  for (const r of module.regions) {
    for (const b of r.blocks) {
      for (let op = b.first; op; op = op.next) parts.push(printTopLevel(op));
    }
  }
  return parts.join('\n');
}

function printTopLevel(op: Operation): string {
  if (op.name === 'sil.function') return printFunction(op);
  if (op.name === 'sil.typealias_decl') {
    return `${prefix(op)}typealias ${str(op, 'name')} = ${silText((op.getAttr('aliased') as TypeAttr).value)}\n`;
  }
  const m = /^sil\.(\w+)_decl$/.exec(op.name);
  if (m) return printDecl(op, m[1]!);
  throw new Error(`cannot print '${op.name}' as SIL`);
}

function prefix(op: Operation): string {
  const mods = strs(op.getAttr('modifiers'));
  return mods.length ? mods.join(' ') + ' ' : '';
}

function printDecl(op: Operation, keyword: string): string {
  let head = `${prefix(op)}${keyword} ${str(op, 'name')}`;
  const generics = strs(op.getAttr('generic_params'));
  if (generics.length) head += `<${generics.join(', ')}>`;
  const inherits = op.getAttr('inherits');
  if (inherits instanceof ArrayAttr && inherits.elements.length) {
    head += ' : ' + inherits.elements.map((e) => silText((e as TypeAttr).value)).join(', ');
  }
  const members = op.getAttr('members');
  const lines = (members instanceof ArrayAttr ? members.elements : []).map((m) => `  ${printMember(m as DictionaryAttr)}\n`);
  return lines.length ? `${head} {\n${lines.join('')}}\n` : `${head} {}\n`;
}

function printMember(m: DictionaryAttr): string {
  const get = (k: string) => (m.get(k) as StringAttr | undefined)?.value;
  const mods = strs(m.get('modifiers'));
  const pre = mods.length ? mods.join(' ') + ' ' : '';
  const kind = get('kind');
  if (kind === 'var' || kind === 'let') return `${pre}${kind} ${get('name')}: ${silText((m.get('type') as TypeAttr).value)}`;
  if (kind === 'case') {
    const payload = m.get('payload');
    const p = payload instanceof ArrayAttr ? `(${payload.elements.map((e) => silText((e as TypeAttr).value)).join(', ')})` : '';
    return `${pre}case ${get('name')}${p}`;
  }
  return get('text') ?? '';
}

function printFunction(fn: Operation): string {
  const name = str(fn, 'sym_name')!;
  let head = 'sil ';
  const linkage = str(fn, 'linkage');
  if (linkage) head += linkage + ' ';
  for (const a of strs(fn.getAttr('sil_attrs'))) head += `[${a}] `;
  head += `@${name} : $${silText((fn.getAttr('function_type') as TypeAttr).value)}`;
  const region = fn.regions[0]!;
  if (!region.blocks.length) return head + '\n';
  const p = new Printer(region.blocks);
  const ownership = fn.getAttr('block_arg_ownership');
  const blocks = region.blocks.map((b, i) => {
    const owners = ownership instanceof ArrayAttr && ownership.elements.length === region.blocks.length ? strs(ownership.elements[i]) : [];
    return p.printBlock(b, owners);
  });
  return `${head} {\n${blocks.join('\n')}} // end sil function '${name}'\n`;
}

class Printer implements InstPrinter {
  private readonly numbers = new Map<Value, number>();
  private readonly blockNumbers = new Map<Block, number>();

  /** (1) */
  constructor(blocks: readonly Block[]) {
    let n = 0;
    blocks.forEach((b, i) => {
      this.blockNumbers.set(b, i);
      for (const a of b.arguments) this.numbers.set(a, n++);
      for (let op = b.first; op; op = op.next) {
        if (op.name === 'sil.undef') continue;
        for (const r of op.results) this.numbers.set(r, n++);
      }
    });
  }

  printBlock(b: Block, owners: readonly string[]): string {
    const args = b.arguments.map((a, i) => `${this.value(a)} : ${owners[i] ? owners[i] + ' ' : ''}${this.type(a.type)}`);
    let out = `${this.block(b)}${args.length ? `(${args.join(', ')})` : ''}:\n`;
    for (let op = b.first; op; op = op.next) {
      if (op.name === 'sil.undef') continue;
      // Swift's printer names the referenced function in a comment line before a function_ref.
      if (op.name === 'sil.function_ref') out += `  // function_ref ${functionRefName(op)}\n`;
      out += `  ${this.printInst(op)}\n`;
    }
    return out;
  }

  private printInst(op: Operation): string {
    const inst = op.name.startsWith('sil.') ? op.name.slice(4) : op.name;
    const syntax = SIL_SYNTAX.get(inst);
    // (3)
    if (!syntax) throw new Error(`cannot print '${op.name}' as a SIL instruction`);
    const res = op.results.length ? `${op.results.map((r) => this.value(r)).join(', ')} = ` : '';
    const flags = strs(op.getAttr('flags')).map((f) => ` [${f}]`).join('');
    return `${res}${inst}${flags}${syntax.print(op, this)}`;
  }

  // ---- InstPrinter ----
  value(v: Value): string {
    // (2)
    if (v.definingOp?.name === 'sil.undef') return 'undef';
    const n = this.numbers.get(v);
    return n === undefined ? '<<invalid value>>' : `%${n}`;
  }
  typed(v: Value): string { return `${this.value(v)} : ${this.type(v.type)}`; }
  type(t: Type): string { return `$${silText(t)}`; }
  block(b: Block): string {
    const n = this.blockNumbers.get(b);
    return n === undefined ? '<<invalid block>>' : `bb${n}`;
  }
  branch(b: Block, args: readonly Value[]): string {
    return args.length ? `${this.block(b)}(${args.map((a) => this.typed(a)).join(', ')})` : this.block(b);
  }
}
