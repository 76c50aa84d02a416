/**
 * Passes and the pass manager. A pipeline is text as mlir-opt takes it:
 *
 *   builtin.module(func.func(cse,canonicalize{max-iterations=3}),symbol-dce)
 *
 * A nested pipeline `name(...)` runs on every op called `name` directly inside
 * the ops of the enclosing pipeline (`any(...)` matches every op).
 */
import { diag, DiagnosticError, opError, type Diagnostic } from './diagnostics.js';
import { irMutations, type Operation } from './ir.js';
import type { Registry } from './opdef.js';
import { UnknownLoc, type Location } from './location.js';
import { printOp, type PrintOptions } from './printer.js';

export type PassOptionValue = string | number | boolean | string[];

export interface PassOptionSpec {
  name: string;
  description: string;
  type: 'string' | 'int' | 'bool' | 'list';
  default: PassOptionValue;
}

export interface PassContext {
  options: Record<string, PassOptionValue>;
  /** Adds to a named statistic (printed by --mlir-pass-statistics). */
  stat(name: string, n?: number): void;
  /** Reports an error on an op; the pass fails. */
  emitError(op: Operation, message: string): void;
  /** Reports an error at a location only (MLIR's emitError(Location)); the pass fails. */
  emitErrorAt?(loc: Location, message: string): void;
  /** The dialects the input was parsed with (MLIR's context), when the driver knows them. */
  registry?: Registry;
  /** Text for the driver's stderr (what MLIR's test passes print to `llvm::errs()`). */
  errs(text: string): void;
  /** Text for the driver's stdout, written before the printed IR (`llvm::outs()`). */
  outs(text: string): void;
}

export interface PassDef {
  /** Command-line argument (`cse`). */
  argument: string;
  /** Display name in dumps (`CSE`). */
  name: string;
  description: string;
  /** Op the pass anchors on; undefined for op-agnostic passes. */
  anchor?: string;
  options?: PassOptionSpec[];
  run(op: Operation, ctx: PassContext): void;
  /**
   * For a registered pass pipeline (MLIR's PassPipelineRegistration): the pipeline
   * text it expands to for the given options; the parser splices it in place, so
   * dumps and timings show the individual passes as mlir-opt does.
   */
  pipeline?(options: Record<string, PassOptionValue>): string;
}

export class PassRegistry {
  private readonly passes = new Map<string, PassDef>();
  register(p: PassDef): void {
    this.passes.set(p.argument, p);
  }
  has(name: string): boolean {
    return this.passes.has(name);
  }
  get(name: string): PassDef | undefined {
    return this.passes.get(name);
  }
  describe(): string {
    return [...this.passes.values()]
      .sort((a, b) => (a.argument < b.argument ? -1 : 1))
      .map((p) => `  --${p.argument.padEnd(40)} - ${p.description}\n`)
      .join('');
  }
}

export const passRegistry = new PassRegistry();

interface PassInstance {
  kind: 'pass';
  def: PassDef;
  options: Record<string, PassOptionValue>;
}
interface Nested {
  kind: 'nest';
  opName: string;
  items: Item[];
}
type Item = PassInstance | Nested;

export interface RunOptions {
  printIrAfterAll?: boolean;
  printIrBeforeAll?: boolean;
  printOptions?: PrintOptions;
  log?: (s: string) => void;
  /** The dialects loaded for this run, handed to passes. */
  registry?: Registry;
  /** Where passes' `errs`/`outs` text goes (default: `log` / dropped). */
  errs?: (s: string) => void;
  outs?: (s: string) => void;
  verify?: (op: Operation) => Diagnostic[];
  verifyEach?: boolean;
}

export interface RunResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  /** mlir-opt's execution time report; `phases` are the driver's own (Parser, Output). */
  timingReport(phases?: { parse: number; output: number }): string;
  statisticsReport(): string;
}

class PipelineError extends Error {}

/** Parses one pipeline string. */
function parsePipeline(text: string, registry: PassRegistry): Item[] {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const ident = (): string => {
    ws();
    const m = /^[A-Za-z_][\w.\-$]*/.exec(text.slice(i));
    if (!m) throw new PipelineError(`expected pass or pipeline name at '${text.slice(i, i + 20)}'`);
    i += m[0].length;
    return m[0];
  };
  const braces = (): string => {
    // `{a=1 b={x,y}}`: take the balanced text.
    const start = i;
    let depth = 0;
    for (; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) {
        i++;
        return text.slice(start + 1, i - 1);
      }
    }
    throw new PipelineError("missing closing '}' while processing pass options");
  };
  const list = (): Item[] => {
    const items: Item[] = [];
    ws();
    if (text[i] === ')') return items;
    for (;;) {
      const name = ident();
      ws();
      if (text[i] === '(') {
        i++;
        const inner = list();
        ws();
        if (text[i] !== ')') throw new PipelineError("expected ')' to close nested pipeline");
        i++;
        items.push({ kind: 'nest', opName: name, items: inner });
      } else {
        const def = registry.get(name);
        if (!def) throw new PipelineError(`'${name}' does not refer to a registered pass or pass pipeline`);
        const opts = text[i] === '{' ? braces() : '';
        const options = parseOptions(def, opts);
        if (def.pipeline) items.push(...parsePipeline(def.pipeline(options), registry));
        else items.push({ kind: 'pass', def, options });
      }
      ws();
      if (text[i] !== ',') return items;
      i++;
    }
  };
  const items = list();
  ws();
  if (i !== text.length) throw new PipelineError(`unexpected '${text.slice(i, i + 20)}' in pass pipeline`);
  return items;
}

/** `a=1 b=x,y c` → values typed by the pass's option specs. */
export function parseOptions(def: PassDef, text: string): Record<string, PassOptionValue> {
  const out: Record<string, PassOptionValue> = {};
  for (const o of def.options ?? []) out[o.name] = o.default;
  const re = /\s*([\w-]+)(?:=("[^"]*"|\{[^}]*\}|[^\s]*))?/y;
  let m: RegExpExecArray | null;
  let pos = 0;
  while (pos < text.length && (re.lastIndex = pos, (m = re.exec(text)))) {
    if (!m[0].trim()) break;
    pos = re.lastIndex;
    const spec = (def.options ?? []).find((o) => o.name === m![1]);
    if (!spec) throw new PipelineError(`no such option ${m[1]}`);
    const raw = (m[2] ?? 'true').replace(/^"|"$/g, '').replace(/^\{|\}$/g, '');
    switch (spec.type) {
      case 'bool':
        if (!['true', 'false', '1', '0'].includes(raw)) throw new PipelineError(`Invalid value '${raw}' for option ${spec.name}`);
        out[spec.name] = raw === 'true' || raw === '1';
        break;
      case 'int':
        if (!/^-?\d+$/.test(raw)) throw new PipelineError(`Invalid value '${raw}' for option ${spec.name}`);
        out[spec.name] = Number(raw);
        break;
      case 'list': out[spec.name] = raw ? raw.split(',') : []; break;
      default: out[spec.name] = raw;
    }
  }
  if (text.slice(pos).trim()) throw new PipelineError(`unexpected '${text.slice(pos)}' in pass options`);
  return out;
}

/** Whether every pass of an `any(...)` pipeline may run on `op`: registered, isolated, anchors agree. */
function canScheduleAny(items: readonly Item[], op: Operation): boolean {
  if (!op.def?.has('IsolatedFromAbove')) return false;
  return items.every((i) => i.kind === 'nest' || !i.def.anchor || i.def.anchor === op.name);
}

/** The op as mlir-opt dumps it: a top-level module ends in a newline, nested ops do not. */
function dump(op: Operation, o: RunOptions): string {
  const text = printOp(op, o.printOptions);
  return op.parent ? text.replace(/\n$/, '') : text;
}

function passLabel(p: PassInstance): string {
  return `${p.def.name} (${p.def.argument})`;
}

export class PassManager {
  private readonly timings: { label: string; ms: number; depth: number }[] = [];
  private readonly stats = new Map<string, Map<string, number>>();

  constructor(readonly items: Item[]) {}

  /**
   * Builds the top-level pipeline from --pass-pipeline texts and pass flags
   * (`__flag__:name{opts}`), which mlir-opt nests on the module.
   */
  static parse(parts: readonly string[], registry: PassRegistry): PassManager {
    const items: Item[] = [];
    try {
      for (const part of parts) {
        if (part.startsWith('__flag__:')) items.push(...parsePipeline(part.slice(9), registry));
        else {
          const parsed = parsePipeline(part, registry);
          if (parsed.length === 1 && parsed[0]!.kind === 'nest' && parsed[0]!.opName === 'builtin.module') {
            items.push(...parsed[0].items);
          } else if (parsed.length) {
            throw new PipelineError("expected the top-level pipeline to be anchored on 'builtin.module'");
          }
        }
      }
    } catch (e) {
      if (e instanceof PipelineError) {
        throw new DiagnosticError(diag('error', UnknownLoc.instance, `invalid pass pipeline: ${e.message}`));
      }
      throw e;
    }
    return new PassManager(items);
  }

  run(module: Operation, o: RunOptions = {}): RunResult {
    const diagnostics: Diagnostic[] = [];
    const ok = this.runItems(this.items, module, o, diagnostics, 0);
    return {
      ok,
      diagnostics,
      timingReport: (phases) => this.timingReport(phases),
      statisticsReport: () => this.statisticsReport(),
    };
  }

  private runItems(items: Item[], op: Operation, o: RunOptions, diags: Diagnostic[], depth: number): boolean {
    for (const item of items) {
      if (item.kind === 'nest') {
        const t0 = performance.now();
        const targets: Operation[] = [];
        for (const r of op.regions) for (const b of r.blocks) for (let c = b.first; c; c = c.next) {
          // `any` takes only the ops every pass of it can run on (mlir-opt's canScheduleOn).
          if (item.opName === 'any' ? canScheduleAny(item.items, c) : c.name === item.opName) targets.push(c);
        }
        this.timings.push({ label: `'${item.opName}' Pipeline`, ms: 0, depth });
        const entry = this.timings[this.timings.length - 1]!;
        for (const t of targets) if (!this.runItems(item.items, t, o, diags, depth + 1)) return false;
        entry.ms = performance.now() - t0;
        continue;
      }
      // What mlir-opt checks before running a pass on an op it was nested on.
      if (depth > 0 && !op.def) {
        diags.push(opError(op, `'${op.name}' op trying to schedule a pass on an unregistered operation`));
        return false;
      }
      if (depth > 0 && !op.def!.has('IsolatedFromAbove')) {
        diags.push(opError(op, `'${op.name}' op trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'`));
        return false;
      }
      if (item.def.anchor && item.def.anchor !== op.name) {
        diags.push(diag('error', op.loc, `can't run '${item.def.argument}' pass on '${op.name}' op`));
        return false;
      }
      if (o.printIrBeforeAll) o.log?.(`// -----// IR Dump Before ${passLabel(item)} //----- //\n${dump(op, o)}\n\n`);
      const t0 = performance.now();
      let failed = false;
      const ctx: PassContext = {
        options: item.options,
        stat: (name, n = 1) => {
          let m = this.stats.get(passLabel(item));
          if (!m) this.stats.set(passLabel(item), (m = new Map()));
          m.set(name, (m.get(name) ?? 0) + n);
        },
        emitError: (target, message) => {
          diags.push(opError(target, message));
          failed = true;
        },
        emitErrorAt: (loc, message) => {
          diags.push(diag('error', loc, message));
          failed = true;
        },
        registry: o.registry,
        errs: (text) => (o.errs ?? o.log)?.(text),
        outs: (text) => o.outs?.(text),
      };
      const mutationsBefore = irMutations();
      item.def.run(op, ctx);
      this.timings.push({ label: item.def.name, ms: performance.now() - t0, depth });
      if (failed) return false;
      // as MLIR, which skips the verifier when the pass preserved all analyses: a pass that
      // changed nothing leaves the IR as valid as it found it
      if (o.verifyEach && o.verify && irMutations() !== mutationsBefore) {
        const errs = o.verify(op);
        if (errs.length) {
          diags.push(...errs);
          return false;
        }
      }
      if (o.printIrAfterAll) o.log?.(`// -----// IR Dump After ${passLabel(item)} //----- //\n${dump(op, o)}\n\n`);
    }
    return true;
  }

  private timingReport(phases = { parse: 0, output: 0 }): string {
    const rows: { label: string; ms: number; depth: number }[] = [
      { label: 'Parser', ms: phases.parse, depth: 0 }, ...this.timings, { label: 'Output', ms: phases.output, depth: 0 },
    ];
    const total = rows.filter((t) => t.depth === 0).reduce((s, t) => s + t.ms, 0);
    const pct = (ms: number) => (total ? (ms / total) * 100 : 100).toFixed(1).padStart(5);
    const line = (ms: number, label: string, depth: number) =>
      `  ${(ms / 1000).toFixed(4).padStart(8)} (${pct(ms)}%)  ${'  '.repeat(depth)}${label}\n`;
    const rule = '===' + '-'.repeat(73) + '===\n';
    let s = rule + '                         ... Execution time report ...\n' + rule;
    s += `  Total Execution Time: ${(total / 1000).toFixed(4)} seconds\n\n  ----Wall Time----  ----Name----\n`;
    for (const t of rows) s += line(t.ms, t.label, t.depth);
    s += line(total, 'Total', 0);
    return s;
  }

  private statisticsReport(): string {
    let s = '===' + '-'.repeat(73) + '===\n' + '                         ... Pass statistics report ...\n' + '===' + '-'.repeat(73) + '===\n';
    for (const [pass, m] of this.stats) {
      s += `${pass}\n`;
      for (const [k, v] of m) s += `  (S) ${v} ${k}\n`;
    }
    return s;
  }
}
