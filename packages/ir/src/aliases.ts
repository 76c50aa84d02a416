/**
 * Attribute and location aliases, as mlir-opt prints them:
 *
 *   #map = affine_map<(d0) -> (d0 + 7)>          (before the module)
 *   module { … memref<?xf32, #map> … } loc(#loc)
 *   #loc = loc("f.mlir":0:0)                     (after it: deferred)
 *
 * MLIR gives aliases to affine maps (`map`), integer sets (`set`), locations
 * (`loc`, only with --mlir-print-debuginfo), tuple types of more than 16
 * elements (`!tuple`, the builtin dialect's getAlias) and dialect attributes
 * that ask for one (here the sparse tensor encoding, `sparse`). Every such
 * value the printer visits gets one; names are numbered per prefix after
 * sorting by alias depth (an alias refers only to shallower ones), then types
 * before attributes, then prefix, then first visit. Op locations are "deferred" (defined after the module) unless
 * also visited elsewhere, e.g. as block argument locations, which are printed
 * inline but still defined up front.
 *
 * Maps, sets and encodings are found in the printed text (hooks print types as
 * text), in the order MLIR's alias walk visits them; the printer then replaces
 * their text by the alias name. Locations are visited by the printer itself.
 */
import { AliasLoc, CallSiteLoc, FusedLoc, Location, NameLoc, UnknownLoc } from './location.js';

interface Entry {
  key: string;
  prefix: string;
  /** `!` for a type alias, `#` for an attribute or location alias. */
  sigil: '!' | '#';
  depth: number;
  deferred: boolean;
  index: number;
  /** The aliased value's text (`affine_map<…>`) or location. */
  text?: string;
  loc?: Location;
  name?: string;
}

const tupleBody = (text: string): string => text.slice('tuple<'.length, -1);
const resolve = (l: Location): Location => (l instanceof AliasLoc && l.target ? resolve(l.target) : l);

/** Children a location prints (and so visits). */
function locChildren(l: Location): Location[] {
  if (l instanceof NameLoc) return l.child && !(resolve(l.child) instanceof UnknownLoc) ? [l.child] : [];
  if (l instanceof CallSiteLoc) return [l.callee, l.caller];
  if (l instanceof FusedLoc) return [...l.locations];
  return [];
}

const PATTERNS: readonly [string, string][] = [
  ['affine_map<', 'map'], ['affine_set<', 'set'], ['#sparse_tensor.encoding<', 'sparse'], ['tuple<', 'tuple'],
];
/** MLIR aliases a tuple type only when it has more elements than this. */
const TUPLE_ALIAS_MIN = 16;

/** Whether printed text may hold values that get aliases. */
export function mayHaveTextAliases(text: string): boolean {
  // One scan for `affine_` (maps and sets), one for the encoding, one for tuples.
  return text.includes('affine_') || text.includes('#sparse_tensor.encoding<') || text.includes('tuple<');
}

/**
 * Calls `found(start, end, prefix)` for every aliasable value in `text`, outside
 * string literals, in order.
 */
export function scanTextAliases(text: string, found: (start: number, end: number, prefix: string) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // A string literal (quotes inside strings are always printed as \22).
      const close = text.indexOf('"', i + 1);
      if (close < 0) return;
      i = close + 1;
      continue;
    }
    if (c === 97 /* a */ || c === 35 /* # */ || c === 116 /* t */) {
      const match = PATTERNS.find(([pat]) => text.startsWith(pat, i));
      const prev = i > 0 ? text.charCodeAt(i - 1) : 32;
      if (match && (c === 35 || !isWordChar(prev))) {
        const open = i + match[0].length - 1;
        const end = balancedEnd(text, open, match[1] === 'map' || match[1] === 'set');
        // a smaller tuple is no alias, but what it holds may be
        if (end > 0 && (match[1] !== 'tuple' || elementCount(text, open, end) > TUPLE_ALIAS_MIN)) {
          found(i, end, match[1]);
          i = end;
          continue;
        }
      }
    }
    i++;
  }
}

/** The number of top-level elements of the `<…>` group from `open` to `end`. */
function elementCount(s: string, open: number, end: number): number {
  let depth = 0;
  let count = 1;
  for (let i = open; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 34) i = s.indexOf('"', i + 1);
    else if (c === 60 || c === 40 || c === 91 || c === 123) depth++;
    else if (c === 62 && s.charCodeAt(i - 1) !== 45 || c === 41 || c === 93 || c === 125) depth--;
    else if (c === 44 && depth === 1) count++;
  }
  return end - open > 2 ? count : 0;
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 36;
}

/** End (exclusive) of the `<…>` group whose `<` is at `open`; -1 when unbalanced. */
function balancedEnd(s: string, open: number, affine: boolean): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34) {
      const close = s.indexOf('"', i + 1);
      if (close < 0) return -1;
      i = close;
      continue;
    }
    if (c === 60 && affine && s.charCodeAt(i + 1) === 61) continue; // `<=`
    if (c === 60 || c === 40 || c === 91 || c === 123) depth++;
    else if (c === 62 || c === 41 || c === 93 || c === 125) {
      if (c === 62 && s.charCodeAt(i - 1) === 45) continue; // `->`
      if (c === 62 && affine && s.charCodeAt(i + 1) === 61) continue; // `>=`
      if (--depth === 0) return i + 1;
    }
  }
  return -1;
}

export class AliasState {
  private readonly entries: Entry[] = [];
  private readonly byKey = new Map<string, Entry>();
  private finalized = false;

  get empty(): boolean { return this.entries.length === 0; }
  get hasLocations(): boolean { return this.entries.some((e) => e.loc); }

  /**
   * Records every aliasable value printed in `text` (a visit, in order); returns their largest
   * alias depth. Values seen only inside op locations are `deferred` with them.
   */
  visitText(text: string, deferred = false): number {
    let max = -1;
    if (!mayHaveTextAliases(text)) return max;
    scanTextAliases(text, (start, end, prefix) => {
      max = Math.max(max, this.visitValue(text.slice(start, end), prefix, deferred));
    });
    return max;
  }

  private visitValue(text: string, prefix: string, deferred: boolean): number {
    const key = 'a:' + text;
    const e = this.byKey.get(key);
    if (e) {
      if (!deferred) e.deferred = false;
      return e.depth;
    }
    const tuple = prefix === 'tuple';
    const added = this.add({ key, prefix, sigil: tuple ? '!' : '#', depth: 0, deferred, index: this.entries.length, text });
    // a tuple's elements may have aliases of their own
    if (tuple) added.depth = this.visitText(tupleBody(text), deferred) + 1;
    return added.depth;
  }

  private add(e: Entry): Entry {
    this.entries.push(e);
    this.byKey.set(e.key, e);
    return e;
  }

  /** Visits a location (and the locations it prints); returns its alias depth. */
  visitLocation(l: Location, deferred: boolean): number {
    l = resolve(l);
    const key = 'l:' + l.printInner();
    const found = this.byKey.get(key);
    if (found) {
      if (!deferred) found.deferred = false;
      return found.depth;
    }
    const e = this.add({ key, prefix: 'loc', sigil: '#', depth: 0, deferred, index: this.entries.length, loc: l });
    let max = -1;
    for (const c of locChildren(l)) max = Math.max(max, this.visitLocation(c, deferred));
    if (l instanceof FusedLoc && l.metadata) max = Math.max(max, this.visitText(l.metadata.toString(), deferred));
    e.depth = max + 1;
    return e.depth;
  }

  /** Sorts the aliases as MLIR does and names them. */
  finalize(): void {
    if (this.finalized) return;
    this.finalized = true;
    const sorted = [...this.entries].sort((a, b) =>
      a.depth - b.depth || (a.sigil === b.sigil ? 0 : a.sigil === '!' ? -1 : 1) ||
      (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0) || a.index - b.index);
    const counts = new Map<string, number>();
    for (const e of sorted) {
      const k = counts.get(e.prefix) ?? 0;
      counts.set(e.prefix, k + 1);
      e.name = e.sigil + e.prefix + (k ? String(k) : '');
    }
    this.entries.splice(0, this.entries.length, ...sorted);
  }

  /** `#locN` for a visited location. */
  locationName(l: Location): string | undefined {
    return this.byKey.get('l:' + resolve(l).printInner())?.name;
  }

  /** The text inside `loc(…)`, with nested locations by alias (`isTop` keeps the outer one inline). */
  locationInner(l: Location, isTop = true): string {
    l = resolve(l);
    if (!isTop) {
      const n = this.locationName(l);
      if (n) return n;
    }
    if (l instanceof NameLoc) {
      const base = new NameLoc(l.name).printInner();
      return l.child && !(resolve(l.child) instanceof UnknownLoc) ? `${base}(${this.locationInner(l.child, false)})` : base;
    }
    if (l instanceof CallSiteLoc) {
      return `callsite(${this.locationInner(l.callee, false)} at ${this.locationInner(l.caller, false)})`;
    }
    if (l instanceof FusedLoc) {
      const meta = l.metadata ? `<${this.replaceText(l.metadata.toString())}>` : '';
      return `fused${meta}[${l.locations.map((c) => this.locationInner(c, false)).join(', ')}]`;
    }
    return l.printInner();
  }

  /** Replaces aliased values in printed text by their names. */
  replaceText(text: string): string {
    if (!mayHaveTextAliases(text)) return text;
    let out = '';
    let last = 0;
    scanTextAliases(text, (start, end) => {
      const name = this.byKey.get('a:' + text.slice(start, end))?.name;
      if (!name) return;
      out += text.slice(last, start) + name;
      last = end;
    });
    return out + text.slice(last);
  }

  /** Alias definition lines: the up-front ones, or the deferred ones printed after the module. */
  definitions(deferred: boolean): string {
    let s = '';
    for (const e of this.entries) {
      if (e.deferred !== deferred) continue;
      const body = e.loc ? `loc(${this.locationInner(e.loc)})`
        : e.prefix === 'tuple' ? `tuple<${this.replaceText(tupleBody(e.text!))}>` : e.text!;
      s += `${e.name} = ${body}\n`;
    }
    return s;
  }
}
