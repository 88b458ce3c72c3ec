// The calls of a registering method (`class SandboxTools { register(server) { server.registerTool(…) } }`,
// run as `new SandboxTools().register(server)` or through a const holding the instance) in the files that
// import its class: what handlers-elsewhere.ts checks the server against, as it does a registering
// function's callers. Only calls whose receiver is shown to be an instance of that class count, and any
// other call of a member of that name there, a subclass, or an instance handed on keeps the marker.
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, locOf, propertyName, resolveSpecifier, unwrap, walkAll } from '@uproot/core/planning';
import type { ProjectIndex } from './project-index.ts';
import type { UnitIndex } from './project-index.ts';
import type { Unit } from './unit.ts';

export type MethodCalls = { calls: Array<{ unit: Unit; call: TSESTree.CallExpression }> } | { why: string };

/** The calls of the method `fn` is the function of, or why they cannot all be known; undefined when `fn` is no such method. */
export function registrarMethodCalls(unit: Unit, fn: FunctionNode, project: ProjectIndex): MethodCalls | undefined {
  const member = fn.parent;
  if (member?.type !== 'MethodDefinition' || member.value !== fn || member.kind !== 'method' || member.static || member.computed) return undefined;
  const method = propertyName(member);
  const cls = member.parent?.parent;
  if (!method || cls?.type !== 'ClassDeclaration' || !cls.id) return { why: `${method ?? 'the method'}() belongs to a class uproot cannot name` };
  const name = cls.id.name;
  const shown = `${name}.${method}()`;
  if (cls.parent?.type !== 'ExportNamedDeclaration') return { why: `${shown} belongs to a class its file does not export by name` };
  const units = 'unitAt' in project ? (project as ProjectIndex & UnitIndex) : undefined;
  const importers = project.importersOf?.(unit.path, unit.path);
  if (!units || !importers) return { why: `the files importing ${name} cannot all be read` };
  const calls: Array<{ unit: Unit; call: TSESTree.CallExpression }> = [];
  for (const file of importers) {
    const at = units.unitAt(file);
    if (!at) return { why: `${path.basename(file)} imports ${name} but cannot be read` };
    const locals = classLocals(at, unit.path, name);
    let why: string | undefined;
    walkAll(at.ast, (n: Node) => {
      if (why) return;
      if ((n.type === 'ClassDeclaration' || n.type === 'ClassExpression') && n.superClass?.type === 'Identifier' && locals.has(n.superClass.name)) why = `${path.basename(file)} extends ${name} at line ${locOf(n).start.line}`;
      if (n.type === 'NewExpression' && n.callee.type === 'Identifier' && locals.has(n.callee.name) && !instanceUse(n, method, at)) why = `the ${name} made at line ${locOf(n).start.line} of ${path.basename(file)} is used other than by calling ${method}() on it`;
      if (n.type !== 'CallExpression') return;
      const callee = unwrap(n.callee);
      if (callee.type !== 'MemberExpression' || propertyName(callee) !== method) return;
      if (isInstance(unwrap(callee.object), locals, at)) calls.push({ unit: at, call: n });
      else why = `${method}() is called at line ${locOf(n).start.line} of ${path.basename(file)} on a value uproot cannot tell from a ${name}`;
    });
    if (why) return { why };
  }
  return { calls };
}

/** The local names `file` imports the class `name` of `target` under. */
function classLocals(at: Unit, target: string, name: string): Set<string> {
  const out = new Set<string>();
  for (const s of at.ast.body) {
    if (s.type !== 'ImportDeclaration' || resolveSpecifier(at.path, s.source.value) !== target) continue;
    for (const spec of s.specifiers) if (spec.type === 'ImportSpecifier' && (spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value) === name) out.add(spec.local.name);
  }
  return out;
}

/** `new C()` as the receiver of a call of the method, or the initializer of a const read only as that receiver. */
function instanceUse(made: TSESTree.NewExpression, method: string, at: Unit): boolean {
  const p = made.parent;
  if (p?.type === 'MemberExpression' && p.object === made && propertyName(p) === method && p.parent?.type === 'CallExpression' && p.parent.callee === p) return true;
  if (p?.type !== 'VariableDeclarator' || p.init !== made || p.id.type !== 'Identifier' || p.parent?.type !== 'VariableDeclaration' || p.parent.kind !== 'const') return false;
  // An exported instance may be called anywhere.
  if (p.parent.parent?.type === 'ExportNamedDeclaration') return false;
  const refs = at.prov.variableOf(p.id)?.references.filter((r) => r.identifier !== p.id) ?? [];
  return refs.every((r) => {
    const m = r.identifier.parent;
    return m?.type === 'MemberExpression' && m.object === r.identifier && propertyName(m) === method && m.parent?.type === 'CallExpression' && m.parent.callee === m;
  });
}

/** `new C(…)` itself, or a const whose initializer it is. */
function isInstance(receiver: Node, locals: ReadonlySet<string>, at: Unit): boolean {
  if (receiver.type === 'NewExpression') return receiver.callee.type === 'Identifier' && locals.has(receiver.callee.name);
  if (receiver.type !== 'Identifier') return false;
  const def = at.prov.variableOf(receiver)?.defs[0]?.node as Node | undefined;
  const init = def?.type === 'VariableDeclarator' && def.parent?.type === 'VariableDeclaration' && def.parent.kind === 'const' ? def.init && unwrap(def.init) : undefined;
  return init?.type === 'NewExpression' && init.callee.type === 'Identifier' && locals.has(init.callee.name);
}
