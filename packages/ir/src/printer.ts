/**
 * The MLIR text printer: generic form for every op, custom form through an op's
 * print hook or declarative format (the `OpPrinter` API is this class).
 */
import { ArrayAttr, TypeAttr, escapeString, printNamedAttr, printSymbolName, type Attribute } from './attributes.js';
import type { Block, Operation, Region, Value } from './ir.js';
import { AliasState, mayHaveTextAliases } from './aliases.js';
import type { Location } from './location.js';
import { NameTable } from './naming.js';
import { FunctionType, printResultTypes, type Type } from './types.js';

export interface PrintOptions {
  generic?: boolean;
  debugInfo?: boolean;
  /** `{-# … #-}` to print after the module. */
  fileMetadata?: string;
  /**
   * --mlir-print-local-scope: the op alone, as MLIR prints an op out of its file
   * (Operation::print with local scope): no aliases, every location in place, no `{-# … #-}`.
   */
  localScope?: boolean;
}

export interface RegionPrintOptions {
  printEntryBlockArgs?: boolean;
  printBlockTerminators?: boolean;
  printEmptyBlock?: boolean;
}

const NEWLINES = Array.from({ length: 32 }, (_, i) => '\n' + '  '.repeat(i));

/** Output buffer of the alias-collecting pass: every printed piece is scanned for aliasable values. */
class ScanningBuffer extends Array<string> {
  /** Set while printing text whose values MLIR visits at another time (generic ops). */
  suppress = false;
  aliases!: AliasState;
  override push(...items: string[]): number {
    if (!this.suppress) for (const s of items) this.aliases.visitText(s);
    return super.push(...items);
  }
}

/**
 * Output text in chunks: pieces go into a fixed array that is joined into one
 * flat string whenever it fills up, then reused. This makes neither a rope node
 * per piece (`+=`) nor one slot per piece of the whole module, and the array
 * never regrows (clearing it with `length = 0` would drop its storage).
 */
class ChunkedText {
  private static readonly SIZE = 4096;
  private readonly chunks: string[] = [];
  private readonly parts: string[] = new Array<string>(ChunkedText.SIZE).fill('');
  private n = 0;
  push(s: string): void {
    this.parts[this.n++] = s;
    if (this.n === ChunkedText.SIZE) {
      this.chunks.push(this.parts.join(''));
      this.n = 0;
    }
  }
  join(sep: string): string {
    return this.chunks.join(sep) + this.parts.slice(0, this.n).join('');
  }
}

/** How the printer treats aliases: none, collecting them (first pass), or printing them. */
type AliasMode = 'off' | 'collect' | 'use';

export class OpPrinter {
  private readonly out: { push(s: string): unknown; join(sep: string): string };
  private indent = 0;
  private readonly names: NameTable;
  /** MLIR's default-dialect stack; the top level is builtin's. */
  private readonly defaultDialects: string[] = ['builtin'];
  private readonly aliasMode: AliasMode;

  constructor(root: Operation, readonly options: PrintOptions = {}, private readonly aliases?: AliasState,
    mode: AliasMode = 'off', names?: NameTable) {
    this.names = names ?? new NameTable(root, !!options.generic);
    this.aliasMode = aliases ? mode : 'off';
    if (this.aliasMode === 'collect') {
      const buf = new ScanningBuffer();
      buf.aliases = aliases!;
      this.out = buf;
    } else {
      this.out = new ChunkedText();
    }
  }

  /**
   * Prints `op` with MLIR's aliases: a plain pass when nothing can have one;
   * else a pass that collects them (and, with locations, a pass that uses them).
   */
  static print(op: Operation, options: PrintOptions = {}): string {
    let body: string | undefined;
    let names: NameTable | undefined;
    if (options.localScope) {
      const p = new OpPrinter(op, options);
      p.printOperation(op);
      return p.toString();
    }
    if (!options.debugInfo) {
      const p = new OpPrinter(op, options);
      p.printOperation(op);
      body = p.toString();
      if (!mayHaveTextAliases(body)) return OpPrinter.assemble(body, undefined, options);
      names = p.names;
    }
    const aliases = new AliasState();
    const collector = new OpPrinter(op, options, aliases, 'collect', names);
    collector.printOperation(op);
    aliases.finalize();
    names = collector.names;
    if (aliases.hasLocations) {
      const p = new OpPrinter(op, options, aliases, 'use', names);
      p.printOperation(op);
      body = p.toString();
    } else {
      body = collector.toString();
    }
    return OpPrinter.assemble(aliases.replaceText(body), aliases, options);
  }

  /** Up-front aliases, the op, deferred aliases, then the file's `{-# … #-}` section. */
  private static assemble(body: string, aliases: AliasState | undefined, options: PrintOptions): string {
    let s = aliases ? aliases.definitions(false) + body + '\n' + aliases.definitions(true) : body + '\n';
    if (options.fileMetadata) s += '\n' + options.fileMetadata + '\n';
    return s;
  }

  /** `loc(…)` as printed after an op: by alias when aliases are in use. */
  private opLocation(l: Location): string {
    const name = this.aliasMode === 'use' ? this.aliases!.locationName(l) : undefined;
    return name ? `loc(${name})` : l.toString();
  }

  /** `loc(…)` printed inline (block arguments): nested locations by alias when in use. */
  private inlineLocation(l: Location): string {
    return this.aliasMode === 'use' ? `loc(${this.aliases!.locationInner(l)})` : l.toString();
  }

  toString(): string {
    return this.out.join('');
  }

  print(s: string): void {
    this.out.push(s);
  }
  printNewline(): void {
    this.out.push(NEWLINES[this.indent] ?? '\n' + '  '.repeat(this.indent));
  }
  printValue(v: Value): void {
    this.out.push(this.names.valueName(v));
  }
  valueName(v: Value): string {
    return this.names.valueName(v);
  }
  printOperands(vs: readonly Value[]): void {
    for (let i = 0; i < vs.length; i++) {
      if (i) this.out.push(', ');
      this.out.push(this.names.valueName(vs[i]!));
    }
  }
  printType(t: Type): void {
    this.out.push(t.toString());
  }
  printTypes(ts: readonly Type[]): void {
    for (let i = 0; i < ts.length; i++) {
      if (i) this.out.push(', ');
      this.out.push(ts[i]!.toString());
    }
  }
  printAttribute(a: Attribute): void {
    this.out.push(a.toString());
  }
  printSymbolName(name: string): void {
    this.out.push(printSymbolName(name));
  }
  blockName(b: Block): string {
    return this.names.blockName(b);
  }
  printSuccessor(b: Block): void {
    this.out.push(this.names.blockName(b));
  }
  /** `^bb1(%a, %b : i32, i32)` */
  printSuccessorAndUseList(b: Block, operands: readonly Value[]): void {
    this.printSuccessor(b);
    if (!operands.length) return;
    this.out.push('(');
    this.printOperands(operands);
    this.out.push(' : ');
    this.printTypes(operands.map((v) => v.type));
    this.out.push(')');
  }
  /** `-> type` / `-> (types)`; nothing for no types. */
  printArrowTypeList(types: readonly Type[]): void {
    if (!types.length) return;
    this.out.push(' -> ' + printResultTypes(types));
  }
  printFunctionalType(inputs: readonly Type[], results: readonly Type[]): void {
    // Built as text: interning a FunctionType per printed op would dominate printing.
    let s = '(';
    for (let i = 0; i < inputs.length; i++) s += (i ? ', ' : '') + inputs[i]!.toString();
    s += ') -> ';
    if (results.length === 1 && !(results[0] instanceof FunctionType)) s += results[0]!.toString();
    else {
      s += '(';
      for (let i = 0; i < results.length; i++) s += (i ? ', ' : '') + results[i]!.toString();
      s += ')';
    }
    this.out.push(s);
  }
  /** Prints ` {a = 1, b}` with `elided` names left out; nothing when empty. */
  printOptionalAttrDict(attrs: Iterable<readonly [string, Attribute]>, elided: readonly string[] = []): void {
    const entries = withoutElided(attrs, elided);
    if (!entries.length) return;
    this.out.push(' ' + this.formatDict(entries));
  }
  printOptionalAttrDictWithKeyword(attrs: Iterable<readonly [string, Attribute]>, elided: readonly string[] = []): void {
    const entries = withoutElided(attrs, elided);
    if (!entries.length) return;
    this.out.push(' attributes ' + this.formatDict(entries));
  }
  private formatDict(entries: (readonly [string, Attribute])[]): string {
    const sorted = entries.length < 2 ? entries : [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return `{${sorted.map(([k, v]) => printNamedAttr(k, v)).join(', ')}}`;
  }
  /** All attributes of an op (properties and discardable) for custom printers. */
  allAttrs(op: Operation): [string, Attribute][] {
    // Reads the maps without creating them: most ops have none of one kind or the other.
    const out: [string, Attribute][] = [];
    op.forEachProperty((v, k) => out.push([k, v]));
    const attrs = op.attributesIfAny;
    if (attrs) for (const e of attrs) out.push(e);
    return out;
  }
  printOptionalLocation(loc: Location): void {
    if (!this.options.debugInfo) return;
    if (this.aliasMode === 'collect') this.aliases!.visitLocation(loc, false);
    this.pushLocation(this.inlineLocation(loc));
  }

  /** A printed `loc(…)`: visitLocation has seen what it holds, so the collecting pass does not scan it. */
  private pushLocation(text: string): void {
    const scan = this.out instanceof ScanningBuffer ? this.out : undefined;
    const was = scan?.suppress;
    if (scan) scan.suppress = true;
    this.out.push(' ' + text);
    if (scan) scan.suppress = was!;
  }

  // ---- operations -----------------------------------------------------------------

  printOperation(op: Operation): void {
    if (this.aliasMode === 'collect' && this.options.debugInfo) this.visitOpLocations(op);
    this.printResults(op);
    const def = op.def;
    // Every op sets the default dialect of its regions; one without (unregistered
    // or generic ops included) resets it, so nested `func.call` stays qualified.
    const scoped = op.regions.length > 0;
    if (scoped) this.defaultDialects.push(def?.spec.defaultDialect ?? '');
    if (!this.options.generic && def && def.hasCustomSyntax) {
      this.out.push(this.shortName(op.name, scoped));
      const scan = this.out instanceof ScanningBuffer && def.has('FunctionLike') ? this.out : undefined;
      if (scan) this.visitFunctionSignature(op, scan);
      if (def.spec.print) def.spec.print(op, this);
      else def.format!.print(op, this);
      if (scan) scan.suppress = false;
    } else {
      this.printGeneric(op);
    }
    if (scoped) this.defaultDialects.pop();
    if (this.options.debugInfo) this.pushLocation(this.opLocation(op.loc));
  }

  /**
   * Function signatures are printed by hooks as text; MLIR's alias walk visits
   * argument types (their attributes only for declarations: with a body it
   * prints them with the block argument, which its walk skips), result types and
   * attributes, then the other attributes. The hook's text is not scanned.
   */
  private visitFunctionSignature(op: Operation, scan: ScanningBuffer): void {
    const ft = op.getAttr('function_type');
    const fn = ft instanceof TypeAttr ? ft.value : undefined;
    if (!(fn instanceof FunctionType)) return;
    const visit = (a: { toString(): string } | undefined) => { if (a) this.aliases!.visitText(a.toString()); };
    const argAttrs = op.getAttr('arg_attrs');
    const resAttrs = op.getAttr('res_attrs');
    const declaration = !op.regions[0]?.blocks.length;
    fn.inputs.forEach((t, i) => {
      visit(t);
      if (declaration && argAttrs instanceof ArrayAttr) visit(argAttrs.elements[i]);
    });
    fn.results.forEach((t, i) => {
      visit(t);
      if (resAttrs instanceof ArrayAttr) visit(resAttrs.elements[i]);
    });
    const skip = new Set(['sym_name', 'sym_visibility', 'function_type', 'arg_attrs', 'res_attrs']);
    const rest = this.allAttrs(op).filter(([k]) => !skip.has(k));
    if (rest.length) visit(this.formatDict(rest));
    scan.suppress = true;
  }

  /**
   * MLIR's alias walk visits an op's location before the op (deferred), and a
   * function's argument locations with its signature (not deferred).
   */
  private visitOpLocations(op: Operation): void {
    this.aliases!.visitLocation(op.loc, true);
    const body = op.regions[0];
    if (!this.options.generic && op.def?.has('FunctionLike') && op.def.hasCustomSyntax && body?.blocks[0]) {
      for (const a of body.blocks[0].arguments) this.aliases!.visitLocation(a.loc, false);
    }
  }

  /** The op name without the enclosing default dialect (`scoped`: the op's own entry is on top). */
  private shortName(name: string, scoped: boolean): string {
    const dd = this.defaultDialects[this.defaultDialects.length - (scoped ? 2 : 1)];
    if (dd && name.length > dd.length && name.charCodeAt(dd.length) === 46 && name.startsWith(dd)) {
      return this.sliced(name, dd.length + 1);
    }
    return name;
  }
  /** `name.slice(from)`, made once per name and cut (not once per printed op). */
  private sliced(name: string, from: number): string {
    const cache = (this.shortNames[from] ??= new Map());
    let s = cache.get(name);
    if (s === undefined) cache.set(name, (s = name.slice(from)));
    return s;
  }
  /** Short op names, one cache per number of characters cut off. */
  private readonly shortNames: Map<string, string>[] = [];

  private printResults(op: Operation): void {
    const results = op.results;
    if (!results.length) return;
    const groups = this.names.resultGroupStarts(op);
    for (let gi = 0; gi < groups.length; gi++) {
      const start = groups[gi]!;
      const end = gi + 1 < groups.length ? groups[gi + 1]! : results.length;
      if (gi) this.out.push(', ');
      this.out.push(this.names.definitionName(results[start]!));
      if (end - start > 1) this.out.push(`:${end - start}`);
    }
    this.out.push(' = ');
  }

  printGeneric(op: Operation): void {
    // MLIR's alias walk visits a generic op's regions before its types and attributes.
    const scan = this.out instanceof ScanningBuffer ? this.out : undefined;
    if (scan) scan.suppress = true;
    this.out.push(this.quotedName(op.name));
    this.out.push('(');
    const operands = op.operands;
    for (let i = 0; i < operands.length; i++) {
      if (i) this.out.push(', ');
      this.out.push(this.names.valueName(operands[i]!.value));
    }
    this.out.push(')');
    if (op.successors.length) {
      this.out.push('[' + op.successors.map((b) => this.names.blockName(b)).join(', ') + ']');
    }
    if (op.hasProperties) this.out.push(' <' + this.formatDict(op.propertyEntries()) + '>');
    if (op.regions.length) {
      if (scan) scan.suppress = false;
      this.out.push(' (');
      op.regions.forEach((r, i) => {
        if (i) this.out.push(', ');
        this.printRegion(r, { printEntryBlockArgs: true, printBlockTerminators: true, printEmptyBlock: true });
      });
      this.out.push(')');
      if (scan) scan.suppress = true;
    }
    if (op.hasAttributes) this.out.push(' ' + this.formatDict([...op.attributes]));
    this.out.push(' : ');
    this.printOpType(op);
    if (scan) {
      scan.suppress = false;
      for (const o of op.operands) this.aliases!.visitText(o.value.type.toString());
      for (const r of op.results) this.aliases!.visitText(r.type.toString());
      if (op.hasProperties) this.aliases!.visitText(this.formatDict(op.propertyEntries()));
      if (op.hasAttributes) this.aliases!.visitText(this.formatDict([...op.attributes]));
    }
  }

  /** `"name"`, escaped once per op name rather than once per printed op. */
  private quotedName(name: string): string {
    let q = this.quotedNames.get(name);
    if (q === undefined) this.quotedNames.set(name, (q = escapeString(name)));
    return q;
  }
  private readonly quotedNames = new Map<string, string>();

  /** The op's functional type (what printFunctionalType prints), without arrays of its types. */
  private printOpType(op: Operation): void {
    const operands = op.operands;
    const results = op.results;
    this.out.push('(');
    for (let i = 0; i < operands.length; i++) {
      if (i) this.out.push(', ');
      this.out.push(operands[i]!.value.type.toString());
    }
    this.out.push(') -> ');
    if (results.length === 1 && !(results[0]!.type instanceof FunctionType)) {
      this.out.push(results[0]!.type.toString());
      return;
    }
    this.out.push('(');
    for (let i = 0; i < results.length; i++) {
      if (i) this.out.push(', ');
      this.out.push(results[i]!.type.toString());
    }
    this.out.push(')');
  }

  // ---- regions and blocks -----------------------------------------------------------

  printRegion(region: Region, opts: RegionPrintOptions = {}): void {
    // Region contents are always visited for aliases (see printGeneric, visitFunctionSignature).
    const scan = this.out instanceof ScanningBuffer ? this.out : undefined;
    const suppressed = scan?.suppress ?? false;
    if (scan) scan.suppress = false;
    this.printRegionBody(region, opts);
    if (scan) scan.suppress = suppressed;
  }

  private printRegionBody(region: Region, opts: RegionPrintOptions): void {
    const printEntryArgs = opts.printEntryBlockArgs ?? true;
    const printTerms = opts.printBlockTerminators ?? true;
    this.out.push('{');
    this.indent++;
    region.blocks.forEach((b, i) => {
      // The entry block's label is implied unless its arguments are shown here, or
      // it is empty and the caller asks for empty blocks to show (generic form).
      if (i > 0 || (printEntryArgs && b.arguments.length > 0) || (opts.printEmptyBlock && i === 0 && b.empty)) {
        this.printBlockHeader(b, i === 0);
      }
      for (let op = b.first; op; op = op.next) {
        // Only the entry block may hide its terminator (what mlir-opt does).
        if (!printTerms && i === 0 && op === b.last && op.def?.has('Terminator')) continue;
        this.printNewline();
        this.printOperation(op);
      }
    });
    this.indent--;
    this.printNewline();
    this.out.push('}');
  }

  private printBlockHeader(b: Block, isEntry: boolean): void {
    this.out.push('\n' + '  '.repeat(this.indent - 1) + this.names.blockName(b));
    if (b.arguments.length) {
      this.out.push('(');
      b.arguments.forEach((a, i) => {
        if (i) this.out.push(', ');
        this.out.push(`${this.names.valueName(a)}: ${a.type}`);
        if (this.options.debugInfo) {
          if (this.aliasMode === 'collect') this.aliases!.visitLocation(a.loc, false);
          this.pushLocation(this.inlineLocation(a.loc));
        }
      });
      this.out.push(')');
    }
    this.out.push(':');
    if (!isEntry) {
      const preds = b.predecessors();
      if (!preds.length) this.out.push('  // no predecessors');
      else {
        // One entry per edge, as MLIR (a cond_br to the same block twice counts twice).
        const names = preds.map((p) => this.names.blockName(p));
        const ids = names.map((n) => Number(n.slice(3)));
        const sorted = names.map((n, i) => [n, ids[i]!] as const).sort((a, b) => a[1] - b[1]).map((x) => x[0]);
        this.out.push(preds.length === 1 ? `  // pred: ${sorted[0]}` : `  // ${sorted.length} preds: ${sorted.join(', ')}`);
      }
    }
  }
}

/** `attrs` without the entries named in `elided`, as a fresh array. */
function withoutElided(attrs: Iterable<readonly [string, Attribute]>, elided: readonly string[]): (readonly [string, Attribute])[] {
  const out: (readonly [string, Attribute])[] = [];
  for (const e of attrs) if (!elided.length || !elided.includes(e[0])) out.push(e);
  return out;
}

export function printOp(op: Operation, options: PrintOptions = {}): string {
  return OpPrinter.print(op, options);
}

/**
 * Prints ops nested in `root` one at a time, as MLIR's `Operation::print` does for a
 * nested op: names as in the whole of `root` (numbered once), no alias definitions,
 * the op at indentation 0. Test passes that print ops (`--test-print-liveness`) use it.
 */
export function nestedOpPrinter(root: Operation, options: PrintOptions = {}): (op: Operation) => string {
  const names = new NameTable(root, !!options.generic);
  return (op) => {
    const p = new OpPrinter(root, options, undefined, 'off', names);
    p.printOperation(op);
    return p.toString();
  };
}
