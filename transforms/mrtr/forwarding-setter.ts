// A setter of another module that forwards what it is handed to the module's own one-value setter
// (`setAllowedDirectoriesResolved(dirs, signal)` in filesystem-context-mcp-server's path-validation.ts: it
// expands the directories with realpath, then `setAllowedDirectories(expanded)` assigns the variable the
// tools read through `getAllowedDirectories()`). The core's setter is one function taking the value and
// assigning a variable; this follows one hop more, within that module: the exported function may take
// more parameters, compute locals (calls in their initializers, as a derivation may), and then call a
// function of its module that assigns a module variable from its one parameter. The state is that variable.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type VariableLike, enclosingFunction, isFunction, unwrap, walkAll } from '@uproot/core/planning';
import type { RootsState } from '@uproot/core/planning';
import type { Unit } from './unit.ts';

type SetterState = Extract<RootsState, { kind: 'setter' }>;

/** The setter state `call` writes through a forwarding setter of another module, with `call` as its write; undefined when it is not one. */
export function forwardingSetter(call: TSESTree.CallExpression, unit: Unit): SetterState | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'Identifier' || call.arguments.length === 0) return undefined;
  const def = unit.prov.variableOf(callee)?.defs[0];
  const origin = unit.prov.moduleOrigin;
  if (def?.type !== 'ImportBinding' || def.node.type !== 'ImportSpecifier' || def.parent?.type !== 'ImportDeclaration' || !origin?.graph.exportedAt) return undefined;
  const imported = def.node.imported.type === 'Identifier' ? def.node.imported.name : def.node.imported.value;
  const found = origin.graph.exportedAt(origin.file, def.parent.source.value, imported);
  const fn = found && unwrap(found.node);
  if (!found || !fn || !isFunction(fn) || fn.body.type !== 'BlockStatement' || fn.params[0]?.type !== 'Identifier') return undefined;
  const { module } = found;
  let variable: VariableLike | undefined;
  for (const s of fn.body.body as Node[]) {
    if (s.type === 'VariableDeclaration' && s.declarations.every((d) => !d.init || onlyLocalWrites(d.init, fn, module.prov))) continue;
    const e = s.type === 'ExpressionStatement' ? unwrap(s.expression.type === 'AwaitExpression' ? s.expression.argument : s.expression) : undefined;
    const target = e?.type === 'CallExpression' && !variable ? assignedBy(e, module.prov) : undefined;
    if (!target) return undefined;
    variable = target;
  }
  if (!variable) return undefined;
  return { kind: 'setter', name: callee.name, local: callee, module, variable, writes: [{ node: call, value: call.arguments[0]! }] };
}

/** `g(x)` of a function of the module taking one parameter and assigning a module variable from it: that variable. */
function assignedBy(call: TSESTree.CallExpression, prov: Unit['prov']): VariableLike | undefined {
  const callee = unwrap(call.callee);
  const def = callee.type === 'Identifier' ? prov.variableOf(callee)?.defs[0] : undefined;
  const fn = def?.type === 'FunctionName' && def.node.type === 'FunctionDeclaration' ? def.node : undefined;
  if (!fn || call.arguments.length !== 1 || fn.params.length !== 1 || fn.params[0]!.type !== 'Identifier') return undefined;
  const param = prov.variableOf(fn.params[0] as TSESTree.Identifier);
  let variable: VariableLike | undefined;
  walkAll(fn.body, (n) => {
    if (n.type !== 'AssignmentExpression' || n.left.type !== 'Identifier') return;
    const target = prov.variableOf(n.left);
    const declared = target?.defs[0]?.name;
    if (!target || !declared || enclosingFunction(declared)) return;
    let fromParam = false;
    walkAll(n.right, (x) => {
      if (x.type === 'Identifier' && prov.variableOf(x) === param) fromParam = true;
    });
    // `allowed = [...new Set(normalized)]` where `normalized` came from the parameter: a local between them.
    if (!fromParam) walkAll(fn.body, (x) => x.type === 'VariableDeclarator' && x.init && walkAll(x.init, (y) => y.type === 'Identifier' && prov.variableOf(y) === param && (fromParam = true)));
    if (fromParam) variable = target;
  });
  return variable;
}

/** An initializer that assigns nothing but the function's own locals. */
function onlyLocalWrites(init: Node, fn: FunctionNode, prov: Unit['prov']): boolean {
  let ok = true;
  walkAll(init, (n) => {
    const target = n.type === 'AssignmentExpression' ? n.left : n.type === 'UpdateExpression' ? n.argument : undefined;
    if (!target) return;
    const v = target.type === 'Identifier' ? prov.variableOf(target) : undefined;
    const declared = v?.defs[0]?.name;
    if (!declared || enclosingFunction(declared) !== fn) ok = false;
  });
  return ok;
}
