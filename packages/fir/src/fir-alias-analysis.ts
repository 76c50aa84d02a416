/**
 * FIR alias analysis (flang's `fir::AliasAnalysis`, lib/Optimizer/Analysis/AliasAnalysis.cpp,
 * LLVM 19; docs/AliasingAnalysisFIR.md). It walks each address back to its memory source
 * through the ops' `memorySource` hooks (never their names) and decides from the two sources.
 *
 * Sources are ordered by kind; "≥ Indirect" means "we do not know":
 *
 *   Allocate < Global < Argument < HostAssoc < Indirect < Unknown
 *
 * Specification (getSource):
 *  (S1) Start at the queried value V. Follow box data iff V is a descriptor (box/class); V
 *       "is data" unless it is the address of a descriptor (ref-to-box).
 *  (S2) Walk the defining ops; each visited op's first result type is the source's value type.
 *       allocate → Allocate, stop. convert → its source. address → its source; a descriptor
 *       source means box data is followed from here; `offset` makes the source approximate.
 *       box → its source when box data is followed, else stop with Unknown.
 *  (S3) load: skip converts and declares from its address; if that is a dummy argument or a
 *       global's address, continue there (the loaded address is the dummy's / global's data);
 *       otherwise Indirect, stop.
 *  (S4) global → Global with the symbol as origin, stop; Target if the address_of op or the
 *       global carries `target`; Pointer if the address is a pointer reference (S8).
 *  (S5) declare: collect target / pointer / intent_in; host_assoc → HostAssoc with the
 *       declare's first result as origin, stop; otherwise continue from its source (flang 19
 *       stops at dummy_scope declares only when asked for instantiation points, which alias()
 *       never does).
 *  (S6) Any other defining op ends the walk with no defining op (Unknown).
 *  (S7) Without a defining op and still Unknown: an entry-block argument of a function is an
 *       Argument, of its own type, Target if its `fir.target` argument attribute is set,
 *       Pointer if it is a pointer reference (S8).
 *  (S8) A pointer reference is the address of a POINTER descriptor or of a `!fir.ptr`.
 *
 * Specification (alias, getModRef):
 *  (A1) Either source ≥ Indirect → MayAlias.
 *  (A2) Same kind and same origin (value or symbol, and the same data/descriptor view) →
 *       MayAlias if either walk was approximate, else MustAlias. Two HostAssoc → MayAlias.
 *  (A3) Order the two by kind; (Argument, HostAssoc) treats the host entity as TARGET.
 *  (A4) Both TARGET or POINTER, looking at the same view (data or descriptor) → MayAlias.
 *  (A5) A record (address of a derived type: pointer components are not inspected in 19)
 *       against a TARGET/POINTER, or two records → MayAlias.
 *  (A6) Otherwise NoAlias. PartialAlias is never answered.
 *  (M1) getModRef: an op without memory effects information → ModRef. Otherwise the union
 *       over its effects that may alias the location (an effect on no value may alias
 *       anything): read → Ref, write / allocate / free → Mod.
 */
import type { AliasAnalysisImpl, AliasResult } from '@lifeline/analyses';
import { ModRefResult } from '@lifeline/analyses';
import {
  ArrayAttr, BlockArgument, DictionaryAttr, SymbolRefAttr, type Attribute, type Operation, type Type, type Value,
} from '@lifeline/ir';
import { FirWrapperType, RecordType, isBoxType, isPointerBox, isRefLike, ptrEleTy, unwrapRefType } from './fir-types.js';

export const enum SourceKind { Allocate, Global, Argument, HostAssoc, Indirect, Unknown }
const KIND_NAMES = ['Allocate', 'Global', 'Argument', 'HostAssoc', 'Indirect', 'Unknown'] as const;

const TARGET = 1;
const POINTER = 2;
const INTENT_IN = 4;

export interface Source {
  kind: SourceKind;
  /** The value the walk ended at, or the global's symbol. */
  origin: Value | string;
  /** False when the queried value was the address of a descriptor. */
  isData: boolean;
  valueType: Type | undefined;
  /** Bit set of TARGET, POINTER, INTENT_IN. */
  attributes: number;
  /** The walk went through an op that may offset the address. */
  approximate: boolean;
}

export function sourceKindName(k: SourceKind): string {
  return KIND_NAMES[k];
}

/** (S8) fir::isPointerType after unwrapping one address level, or a `!fir.ptr`. */
function isPointerReference(t: Type | undefined): boolean {
  const ele = t && ptrEleTy(t);
  if (!ele) return false;
  return isPointerBox(unwrapRefType(ele)) || (ele instanceof FirWrapperType && ele.kind === 'ptr');
}

/** fir::isDummyArgument for block arguments: an argument of a function's entry block. */
function isDummyArgument(v: Value): v is BlockArgument {
  if (!(v instanceof BlockArgument)) return false;
  const region = v.owner.parent;
  const fn = region?.parentOp;
  return !!fn && region!.blocks[0] === v.owner && (fn.def?.has('FunctionLike') ?? false);
}

function hasUnit(attrs: Attribute | undefined, name: string): boolean {
  return attrs instanceof DictionaryAttr && attrs.get(name) !== undefined;
}

/**
 * fir::valueHasFirAttribute for the values getSource asks about: an argument attribute of a
 * func.func entry argument, or an attribute of an address_of or of the global it names.
 */
function valueHasFirAttribute(v: Value, name: string): boolean {
  if (v instanceof BlockArgument) {
    const fn = v.owner.parent?.parentOp;
    if (!fn || v.owner.parent!.blocks[0] !== v.owner || fn.name !== 'func.func') return false;
    const argAttrs = fn.getAttr('arg_attrs');
    return argAttrs instanceof ArrayAttr && hasUnit(argAttrs.elements[v.index], name);
  }
  const op = v.definingOp!;
  const step = op.def?.spec.memorySource?.step(op, v);
  if (step?.kind !== 'global') return false;
  return op.getAttr(name) !== undefined || lookupGlobal(op, step.symbol)?.getAttr(name) !== undefined;
}

/** The op a module-level symbol names, from the nearest enclosing module. */
function lookupGlobal(from: Operation, symbol: Attribute): Operation | undefined {
  if (!(symbol instanceof SymbolRefAttr) || symbol.nested.length) return undefined;
  let module = from.parentOp;
  while (module && module.name !== 'builtin.module') module = module.parentOp;
  const body = module?.regions[0]?.blocks[0];
  for (let op = body?.first; op; op = op.next) {
    const name = op.getAttr('sym_name') as { value?: string } | undefined;
    if (name?.value === symbol.root) return op;
  }
  return undefined;
}

export class FirAliasAnalysis implements AliasAnalysisImpl {
  /** getSource is a pure function of the IR, which queries do not change. */
  private readonly sources = new Map<Value, Source>();

  getSource(v: Value): Source {
    let s = this.sources.get(v);
    if (!s) this.sources.set(v, (s = computeSource(v)));
    return s;
  }

  alias(lhs: Value, rhs: Value): AliasResult {
    const l = this.getSource(lhs);
    const r = this.getSource(rhs);
    const approximate = l.approximate || r.approximate;
    if (l.kind >= SourceKind.Indirect || r.kind >= SourceKind.Indirect) return 'MayAlias'; // (A1)
    if (l.kind === r.kind) { // (A2)
      if (l.origin === r.origin && l.isData === r.isData) return approximate ? 'MayAlias' : 'MustAlias';
      if (l.kind === SourceKind.HostAssoc) return 'MayAlias';
    }
    const [s1, s2] = l.kind < r.kind ? [l, r] : [r, l]; // (A3)
    const attrs1 = s1.attributes;
    const attrs2 = s2.attributes | (s1.kind === SourceKind.Argument && s2.kind === SourceKind.HostAssoc ? TARGET : 0);
    const tp1 = (attrs1 & (TARGET | POINTER)) !== 0;
    const tp2 = (attrs2 & (TARGET | POINTER)) !== 0;
    if (tp1 && tp2 && s1.isData === s2.isData) return 'MayAlias'; // (A4)
    const rec1 = isRecordAddress(s1.valueType);
    const rec2 = isRecordAddress(s2.valueType);
    if ((rec1 && tp2) || (rec2 && tp1) || (rec1 && rec2)) return 'MayAlias'; // (A5)
    return 'NoAlias'; // (A6)
  }

  /** (M1) */
  getModRef(op: Operation, location: Value): ModRefResult {
    const effectsOf = op.def?.spec.memoryEffects;
    if (!effectsOf) return ModRefResult.ModRef;
    let result = ModRefResult.NoModRef;
    for (const effect of effectsOf(op)) {
      if (effect.value && this.alias(effect.value, location) === 'NoAlias') continue;
      result = result.merge(effect.kind === 'read' ? ModRefResult.Ref : ModRefResult.Mod);
      if (result.isModAndRef) break;
    }
    return result;
  }
}

/** (A5) Source::isRecordWithPointerComponent in 19: the address of any derived type. */
function isRecordAddress(t: Type | undefined): boolean {
  return !!t && ptrEleTy(t) instanceof RecordType;
}

/** (S3) getOriginalDef: through converts and declares. */
function originalDef(v: Value): Value {
  for (;;) {
    const op = v.definingOp;
    const step = op?.def?.spec.memorySource?.step(op, v);
    if (step?.kind !== 'convert' && step?.kind !== 'declare') return v;
    v = step.source;
  }
}

function computeSource(queried: Value): Source {
  let v = queried;
  let defOp = v.definingOp;
  let kind = SourceKind.Unknown;
  let ty: Type | undefined;
  let approximate = false;
  // (S1)
  let followBoxData = isBoxType(v.type);
  const followingData = !(isRefLike(v.type) && isBoxType(v.type.eleTy));
  let global: string | undefined;
  let attributes = 0;
  let stop = false;
  while (defOp && !stop) {
    ty = defOp.results[0]?.type;
    const step = defOp.def?.spec.memorySource?.step(defOp, v);
    switch (step?.kind) {
      case 'allocate': // (S2)
        kind = SourceKind.Allocate;
        stop = true;
        break;
      case 'convert':
        v = step.source;
        defOp = v.definingOp;
        break;
      case 'address':
        v = step.source;
        defOp = v.definingOp;
        if (isBoxType(v.type)) followBoxData = true;
        if (step.offset) approximate = true;
        break;
      case 'box':
        if (followBoxData) {
          v = step.source;
          defOp = v.definingOp;
        } else {
          stop = true;
        }
        break;
      case 'load': { // (S3)
        const def = originalDef(step.memref);
        const defStep = def.definingOp?.def?.spec.memorySource?.step(def.definingOp, def);
        if (isDummyArgument(def) || defStep?.kind === 'global') {
          v = def;
          defOp = v.definingOp;
        } else {
          kind = SourceKind.Indirect;
          stop = true;
        }
        break;
      }
      case 'global': // (S4)
        ty = v.type;
        kind = SourceKind.Global;
        if (valueHasFirAttribute(v, 'target')) attributes |= TARGET;
        if (isPointerReference(ty)) attributes |= POINTER;
        global = step.symbol instanceof SymbolRefAttr ? step.symbol.toString() : String(step.symbol);
        stop = true;
        break;
      case 'declare': // (S5)
        for (const a of step.attrs) attributes |= a === 'target' ? TARGET : a === 'pointer' ? POINTER : a === 'intent_in' ? INTENT_IN : 0;
        if (step.attrs.includes('host_assoc')) {
          v = defOp.results[0]!;
          kind = SourceKind.HostAssoc;
          stop = true;
          break;
        }
        v = step.source;
        defOp = v.definingOp;
        break;
      default: // (S6)
        defOp = null;
        stop = true;
    }
  }
  if (!defOp && kind === SourceKind.Unknown && isDummyArgument(v)) { // (S7)
    kind = SourceKind.Argument;
    ty = v.type;
    if (valueHasFirAttribute(v, 'fir.target')) attributes |= TARGET;
    if (isPointerReference(ty)) attributes |= POINTER;
  }
  return {
    kind, origin: kind === SourceKind.Global ? global! : v, isData: followingData, valueType: ty, attributes, approximate,
  };
}
