// Where a server's directories come from once roots are gone: its own configuration when the file
// already has one for this state (command-line arguments, an environment variable), otherwise a
// generated environment variable named after the server (`<SERVER>_ALLOWED_DIRS`, `<SERVER>_WORKSPACE`).
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, calleeName, findProperty, nodeText, propertyName, staticString, unwrap } from '@uproot/core/planning';
import { walkAll } from '@uproot/core/planning';
import type { Provenance, RootsState } from '@uproot/core/planning';

export interface Configuration {
  args: boolean;
  env: string | null;
}

/** The configuration already feeding the state outside the roots hooks, if any. */
export function existingConfiguration(state: RootsState, prov: Provenance, text: string, retired: ReadonlyArray<[number, number]>): Configuration | undefined {
  const outside = (n: Node) => !retired.some(([s, e]) => n.range[0] >= s && n.range[1] <= e);
  const values: Node[] = [];
  if (state.kind === 'class-field') {
    walkAll(state.cls, (n) => {
      if (n.type === 'PropertyDefinition' && propertyName(n) === state.field && n.value) values.push(n.value);
      if (n.type === 'AssignmentExpression' && n.left.type === 'MemberExpression' && n.left.object.type === 'ThisExpression' && propertyName(n.left) === state.field && outside(n)) values.push(n.right);
    });
  } else if (state.kind === 'setter') {
    for (const ref of prov.variableOf(state.local)?.references ?? []) {
      const call = ref.identifier.parent;
      if (call?.type === 'CallExpression' && call.callee === ref.identifier && call.arguments[0] && outside(call)) values.push(call.arguments[0]);
    }
  } else {
    for (const def of state.variable.defs) if (def.node.type === 'VariableDeclarator' && def.node.init) values.push(def.node.init);
    for (const ref of state.variable.references) {
      const p = ref.identifier.parent;
      if (ref.isWrite() && p?.type === 'AssignmentExpression' && p.left === ref.identifier && outside(p)) values.push(p.right);
    }
  }
  const found: Configuration = { args: false, env: null };
  for (const v of values) read(v, prov, text, found, 0);
  return found.args || found.env ? found : undefined;
}

function read(node: Node, prov: Provenance, text: string, into: Configuration, depth: number): void {
  if (depth > 3) return;
  walkAll(node, (n) => {
    if (n.type === 'MemberExpression' && nodeText(text, n.object) === 'process' && propertyName(n) === 'argv') into.args = true;
    if (n.type === 'MemberExpression' && nodeText(text, n.object).replace(/\s/g, '') === 'process.env') {
      const name = n.computed ? staticString(n.property) : propertyName(n);
      if (name && !into.env) into.env = name;
    }
    if (n.type === 'Identifier' && !(n.parent?.type === 'MemberExpression' && n.parent.property === n && !n.parent.computed)) {
      const v = prov.variableOf(n);
      const def = v?.defs[0];
      if (def?.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.init && !(n.range[0] >= def.node.range[0] && n.range[1] <= def.node.range[1])) read(def.node.init, prov, text, into, depth + 1);
    }
  });
}

/**
 * `NOTES` for `new McpServer({ name: 'notes' })`; `fallback` (the run's one server name, when the server is
 * built in another file) or `MCP` when the file names none. A scope goes unless only a generic word is left
 * (`@acme/notes` → `NOTES`, `@bacchus/mcp` → `BACCHUS_MCP`).
 */
/** Names that say nothing about which server this is once their scope is gone. */
const GENERIC = /^(mcp|server|mcp[-_]?server|server[-_]?mcp)$/i;

export function serverPrefix(ast: TSESTree.Program, prov: Provenance, fallback?: string): string {
  let name: string | undefined;
  walkAll(ast, (n) => {
    if (name || n.type !== 'NewExpression') return;
    const callee = calleeName(n);
    if (callee !== 'McpServer' && callee !== 'Server') return;
    let info = n.arguments[0] ? unwrap(n.arguments[0]) : undefined;
    // `new McpServer(withDefaultIcons({ name: 'files', … }))`: the info decorated by a helper call.
    if (info?.type === 'CallExpression' && info.arguments[0]) info = unwrap(info.arguments[0]);
    const prop = info?.type === 'ObjectExpression' ? findProperty(info, 'name') : undefined;
    name = prop ? staticString(prop.value) : undefined;
  });
  void prov;
  const named = name ?? fallback ?? 'mcp';
  const unscoped = named.replace(/^@[^/]+\//, '');
  const prefix = (GENERIC.test(unscoped) ? named : unscoped).replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();
  return /^[A-Z]/.test(prefix) ? prefix : `MCP_${prefix}`;
}
