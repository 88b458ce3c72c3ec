// A read of the roots state outside any MCP request that only shows the value — sent in the response of a
// callback a non-MCP library calls (an HTTP health route's `res.json(…)`, a consent page's HTML) or logged —
// sees "the latest roots this process saw" in the original and in the per-request form alike: only the
// moment they were refreshed moves (initialization and roots/list_changed before, each handler's call now).
// The same holds for a read in any function no MCP handler runs (start-up code after `connect`, a function the
// module exports) whose value only decides what a log line says: an `if` on it whose branches only log
// (log-only.ts). A read whose value decides anything else (another branch, which tools exist, another state, a
// function's result) is not one of these and stays a consumer.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, enclosingFunction, isFunction, locOf, propertyName, reachesOf, unwrap } from '@uproot/core/planning';
import type { Provenance, Reach } from '@uproot/core/planning';
import { isLogCall, logOnlyStatement, readOnly } from './log-only.ts';
import { readsOnly } from './reports.ts';

/** What the JSON report says changed for the reads `shownOnly` let through. */
export function shownTimingNote(lines: readonly number[]): string {
  const at = [...new Set(lines)].sort((a, b) => a - b).join(', ');
  return `the state read outside any MCP request at line ${at} (a response or log of code MCP does not call) now shows the roots of the latest handler call that asked for them, not of the latest initialization or roots/list_changed; before the first such call it shows the start-up value`;
}

// Methods that change the array, Map or Set they are called on: a read through them writes the state.
const MUTATORS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin', 'set', 'delete', 'clear', 'add']);
// Calls that turn a value into text and do nothing else.
const TO_TEXT = new Set(['JSON.stringify', 'String']);
/** `JSON.stringify`, `String`: the callee as written, when it is a plain name or a name's member. */
function qualifiedCallee(call: TSESTree.CallExpression): string | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed && callee.object.type === 'Identifier' && callee.property.type === 'Identifier') return `${callee.object.name}.${callee.property.name}`;
  return undefined;
}
const MAX_LOCALS = 3;

/** `read` runs in a callback handed to non-MCP code, and its value only reaches that callback's response or a log line. */
export function shownOnly(read: Node, prov: Provenance): boolean {
  const fn = enclosingFunction(read);
  if (!fn) return false;
  const reaches = reachesOf(read, prov);
  // Only a callback handed to non-MCP code has a response of its own to show the value in; any function can log it.
  return reaches.length > 0 && reaches.every(outsideMcp) && flowsToShow(read, fn, prov, 0, handedOut(fn, prov)) === true;
}

/** For a marker: where the value of a read in a non-MCP callback stops being only shown, or undefined when the read is not in one. */
export function whyNotShown(read: Node, prov: Provenance): string | undefined {
  const fn = enclosingFunction(read);
  if (!fn || !handedOut(fn, prov) || !reachesOf(read, prov).every(outsideMcp)) return undefined;
  const stop = flowsToShow(read, fn, prov, 0, true);
  if (stop === true) return undefined;
  return `its value reaches line ${locOf(stop).start.line} for more than a log line or the response of the callback it is read in, so what it does there could change with when the roots are asked for`;
}

/** No MCP handler or hook runs it: only non-MCP callers (or start-up code handing the callback out). */
function outsideMcp(reach: Reach): boolean {
  return reach.handler === 'other' || (reach.handler === 'lifecycle' && reach.name === 'module top level');
}

/** `app.get('/health', (req, res) => …)`, or a named function only ever passed to calls like that. */
function handedOut(fn: FunctionNode, prov: Provenance): boolean {
  if (isArgument(fn)) return true;
  if (fn.type === 'ArrowFunctionExpression' && fn.parent?.type !== 'VariableDeclarator') return false;
  const refs = prov.referencesTo(fn);
  return refs.length > 0 && refs.every(isArgument);
}

function isArgument(node: Node): boolean {
  const call = node.parent;
  return call?.type === 'CallExpression' && call.arguments.some((a) => a === node);
}

/** `true` when the value only reaches a show call (a log call, or with `responses` a response call); else the node it reaches instead. */
function flowsToShow(node: Node, fn: FunctionNode, prov: Provenance, locals: number, responses: boolean): Node | true {
  let current: Node = node;
  for (;;) {
    const p: Node | undefined = current.parent;
    if (!p) return current;
    switch (p.type) {
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
      case 'ChainExpression':
      case 'TemplateLiteral':
      case 'BinaryExpression':
      case 'LogicalExpression':
      case 'ConditionalExpression':
      case 'ArrayExpression':
      case 'SpreadElement':
        break;
      case 'UnaryExpression':
        if (p.operator === 'delete') return p;
        break;
      case 'MemberExpression': {
        // `dirs.length`, `dirs.join(', ')`: a read of the value; `x[dirs]` uses it as a key, `dirs.length = 0` writes it.
        if (p.object !== current) return p;
        const use = p.parent;
        if ((use?.type === 'AssignmentExpression' && use.left === p) || use?.type === 'UpdateExpression') return use;
        if (use?.type === 'CallExpression' && use.callee === p) {
          if (MUTATORS.has(propertyName(p) ?? '') || !use.arguments.every((a) => readsOnly(a))) return use;
          current = use;
          continue;
        }
        break;
      }
      case 'Property':
        if (p.value !== current || p.parent?.type !== 'ObjectExpression') return p;
        current = p.parent;
        continue;
      case 'CallExpression': {
        if (!p.arguments.some((a) => a === current)) return p;
        if (isLogCall(p, prov) || (responses && isResponseCall(p, fn, prov))) return true;
        if (!TO_TEXT.has(qualifiedCallee(p) ?? '')) return p;
        break;
      }
      case 'VariableDeclarator': {
        // `const html = \`…${dirs}…\`; res.send(html)`: every use of the local must show it too.
        const declaration = p.parent;
        if (p.init !== current || p.id.type !== 'Identifier' || declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const' || locals >= MAX_LOCALS) return p;
        const id = p.id;
        const uses = prov.variableOf(id)?.references.filter((r) => r.identifier !== id && !r.isWrite()) ?? [];
        if (uses.length === 0) return p;
        for (const r of uses) {
          const stop = flowsToShow(r.identifier, fn, prov, locals + 1, responses);
          if (stop !== true) return stop;
        }
        return true;
      }
      case 'IfStatement':
        // `if (dirs.length === 0) warn(…)`: the value picks which log lines are written, and nothing else.
        if (p.test !== current) return p;
        return logOnlyStatement(p.consequent, prov) && (!p.alternate || logOnlyStatement(p.alternate, prov)) && readOnlyBeside(p.test, node) ? true : p;
      default:
        return p;
    }
    current = p;
  }
}

/** The rest of an `if` test around the read writes nothing (`dirs.length === 0 && !quiet`, not `… && reset()`). */
function readOnlyBeside(test: Node, read: Node): boolean {
  if (test === read) return true;
  const t = test as unknown as Record<string, unknown>;
  return Object.keys(test).every((key) => {
    if (key === 'parent') return true;
    const value = t[key];
    const children = (Array.isArray(value) ? value : [value]).filter((v): v is Node => !!v && typeof v === 'object' && typeof (v as Node).type === 'string');
    return children.every((c) => (c.range[0] <= read.range[0] && read.range[1] <= c.range[1] ? readOnlyBeside(c, read) : readOnly(c)));
  });
}

/** A method of a parameter the non-MCP caller handed in (`res.json`, `res.status(200).send`, `reply.send`). */
function isResponseCall(call: TSESTree.CallExpression, fn: FunctionNode, prov: Provenance): boolean {
  let receiver: Node = call.callee;
  if (receiver.type !== 'MemberExpression') return false;
  while (receiver.type === 'MemberExpression' || receiver.type === 'CallExpression') receiver = receiver.type === 'MemberExpression' ? receiver.object : receiver.callee;
  if (receiver.type !== 'Identifier') return false;
  const declared = prov.variableOf(receiver)?.defs[0];
  return declared?.type === 'Parameter' && isFunction(declared.node) && declared.node === fn;
}
