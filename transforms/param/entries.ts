// From sites to the handlers that change: each roots request or input request is followed to the
// tool / prompt handlers that reach it (with the helper hops between), and grouped per handler
// entry (a McpServer callback, or one tool's branch of a low-level tools/call handler).
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, enclosingFunction, functionName, propertyName } from '@uproot/core/planning';
import { contextReason } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import { type Reach, reachesOf } from '@uproot/core/planning';
import type { RootsSite, RootsState } from '@uproot/core/planning';
import { feedsSharedState, statesOf } from '@uproot/core/planning';
import { checkHelper, checkNamedCallback, checkRequestForm } from './checks.ts';
import { type LowLevelTool, lowLevelTool } from './low-level.ts';
import { Unprovable, unresolved } from './unprovable.ts';

export interface Entry {
  key: string;
  kind: 'tool' | 'prompt' | 'low-level-tool';
  sdk: 1 | 2;
  callback: FunctionNode;
  registration: TSESTree.CallExpression;
  lowLevel?: LowLevelTool;
  sites: Set<RootsSite>;
  /** The callback and every helper on the way to a site. */
  fns: Set<FunctionNode>;
  /** Each call into a helper, with the function it is made from. */
  calls: Map<TSESTree.CallExpression, { caller: FunctionNode; callee: FunctionNode }>;
  /** Where the paths to each site leave the callback (the site itself, or the first helper call). */
  positions: Map<RootsSite, Node[]>;
  error?: Unprovable;
}

export interface FileContext {
  text: string;
  ast: TSESTree.Program;
  prov: Provenance;
  eol: string;
  unit: string;
}

export const RESOURCE_DETAIL = 'a resource handler reads the roots';

/** The entries each site reaches; throws Unprovable when any path cannot take a parameter. */
export function reachEntries(site: RootsSite, f: FileContext, entries: Map<string, Entry>): Entry[] {
  const reaches = reachesOf(site.node, f.prov);
  if (reaches.length === 0) throw unresolved('no handler reaches this request');
  // Resolve every path first: a site joins its entries only when all of them can take the parameter.
  const resolved = reaches.map((reach) => resolveReach(site, reach, f));
  if (site.kind === 'request') {
    checkRequestForm(site.node as TSESTree.CallExpression, f.prov);
    const states = statesOf(site.node, f.prov);
    if (feedsSharedState(site.node, f.prov) || states.length > 0) throw new Unprovable('shared-state', `the roots are kept beyond this request${states.length ? ` (in ${states.map(where).join(', ')})` : ''}`);
  }
  return resolved.map((r) => attach(site, r, entries));
}

interface ResolvedReach {
  reach: Reach;
  key: string;
  kind: Entry['kind'];
  lowLevel?: LowLevelTool;
  position: Node;
}

function resolveReach(site: RootsSite, reach: Reach, f: FileContext): ResolvedReach {
  if (reach.handler === 'resource' || (reach.handler === 'request-handler' && reach.name === 'resources/read')) throw new Unprovable('resource-param', RESOURCE_DETAIL);
  if (reach.handler === 'request-handler' && reach.name === 'prompts/get') throw unresolved('a low-level prompts/get handler: add the prompt argument to the prompts/list handler by hand');
  if (reach.handler !== 'tool' && reach.handler !== 'prompt' && reach.handler !== 'request-handler') {
    throw new Unprovable(contextReason({ handler: reach.handler, name: reach.name, via: [] }), whereFrom(reach));
  }
  const { callback, registration, receiver } = reach;
  if (!callback || !registration || !receiver) throw unresolved('the handler is wrapped or built by a factory uproot cannot follow');
  if (callback.generator) throw unresolved('the handler is a generator');
  checkNamedCallback(callback, registration, f.prov);
  for (const hop of reach.hops) {
    // A getter takes no argument to carry the directory in.
    if (hop.call.type !== 'CallExpression') throw unresolved(`the request runs in the getter ${functionName(hop.fn) ?? ''}, which can take no parameter`);
    checkHelper(hop.fn, hop.call);
  }
  const position = reach.hops[0]?.call ?? site.node;
  const kind = reach.handler === 'request-handler' ? 'low-level-tool' : reach.handler;
  let lowLevel: LowLevelTool | undefined;
  let key = `${callback.range[0]}`;
  if (kind === 'low-level-tool') {
    lowLevel = lowLevelTool(registration, callback, position, f.ast, f.prov, f.text, f.eol, f.unit);
    key += `:${lowLevel.branch.tool}`;
  }
  return { reach, key, kind, lowLevel, position };
}

function attach(site: RootsSite, r: ResolvedReach, entries: Map<string, Entry>): Entry {
  const { reach, key, kind, lowLevel, position } = r;
  const callback = reach.callback!;
  let entry = entries.get(key);
  if (!entry) {
    entry = { key, kind, sdk: reach.receiver!.sdk, callback, registration: reach.registration!, lowLevel, sites: new Set(), fns: new Set([callback]), calls: new Map(), positions: new Map() };
    entries.set(key, entry);
  }
  entry.sites.add(site);
  entry.positions.set(site, [...(entry.positions.get(site) ?? []), position]);
  let caller = callback;
  for (const hop of reach.hops) {
    entry.fns.add(hop.fn);
    if (hop.call.type === 'CallExpression') entry.calls.set(hop.call, { caller, callee: hop.fn });
    caller = hop.fn;
  }
  return entry;
}

/** A state in the words of the marker: `allowed`, or `setRoots`'s variable in another module. */
function where(state: RootsState): string {
  return state.kind === 'setter' ? `${state.name}, a setter in ${state.module.file.split(/[\\/]/).pop()}` : state.name;
}

/** Where the request sits, in words that add to the reason code's own message. */
function whereFrom(reach: Reach): string {
  const name = reach.name ?? reach.handler;
  switch (reach.handler) {
    case 'lifecycle':
      return `in ${name}`;
    case 'notification-handler':
      return `in the ${name} notification handler`;
    case 'list-handler':
      return `in the ${name} handler`;
    case 'background':
      return `from ${name}`;
    case 'other':
      return untraced(reach);
    default:
      return reach.name?.startsWith('client ') ? `in a ${reach.name}` : '';
  }
}

/** Why an `other` reach stops: the function whose callers this file does not hold, and where they would be. */
function untraced(reach: Reach): string {
  const fn = reach.unresolved;
  const name = fn && functionName(fn);
  if (!fn || !name) return reach.name?.startsWith('client ') ? `in a ${reach.name}` : 'the request runs in an anonymous function nothing in this file calls';
  // A marker must say why: an exported helper is the usual case (a first-use cache called from tools in other files).
  return isExported(fn, name)
    ? `${name}() is exported and nothing in this file calls it: its callers in other files are not followed to a tool or prompt handler, which the directory parameter would have to be threaded through`
    : `nothing calls ${name}() where uproot can see it`;
}

function isExported(fn: FunctionNode, name: string): boolean {
  for (let n: Node | undefined = fn.parent; n && n.type !== 'Program'; n = n.parent) {
    if (n.type === 'ExportNamedDeclaration' || n.type === 'ExportDefaultDeclaration') return true;
  }
  const program = (function root(n: Node): Node {
    return n.parent ? root(n.parent) : n;
  })(fn) as TSESTree.Program;
  return program.body.some(
    (s) =>
      (s.type === 'ExportNamedDeclaration' && s.specifiers.some((x) => x.local.type === 'Identifier' && x.local.name === name)) ||
      (s.type === 'ExportDefaultDeclaration' && s.declaration.type === 'Identifier' && s.declaration.name === name) ||
      (s.type === 'ExpressionStatement' && s.expression.type === 'AssignmentExpression' && commonJsExport(s.expression, name)),
  );
}

/** `exports.name = name`, `module.exports.name = …` or `module.exports = { name }`. */
function commonJsExport(a: TSESTree.AssignmentExpression, name: string): boolean {
  const target = a.left;
  if (target.type !== 'MemberExpression') return false;
  const base = target.object;
  const isModuleExports = (n: Node) => n.type === 'MemberExpression' && n.object.type === 'Identifier' && n.object.name === 'module' && propertyName(n) === 'exports';
  if ((base.type === 'Identifier' && base.name === 'exports') || isModuleExports(base)) return propertyName(target) === name;
  if (!isModuleExports(target) || a.right.type !== 'ObjectExpression') return false;
  return a.right.properties.some((q) => q.type === 'Property' && !q.computed && propertyName(q) === name);
}

/** The nearest function around `node` that the entry changes (callback or helper). */
export function pathFunction(node: Node, fns: ReadonlySet<FunctionNode>): FunctionNode | undefined {
  let fn = enclosingFunction(node);
  while (fn && !fns.has(fn)) fn = enclosingFunction(fn);
  return fn;
}
