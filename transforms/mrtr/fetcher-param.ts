// The roots request handed to a fill *as a function* — a fetcher parameter (memvid-mcp:
// `await initializeRoots(async () => server.server.listRoots())`, and in the fill
// `const result = await listRootsFn(); state.roots = result.roots`). The fill calls the function where
// an answer fill uses its parameter: that call is the fill's fetch. Per request the function handed over
// returns the MRTR answer instead (the request inside it is what the helper replaces), so the fill runs
// as it did, once per call, and what it keeps is what it kept. That holds only when the fill runs the
// function exactly once, with no arguments, and awaits what it returns; anything else keeps the marker.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, functionName, isFunction, locOf, propertyName, unwrap } from '@uproot/core/planning';
import type { Provenance, RootsSite } from '@uproot/core/planning';
import { fillerOf } from '../param/state/hooks.ts';
import { Unprovable } from './unit.ts';

type Reason = NonNullable<RootsSite['reason']>;

/**
 * The request a function returns and does nothing else with: an arrow's expression body
 * (`() => server.listRoots()`, awaited or cast), or a block holding only `return [await] request;`.
 */
export function fetcherRequest(fn: FunctionNode, requests: ReadonlySet<Node>): Node | undefined {
  if (fn.params.length > 0 || fn.generator) return undefined;
  let body: Node = fn.body;
  if (body.type === 'BlockStatement') {
    const only = body.body.length === 1 ? body.body[0] : undefined;
    if (only?.type !== 'ReturnStatement' || !only.argument) return undefined;
    body = only.argument;
  }
  const x = unwrapAwait(body);
  return requests.has(x) ? x : undefined;
}

function unwrapAwait(node: Node): Node {
  let x = unwrap(node);
  while (x.type === 'AwaitExpression') x = unwrap(x.argument);
  return x;
}

/**
 * A fetcher handed to a call as one of its arguments: the function written in place, or a named one
 * (`async function askRoots() { return server.listRoots(); }`, `const askRoots = () => …`) whose only
 * use is that argument. The call, the fetcher and the argument's index.
 */
export interface HandedFetcher {
  call: TSESTree.CallExpression;
  index: number;
  fetcher: FunctionNode;
}

export function handedFetcherOf(fn: FunctionNode, prov: Provenance, requests: ReadonlySet<Node>): HandedFetcher | undefined {
  if (!fetcherRequest(fn, requests)) return undefined;
  const argument = namedUse(fn, prov) ?? fn;
  const call = argument.parent;
  if (call?.type !== 'CallExpression' || unwrap(call.callee) === argument) return undefined;
  const index = call.arguments.indexOf(argument as TSESTree.Expression);
  return index === -1 ? undefined : { call, index, fetcher: fn };
}

/** The one reference of a named fetcher, when it has exactly one (called elsewhere too, it is no fetcher of one fill). */
function namedUse(fn: FunctionNode, prov: Provenance): Node | undefined {
  const id = fn.type === 'FunctionDeclaration' ? fn.id : fn.parent?.type === 'VariableDeclarator' && fn.parent.init === fn && fn.parent.id.type === 'Identifier' ? fn.parent.id : undefined;
  if (!id) return undefined;
  const variable = prov.variableOf(id);
  const refs = variable?.references.filter((r) => r.identifier !== id) ?? [];
  if (!variable || refs.some((r) => r.isWrite()) || refs.length !== 1) return undefined;
  return refs[0]!.identifier;
}

/** Every argument of the call that is a fetcher of one of the requests (written in place or named). */
export function fetcherArguments(call: TSESTree.CallExpression, prov: Provenance, requests: ReadonlySet<Node>): HandedFetcher[] {
  const found: HandedFetcher[] = [];
  call.arguments.forEach((arg, index) => {
    const x = unwrap(arg);
    let fn: Node | undefined = x;
    if (x.type === 'Identifier') {
      const def = prov.variableOf(x)?.defs[0];
      fn = def?.node.type === 'FunctionDeclaration' ? def.node : def?.node.type === 'VariableDeclarator' && def.node.init ? unwrap(def.node.init) : undefined;
    }
    if (fn && isFunction(fn) && handedFetcherOf(fn, prov, requests)?.call === call) found.push({ call, index, fetcher: fn });
  });
  return found;
}

/**
 * The function a request's answer is kept by, as fillerOf sees it, with a fetcher handed to a call
 * counted as code of the function making that call (the hook handing it to the fill).
 */
export function fetchingFunction(node: Node, requests: ReadonlySet<Node>, prov: Provenance): FunctionNode | undefined {
  const fn = fillerOf(node, requests);
  const handed = fn && handedFetcherOf(fn, prov, requests);
  return handed ? fillerOf(handed.call, requests) : fn;
}

/**
 * The fill's call of the function it is handed at `index`: the one place it runs it, with no arguments,
 * awaited or chained with `.then`. Throws the marker that says what else the fill does with it.
 */
export function fetcherParamCall(fill: FunctionNode, index: number, prov: Provenance, reason: Reason, name: string): TSESTree.CallExpression {
  const fail = (why: string): never => {
    throw new Unprovable(reason, `${name}() is handed the roots request as a function and ${why}: the per-request form replays a fill that runs it once and awaits the answer`);
  };
  const param = fill.params[index];
  const id = param?.type === 'Identifier' ? param : param?.type === 'AssignmentPattern' && param.left.type === 'Identifier' ? param.left : undefined;
  if (!id) return fail(param ? 'takes it in a pattern or rest parameter' : 'never names it');
  const refs = prov.variableOf(id)?.references.filter((r) => r.identifier !== id) ?? [];
  if (refs.length === 0) return fail('never runs it');
  const calls: TSESTree.CallExpression[] = [];
  for (const ref of refs) {
    const call = ref.identifier.parent;
    const line = locOf(ref.identifier).start.line;
    if (ref.isWrite()) fail(`assigns that parameter (line ${line})`);
    if (call?.type !== 'CallExpression' || call.callee !== ref.identifier) fail(`keeps it or hands it on (line ${line})`);
    calls.push(call as TSESTree.CallExpression);
  }
  if (calls.length > 1) fail(`runs it ${calls.length} times (lines ${calls.map((c) => locOf(c).start.line).join(', ')})`);
  const call = calls[0]!;
  if (call.arguments.length > 0) fail(`runs it with arguments (line ${locOf(call).start.line})`);
  // Run in a callback of the fill (a timer, a retry loop's closure), it could run later or again.
  const runner = runningFn(call);
  if (runner !== fill) fail(`runs it inside ${runner && functionName(runner) ? `${functionName(runner)}()` : 'a callback'} (line ${locOf(call).start.line})`);
  if (!awaitedAnswer(call)) fail(`does not wait for its answer (line ${locOf(call).start.line})`);
  return call;
}

/** The function whose body runs the node (the node's enclosing function). */
function runningFn(node: Node): FunctionNode | undefined {
  for (let p = node.parent; p; p = p.parent) if (isFunction(p)) return p;
  return undefined;
}

/** `await fetch()`, or `fetch().then(cb)` itself awaited or returned (the answer is waited for before the fill goes on). */
function awaitedAnswer(call: Node): boolean {
  let top: Node = call;
  const member = top.parent;
  if (member?.type === 'MemberExpression' && member.object === top && propertyName(member) === 'then' && member.parent?.type === 'CallExpression' && member.parent.callee === member) top = member.parent;
  let p = top.parent;
  while (p && (p.type === 'TSAsExpression' || p.type === 'TSNonNullExpression')) p = p.parent;
  return p?.type === 'AwaitExpression' || p?.type === 'ReturnStatement';
}
