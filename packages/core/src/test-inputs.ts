// Values a test case hands the code under test: `driver({ inputRequests: { r: { method: 'roots/list' } } })`,
// `parse({ ...base, inputRequests })`, `mock.mockResolvedValue({ resultType: 'input_required', … })` directly in an
// `it` / `test` callback. Like a value an assertion compares against (compared-values.ts), such a literal stands for
// what a server sent to the client code under test; it is not a request this code makes, so the finder must not
// report it. A result a test's own server handler returns, or one given to the SDK's builder, is still a site.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, enclosingFunction, isFunction, unwrap } from './ast.ts';
import type { Provenance } from './provenance.ts';
import { valueReaches } from './value-climb.ts';

/** Modules whose `it` / `test` declare test cases; the same names unbound are the runners' globals. */
const RUNNERS = new Set(['vitest', '@jest/globals', 'node:test', 'test', 'bun:test', 'mocha']);
const CASES = new Set(['it', 'test']);
/** True when `node` sits in a value a test case passes straight to the code it tests. */
export function isTestInput(node: Node, prov: Provenance): boolean {
  return valueReaches(node, prov, {
    throughMembers: true,
    // The SDK's own builders (`inputRequired({ inputRequests })`) make the request, even in a test.
    atCall: (call) => !prov.valueOf(calleeRoot(call.callee)) && isTestCase(enclosingFunction(call), prov),
  });
}

/**
 * `fn` is the callback of `it(…)` / `test(…)` (also `it.each(…)(…)`, `test.concurrent(…)`) of a test runner, or a
 * callback such a test passes on (`assert.throws(() => …)`); never one it gives an MCP value (a server's handler).
 */
function isTestCase(fn: Node | undefined, prov: Provenance, depth = 0): boolean {
  const call = fn?.parent;
  if (!fn || !isFunction(fn) || call?.type !== 'CallExpression' || !call.arguments.includes(fn as TSESTree.CallExpressionArgument)) return false;
  if (isRunnerCall(call, prov)) return true;
  return depth < 3 && !prov.valueOf(calleeRoot(call.callee)) && isTestCase(enclosingFunction(call), prov, depth + 1);
}

function isRunnerCall(call: TSESTree.CallExpression, prov: Provenance): boolean {
  let callee = unwrap(call.callee);
  while (callee.type === 'CallExpression' || callee.type === 'MemberExpression') callee = unwrap(callee.type === 'CallExpression' ? callee.callee : callee.object);
  if (callee.type !== 'Identifier' || !CASES.has(callee.name)) return false;
  const def = prov.variableOf(callee)?.defs[0];
  if (!def) return true;
  return def.type === 'ImportBinding' && def.parent?.type === 'ImportDeclaration' && RUNNERS.has(def.parent.source.value);
}

/** `collect` in `collect(…)`, `vi` in `vi.fn().mockResolvedValue(…)`, `inputRequired` in `inputRequired(…)`: where a call starts. */
function calleeRoot(callee: Node): Node {
  let n = unwrap(callee);
  while (n.type === 'MemberExpression' || n.type === 'CallExpression') n = unwrap(n.type === 'MemberExpression' ? n.object : n.callee);
  return n;
}
