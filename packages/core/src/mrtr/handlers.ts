// Which handler answers with a value: follow it out of its function through `return`, then to the
// registration that receives the function (SDK), a ResourceTemplate's list / complete callbacks, a
// lifecycle hook, or a hand-rolled dispatch branch, through same-file helper calls.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, propertyName, unwrap } from '../ast.ts';
import type { Provenance } from '../provenance.ts';
import { handledMethod, registrationKind } from '../registrations.ts';
import { inputRequiredCapableMethods } from '../surface.ts';
import { MCP_METHOD_KEY, dispatchedMethod, returningFunctions } from './flow.ts';
import { isMcpExport } from './imports.ts';

export interface HandlerUse {
  /** The request (or notification) method this handler answers, when known. */
  method?: string;
  /** The handler as a message names it, e.g. "The resources/list handler". */
  label: string;
  /** Registered with the SDK (which gates input requests itself) or dispatched by hand. */
  served: 'sdk' | 'hand-rolled';
  /** Whether this handler's answer may be input_required. Unknown methods count as capable. */
  capable: boolean;
  /** What answers: a request handler, a notification handler or lifecycle hook (no result), or a client's handler. */
  answers: 'request' | 'nothing' | 'server-request';
  /**
   * Where the value passes on its way to the handler, innermost first: the value itself, then each call of
   * a helper that returns it (each in the next function out).
   */
  path: Node[];
}

const MAX_HOPS = 6;

export function isCapableMethod(method: string): boolean {
  return (inputRequiredCapableMethods as readonly string[]).includes(method);
}

/** The handlers whose answer `node`'s value becomes. Empty when no handler can be traced. */
export function handlersAnswering(node: Node, prov: Provenance): HandlerUse[] {
  return answering(node, prov, 0, new Set());
}

function answering(node: Node, prov: Provenance, hops: number, seen: Set<Node>): HandlerUse[] {
  const dispatch = dispatchedMethod(node);
  if (dispatch) return [handRolled(dispatch.method, `The hand-rolled ${dispatch.method} branch`, [node])];
  const out: HandlerUse[] = [];
  for (const fn of returningFunctions(node, prov)) {
    for (const use of functionHandlers(fn, prov, hops, seen)) out.push({ ...use, path: [node, ...use.path] });
  }
  return out;
}

function functionHandlers(fn: FunctionNode, prov: Provenance, hops: number, seen: Set<Node>): HandlerUse[] {
  if (seen.has(fn) || hops > MAX_HOPS) return [];
  seen.add(fn);
  const direct = valueUse(fn, prov);
  if (direct) return [direct];
  const out: HandlerUse[] = [];
  // A named helper: handlers that return what its calls return, or registrations that receive it by name.
  for (const call of prov.callsOf(fn)) out.push(...answering(call, prov, hops + 1, seen));
  for (const ref of prov.referencesTo(fn)) {
    const p = ref.parent;
    if (p?.type === 'CallExpression' && p.callee === ref) continue;
    const use = valueUse(ref, prov);
    if (use) out.push(use);
  }
  return out;
}

/** What receives a function value (the function itself or a reference to it) as a handler. */
function valueUse(value: Node, prov: Provenance): HandlerUse | undefined {
  let position: Node = value;
  // `registerTool(name, config, withErrors(async (args, ctx) => ...))`: wrappers pass the SDK's arguments through.
  while (position.parent?.type === 'CallExpression' && position.parent.arguments.includes(position as TSESTree.Expression)) {
    const use = registrationUse(position.parent, position, prov);
    if (use) return use;
    position = position.parent;
  }
  const parent = position.parent;
  if (parent?.type === 'Property' && parent.value === position) return propertyUse(parent, prov);
  if (parent?.type === 'AssignmentExpression' && parent.right === position && parent.left.type === 'MemberExpression') {
    const hook = propertyName(parent.left);
    const owner = prov.valueOf(parent.left.object);
    if (hook === 'oninitialized' || (hook && /^on[a-z]+$/.test(hook) && owner && ['server', 'mcp-server', 'client'].includes(owner.kind))) {
      return { label: `The ${hook} hook`, served: 'sdk', capable: false, answers: 'nothing', path: [] };
    }
  }
  return undefined;
}

function registrationUse(call: TSESTree.CallExpression, position: Node, prov: Provenance): HandlerUse | undefined {
  const callee = unwrap(call.callee);
  const last = call.arguments[call.arguments.length - 1];
  if (isMcpExport(callee, 'completable', prov)) {
    return call.arguments[1] === position ? sdk('completion/complete', 'The completable() callback (completion/complete)') : undefined;
  }
  if (callee.type !== 'MemberExpression' || last !== position) return undefined;
  const receiver = prov.valueOf(callee.object);
  if (!receiver) return undefined;
  const kind = registrationKind(call, receiver.kind);
  switch (kind) {
    case 'tool':
      return sdk('tools/call', 'The tool');
    case 'prompt':
      return sdk('prompts/get', 'The prompt');
    case 'resource':
      return sdk('resources/read', 'The resource read callback');
    case 'request': {
      const method = handledMethod(call.arguments[0], (n) => prov.is(n, 'schema')?.name);
      if (receiver.kind === 'client') return { method, label: `The client's ${method ?? 'request'} handler`, served: 'sdk', capable: false, answers: 'server-request', path: [] };
      return method ? sdk(method, `The ${method} handler`) : undefined;
    }
    case 'notification': {
      const method = handledMethod(call.arguments[0], (n) => prov.is(n, 'schema')?.name);
      return { method, label: method ? `The ${method} notification handler` : 'The notification handler', served: 'sdk', capable: false, answers: 'nothing', path: [] };
    }
    default:
      return undefined;
  }
}

/** `new ResourceTemplate(uri, { list, complete: { v } })` callbacks, and `{ 'tools/list': fn }` dispatch tables. */
function propertyUse(prop: TSESTree.Property, prov: Provenance): HandlerUse | undefined {
  const obj = prop.parent;
  if (obj?.type !== 'ObjectExpression') return undefined;
  const key = propertyName(prop);
  if (key === 'list' && isTemplateCallbacks(obj, prov)) return sdk('resources/list', 'The list callback of this ResourceTemplate (resources/list)');
  const holder = obj.parent;
  if (holder?.type === 'Property' && holder.value === obj && propertyName(holder) === 'complete' && holder.parent?.type === 'ObjectExpression' && isTemplateCallbacks(holder.parent, prov)) {
    return sdk('completion/complete', 'The complete callback of this ResourceTemplate (completion/complete)');
  }
  if (key && MCP_METHOD_KEY.test(key)) return handRolled(key, `The hand-rolled ${key} handler`, []);
  return undefined;
}

/** The callbacks object of `new ResourceTemplate(uri, callbacks)`, inline or through a local. */
function isTemplateCallbacks(obj: TSESTree.ObjectExpression, prov: Provenance): boolean {
  const targets: Node[] = [obj];
  const decl = obj.parent;
  if (decl?.type === 'VariableDeclarator' && decl.init === obj && decl.id.type === 'Identifier') {
    for (const ref of prov.variableOf(decl.id)?.references ?? []) if (!ref.isWrite()) targets.push(ref.identifier);
  }
  return targets.some((t) => {
    const p = t.parent;
    return p?.type === 'NewExpression' && p.arguments[1] === t && isMcpExport(p.callee, 'ResourceTemplate', prov);
  });
}

function sdk(method: string, label: string): HandlerUse {
  return { method, label, served: 'sdk', capable: isCapableMethod(method), answers: 'request', path: [] };
}

function handRolled(method: string, label: string, path: Node[]): HandlerUse {
  const notification = method.startsWith('notifications/');
  return { method, label, served: 'hand-rolled', capable: !notification && isCapableMethod(method), answers: notification ? 'nothing' : 'request', path };
}
