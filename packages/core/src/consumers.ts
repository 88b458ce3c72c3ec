// For roots kept in state (lifecycle fetches, list_changed refreshes, caches): which handlers read
// that state. Data flow from the assignment the roots land in to every read, and from each read to
// the handler that reaches it — so a person knows exactly which tools to migrate.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, enclosingFunction, isFunction, propertyName, thisClass } from './ast.ts';
import { contextsOf, isRequestHandler } from './context.ts';
import { type Provenance, walkAll } from './provenance.ts';
import type { SiteContext } from './types.ts';

/** Where the roots of a request end up: a variable or a `this` field assigned from its result. */
type StateTarget = { variable: ReturnType<Provenance['variableOf']> & object } | { field: string; cls: Node };

export function consumersOf(site: Node, prov: Provenance): SiteContext[] {
  const targets = stateTargets(site, prov);
  const out: SiteContext[] = [];
  const seen = new Set<string>();
  for (const target of targets) {
    for (const read of readsOf(target, prov)) {
      for (const c of contextsOf(read, prov)) {
        if (!isRequestHandler(c.handler)) continue;
        const key = JSON.stringify(c);
        if (!seen.has(key)) {
          seen.add(key);
          out.push(c);
        }
      }
    }
  }
  return out;
}

/** The assignments a request's result flows into before its statement ends. */
function stateTargets(site: Node, prov: Provenance): StateTarget[] {
  // A list_changed registration: the requests inside its handler are what feed the state.
  const call = site.parent?.type === 'CallExpression' ? site.parent : undefined;
  const callback = call?.arguments[call.arguments.length - 1];
  if (callback && isFunction(callback) && site !== callback) {
    const targets: StateTarget[] = [];
    walkAll(callback.body, (n) => {
      if (n.type === 'AssignmentExpression') targets.push(...assignmentTarget(n, prov));
    });
    return targets;
  }
  let current: Node = site;
  while (current.parent && !isStatementLike(current.parent)) {
    const p: Node = current.parent;
    if (p.type === 'AssignmentExpression' && p.right === current) return assignmentTarget(p, prov);
    if (p.type === 'VariableDeclarator' && p.init === current && p.id.type === 'Identifier') {
      // `const dirs = await listRoots()` then `cache = dirs`: follow one local hop.
      const variable = prov.variableOf(p.id);
      const targets: StateTarget[] = [];
      for (const ref of variable?.references ?? []) {
        const parent = ref.identifier.parent;
        if (parent?.type === 'AssignmentExpression' && parent.right === ref.identifier) targets.push(...assignmentTarget(parent, prov));
      }
      return targets;
    }
    current = p;
  }
  return [];
}

function isStatementLike(node: Node): boolean {
  return node.type.endsWith('Statement') || node.type === 'Program' || isFunction(node);
}

function assignmentTarget(assignment: TSESTree.AssignmentExpression, prov: Provenance): StateTarget[] {
  const left = assignment.left;
  if (left.type === 'Identifier') {
    const variable = prov.variableOf(left);
    // Only state that outlives the function that assigns it.
    const declared = variable?.defs[0]?.name;
    if (variable && declared && enclosingFunction(declared) !== enclosingFunction(assignment)) return [{ variable }];
    return [];
  }
  if (left.type === 'MemberExpression' && left.object.type === 'ThisExpression') {
    const field = propertyName(left);
    const cls = thisClass(left);
    if (field && cls) return [{ field, cls }];
  }
  return [];
}

function readsOf(target: StateTarget, prov: Provenance): Node[] {
  void prov;
  if ('variable' in target) return target.variable.references.filter((r) => !r.isWrite()).map((r) => r.identifier);
  const reads: Node[] = [];
  walkAll(target.cls, (n) => {
    if (n.type === 'MemberExpression' && n.object.type === 'ThisExpression' && propertyName(n) === target.field) {
      const p = n.parent;
      if (!(p?.type === 'AssignmentExpression' && p.left === n)) reads.push(n);
    }
  });
  return reads;
}
