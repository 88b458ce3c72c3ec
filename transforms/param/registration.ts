// Where a McpServer tool or prompt declares its parameters, and how its callback receives them:
// `registerTool(name, { inputSchema }, cb)` (z.object or a raw shape, or none yet), the same for
// `registerPrompt` / `argsSchema`, and the deprecated v1 `tool(...)` / `prompt(...)` overloads.
// Adding a parameter where there was none moves extra/ctx from the first to the second argument
// (mcp-roots-reference.md §1.5, §3.3), so the callback gains an arguments parameter in front.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, findProperty, staticString, unwrap } from '@uproot/core/planning';
import { type TextEdit, insert } from '@uproot/core/planning';
import { isRawShape } from '@uproot/core/planning';
import { stringLiteral } from './names.ts';
import { addProperty, literalKeys } from './object-edits.ts';
import { unresolved } from './unprovable.ts';

export interface NewParam {
  name: string;
  optional: boolean;
  description: string;
}

export interface Registration {
  /** The parameter names the handler already declares. */
  keys: string[];
  /** Edits that declare `param` and make the callback receive it, and how the body reads it. */
  add(param: NewParam): { edits: TextEdit[]; read: string };
}

export interface Layout {
  text: string;
  eol: string;
  unit: string;
  sdk: 1 | 2;
  zod: () => string;
}

function zodField(l: Layout, p: NewParam): string {
  return `${p.name}: ${l.zod()}.string()${p.optional ? '.optional()' : ''}.describe(${stringLiteral(l.text, p.description)})`;
}

export function mcpServerRegistration(call: TSESTree.CallExpression, callback: FunctionNode, l: Layout): Registration {
  const name = calleeName(call);
  if (name === 'registerTool' || name === 'registerPrompt') return configRegistration(call, callback, name === 'registerTool' ? 'inputSchema' : 'argsSchema', l);
  if (name === 'tool' || name === 'prompt') return overloadRegistration(call, callback, name, l);
  throw unresolved(`${name ?? 'this registration'} is not a tool or prompt registration uproot can add a parameter to`);
}

function configRegistration(call: TSESTree.CallExpression, callback: FunctionNode, key: 'inputSchema' | 'argsSchema', l: Layout): Registration {
  const config = call.arguments[1] && unwrap(call.arguments[1]);
  if (config?.type !== 'ObjectExpression') throw unresolved('the registration config is not an object literal');
  const property = findProperty(config, key);
  if (!property) {
    literalKeys(config, 'the registration config');
    return {
      keys: [],
      add: (p) => {
        const schema = l.sdk === 2 ? `${l.zod()}.object({ ${zodField(l, p)} })` : `{ ${zodField(l, p)} }`;
        const args = argumentsParam(callback, 0, p, l);
        return { edits: [addProperty(l.text, config, `${key}: ${schema}`, l.eol, l.unit), ...args.edits], read: args.read };
      },
    };
  }
  const shape = shapeLiteral(property.value as Node);
  const keys = literalKeys(shape, `the ${key}`);
  return {
    keys,
    add: (p) => {
      const args = argumentsParam(callback, 1, p, l);
      return { edits: [addProperty(l.text, shape, zodField(l, p), l.eol, l.unit), ...args.edits], read: args.read };
    },
  };
}

/** `{ a: z.string() }`, or `z.object({ ... })` with any chain of `.strict()`-style calls after it. */
function shapeLiteral(value: Node): TSESTree.ObjectExpression {
  let node = unwrap(value);
  if (node.type === 'ObjectExpression') return node;
  while (node.type === 'CallExpression') {
    const callee = unwrap(node.callee);
    const method = calleeName(node);
    if (callee.type === 'MemberExpression' && ['object', 'strictObject', 'looseObject'].includes(method ?? '') && unwrap(callee.object).type === 'Identifier') {
      const arg = node.arguments[0] && unwrap(node.arguments[0]);
      if (arg?.type === 'ObjectExpression') return arg;
      break;
    }
    if (callee.type !== 'MemberExpression') break;
    node = unwrap(callee.object);
  }
  throw unresolved('the schema is not an inline z.object({...}) or shape, so uproot cannot add the parameter to it');
}

/** v1 `tool(name, [description], [shape], [annotations], cb)` and `prompt(name, [description], [argsShape], cb)`. */
function overloadRegistration(call: TSESTree.CallExpression, callback: FunctionNode, method: 'tool' | 'prompt', l: Layout): Registration {
  const args = call.arguments;
  if (unwrap(args[args.length - 1]!) !== callback && args[args.length - 1]!.type !== 'Identifier') throw unresolved('the callback is not the last argument');
  const middle = args.slice(1, -1);
  const objects: TSESTree.ObjectExpression[] = [];
  for (const a of middle) {
    const n = unwrap(a);
    if (staticString(n) !== undefined) continue;
    if (n.type !== 'ObjectExpression') throw unresolved(`a ${method}() argument is not a literal, so uproot cannot tell the shape from the annotations`);
    objects.push(n);
  }
  const first = objects[0];
  const shape = first && (method === 'prompt' || isRawShape(first)) ? first : undefined;
  if (shape) {
    const keys = literalKeys(shape, `the ${method} shape`);
    return {
      keys,
      add: (p) => {
        const a = argumentsParam(callback, 1, p, l);
        return { edits: [addProperty(l.text, shape, zodField(l, p), l.eol, l.unit), ...a.edits], read: a.read };
      },
    };
  }
  // The shape goes after the name and description, before any annotations.
  const before = first ?? args[args.length - 1]!;
  return {
    keys: [],
    add: (p) => {
      const a = argumentsParam(callback, 0, p, l);
      return { edits: [insert(before.range[0], `{ ${zodField(l, p)} }, `), ...a.edits], read: a.read };
    },
  };
}

/**
 * Make the callback read the new argument. `argsIndex` 1: the callback already takes arguments
 * first; 0: it takes extra/ctx first and gains an arguments parameter in front of it.
 */
export function argumentsParam(fn: FunctionNode, argsIndex: 0 | 1, p: NewParam, l: Layout): { edits: TextEdit[]; read: string } {
  const params = fn.params;
  if (params.some((q) => q.type === 'RestElement')) throw unresolved('the handler takes rest parameters');
  const existing = argsIndex === 1 ? params[0] : undefined;
  if (!existing) return { edits: prependParam(fn, `{ ${p.name} }`, l.text), read: p.name };
  if (existing.type === 'ObjectPattern') {
    const annotation = existing.typeAnnotation?.typeAnnotation;
    const edits = [addProperty(l.text, existing, p.name, l.eol, l.unit)];
    if (annotation) edits.push(typeMember(annotation, p, l));
    return { edits, read: p.name };
  }
  if (existing.type === 'Identifier') {
    const annotation = existing.typeAnnotation?.typeAnnotation;
    return { edits: annotation ? [typeMember(annotation, p, l)] : [], read: `${existing.name}.${p.name}` };
  }
  throw unresolved('the handler takes its arguments with a default value or a nested pattern');
}

function typeMember(annotation: TSESTree.TypeNode, p: NewParam, l: Layout): TextEdit {
  if (annotation.type !== 'TSTypeLiteral') throw unresolved('the handler annotates its arguments with a named type uproot cannot extend');
  return addProperty(l.text, annotation, `${p.name}${p.optional ? '?' : ''}: string`, l.eol, l.unit);
}

/** A new first parameter; `x => …` gains the parentheses it now needs. */
function prependParam(fn: FunctionNode, param: string, text: string): TextEdit[] {
  const first = fn.params[0];
  if (first) {
    const parenthesised = text.slice(fn.range[0], first.range[0]).includes('(');
    if (!parenthesised) return [insert(first.range[0], `(${param}, `), insert(first.range[1], ')')];
    return [insert(first.range[0], `${param}, `)];
  }
  const open = text.indexOf('(', fn.type === 'FunctionDeclaration' && fn.id ? fn.id.range[1] : fn.type === 'FunctionExpression' && fn.id ? fn.id.range[1] : fn.range[0]);
  if (open < 0 || open > fn.body.range[0]) throw unresolved('cannot find the handler parameter list');
  return [insert(open + 1, param)];
}
