// A server that already confines itself to configured directories keeps that confinement for the
// new parameter. Detected conservatively: a `const` in scope of the handler, named like an
// allow-list (allowedDirs, ALLOWED_DIRECTORIES, permittedRoots, sandboxPaths…), never reassigned,
// whose initialiser builds an array (literal, .split/.slice/.map/.filter/…, Promise.all, a local
// function) from process.argv or process.env, directly or through a same-file function or const.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, nodeText, unwrap } from '@uproot/core/planning';
import { localFunction } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';

const NAME = /^(allowed|permitted|sandbox|allowlisted|whitelisted|configured)(dirs|directories|roots|paths|folders|workspaces)$/;
const ARRAY_METHODS = new Set(['split', 'slice', 'map', 'filter', 'flatMap', 'concat', 'all', 'from']);
const STRING_ARRAY_TYPES = /^(readonly\s+string\[\]|string\[\]|Array<string>|ReadonlyArray<string>)$/;

export interface AllowList {
  /** The name to pass, as visible from the handler; undefined when none was found. */
  name?: string;
  /** A variable that looks like an allow-list but could not be proven to be one. */
  suspect?: string;
}

export function findAllowList(callback: FunctionNode, prov: Provenance, text: string): AllowList {
  let scope = prov.scopeOf(callback.body);
  const shadowed = new Set<string>();
  let suspect: string | undefined;
  while (scope) {
    for (const [name, variable] of scope.set) {
      if (shadowed.has(name)) continue;
      shadowed.add(name);
      if (!NAME.test(name.replace(/_/g, '').toLowerCase())) continue;
      const def = variable.defs[0];
      const declarator = def?.node;
      const ok =
        variable.defs.length === 1 &&
        def?.type === 'Variable' &&
        declarator?.type === 'VariableDeclarator' &&
        declarator.id.type === 'Identifier' &&
        def.parent?.type === 'VariableDeclaration' &&
        def.parent.kind === 'const' &&
        !!declarator.init &&
        !isInside(declarator, callback) &&
        variable.references.every((r) => !r.isWrite() || r.identifier === declarator.id) &&
        typedAsStrings(declarator.id, text) &&
        arrayish(declarator.init, prov, 0) &&
        readsConfiguration(declarator.init, prov, text, 0);
      if (ok) return { name };
      suspect ??= name;
    }
    scope = scope.upper;
  }
  return suspect ? { suspect } : {};
}

function isInside(node: Node, container: Node): boolean {
  return node.range[0] >= container.range[0] && node.range[1] <= container.range[1];
}

function typedAsStrings(id: TSESTree.Identifier, text: string): boolean {
  const annotation = id.typeAnnotation?.typeAnnotation;
  return !annotation || STRING_ARRAY_TYPES.test(nodeText(text, annotation).replace(/\s+/g, ' ').trim());
}

function arrayish(node: Node, prov: Provenance, depth: number): boolean {
  const n = unwrap(node.type === 'AwaitExpression' ? node.argument : node);
  if (depth > 3) return false;
  switch (n.type) {
    case 'ArrayExpression':
      return true;
    case 'AwaitExpression':
      return arrayish(n.argument, prov, depth + 1);
    case 'LogicalExpression':
      return arrayish(n.left, prov, depth + 1) && arrayish(n.right, prov, depth + 1);
    case 'ConditionalExpression':
      return arrayish(n.consequent, prov, depth + 1) && arrayish(n.alternate, prov, depth + 1);
    case 'CallExpression': {
      const name = calleeName(n);
      if (name && ARRAY_METHODS.has(name) && unwrap(n.callee).type === 'MemberExpression') return true;
      return !!localFunction(n, prov);
    }
    case 'Identifier': {
      const init = constInit(n, prov);
      return !!init && arrayish(init, prov, depth + 1);
    }
    default:
      return false;
  }
}

/** Whether the value comes from the server's own configuration (command line or environment). */
function readsConfiguration(node: Node, prov: Provenance, text: string, depth: number): boolean {
  if (depth > 3) return false;
  if (/\bprocess\.(argv|env)\b/.test(nodeText(text, node))) return true;
  let found = false;
  const visit = (n: Node): void => {
    if (found) return;
    if (n.type === 'CallExpression') {
      const fn = localFunction(n, prov);
      if (fn && readsConfiguration(fn.body, prov, text, depth + 1)) found = true;
    }
    if (n.type === 'Identifier') {
      const init = constInit(n, prov);
      if (init && readsConfiguration(init, prov, text, depth + 1)) found = true;
    }
    for (const key of Object.keys(n)) {
      if (key === 'parent') continue;
      const child = (n as unknown as Record<string, unknown>)[key];
      for (const c of Array.isArray(child) ? child : [child]) if (c && typeof c === 'object' && typeof (c as Node).type === 'string') visit(c as Node);
    }
  };
  visit(node);
  return found;
}

function constInit(id: TSESTree.Identifier, prov: Provenance): Node | undefined {
  const def = prov.variableOf(id)?.defs[0];
  if (def?.type !== 'Variable' || def.node.type !== 'VariableDeclarator' || def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const') return undefined;
  return def.node.init ?? undefined;
}

