/**
 * Pieces shared by the scf ops: implicit terminators, `(%inner = %outer, …)`
 * initialization lists, and the checks MLIR runs through traits and interfaces
 * (region size constraints, SingleBlockImplicitTerminator, LoopLikeOpInterface,
 * RegionBranchOpInterface type edges), with MLIR's wording.
 */
import {
  Block, IntegerAttr, Operation, Region, Tok, diag, DiagnosticError, i1,
  type ArgumentDecl, type RegionBranchInterface, type RegionSuccessor, type OpParser, type OpPrinter, type OperationState, type RegionPoint,
  type UnresolvedOperand, type Value, type VerifyNote,
} from '@lifeline/ir';

/** What a verify hook returns. */
export type VerifyResult = string | { error: string; notes?: VerifyNote[] } | { opError: string; notes?: VerifyNote[] } | undefined;

/**
 * MLIR's ensureTerminator: an empty region gets a block, and a block that does
 * not end in a terminator gets `name` appended (built by `build` when the
 * terminator needs regions of its own).
 */
export function ensureTerminator(p: OpParser, st: OperationState, r: Region, name: string, regions = 0): void {
  if (!r.blocks.length) r.pushBlock(new Block());
  const b = r.blocks[r.blocks.length - 1]!;
  if (b.last?.def?.has('Terminator')) return;
  const t = new Operation({ name, def: p.registry.lookup(name), loc: st.loc, regions });
  for (const reg of t.regions) reg.pushBlock(new Block());
  b.append(t);
}

/** Reports a parse error at the op (MLIR's `parser.getNameLoc()`). */
export function errorAtOp(st: OperationState, message: string): never {
  throw new DiagnosticError(diag('error', st.loc, message));
}

/** `(%a = %x, %b = %y)`: the region arguments (untyped yet) and the operands they are bound to. */
export function parseAssignmentList(p: OpParser): { args: ArgumentDecl[]; operands: UnresolvedOperand[] } {
  const args: ArgumentDecl[] = [];
  const operands: UnresolvedOperand[] = [];
  p.parseCommaSeparated(Tok.LParen, Tok.RParen, () => {
    args.push(p.parseArgument(false));
    p.expect(Tok.Equal, "expected '='");
    operands.push(p.parseOperand());
  });
  return { args, operands };
}

/** `<prefix>(%inner = %outer, …)`; nothing when there are no initializers. */
export function printInitList(p: OpPrinter, inner: readonly Value[], outer: readonly Value[], prefix: string): void {
  if (!outer.length) return;
  p.print(`${prefix}(${inner.map((v, i) => `${p.valueName(v)} = ${p.valueName(outer[i]!)}`).join(', ')})`);
}

/** Whether the region's single block ends in an op without operands, attributes or results (it may be elided). */
export function elidableTerminator(r: Region): boolean {
  const t = r.blocks[0]?.last;
  return !t || !(t.operands.length || t.hasAttributes || t.hasProperties || t.results.length);
}

// ---- verification helpers ---------------------------------------------------------------

/** ODS region constraints SizedRegion<1> ('exact') and MaxSizedRegion<1> ('max'). */
export function checkRegionSize(op: Operation, index: number, name: string, kind: 'exact' | 'max'): string | undefined {
  const n = op.regions[index]!.blocks.length;
  if (kind === 'exact' ? n === 1 : n <= 1) return undefined;
  const what = kind === 'exact' ? 'region with 1 blocks' : 'region with at most 1 blocks';
  return `region #${index} ('${name}') failed to verify constraint: ${what}`;
}

/** SingleBlockImplicitTerminator<name>: non-empty regions hold one block ending in `name`. */
export function checkImplicitTerminator(op: Operation, name: string): VerifyResult {
  for (let i = 0; i < op.regions.length; i++) {
    const r = op.regions[i]!;
    if (!r.blocks.length) continue;
    if (r.blocks.length > 1) return `expects region #${i} to have 0 or 1 blocks`;
    const t = r.blocks[0]!.last;
    if (!t) return 'expects a non-empty block';
    if (t.name === name) continue;
    return {
      opError: `expects regions to end with '${name}', found '${t.name}'`,
      notes: [{ loc: op.loc, message: `in custom textual format, the absence of terminator implies '${name}'` }],
    };
  }
  return undefined;
}

/** MLIR's verifyAndGetTerminator: the first block of `r` must end in `name`. */
export function checkTerminator(op: Operation, r: Region, name: string, message: string): VerifyResult {
  const t = r.blocks[0]?.last;
  if (t && t.name === name) return undefined;
  return { opError: message, notes: t ? [{ loc: t.loc, message: 'terminator here' }] : [] };
}

/** The values a region's terminator hands to `target` (undefined when it is not a region-branch terminator). */
function forwarded(term: Operation, target: RegionPoint): readonly Value[] | undefined {
  const iface = term.def?.spec.regionBranchTerminator;
  if (iface) return iface.forwardedOperands(term, target);
  return term.def?.has('ReturnLike') ? term.operandValues() : undefined;
}

/**
 * RegionBranchOpInterface's verifier: along every edge (parent → region,
 * region → region or parent), the forwarded operand types match the
 * successor's inputs. Wording (including MLIR's doubled space) as in LLVM 19.
 */
export function checkRegionBranchTypes(op: Operation): VerifyResult {
  const rb = op.def?.spec.regionBranch;
  if (!rb) return undefined;
  const pointName = (pt: RegionPoint, parent: string) => (pt === 'parent' ? parent : `Region #${op.regions.indexOf(pt)}`);
  const edge = (src: RegionPoint, dst: RegionPoint) => `from ${pointName(src, 'parent operands')} to ${pointName(dst, 'parent results')}`;
  const check = (src: RegionPoint, sourceValues: (dst: RegionPoint) => readonly Value[] | string): VerifyResult => {
    for (const succ of rb.successors(op, src)) {
      const vs = sourceValues(succ.target);
      if (typeof vs === 'string') return vs;
      if (vs.length !== succ.inputs.length) {
        return ` region control flow edge ${edge(src, succ.target)}: source has ${vs.length} operands, but target successor needs ${succ.inputs.length}`;
      }
      for (let i = 0; i < vs.length; i++) {
        if (vs[i]!.type !== succ.inputs[i]!.type) {
          return ` along control flow edge ${edge(src, succ.target)}: source type #${i} '${vs[i]!.type}' should match input type #${i} '${succ.inputs[i]!.type}'`;
        }
      }
    }
    return undefined;
  };
  const fromParent = check('parent', (dst) => rb.entryOperands(op, dst));
  if (fromParent) return fromParent;
  for (const r of op.regions) {
    const terms = r.blocks.map((b) => b.last).filter((t): t is Operation => !!t && forwarded(t, 'parent') !== undefined);
    if (!terms.length) continue;
    const err = check(r, (dst) => {
      const first = forwarded(terms[0]!, dst)!;
      for (const t of terms.slice(1)) {
        const other = forwarded(t, dst)!;
        if (other.length !== first.length || other.some((v, i) => v.type !== first[i]!.type)) {
          // Sic: MLIR prints no space between "edge" and "from" here.
          return ` along control flow edge${edge(r, dst)} operands mismatch between return-like terminators`;
        }
      }
      return first;
    });
    if (err) return err;
  }
  return undefined;
}

/** LoopLikeOpInterface's checks on inits, region iter_args, yielded values and loop results. */
export function checkLoopLike(op: Operation, inits: readonly Value[], iterArgs: readonly Value[], yielded: readonly Value[],
  results: readonly Value[] | undefined): VerifyResult {
  if (inits.length !== iterArgs.length) return `different number of inits and region iter_args: ${inits.length} != ${iterArgs.length}`;
  if (yielded.length && iterArgs.length !== yielded.length) {
    return `different number of region iter_args and yielded values: ${iterArgs.length} != ${yielded.length}`;
  }
  if (results && results.length !== iterArgs.length) {
    return `different number of loop results and region iter_args: ${results.length} != ${iterArgs.length}`;
  }
  for (let i = 0; i < inits.length; i++) {
    if (inits[i]!.type !== iterArgs[i]!.type) {
      return `${i}-th init and ${i}-th region iter_arg have different type: '${inits[i]!.type}' != '${iterArgs[i]!.type}'`;
    }
    if (yielded.length && iterArgs[i]!.type !== yielded[i]!.type) {
      return `${i}-th region iter_arg and ${i}-th yielded value have different type: '${iterArgs[i]!.type}' != '${yielded[i]!.type}'`;
    }
  }
  if (results) {
    for (let i = 0; i < results.length; i++) {
      if (iterArgs[i]!.type !== results[i]!.type) {
        return `${i}-th region iter_arg and ${i}-th loop result have different type: '${iterArgs[i]!.type}' != '${results[i]!.type}'`;
      }
    }
  }
  return undefined;
}

/** Runs checks in order and returns the first failure. */
export function firstFailure(...checks: (() => VerifyResult)[]): VerifyResult {
  for (const c of checks) {
    const r = c();
    if (r) return r;
  }
  return undefined;
}

/**
 * The custom syntax of an if with then/else regions and an optional result list
 * (`scf.if`, `fir.if`): `%c -> (types) { … } else { … } attr-dict`; the terminators are
 * spelled only when they carry values.
 */
export function ifSyntax(terminator: string): { parse: (p: OpParser, st: OperationState) => void; print: (op: Operation, p: OpPrinter) => void } {
  return {
    parse(p, st) {
      st.operands = [p.resolveOperand(p.parseOperand(), i1)];
      st.types = p.parseOptionalArrowTypeList();
      const thenRegion = p.parseOpRegion(st);
      ensureTerminator(p, st, thenRegion, terminator);
      let elseRegion = new Region();
      if (p.parseOptionalKeyword('else')) {
        elseRegion = p.parseOpRegion(st);
        ensureTerminator(p, st, elseRegion, terminator);
      }
      st.regions = [thenRegion, elseRegion];
      p.parseOptionalAttrDict(st);
    },
    print(op, p) {
      p.print(` ${p.valueName(op.operand(0))}`);
      const terms = op.results.length > 0;
      if (terms) p.print(` -> (${op.results.map((r) => r.type.toString()).join(', ')})`);
      p.print(' ');
      p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: terms });
      if (!op.regions[1]!.empty) {
        p.print(' else ');
        p.printRegion(op.regions[1]!, { printEntryBlockArgs: false, printBlockTerminators: terms });
      }
      p.printOptionalAttrDict(p.allAttrs(op));
    },
  };
}

/**
 * The region-branch behaviour of an if with then/else regions (`scf.if`, `fir.if`): from
 * the parent, the then region and the else region, or the parent itself when the else is
 * empty; from either region, the parent's results. A constant condition enters one side.
 */
export const ifRegionBranch: RegionBranchInterface = {
  successors(op, point) {
    if (point !== 'parent') return [{ target: 'parent', inputs: op.results }];
    const els = op.regions[1]!;
    // Without an else region control may skip the op (it then has no results).
    return [{ target: op.regions[0]!, inputs: [] }, els.empty ? { target: 'parent', inputs: [] } : { target: els, inputs: [] }];
  },
  entryOperands: () => [],
  entrySuccessorsForConstants(op, [cond]) {
    const known = cond instanceof IntegerAttr ? cond.value !== 0n : undefined;
    const els = op.regions[1]!;
    const out: RegionSuccessor[] = [];
    if (known !== false) out.push({ target: op.regions[0]!, inputs: [] });
    if (known !== true) out.push(els.empty ? { target: 'parent', inputs: op.results } : { target: els, inputs: [] });
    return out;
  },
};
