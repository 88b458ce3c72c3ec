// A push request a handler makes through a helper it calls (in its own file, or imported from another module,
// through barrels too). The helper is split in two: what it asks becomes a builder declared beside it, which the
// handler's round asks up front, and the helper takes the answer through a new last parameter. When every caller in
// the run hands it one, the request leaves the helper (`const answer = await answered();`). A caller that hands none
// (another handler uproot could not move, code outside any handler or outside the run) keeps the push request as the
// helper's fallback, marked [push-request], so one migrated handler never breaks another caller of the same helper:
//
//   const answer = await (answered ? answered() : ctx.mcpReq.send({ method: 'elicitation/create', params: askNameElicitation(ctx, message) }));
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type RootsSite, enclosingFunction, functionName, isExported, resolveSpecifier, unwrap } from '@uproot/core/planning';
import type { Unit } from './unit.ts';
import { boundAtTopLevel } from '../shared-helpers/imports.ts';
import { isReference } from './round-statements.ts';

/** What the handler's round needs to ask a helper's request up front, and the helper to take the answer. */
export interface HelperAsk {
  /** The helper that made the request, and its file. */
  fn: FunctionNode;
  fnUnit: Unit;
  /** The handler's call of the helper, and the handler's file. */
  call: TSESTree.CallExpression;
  callUnit: Unit;
  /** The builder declared beside the helper: it returns the request's parameters. */
  builder: string;
  /** The helper's optional parameter for a function that resolves to the answer, and its index. */
  answerParam: string;
  answerIndex: number;
  /** The helper was split by an earlier run (for other handlers): only this handler's call changes. */
  alreadySplit: boolean;
  /** How the handler's file calls the builder, and the module it imports it from (none in the same file). */
  builderCallee: string;
  builderImport?: string;
  /** The request's parameters in the helper's text: the builder returns them. */
  paramsRange: [number, number];
  /** The plain declarations the helper makes before its request, which the parameters may use: the builder repeats them. */
  prelude?: string[];
  /**
   * Why the helper keeps its push request as the fallback of a caller that hands no answer (the planner sets it once
   * it knows every caller); none: every caller hands one, and the helper takes the answer, required.
   */
  fallback?: string | undefined;
}

/** Why a helper's request cannot be split out (a sentence for the marker), thrown by `helperAsk`. */
export class HelperHold extends Error {}

/**
 * The split of `helper`'s request `site`, called by the handler at `call`; throws HelperHold when uproot cannot prove
 * the split keeps what the helper does: the request must be the helper's own, asked unconditionally before anything
 * in the helper acts, with parameters made only of the helper's parameters and names visible beside it.
 */
export function helperAsk(site: RootsSite, fn: FunctionNode, fnUnit: Unit, call: TSESTree.CallExpression, callUnit: Unit, kind: 'Elicitation' | 'Sampling', paramsNode: Node): HelperAsk {
  const name = functionName(fn);
  if (enclosingFunction(site.node) !== fn) throw new HelperHold(`it is made in a function ${name ?? 'the helper'}() calls, and uproot splits only the helper the handler calls`);
  const declaration = declarationOf(fn);
  if (!declaration || !name) throw new HelperHold('it is made in a method or an anonymous function, and uproot splits only named functions and function constants');
  if (fn.body.type !== 'BlockStatement') throw new HelperHold(`${name}() has no block body`);
  if (fn.params.some((p) => !(p.type === 'Identifier' || (p.type === 'AssignmentPattern' && p.left.type === 'Identifier')))) {
    throw new HelperHold(`${name}() takes destructured or rest parameters, which its builder cannot be handed as they are`);
  }
  const split = splitFormOf(site, fn);
  checkAskedFirst(split?.conditional ?? site.node, fn, fnUnit, name);
  const ref = (builder: string) => builderReference(call, callUnit, fnUnit, builder);
  const common = { fn, fnUnit, call, callUnit, paramsRange: [paramsNode.range[0], paramsNode.range[1]] as [number, number] };
  if (split) {
    const r = ref(split.builder);
    return { ...common, builder: split.builder, answerParam: split.answerParam, answerIndex: split.index, alreadySplit: true, builderCallee: r.callee, ...(r.import ? { builderImport: r.import } : {}) };
  }
  const prelude = preludeOf(site, fn);
  checkParams(paramsNode, fn, fnUnit, name, prelude);
  const builder = `${name}${kind}`;
  if (bound(fnUnit, builder) || fnUnit.text.includes(`${builder}(`)) throw new HelperHold(`the name ${builder}, for what ${name}() asks, is taken`);
  const answerParam = new RegExp(`\\banswered\\b`).test(fnUnit.text.slice(fn.range[0], fn.range[1])) ? 'uprootAnswered' : 'answered';
  const r = ref(builder);
  return { ...common, builder, answerParam, answerIndex: fn.params.length, alreadySplit: false, builderCallee: r.callee, ...(r.import ? { builderImport: r.import } : {}), prelude: readByParams(prelude, paramsNode, fnUnit).map((st) => fnUnit.text.slice(st.range[0], st.range[1])) };
}

/** A helper an earlier run split: `(answered ? answered() : <request built by the builder>)`. */
export interface SplitForm {
  conditional: TSESTree.ConditionalExpression;
  answerParam: string;
  index: number;
  builder: string;
  /** What the builder returns: the request's parameters. */
  params: Node;
}

export function splitFormOf(site: RootsSite, fn: FunctionNode): SplitForm | undefined {
  const conditional = site.node.parent;
  if (conditional?.type !== 'ConditionalExpression' || conditional.alternate !== site.node || conditional.test.type !== 'Identifier') return undefined;
  const answerParam = conditional.test.name;
  const index = fn.params.findIndex((p) => p.type === 'Identifier' && p.name === answerParam);
  const consequent = conditional.consequent;
  if (index < 0 || consequent.type !== 'CallExpression' || consequent.arguments.length || unwrap(consequent.callee).type !== 'Identifier' || (unwrap(consequent.callee) as TSESTree.Identifier).name !== answerParam) return undefined;
  const request = site.node as TSESTree.CallExpression;
  const first = request.arguments[0] && unwrap(request.arguments[0]);
  const paramsProperty = first?.type === 'ObjectExpression' ? first.properties.find((p) => p.type === 'Property' && p.key.type === 'Identifier' && p.key.name === 'params') : undefined;
  const built = paramsProperty?.type === 'Property' ? unwrap(paramsProperty.value as Node) : first;
  if (built?.type !== 'CallExpression' || unwrap(built.callee).type !== 'Identifier') return undefined;
  const builder = (unwrap(built.callee) as TSESTree.Identifier).name;
  // The builder is declared beside the helper, in the same module or block.
  const scope = declarationOf(fn)?.parent;
  const siblings = scope?.type === 'Program' || scope?.type === 'BlockStatement' ? scope.body : [];
  const declared = siblings.map((st) => (st.type === 'ExportNamedDeclaration' && st.declaration ? st.declaration : st)).find((st) => st.type === 'FunctionDeclaration' && st.id?.name === builder) as TSESTree.FunctionDeclaration | undefined;
  const ret = declared?.body.body.at(-1);
  if (ret?.type !== 'ReturnStatement' || !ret.argument) return undefined;
  return { conditional, answerParam, index, builder, params: ret.argument };
}

/** Whether a handler's chain already hands the split helper its answer (it was migrated by an earlier run). */
export function handsAnswer(hops: ReadonlyArray<{ fn: FunctionNode; call: TSESTree.CallExpression }>, site: RootsSite): boolean {
  const hop = hops.length === 1 ? hops[0] : undefined;
  const split = hop && splitFormOf(site, hop.fn);
  return !!split && hop.call.arguments.length > split.index;
}

/** The statement that declares the helper: `function f`, `const f = …`, either exported (default or named). */
export function declarationOf(fn: FunctionNode): TSESTree.Node | undefined {
  let statement: Node | undefined;
  if (fn.type === 'FunctionDeclaration' && fn.id) statement = fn;
  else if (fn.parent?.type === 'VariableDeclarator' && fn.parent.init === fn && fn.parent.id.type === 'Identifier' && fn.parent.parent?.type === 'VariableDeclaration') {
    if (fn.parent.parent.kind !== 'const' || fn.parent.parent.declarations.length !== 1) return undefined;
    statement = fn.parent.parent;
  }
  if (!statement) return undefined;
  if (statement.parent?.type === 'ExportNamedDeclaration' || statement.parent?.type === 'ExportDefaultDeclaration') statement = statement.parent;
  return statement.parent?.type === 'Program' || statement.parent?.type === 'BlockStatement' ? statement : undefined;
}

/**
 * The request is a statement of the helper's own body that only awaits it (`const answer = await …`, `return …`),
 * and everything before it declares plain values: what the helper did before asking cannot end it or act, so asking
 * first (in the handler's round) asks exactly the clients the original asked.
 */
function checkAskedFirst(request: Node, fn: FunctionNode, unit: Unit, name: string): void {
  const body = fn.body as TSESTree.BlockStatement;
  let node: Node = request;
  if (node.parent?.type === 'AwaitExpression') node = node.parent;
  const parent = node.parent;
  const statement =
    parent?.type === 'VariableDeclarator' && parent.init === node && parent.parent?.type === 'VariableDeclaration' && parent.parent.declarations.length === 1
      ? parent.parent
      : parent?.type === 'ReturnStatement' || parent?.type === 'ExpressionStatement'
        ? parent
        : undefined;
  if (!statement || statement.parent !== body) throw new HelperHold(`${name}() asks it conditionally or inside a nested block or expression`);
  for (const before of body.body) {
    if (before === statement) return;
    if (before.type === 'VariableDeclaration' && before.declarations.every((d) => d.id.type === 'Identifier' && (!d.init || plain(d.init)))) continue;
    const line = unit.text.slice(0, before.range[0]).split('\n').length;
    throw new HelperHold(`${name}() runs the statement at line ${line} before it, which the handler's round would ask ahead of`);
  }
}

/** The statements of the helper before its request (plain declarations, checkAskedFirst made sure). */
export function preludeOf(site: RootsSite, fn: FunctionNode): TSESTree.Statement[] {
  const body = (fn.body as TSESTree.BlockStatement).body;
  const at = body.findIndex((st) => site.node.range[0] >= st.range[0] && site.node.range[1] <= st.range[1]);
  return body.slice(0, Math.max(0, at));
}

/** The declarations of `prelude` the parameters read, directly or through another of them: the builder repeats only those. */
function readByParams(prelude: TSESTree.Statement[], params: Node, unit: Unit): TSESTree.Statement[] {
  const within = (node: Node, range: readonly [number, number]) => node.range[0] >= range[0] && node.range[1] <= range[1];
  const readers: Array<readonly [number, number]> = [params.range];
  const kept = new Set<TSESTree.Statement>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const st of prelude) {
      if (kept.has(st) || st.type !== 'VariableDeclaration') continue;
      const refs = st.declarations.flatMap((d) => unit.prov.variableOf(d.id as TSESTree.Identifier)?.references ?? []);
      if (!refs.some((ref) => readers.some((range) => within(ref.identifier as Node, range)))) continue;
      kept.add(st);
      readers.push(st.range);
      changed = true;
    }
  }
  return prelude.filter((st) => kept.has(st));
}

/** The parameters name only the helper's parameters, its plain declarations before the request, and what is visible beside it. */
function checkParams(params: Node, fn: FunctionNode, unit: Unit, name: string, prelude: TSESTree.Statement[]): void {
  visit(params, (node) => {
    if (!plain(node, false)) throw new HelperHold(`${name}() computes its parameters with an expression that acts`);
    if (node.type === 'ThisExpression' || (node.type === 'Identifier' && node.name === 'arguments')) throw new HelperHold(`${name}() uses this or arguments in its parameters`);
    if (node.type !== 'Identifier' || !isReference(node)) return;
    const def = unit.prov.variableOf(node)?.defs[0];
    if (!def) return;
    const at = def.name;
    const inParams = [...fn.params, ...prelude].some((p) => at.range[0] >= p.range[0] && at.range[1] <= p.range[1]);
    const inside = at.range[0] >= fn.range[0] && at.range[1] <= fn.range[1];
    if (inside && !inParams) throw new HelperHold(`its parameters use ${node.name}, which ${name}() computes`);
  });
}

/** The builder as the handler's file reaches it: by name in the same file, or imported from the helper's module. */
function builderReference(call: TSESTree.CallExpression, callUnit: Unit, fnUnit: Unit, builder: string): { callee: string; import?: string } {
  const callee = unwrap(call.callee);
  if (callee.type !== 'Identifier') throw new HelperHold('the handler calls the helper other than by its name');
  if (callUnit === fnUnit) return { callee: builder };
  if (bound(callUnit, builder)) throw new HelperHold(`the name ${builder} is taken in the handler's file`);
  const def = callUnit.prov.variableOf(callee)?.defs[0];
  const declaration = def?.type === 'ImportBinding' ? (def.node as Node).parent : undefined;
  if (declaration?.type !== 'ImportDeclaration') throw new HelperHold('the handler does not import the helper with an import declaration');
  const spec = declaration.source.value;
  // A barrel re-exports the helper but not the builder: import it from the helper's own module.
  if (resolveSpecifier(callUnit.path, spec) === fnUnit.path) return { callee: builder, import: spec };
  return { callee: builder, import: specifierFor(callUnit.path, fnUnit.path, spec) };
}

/** `to` as imported from `from`, spelled the way `like` spells its extension (`.js` for a `.ts` file, or none). */
export function specifierFor(from: string, to: string, like: string): string {
  let rel = path.relative(path.dirname(from), to).split(path.sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  const ext = path.extname(to);
  const likeExt = path.extname(like);
  if (!likeExt) return rel.slice(0, rel.length - ext.length);
  const emitted: Record<string, string> = { '.ts': '.js', '.tsx': '.js', '.mts': '.mjs', '.cts': '.cjs' };
  return likeExt === ext ? rel : `${rel.slice(0, rel.length - ext.length)}${emitted[ext] ?? ext}`;
}

/** The builder's declaration, inserted after the helper's: the helper's parameters, and the request's parameters returned. */
export function builderText(ask: HelperAsk, params: string, kind: 'elicit' | 'createMessage'): string {
  const { fn, fnUnit: u } = ask;
  const name = functionName(fn)!;
  const declaration = declarationOf(fn)!;
  const exported = isExported(fn) || ask.callUnit !== ask.fnUnit;
  const list = fn.params.length ? u.text.slice(fn.params[0]!.range[0], fn.params[fn.params.length - 1]!.range[1]) : '';
  const type = u.typescript ? `: ${kind === 'elicit' ? 'ElicitRequestFormParams' : 'CreateMessageRequestParamsBase'}` : '';
  const indent = /[ \t]*$/.exec(u.text.slice(0, declaration.range[0]))![0];
  const what = kind === 'elicit' ? 'elicitation' : 'sampling request';
  return [
    '',
    '',
    `/** The ${what} ${name}() makes: a handler migrated to multi round-trip requests asks it up front and hands ${name}() the answer. */`,
    `${exported ? 'export ' : ''}function ${ask.builder}(${list})${type} {`,
    ...(ask.prelude ?? []).map((st) => `${u.indent}${st}`),
    `${u.indent}return ${params};`,
    '}',
  ].join(`${u.eol}${indent}`);
}

function bound(unit: Unit, name: string): boolean {
  return boundAtTopLevel(unit.ast, unit.scopeManager, name);
}

/** Globals whose calls cannot act or end the helper on the values a helper hands them. */
const INERT_CALLS = new Set(['String', 'Number', 'Boolean']);

/** `String(x)`, `Array.isArray(x)`: a global (the file does not shadow it) that only tests or converts its one argument. */
function inertCall(call: TSESTree.CallExpression, unit: Unit): boolean {
  if (call.arguments.length > 1 || call.arguments.some((a) => a.type === 'SpreadElement')) return false;
  const callee = call.callee;
  const global = (id: TSESTree.Identifier) => !unit.prov.variableOf(id)?.defs.length;
  if (callee.type === 'Identifier') return INERT_CALLS.has(callee.name) && global(callee);
  return callee.type === 'MemberExpression' && !callee.computed && callee.object.type === 'Identifier' && callee.object.name === 'Array' && global(callee.object) && callee.property.type === 'Identifier' && callee.property.name === 'isArray';
}

/**
 * Whether what the helper does after its request can neither act nor end the handler (no throw, no call but
 * String/Number/Boolean/Array.isArray, no assignment outside its own declarations). When it can, a request the handler makes after
 * the helper returns is asked in a round of its own: the original never asked it of a client the helper threw for.
 */
export function helperTailInert(site: RootsSite, fn: FunctionNode, unit: Unit): boolean {
  if (fn.body.type !== 'BlockStatement') return false;
  const after = fn.body.body.filter((st) => st.range[0] > site.node.range[1]);
  let inert = true;
  for (const st of after) {
    visit(st, (n) => {
      if (n.type === 'ThrowStatement' || n.type === 'ForStatement' || n.type === 'WhileStatement' || n.type === 'DoWhileStatement') inert = false;
      else if (n.type === 'CallExpression' && !inertCall(n, unit)) inert = false;
      else if (n.type !== 'CallExpression' && !plain(n, false)) inert = false;
    });
  }
  return inert;
}

/** Nodes that act when evaluated: a call, an assignment, a function built. */
const ACTIVE = new Set(['CallExpression', 'NewExpression', 'AwaitExpression', 'AssignmentExpression', 'UpdateExpression', 'YieldExpression', 'TaggedTemplateExpression', 'ImportExpression', 'FunctionExpression', 'ArrowFunctionExpression', 'ClassExpression']);

function plain(node: Node, deep = true): boolean {
  if (!deep) return !ACTIVE.has(node.type) && !(node.type === 'UnaryExpression' && node.operator === 'delete');
  let ok = true;
  visit(node, (n) => {
    if (!plain(n, false)) ok = false;
  });
  return ok;
}

function visit(node: Node, fn: (node: Node) => void): void {
  fn(node);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (Array.isArray(value)) for (const v of value) if (v && typeof v === 'object' && 'type' in v) visit(v as Node, fn);
    if (value && typeof value === 'object' && 'type' in value) visit(value as Node, fn);
  }
}
