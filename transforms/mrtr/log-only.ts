// A call whose every effect is a line in the process's own log: `console.*`, a logger called at a level,
// `process.stderr.write(…)`, or a function of this file (a declaration, a `const` arrow, a method of the same
// class through `this`) whose every statement does only that. No MCP client reads those lines (on stdio, stderr
// is not the protocol channel; an MCP logging notification, `sendLoggingMessage`, is not one of them), so a read
// of the roots state that only decides what such a line says may see the state refreshed at another moment.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, isFunction, propertyName, thisClass, unwrap, walkAll } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import { isConsoleCall } from '../hook-statements.ts';

/** How many functions deep a log call is followed (`warnIfEmpty` → `logMissing` → `console.error`). */
const MAX_DEPTH = 3;
// Calls that turn a value into text and do nothing else.
const TO_TEXT = new Set(['JSON.stringify', 'String']);

/** `call` only writes the process's log; its arguments are not checked (see `logOnlyStatement` for that). */
export function isLogCall(call: TSESTree.CallExpression, prov: Provenance, depth = 0): boolean {
  if (isConsoleCall(call) || isStderrWrite(call)) return true;
  if (depth >= MAX_DEPTH) return false;
  const fn = calledFunction(call, prov);
  // A generator or async function's body runs later or partly: only plain functions are followed.
  return !!fn && !fn.async && !fn.generator && logOnlyBody(fn, prov, depth + 1);
}

/** `statement` only writes log lines (branching on values it only reads, returning early without a value). */
export function logOnlyStatement(statement: Node, prov: Provenance, depth = 0): boolean {
  switch (statement.type) {
    case 'EmptyStatement':
      return true;
    case 'BlockStatement':
      return statement.body.every((s) => logOnlyStatement(s, prov, depth));
    case 'ReturnStatement':
      return !statement.argument;
    case 'IfStatement':
      return readOnly(statement.test) && logOnlyStatement(statement.consequent, prov, depth) && (!statement.alternate || logOnlyStatement(statement.alternate, prov, depth));
    case 'ExpressionStatement': {
      const e = unwrap(statement.expression.type === 'UnaryExpression' && statement.expression.operator === 'void' ? statement.expression.argument : statement.expression);
      return e.type === 'CallExpression' && e.arguments.every(readOnly) && isLogCall(e, prov, depth);
    }
    default:
      return false;
  }
}

function logOnlyBody(fn: FunctionNode, prov: Provenance, depth: number): boolean {
  if (fn.body.type === 'BlockStatement') return logOnlyStatement(fn.body, prov, depth);
  const e = unwrap(fn.body);
  return e.type === 'CallExpression' && e.arguments.every(readOnly) && isLogCall(e, prov, depth);
}

/** `process.stderr.write(…)`: the operator's stream (stdout is the protocol channel of a stdio server). */
function isStderrWrite(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || propertyName(callee) !== 'write') return false;
  const stream = unwrap(callee.object);
  return stream.type === 'MemberExpression' && propertyName(stream) === 'stderr' && unwrap(stream.object).type === 'Identifier' && (unwrap(stream.object) as TSESTree.Identifier).name === 'process';
}

/** The function of this file `call` runs: `name(…)` of a declaration or `const name = () => …`, or `this.name(…)` of the class around it. */
function calledFunction(call: TSESTree.CallExpression, prov: Provenance): FunctionNode | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') {
    const def = prov.variableOf(callee)?.defs[0];
    if (def?.type === 'FunctionName' && def.node.type === 'FunctionDeclaration') return def.node;
    // A `const` binding: a `let` could be reassigned to anything before the call.
    const init = def?.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.init && def.parent?.type === 'VariableDeclaration' && def.parent.kind === 'const' ? unwrap(def.node.init) : undefined;
    return init && isFunction(init) ? init : undefined;
  }
  if (callee.type !== 'MemberExpression' || callee.computed || unwrap(callee.object).type !== 'ThisExpression') return undefined;
  const cls = thisClass(callee);
  const name = propertyName(callee);
  // A subclass could override the method: only a class nothing extends from this file is followed.
  if (!cls || !name || overridable(cls, prov)) return undefined;
  for (const member of cls.body.body) {
    if (member.type === 'MethodDefinition' && member.kind === 'method' && !member.static && propertyName(member) === name && member.value.type === 'FunctionExpression') return member.value;
  }
  return undefined;
}

function overridable(cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression, prov: Provenance): boolean {
  if (cls.type !== 'ClassDeclaration' || !cls.id) return true;
  const exported = cls.parent?.type === 'ExportNamedDeclaration' || cls.parent?.type === 'ExportDefaultDeclaration';
  const refs = prov.variableOf(cls.id)?.references ?? [];
  return exported || refs.some((r) => r.identifier.parent?.type === 'ClassDeclaration' || r.identifier.parent?.type === 'ClassExpression');
}

/** An expression that reads values and writes nothing: no assignment, no await, no call but text conversions. */
export function readOnly(e: Node): boolean {
  let ok = true;
  walkAll(e, (n) => {
    if (n.type === 'AssignmentExpression' || n.type === 'UpdateExpression' || n.type === 'AwaitExpression' || n.type === 'YieldExpression' || n.type === 'NewExpression' || isFunction(n)) ok = false;
    if (n.type === 'UnaryExpression' && n.operator === 'delete') ok = false;
    if (n.type === 'CallExpression' && !TO_TEXT.has(qualifiedCallee(n) ?? '')) ok = false;
  });
  return ok;
}

function qualifiedCallee(call: TSESTree.CallExpression): string | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed && callee.object.type === 'Identifier' && callee.property.type === 'Identifier') return `${callee.object.name}.${callee.property.name}`;
  return undefined;
}
