// From a roots request to the state its result is written into: a variable that outlives the
// function (module variable, lazily filled cache), a `this` field, a `Map` keyed per session, or a
// setter imported from another module that assigns that module's own variable. The result is
// followed through one local (`const { roots } = await …`) and into same-file helpers it is passed to.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, type VariableLike, calleeName, enclosingFunction, isFunction, propertyName, thisClass, unwrap } from '../ast.ts';
import { isRequestHandler } from '../context.ts';
import { type Provenance, walkAll } from '../provenance.ts';
import { reachesOf } from '../reach.ts';
import { localFunction } from './local-function.ts';
import type { RootsState, StateWrite } from './types.ts';

const MAX_HOPS = 3;

/** The states a request's result (or, for a list_changed registration, the requests in its handler) feeds. */
export function statesOf(site: Node, prov: Provenance): RootsState[] {
  const out = new Map<unknown, RootsState>();
  const add = (state: RootsState, write: StateWrite) => {
    const key = state.kind === 'class-field' ? `${state.cls.range[0]}:${state.field}` : state.variable;
    const known = out.get(key);
    if (known) {
      if (!known.writes.some((w) => w.node === write.node)) known.writes.push(write);
    } else out.set(key, { ...state, writes: [write] });
  };
  const call = site.parent?.type === 'CallExpression' ? site.parent : undefined;
  const last = call?.arguments[call.arguments.length - 1];
  // The handler inline, or a same-file function registered by name (`setNotificationHandler(Schema, refresh)`).
  const callback = last?.type === 'Identifier' && call && site !== last ? localFunction(last, prov) : last;
  if (callback && isFunction(callback) && site !== callback) {
    // A list_changed registration: the requests inside its handler (or the same-file fill functions it calls) feed the state.
    const seen = new Set<Node>();
    const visit = (body: Node, depth: number) => {
      if (seen.has(body)) return;
      seen.add(body);
      walkAll(body, (n) => {
        if (n.type === 'AssignmentExpression' || n.type === 'CallExpression') for (const [state, write] of holderOf(n, n, prov)) add(state, write);
        const fill = depth < MAX_HOPS && n.type === 'CallExpression' ? localFunction(n, prov) : undefined;
        if (fill) visit(fill.body, depth + 1);
      });
    };
    visit(callback.body, 0);
    return [...out.values()];
  }
  follow(site, prov, 0, add);
  return [...out.values()];
}

/** Climb from a value holding roots to where it is written; hop through locals and helper parameters. */
function follow(value: Node, prov: Provenance, hops: number, add: (s: RootsState, w: StateWrite) => void): void {
  let current: Node = value;
  while (current.parent && !isFunction(current.parent)) {
    const p: Node = current.parent;
    const found = holderOf(p, current, prov);
    if (found.length > 0) {
      for (const [state, write] of found) add(state, write);
      return;
    }
    if (hops < MAX_HOPS && p.type === 'VariableDeclarator' && p.init === current) {
      for (const id of declaredNames(p.id)) for (const ref of prov.variableOf(id)?.references ?? []) if (!ref.isWrite()) follow(ref.identifier, prov, hops + 1, add);
      return;
    }
    if (hops < MAX_HOPS && p.type === 'CallExpression' && p.arguments.includes(current as TSESTree.Expression)) {
      const helper = localFunction(p, prov);
      const param = helper?.params[p.arguments.indexOf(current as TSESTree.Expression)];
      // Into the helper (it may store them), and on with its result (`allowed = await toDirs(roots)`).
      if (param?.type === 'Identifier') for (const ref of prov.variableOf(param)?.references ?? []) if (!ref.isWrite()) follow(ref.identifier, prov, hops + 1, add);
    }
    // `request.then((answer) => …)` / `.then(({ roots }) => …)`: the answer flows into the callback's parameter.
    const callback = hops < MAX_HOPS ? thenCallback(p, current) : undefined;
    if (callback) {
      for (const id of declaredNames(callback.params[0]!)) for (const ref of prov.variableOf(id)?.references ?? []) if (!ref.isWrite()) follow(ref.identifier, prov, hops + 1, add);
      // The chain's value is now what the callback returns: roots still only when it computes them (`.then((r) => r.roots)`).
      if (callback.body.type === 'BlockStatement' || callback.body.type === 'AssignmentExpression') return;
    }
    if (p.type.endsWith('Statement') && p.type !== 'ExpressionStatement') return;
    current = p;
  }
}

/** The callback of `value.then(cb)` when `p` is that `.then` member and the callback takes the answer. */
export function thenCallback(p: Node, value: Node): (TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression) | undefined {
  if (p.type !== 'MemberExpression' || p.object !== value || propertyName(p) !== 'then') return undefined;
  const call = p.parent;
  const cb = call?.type === 'CallExpression' && call.callee === p ? call.arguments[0] : undefined;
  return cb && (cb.type === 'ArrowFunctionExpression' || cb.type === 'FunctionExpression') && cb.params[0] ? cb : undefined;
}

function declaredNames(pattern: Node): TSESTree.Identifier[] {
  if (pattern.type === 'Identifier') return [pattern];
  if (pattern.type === 'ObjectPattern') return pattern.properties.flatMap((p) => (p.type === 'Property' ? declaredNames(p.value) : []));
  return [];
}

/** The state `node` writes `value` into, when it is such a write. */
function holderOf(node: Node, value: Node, prov: Provenance): Array<[RootsState, StateWrite]> {
  if (node.type === 'AssignmentExpression' && (node.right === value || node === value)) {
    const write: StateWrite = { node, value: node.right };
    const left = node.left;
    if (left.type === 'Identifier') {
      const variable = prov.variableOf(left);
      const declared = variable?.defs[0]?.name;
      // Only state that outlives the function that assigns it.
      if (!variable || !declared || enclosingFunction(declared) === enclosingFunction(node)) return [];
      return [[{ kind: lazilyFilled(node, prov) ? 'lazy-getter' : 'module-variable', name: left.name, variable, writes: [] }, write]];
    }
    if (left.type === 'MemberExpression' && left.object.type === 'ThisExpression') {
      const field = propertyName(left);
      const cls = thisClass(left);
      if (field && cls) return [[{ kind: 'class-field', name: `this.${field}`, field, cls, writes: [] }, write]];
    }
    return [];
  }
  if (node.type !== 'CallExpression') return [];
  const arg = node === value ? node.arguments[node.arguments.length - 1] : (node.arguments.find((a) => a === value) as Node | undefined);
  if (!arg) return [];
  const callee = unwrap(node.callee);
  if (calleeName(node) === 'set' && callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && node.arguments.length === 2 && node.arguments[1] === arg) {
    const variable = prov.variableOf(callee.object);
    const declared = variable?.defs[0]?.name;
    if (variable && declared && enclosingFunction(declared) !== enclosingFunction(node)) return [[{ kind: 'session-map', name: callee.object.name, variable, writes: [] }, { node, value: arg }]];
    return [];
  }
  if (callee.type === 'Identifier' && node.arguments.length === 1) {
    const setter = importedSetter(callee, prov);
    if (setter) return [[{ ...setter, writes: [] }, { node, value: arg }]];
  }
  return [];
}

/** `if (!cache) cache = …; return cache` in a function a handler calls: filled on first use, then kept. */
function lazilyFilled(assignment: Node, prov: Provenance): boolean {
  return reachesOf(assignment, prov).some((r) => isRequestHandler(r.handler));
}


/** `import { setAllowed } from './paths.js'` where paths exports `function setAllowed(d) { allowed = d; }`. */
function importedSetter(callee: TSESTree.Identifier, prov: Provenance): Omit<Extract<RootsState, { kind: 'setter' }>, 'writes'> | undefined {
  const def = prov.variableOf(callee)?.defs[0];
  const origin = prov.moduleOrigin;
  if (def?.type !== 'ImportBinding' || def.node.type !== 'ImportSpecifier' || def.parent?.type !== 'ImportDeclaration' || !origin?.graph.exportedAt) return undefined;
  const imported = def.node.imported.type === 'Identifier' ? def.node.imported.name : def.node.imported.value;
  // Through barrels (`export { setAllowed } from './paths.js'`) to the module that declares the setter.
  const found = origin.graph.exportedAt(origin.file, def.parent.source.value, imported);
  if (!found) return undefined;
  const { module } = found;
  const fn = unwrap(found.node);
  if (!fn || !isFunction(fn) || fn.params.length !== 1 || fn.params[0]!.type !== 'Identifier') return undefined;
  const param = module.prov.variableOf(fn.params[0] as TSESTree.Identifier);
  let variable: VariableLike | undefined;
  walkAll(fn.body, (n) => {
    if (n.type !== 'AssignmentExpression' || n.left.type !== 'Identifier') return;
    // `allowed = dirs`, `allowed = [...dirs]`, `allowed = dirs.map((d) => path.resolve(d))`: computed from the parameter.
    let fromParam = false;
    walkAll(n.right, (x) => {
      if (x.type === 'Identifier' && module.prov.variableOf(x) === param) fromParam = true;
    });
    const target = module.prov.variableOf(n.left);
    if (fromParam && target && !target.defs.some((d) => enclosingFunction(d.name) === fn)) variable = target;
  });
  if (!variable) return undefined;
  return { kind: 'setter', name: callee.name, local: callee, module, variable };
}
