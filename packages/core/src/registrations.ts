// How the SDK calls a handler it was given: which handler kind a registration makes, and at which
// argument position the callback receives `extra` (v1) / `ctx` (v2). Arity rules verified in
// ../shared/sdk-probes/h-v1-callback-arity.mjs and i-v2-callback-arity.mjs.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, findProperty, propertyName, staticString, unwrap } from './ast.ts';
import { type McpValueKind, registrations, schemaMethods } from './surface.ts';
import type { HandlerKind } from './types.ts';
import { inputRequiredCapableMethods, listMethods } from './surface.ts';

/** The method a `setRequestHandler` / `setNotificationHandler` first argument names. */
export function handledMethod(arg: Node | undefined, schemaName: (node: Node) => string | undefined): string | undefined {
  if (!arg) return undefined;
  const literal = staticString(arg);
  if (literal !== undefined) return literal;
  const name = schemaName(methodValueSchema(arg) ?? arg);
  return name ? schemaMethods[name] : undefined;
}

/** For `Schema.shape.method.value` (the method string read off an SDK schema): the `Schema` node. */
export function methodValueSchema(node: Node): Node | undefined {
  const value = unwrap(node);
  if (value.type !== 'MemberExpression' || propertyName(value) !== 'value') return undefined;
  const method = unwrap(value.object);
  if (method.type !== 'MemberExpression' || propertyName(method) !== 'method') return undefined;
  const shape = unwrap(method.object);
  if (shape.type !== 'MemberExpression' || propertyName(shape) !== 'shape') return undefined;
  return shape.object;
}

export function registrationKind(call: TSESTree.CallExpression, receiver: McpValueKind): 'tool' | 'prompt' | 'resource' | 'request' | 'notification' | undefined {
  const name = calleeName(call);
  if (!name) return undefined;
  if (receiver === 'mcp-server' && registrations[name]) return registrations[name];
  if (receiver === 'server' || receiver === 'client') {
    if (name === 'setRequestHandler') return 'request';
    if (name === 'setNotificationHandler') return 'notification';
  }
  return undefined;
}

/** Which handler kind a low-level request handler for `method` is. */
export function requestHandlerKind(method: string | undefined): HandlerKind {
  if (!method) return 'other';
  if ((inputRequiredCapableMethods as readonly string[]).includes(method)) return 'request-handler';
  if (listMethods.has(method)) return 'list-handler';
  return 'other';
}

/**
 * The position of extra / ctx in the callback `fn` given to `call`, if the SDK passes one. `wrapper`
 * is the call that wraps `fn` when the registration receives `wrap(fn)` instead of `fn`.
 */
export function callbackExtraIndex(call: TSESTree.CallExpression, receiver: McpValueKind, fn: FunctionNode, wrapper?: Node): number | undefined {
  const kind = registrationKind(call, receiver);
  if (!kind || kind === 'notification') return undefined;
  const args = call.arguments;
  const last = args[args.length - 1];
  const given = wrapper ?? fn;
  if (!last || (unwrap(last) !== given && !(!wrapper && last.type === 'Identifier' && isSameFunction(last, fn)))) return undefined;
  if (kind === 'request') return 1;
  const name = calleeName(call)!;
  if (name === 'registerTool' || name === 'registerPrompt') {
    const config = args[1] && unwrap(args[1]);
    const key = name === 'registerTool' ? 'inputSchema' : 'argsSchema';
    if (config?.type === 'ObjectExpression') return findProperty(config, key) ? 1 : 0;
    return guessByArity(fn);
  }
  if (name === 'registerResource' || name === 'resource') {
    const uri = args[1] && unwrap(args[1]);
    if (uri && staticString(uri) !== undefined) return 1;
    if (uri?.type === 'NewExpression' && calleeName(uri) === 'ResourceTemplate') return 2;
    return fn.params.length >= 3 ? 2 : 1;
  }
  // Deprecated overloads `tool(name, [description], [shape], [annotations], cb)` and `prompt(...)`:
  // the callback gets args only when a params shape is present.
  const middle = args.slice(1, -1).map((a) => unwrap(a));
  const objects = middle.filter((a) => staticString(a) === undefined);
  if (objects.length === 0) return 0;
  const first = objects[0]!;
  if (first.type === 'ObjectExpression') return isRawShape(first) ? 1 : 0;
  return guessByArity(fn);
}

function guessByArity(fn: FunctionNode): number | undefined {
  if (fn.params.length >= 2) return 1;
  const only = fn.params[0];
  if (only?.type === 'Identifier' && /^(extra|ctx|context)$/.test(only.name)) return 0;
  return undefined;
}

/** The v1 SDK's isZodRawShape: empty, or some value looks like a schema (not a plain literal). */
export function isRawShape(obj: TSESTree.ObjectExpression): boolean {
  if (obj.properties.length === 0) return true;
  return obj.properties.some((p) => p.type === 'Property' && !isPlainLiteral(p.value));
}

function isPlainLiteral(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'Literal' || n.type === 'TemplateLiteral' || n.type === 'ArrayExpression' || (n.type === 'UnaryExpression' && n.argument.type === 'Literal');
}

function isSameFunction(id: TSESTree.Identifier, fn: FunctionNode): boolean {
  if (fn.type === 'FunctionDeclaration') return fn.id?.name === id.name;
  const p = fn.parent;
  return p?.type === 'VariableDeclarator' && p.id.type === 'Identifier' && p.id.name === id.name;
}
