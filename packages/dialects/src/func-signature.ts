/**
 * Function signatures in custom syntax, shared by every FunctionLike op:
 *   @name(%a: i32 {attrs} loc(...), %b: f32) -> (i32 {attrs}, f32)
 * External declarations spell only types: @name(i32, f32) -> i32
 */
import {
  ArrayAttr, DictionaryAttr, FunctionType, OperationState, StringAttr, Tok, TypeAttr, UnitAttr,
  type ArgumentDecl, type Attribute, type CallableInterface, type OpParser, type OpPrinter, type Operation,
  type Type,
} from '@lifeline/ir';

/**
 * The CallableOpInterface of a function op whose signature is its `function_type`
 * attribute and whose body is its first region (empty: a declaration).
 */
export const functionCallable: CallableInterface = {
  body: (op) => (op.regions[0]!.empty ? undefined : op.regions[0]),
  argTypes: (op) => ((op.getAttr('function_type') as TypeAttr).value as FunctionType).inputs,
  resultTypes: (op) => ((op.getAttr('function_type') as TypeAttr).value as FunctionType).results,
};

export interface Signature {
  args: ArgumentDecl[];
  argTypes: Type[];
  argAttrs: (DictionaryAttr | undefined)[];
  resultTypes: Type[];
  resultAttrs: (DictionaryAttr | undefined)[];
}

function parseOptionalDict(p: OpParser): DictionaryAttr | undefined {
  if (p.tok !== Tok.LBrace) return undefined;
  const entries: [string, Attribute][] = [];
  p.parseAttrDict((k, v) => entries.push([k, v]));
  return new DictionaryAttr(entries);
}

/** `opName` prefixes the custom-op errors, as MLIR's OpAsmParser::emitError does. */
export function parseSignature(p: OpParser, opName = 'func.func'): Signature {
  const sig: Signature = { args: [], argTypes: [], argAttrs: [], resultTypes: [], resultAttrs: [] };
  let named: boolean | undefined;
  p.parseCommaSeparated(Tok.LParen, Tok.RParen, () => {
    const isNamed = p.atOperand();
    if (named !== undefined && named !== isNamed) p.error(`custom op '${opName}' ${isNamed ? 'expected type instead of SSA identifier' : 'expected SSA identifier'}`);
    named = isNamed;
    if (isNamed) {
      const name = p.parseOperand();
      p.expect(Tok.Colon, "expected ':'");
      const type = p.parseType();
      const attrs = parseOptionalDict(p);
      const loc = p.parseOptionalLocation();
      sig.args.push({ name, type, loc });
      sig.argTypes.push(type);
      sig.argAttrs.push(attrs);
    } else {
      sig.argTypes.push(p.parseType());
      sig.argAttrs.push(parseOptionalDict(p));
      p.parseOptionalLocation();
    }
  });
  if (p.consumeIf(Tok.Arrow)) {
    if (p.tok === Tok.LParen) {
      p.parseCommaSeparated(Tok.LParen, Tok.RParen, () => {
        sig.resultTypes.push(p.parseType());
        sig.resultAttrs.push(parseOptionalDict(p));
      });
    } else {
      sig.resultTypes.push(p.parseType());
      sig.resultAttrs.push(undefined);
    }
  }
  return sig;
}

function attrArray(dicts: (DictionaryAttr | undefined)[]): ArrayAttr | undefined {
  if (!dicts.some((d) => d && d.entries.length)) return undefined;
  return new ArrayAttr(dicts.map((d) => d ?? new DictionaryAttr([])));
}

/** Parses `[visibility] @name(signature) [attributes {…}] [{ body }]` into a func-like op. */
export function parseFunctionOp(p: OpParser, st: OperationState, typeAttrName = 'function_type'): void {
  const vis = p.tok === Tok.String ? undefined : ['private', 'public', 'nested'].find((v) => p.parseOptionalKeyword(v));
  if (vis) st.addAttr('sym_visibility', new StringAttr(vis));
  st.addAttr('sym_name', new StringAttr(p.parseSymbolName()));
  const opName = st.def?.name ?? st.name;
  const sig = parseSignature(p, opName);
  st.addAttr(typeAttrName, new TypeAttr(FunctionType.get(sig.argTypes, sig.resultTypes)));
  // The dictionary may not restate what the syntax already gave (MLIR's
  // function_interface_impl::parseFunctionOp, reported at `attributes`).
  const dictAt = p.offset;
  const extra = new OperationState(st.name, st.def, st.loc);
  p.parseOptionalAttrDictWithKeyword(extra);
  const named = new Map([...(extra.propertiesIfAny ?? []), ...(extra.attributesIfAny ?? [])]);
  for (const name of ['sym_visibility', 'sym_name', typeAttrName]) {
    if (named.has(name)) p.error(`custom op '${opName}' '${name}' is an inferred attribute and should not be specified in the explicit attribute dictionary`, dictAt);
  }
  for (const [k, v] of named) st.addAttr(k, v);
  const argAttrs = attrArray(sig.argAttrs);
  const resAttrs = attrArray(sig.resultAttrs);
  if (argAttrs) st.addAttr('arg_attrs', argAttrs);
  if (resAttrs) st.addAttr('res_attrs', resAttrs);
  if (p.atRegion()) {
    const bodyAt = p.offset;
    // a type-only signature may still have a body: its entry block names the arguments
    // (`^bb0(%a: f32):`), and the verifier checks them against the signature
    const body = p.parseOpRegion(st, sig.args);
    // the printer omits an empty body, so `{}` would not round-trip
    if (body.empty) p.error(`custom op '${opName}' expected non-empty function body`, bodyAt);
    st.addRegion(body);
  } else {
    st.addRegion();
  }
}

export function printFunctionOp(op: Operation, p: OpPrinter, typeAttrName = 'function_type'): void {
  const vis = op.getAttr('sym_visibility');
  if (vis instanceof StringAttr) p.print(' ' + vis.value);
  p.print(' ');
  p.printSymbolName((op.getAttr('sym_name') as StringAttr).value);
  const fnType = (op.getAttr(typeAttrName) as TypeAttr).value as FunctionType;
  const body = op.regions[0]!;
  const argAttrs = op.getAttr('arg_attrs') as ArrayAttr | undefined;
  const resAttrs = op.getAttr('res_attrs') as ArrayAttr | undefined;
  const dictText = (a: Attribute | undefined) => (a instanceof DictionaryAttr && a.entries.length ? ' ' + a.toString() : '');
  const args = fnType.inputs.map((t, i) => {
    const attrs = dictText(argAttrs?.elements[i]);
    if (body.empty) return `${t}${attrs}`;
    const a = body.blocks[0]!.arguments[i]!;
    const loc = p.options.debugInfo ? ' ' + a.loc.toString() : '';
    return `${p.valueName(a)}: ${t}${attrs}${loc}`;
  });
  p.print(`(${args.join(', ')})`);
  if (fnType.results.length) {
    const res = fnType.results.map((t, i) => `${t}${dictText(resAttrs?.elements[i])}`);
    const needParens = res.length > 1 || fnType.results[0] instanceof FunctionType || dictText(resAttrs?.elements[0]) !== '';
    p.print(' -> ' + (needParens ? `(${res.join(', ')})` : res[0]));
  }
  p.printOptionalAttrDictWithKeyword(p.allAttrs(op), ['sym_name', 'sym_visibility', typeAttrName, 'arg_attrs', 'res_attrs']);
  if (!body.empty) {
    p.print(' ');
    p.printRegion(body, { printEntryBlockArgs: false, printBlockTerminators: true });
  }
}

export { UnitAttr };
