// Low-level `Server` tools: the parameter goes into the JSON schema the `tools/list` handler
// returns for the tool, and the `tools/call` handler reads it from `request.params.arguments`.
// Which tool a roots request belongs to comes from the dispatch around it (`if (name === 'x')`,
// `case 'x': { … }`, an early `if (name !== 'x') throw`), or from a server with a single tool.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, findProperty, nodeText, staticString, unwrap } from '@uproot/core/planning';
import { type TextEdit, insert } from '@uproot/core/planning';
import { type Provenance, walkAll, walkOwnBody } from '@uproot/core/planning';
import { handledMethod } from '@uproot/core/planning';
import { stringLiteral } from './names.ts';
import { addProperty, literalKeys } from './object-edits.ts';
import type { NewParam } from './registration.ts';
import { unresolved } from './unprovable.ts';

/** The part of the tools/call handler that serves one tool: where its checks go and what it spans. */
export interface Branch {
  tool: string;
  /** Offset right after `{` of the block the tool's code starts in. */
  open: number;
  /** The first statement of the tool's code (the entry check goes above it). */
  first: Node | undefined;
  range: [number, number];
}

export interface LowLevelTool {
  keys: string[];
  branch: Branch;
  add(p: NewParam): { edits: TextEdit[]; read: string };
}

export function lowLevelTool(registration: TSESTree.CallExpression, callback: FunctionNode, position: Node, ast: TSESTree.Program, prov: Provenance, text: string, eol: string, unit: string): LowLevelTool {
  const request = callback.params[0];
  if (request?.type !== 'Identifier') throw unresolved('the tools/call handler does not name its request parameter');
  if (callback.body.type !== 'BlockStatement') throw unresolved('the tools/call handler has no block body');
  const tools = listedTools(registration, ast, prov, text);
  const branch = findBranch(callback, callback.body, position, request.name, tools);
  const tool = tools.get(branch.tool);
  if (!tool) throw unresolved(`the tools/list handler does not list "${branch.tool}" as a literal object`);
  const value = objectValue(findProperty(tool, 'inputSchema'), `the inputSchema of "${branch.tool}"`);
  const propertiesValue = value && objectValue(findProperty(value, 'properties'), `the inputSchema properties of "${branch.tool}"`);
  const keys = propertiesValue ? literalKeys(propertiesValue, `the inputSchema of "${branch.tool}"`) : [];
  return {
    keys,
    branch,
    add: (p) => {
      const field = `${p.name}: { type: 'string', description: ${stringLiteral(text, p.description)} }`;
      const required = p.optional ? [] : [`'${p.name}'`];
      const edits: TextEdit[] = [];
      if (!value) {
        const req = required.length ? `, required: [${required.join(', ')}]` : '';
        edits.push(addProperty(text, tool, `inputSchema: { type: 'object', properties: { ${field} }${req} }`, eol, unit));
      } else {
        edits.push(propertiesValue ? addProperty(text, propertiesValue, field, eol, unit) : addProperty(text, value, `properties: { ${field} }`, eol, unit));
        if (required.length) {
          const current = findProperty(value, 'required');
          const list = current && unwrap(current.value);
          if (!current) edits.push(addProperty(text, value, `required: [${required.join(', ')}]`, eol, unit));
          else if (list?.type !== 'ArrayExpression') throw unresolved(`the required list of "${branch.tool}" is not an array literal`);
          else if (list.elements.length === 0) edits.push({ start: list.range[0], end: list.range[1], text: `[${required.join(', ')}]` });
          else edits.push(insert(list.elements[list.elements.length - 1]!.range[1], `, ${required.join(', ')}`));
        }
      }
      return { edits, read: `${request.name}.params.arguments?.${p.name}` };
    },
  };
}

/** Tool objects by name, from the one tools/list handler registered on the same server. */
function listedTools(registration: TSESTree.CallExpression, ast: TSESTree.Program, prov: Provenance, text: string): Map<string, TSESTree.ObjectExpression> {
  const receiver = receiverText(registration, text);
  const handlers: TSESTree.CallExpression[] = [];
  walkAll(ast, (n) => {
    if (n.type !== 'CallExpression' || calleeName(n) !== 'setRequestHandler' || receiverText(n, text) !== receiver) return;
    if (handledMethod(n.arguments[0], (s) => prov.is(s, 'schema')?.name) === 'tools/list') handlers.push(n);
  });
  if (handlers.length !== 1) throw unresolved(`found ${handlers.length} tools/list handlers for this server; uproot needs exactly one to add the parameter to`);
  const fn = unwrap(handlers[0]!.arguments[handlers[0]!.arguments.length - 1]!);
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') throw unresolved('the tools/list handler is not an inline function');
  const returned: Node[] = [];
  if (fn.body.type !== 'BlockStatement') returned.push(fn.body);
  else walkOwnBody(fn.body, (n) => n.type === 'ReturnStatement' && n.argument && returned.push(n.argument));
  const result = returned.length === 1 ? unwrap(returned[0]!) : undefined;
  const list = result?.type === 'ObjectExpression' ? findProperty(result, 'tools') : undefined;
  const array = list && constArray(list.value, prov);
  if (!array) throw unresolved('the tools/list handler does not return one literal { tools: [...] }');
  const tools = new Map<string, TSESTree.ObjectExpression>();
  for (const element of array.elements) {
    const tool = element && unwrap(element);
    if (tool?.type !== 'ObjectExpression') continue;
    const name = findProperty(tool, 'name');
    const value = name && staticString(name.value);
    if (value !== undefined) tools.set(value, tool);
  }
  return tools;
}

function objectValue(property: TSESTree.Property | undefined, what: string): TSESTree.ObjectExpression | undefined {
  if (!property) return undefined;
  const value = unwrap(property.value);
  if (value.type !== 'ObjectExpression') throw unresolved(`${what} is not an object literal`);
  return value;
}

function constArray(node: Node, prov: Provenance): TSESTree.ArrayExpression | undefined {
  const n = unwrap(node);
  if (n.type === 'ArrayExpression') return n;
  if (n.type !== 'Identifier') return undefined;
  const def = prov.variableOf(n)?.defs[0];
  if (def?.type !== 'Variable' || def.node.type !== 'VariableDeclarator' || def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const') return undefined;
  const init = def.node.init && unwrap(def.node.init);
  return init?.type === 'ArrayExpression' ? init : undefined;
}

function receiverText(call: TSESTree.CallExpression, text: string): string | undefined {
  const callee = unwrap(call.callee);
  return callee.type === 'MemberExpression' ? nodeText(text, unwrap(callee.object)) : undefined;
}

function findBranch(callback: FunctionNode, body: TSESTree.BlockStatement, position: Node, request: string, tools: Map<string, TSESTree.ObjectExpression>): Branch {
  const isName = (n: Node) => isToolName(n, request, callback);
  for (let child: Node = position, parent = position.parent; parent && child !== body; child = parent, parent = parent.parent) {
    if (parent.type === 'IfStatement' && parent.consequent === child) {
      const tool = comparedName(parent.test, '===', isName);
      if (tool !== undefined) return blockBranch(tool, child, 'the if branch for this tool has no braces');
    }
    if (parent.type === 'SwitchCase' && parent.test && parent.parent?.type === 'SwitchStatement' && isName(parent.parent.discriminant)) {
      const tool = staticString(parent.test);
      if (tool === undefined) break;
      const only = parent.consequent.length === 1 ? parent.consequent[0]! : parent.consequent.find((s) => s.type !== 'BreakStatement');
      if (!only || only.type !== 'BlockStatement' || !parent.consequent.every((s) => s === only || s.type === 'BreakStatement')) throw unresolved(`case '${tool}' has no braces around its code`);
      return blockBranch(tool, only, '');
    }
  }
  // `if (name !== 'x') throw …;` at the top of the handler: the rest of it is tool x.
  const top = body.body.findIndex((s) => s.range[0] <= position.range[0] && position.range[1] <= s.range[1]);
  for (let i = 0; i < top; i++) {
    const s = body.body[i]!;
    if (s.type !== 'IfStatement' || s.alternate || !exits(s.consequent)) continue;
    const tool = comparedName(s.test, '!==', isName);
    if (tool !== undefined) return { tool, open: s.range[1], first: body.body[i + 1], range: [s.range[1], body.range[1]] };
  }
  if (tools.size === 1) {
    const tool = [...tools.keys()][0]!;
    return { tool, open: body.range[0] + 1, first: body.body[0], range: [body.range[0], body.range[1]] };
  }
  throw unresolved('cannot tell which tool this tools/call code serves (no name check around it, and more than one tool is listed)');
}

function blockBranch(tool: string, node: Node, error: string): Branch {
  if (node.type !== 'BlockStatement') throw unresolved(error || `the branch for "${tool}" has no braces`);
  return { tool, open: node.range[0] + 1, first: node.body[0], range: [node.range[0], node.range[1]] };
}

function comparedName(test: Node, operator: '===' | '!==', isName: (n: Node) => boolean): string | undefined {
  if (test.type !== 'BinaryExpression' || (test.operator !== operator && test.operator !== operator.slice(0, 2))) return undefined;
  if (isName(test.left)) return staticString(test.right);
  if (isName(test.right as Node)) return staticString(test.left);
  return undefined;
}

/** `request.params.name`, or a const read from it (`const { name } = request.params`). */
function isToolName(node: Node, request: string, callback: FunctionNode): boolean {
  const n = unwrap(node);
  if (n.type === 'MemberExpression') {
    const object = unwrap(n.object);
    return !n.computed && n.property.type === 'Identifier' && n.property.name === 'name' && object.type === 'MemberExpression' && !object.computed &&
      object.property.type === 'Identifier' && object.property.name === 'params' && unwrap(object.object).type === 'Identifier' && (unwrap(object.object) as TSESTree.Identifier).name === request;
  }
  if (n.type !== 'Identifier') return false;
  let found = false;
  walkAll(callback.body, (d) => {
    if (d.type !== 'VariableDeclarator' || !d.init || d.parent?.type !== 'VariableDeclaration' || d.parent.kind !== 'const') return;
    const init = unwrap(d.init);
    if (d.id.type === 'Identifier' && d.id.name === n.name && isToolName(init, request, callback)) found = true;
    if (d.id.type === 'ObjectPattern' && init.type === 'MemberExpression' && unwrap(init.object).type === 'Identifier' && (unwrap(init.object) as TSESTree.Identifier).name === request &&
      !init.computed && init.property.type === 'Identifier' && init.property.name === 'params') {
      for (const p of d.id.properties) if (p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.key.name === 'name' && p.value.type === 'Identifier' && p.value.name === n.name) found = true;
    }
  });
  return found;
}

function exits(node: Node): boolean {
  if (node.type === 'ThrowStatement' || node.type === 'ReturnStatement') return true;
  return node.type === 'BlockStatement' && node.body.length > 0 && exits(node.body[node.body.length - 1]!);
}
