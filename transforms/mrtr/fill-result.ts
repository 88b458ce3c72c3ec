// What an imported fill returns may be kept by the fetching function when it only decides what is logged:
// code-tools-mcp's `const { applied, roots, invalidUris } = applyMcpRoots(list.roots)`, whose names feed
// `console.error` lines and an `if (!applied) { console.error(…); return; }` that only skips the next log. The
// per-request helper keeps that code as it is, so what a client sees is the same; a result used for anything else
// (another state, a branch that does work, a return value) keeps the marker.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, enclosingFunction, enclosingStatement, walkAll } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import { isReport, inReport } from './reports.ts';

/** `const … = fill(answer)` (awaited or not) in `fn`, each name it declares read only to be reported. */
export function resultOnlyReported(call: TSESTree.CallExpression, fn: FunctionNode, prov: Provenance): boolean {
  const used = call.parent?.type === 'AwaitExpression' ? call.parent : call;
  const declarator = used.parent;
  if (declarator?.type !== 'VariableDeclarator' || declarator.init !== used) return false;
  const declaration = declarator.parent;
  if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const' || enclosingFunction(declaration) !== fn) return false;
  const names: TSESTree.Identifier[] = [];
  let plain = true;
  walkAll(declarator.id, (n) => {
    if (n.type === 'Identifier' && !(n.parent?.type === 'Property' && n.parent.key === n && n.parent.value !== n)) names.push(n);
    if (n.type === 'RestElement' || n.type === 'AssignmentPattern') plain = false;
  });
  if (!plain || names.length === 0) return false;
  return names.every((name) => {
    const variable = prov.variableOf(name);
    return !!variable && variable.references.every((r) => r.identifier === name || (!r.isWrite() && enclosingFunction(r.identifier) === fn && (inReport(r.identifier) || skipsOnlyReports(r.identifier, fn))));
  });
}

/** The test of `if (x) { log(…); return; }` when whatever `fn` would run after that `if` only reports. */
function skipsOnlyReports(read: Node, fn: FunctionNode): boolean {
  const gate = enclosingStatement(read);
  if (gate.type !== 'IfStatement' || gate.alternate || !withinTest(read, gate)) return false;
  const body = gate.consequent.type === 'BlockStatement' ? gate.consequent.body : [gate.consequent];
  const last = body[body.length - 1];
  if (last?.type !== 'ReturnStatement' || last.argument || !body.slice(0, -1).every((s) => isReport(s, false))) return false;
  return restOnlyReports(gate, fn);
}

function withinTest(read: Node, gate: TSESTree.IfStatement): boolean {
  return read.range[0] >= gate.test.range[0] && read.range[1] <= gate.test.range[1];
}

/** Every statement that runs after `statement` until `fn` returns only reports (a `finally`, a loop: not followed). */
function restOnlyReports(statement: Node, fn: FunctionNode): boolean {
  let current: Node = statement;
  while (current !== fn.body) {
    const parent = current.parent;
    if (!parent) return false;
    if (parent.type === 'BlockStatement') {
      const after = parent.body.slice(parent.body.indexOf(current as TSESTree.Statement) + 1);
      if (!after.every((s) => isReport(s, false))) return false;
    } else if (parent.type === 'TryStatement') {
      if (parent.finalizer) return false;
    } else if (parent.type !== 'IfStatement' && parent.type !== 'CatchClause') return false;
    current = parent;
  }
  return true;
}
