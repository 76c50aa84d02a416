/**
 * Printing with a compiled declarative format: elements in order, spaces as
 * annotated, optional groups by their anchor, attr-dict without what the format
 * spells or hides.
 */
import type { Attribute } from './attributes.js';
import type { Operation, Region } from './ir.js';
import type { OpDef, ValueSpec } from './opdef.js';
import type { OpPrinter } from './printer.js';
import type { Type } from './types.js';
import { customDirectives, elemPos, spaceBefore, type Elem, type Target } from './format-compile.js';

export class FormatPrinter {
  /** Names attr-dict leaves out: spelled by the format, or segment sizes. */
  private readonly elided: Set<string>;
  /** Values attr-dict hides: defaults and elided defaults, by attribute name. */
  private readonly hidden: Map<string, Attribute>;
  private numOperandSpecs = 0;
  private numResultSpecs = 0;

  constructor(readonly def: OpDef, readonly elems: Elem[]) {
    const used = new Set<string>();
    const visit = (es: Elem[]) => {
      for (const e of es) {
        if (e.k === 'attr') used.add(e.spec.name);
        else if (e.k === 'optional') { visit(e.then); visit(e.else); }
        else if (e.k === 'custom') visit(e.args);
      }
    };
    visit(elems);
    this.elided = new Set([...used, 'operandSegmentSizes', 'resultSegmentSizes']);
    this.hidden = new Map();
    const seen = new Set<string>();
    for (const a of def.spec.attributes ?? []) {
      // The first spec of a name decides, as a lookup by name would.
      if (seen.has(a.name)) continue;
      seen.add(a.name);
      const hidden = a.default ?? a.elidedDefault;
      if (hidden) this.hidden.set(a.name, hidden);
    }
    this.positions(elems);
  }

  private positions(elems: Elem[]): void {
    const s = this.def.spec;
    const allSingle = (specs: readonly ValueSpec[] | undefined) => (specs ?? []).every((v) => (v.arity ?? 'single') === 'single');
    const singleOps = allSingle(s.operands);
    const singleRes = allSingle(s.results);
    this.numOperandSpecs = (s.operands ?? []).length;
    this.numResultSpecs = (s.results ?? []).length;
    const index = (list: readonly { name: string }[] | undefined, name: string) => (list ?? []).findIndex((x) => x.name === name);
    const target = (t: Target) => {
      if (t.kind === 'operand') t.pos = singleOps ? index(s.operands, t.name) : -1;
      else if (t.kind === 'result') t.pos = singleRes ? index(s.results, t.name) : -1;
    };
    for (const e of elems) {
      switch (e.k) {
        case 'operand': elemPos.set(e, singleOps ? index(s.operands, e.spec.name) : -1); break;
        case 'region': elemPos.set(e, index(s.regions, e.name)); break;
        case 'successor': elemPos.set(e, index(s.successors, e.name)); break;
        case 'type': target(e.target); break;
        case 'functional': target(e.inputs); target(e.results); break;
        case 'optional': this.positions(e.then); this.positions(e.else); break;
        case 'custom': this.positions(e.args); break;
      }
    }
  }

  print(op: Operation, p: OpPrinter): void {
    this.printElems(op, p, this.elems);
  }

  private printElems(op: Operation, p: OpPrinter, elems: Elem[]): void {
    for (const e of elems) this.printElem(op, p, e);
  }

  private printElem(op: Operation, p: OpPrinter, e: Elem): void {
    if (spaceBefore.get(e)) p.print(' ');
    switch (e.k) {
      case 'lit': p.print(e.text); return;
      case 'space': if (e.text === ' ') p.print(' '); else if (e.text === '\n') p.printNewline(); return;
      case 'operand': {
        const pos = elemPos.get(e);
        if (pos >= 0 && op.operands.length === this.numOperandSpecs) p.printValue(op.operands[pos]!.value);
        else {
          const start = this.def.operandGroupStart(op, e.spec.name);
          const n = this.def.operandGroupSize(op, e.spec.name);
          for (let k = 0; k < n; k++) {
            if (k) p.print(', ');
            p.printValue(op.operands[start + k]!.value);
          }
        }
        return;
      }
      case 'operands': p.printOperands(op.operandValues()); return;
      case 'attr': {
        const a = op.getAttr(e.spec.name);
        if (!a) return;
        if (e.spec.syntax) e.spec.syntax.print(a, p);
        else p.printAttribute(a);
        return;
      }
      case 'region': {
        this.printRegion(op, p, op.regions[elemPos.get(e)]!);
        return;
      }
      case 'regions':
        op.regions.forEach((r, i) => {
          if (i) p.print(', ');
          this.printRegion(op, p, r);
        });
        return;
      case 'successor': {
        p.printSuccessor(op.successors[elemPos.get(e)]!);
        return;
      }
      case 'successors': p.print(op.successors.map((b) => p.blockName(b)).join(', ')); return;
      case 'type': {
        const t = this.singleTargetType(op, e.target);
        if (t) p.printType(t);
        else p.printTypes(this.targetTypes(op, e.target));
        return;
      }
      case 'functional': p.printFunctionalType(this.targetTypes(op, e.inputs), this.targetTypes(op, e.results)); return;
      case 'attrdict': {
        const attrs = this.printedAttrs(op);
        if (!attrs) return;
        if (e.keyword) p.printOptionalAttrDictWithKeyword(attrs);
        else p.printOptionalAttrDict(attrs);
        return;
      }
      case 'propdict':
        if (op.hasProperties) p.print(` <${op.propertyEntries().map(([k, v]) => `${k} = ${v}`).join(', ')}>`);
        return;
      case 'custom': customDirectives.get(e.name)!.print(op, p, e.argNames); return;
      case 'optional':
        if (this.anchorPresent(op, e.anchor)) this.printElems(op, p, e.then);
        else this.printElems(op, p, e.else);
    }
  }

  /**
   * The attributes attr-dict prints, or undefined for none (most ops). forEach,
   * unlike for…of, makes no [key, value] array per entry visited.
   */
  private printedAttrs(op: Operation): [string, Attribute][] | undefined {
    const attrs = op.attributesIfAny;
    if (!op.hasProperties && !attrs?.size) return undefined;
    let out: [string, Attribute][] | undefined;
    const visit = (v: Attribute, k: string): void => {
      if (this.elided.has(k)) return;
      const hidden = this.hidden.get(k);
      if (hidden && hidden.equals(v)) return;
      (out ??= []).push([k, v]);
    };
    op.forEachProperty(visit);
    attrs?.forEach(visit);
    return out;
  }

  private printRegion(op: Operation, p: OpPrinter, r: Region): void {
    let printTerms = true;
    if (this.def.spec.implicitTerminator) {
      const t = r.blocks[0]?.last;
      printTerms = !!t && (t.operands.length > 0 || t.hasAttributes || t.hasProperties || t.results.length > 0);
    }
    p.printRegion(r, { printEntryBlockArgs: true, printBlockTerminators: printTerms });
  }

  /** The one type of a single operand/result target, without building arrays; else undefined. */
  private singleTargetType(op: Operation, t: Target): Type | undefined {
    if (t.kind === 'operand') {
      const i = t.pos!;
      return i >= 0 && op.operands.length === this.numOperandSpecs ? op.operands[i]!.value.type : undefined;
    }
    if (t.kind === 'result') {
      const i = t.pos!;
      return i >= 0 && op.results.length === this.numResultSpecs ? op.results[i]!.type : undefined;
    }
    return undefined;
  }

  private targetTypes(op: Operation, t: Target): Type[] {
    switch (t.kind) {
      case 'operands': return op.operands.map((o) => o.value.type);
      case 'results': return op.results.map((r) => r.type);
      case 'operand': return this.def.operandGroup(op, t.name).map((v) => v.type);
      case 'result': {
        const specs = this.def.spec.results ?? [];
        const sizes = this.def.resultGroupSizes(op);
        let start = 0;
        for (let i = 0; i < specs.length; i++) {
          if (specs[i]!.name === t.name) return op.results.slice(start, start + sizes[i]!).map((r) => r.type);
          start += sizes[i]!;
        }
        return [];
      }
    }
  }

  private anchorPresent(op: Operation, a: Elem): boolean {
    switch (a.k) {
      case 'operand': return this.def.operandGroupSize(op, a.spec.name) > 0;
      case 'operands': return op.operands.length > 0;
      case 'attr': {
        const v = op.getAttr(a.spec.name);
        const hidden = a.spec.default ?? a.spec.elidedDefault;
        return !!v && !(hidden && hidden.equals(v));
      }
      case 'region': {
        return !op.regions[elemPos.get(a)]!.empty;
      }
      case 'successor': return op.successors.length > 0;
      case 'type': return this.targetTypes(op, a.target).length > 0;
      case 'custom': return true;
    }
    return true;
  }
}
