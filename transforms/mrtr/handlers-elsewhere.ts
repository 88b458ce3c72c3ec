// `--lifecycle per-request` when the tools that read the roots state are registered in another module
// than the fill: server.ts fills the state from its hooks and calls `registerTools(server)` (imported,
// perhaps through a barrel or as a default export), and tools.ts registers handlers on that server that
// read the state through a getter or a validation helper. Following the state's reads back stops at
// those handlers (module-reads.ts), and each is proven registered on the server the hooks fill from:
// the registration's receiver is a parameter handed down, at every call, from the fill's own file
// where the argument is that server. The handler then imports the fill function from the fill's module
// and derives the state per request, as the fill's own handlers do.
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type Reach, type RootsSite, type TextEdit, contains, enclosingFunction, functionName, insert, isExported, isRequestHandler, locOf, planImports, reachesOf, unwrap, walkAll } from '@uproot/core/planning';
import type { ProjectIndex } from './project-index.ts';
import { specifierFor } from './helper-ask.ts';
import { isTestFileOf } from './test-files.ts';
import { type Unit, Unprovable } from './unit.ts';
import type { Settled } from './calls-into.ts';
import { boundAtTopLevel } from '../shared-helpers/imports.ts';
import { type HandlerChain, handlerChain } from './chains.ts';
import { syncHandlerBlocker } from './sync-handler.ts';
import type { BoundReceivers } from './receiver-param.ts';
import { registrarMethodCalls } from './registrar-method.ts';

type Reason = ConstructorParameters<typeof Unprovable>[0];

/** A handler of another file that reads the state: where it is, and how it is registered. */
export interface ElsewhereHandler {
  unit: Unit;
  reach: Reach;
}

/** Files crossed from a registration back to the fill's file. */
const MAX_STEPS = 4;

/**
 * A `Settled` for callsInto that records a node of another file run only by request handlers there
 * (each reach a tools/call, prompts/get or resources/read handler), so the read is not followed past
 * them to the call that registers them.
 */
export function settleInHandlers(found: ElsewhereHandler[]): Settled {
  return (at, node) => {
    const reaches = reachesOf(node, at.prov);
    if (reaches.length === 0 || !reaches.every((r) => isRequestHandler(r.handler) && r.callback && r.registration && r.receiver)) return false;
    for (const reach of reaches) found.push({ unit: at, reach });
    return true;
  };
}

/** Variables naming a server in the fill's file: the roots of the receivers its hooks are installed on and its requests go to. */
export function serverVariables(unit: Unit, nodes: readonly Node[]): Set<unknown> {
  const out = new Set<unknown>();
  for (const node of nodes) {
    let x: Node = unwrap(node);
    if (x.type === 'ExpressionStatement') x = unwrap(x.expression);
    if (x.type === 'AssignmentExpression') x = unwrap(x.left);
    if (x.type === 'CallExpression') x = unwrap(x.callee);
    while (x.type === 'MemberExpression') x = unwrap(x.object);
    const variable = x.type === 'Identifier' ? unit.prov.variableOf(x) : undefined;
    if (variable) out.add(variable);
  }
  return out;
}

/**
 * Throws unless the handler's registration is on a server the fill's file hands down: its receiver's
 * root is a parameter of the registering function, and every call of that function (in its file, or
 * imported anywhere in the run) passes, at that place, either such a parameter again or, in the fill's
 * file, one of `servers`. Returns the root's name, which the handler sees when it is defined inside
 * the registering function and does not shadow it.
 */
export function provenOnFillServer(handler: ElsewhereHandler, fillUnit: Unit, servers: ReadonlySet<unknown>, project: ProjectIndex, reason: Reason): string | undefined {
  const { unit, reach } = handler;
  const callee = unwrap(reach.registration!.callee);
  let root: Node = callee.type === 'MemberExpression' ? unwrap(callee.object) : callee;
  while (root.type === 'MemberExpression') root = unwrap(root.object);
  const where = `${path.basename(unit.path)} at line ${locOf(reach.registration!).start.line}`;
  const fail = (why: string) => new Unprovable(reason, `the ${reach.name ?? reach.handler} handler reading the state is registered in ${where} on a server ${why}, not shown to be the one ${path.basename(fillUnit.path)} asks for roots`);
  if (root.type !== 'Identifier') throw fail('uproot cannot name');
  const error = handedDown(unit, root, fillUnit, servers, project, 0, new Set());
  if (error) throw fail(error);
  const callback = reach.callback!;
  const scope = (unit.prov.variableOf(root)?.defs[0]?.node as Node | undefined) ?? undefined;
  const shadowed = callback.params.some((p) => p.type === 'Identifier' && p.name === root.name);
  return scope && contains(scope, callback) && !shadowed ? root.name : undefined;
}

/** Why `id` (a server in `unit`) is not shown to come from `servers` of the fill's file; undefined when it is. */
function handedDown(unit: Unit, id: TSESTree.Identifier, fillUnit: Unit, servers: ReadonlySet<unknown>, project: ProjectIndex, steps: number, seen: Set<FunctionNode>): string | undefined {
  const variable = unit.prov.variableOf(id);
  if (!variable) return `(${id.name}) uproot cannot resolve`;
  if (unit.path === fillUnit.path) return servers.has(variable) ? undefined : `(${id.name}) other than the one its hooks are installed on`;
  const def = variable.defs[0];
  const fn = def?.type === 'Parameter' ? (def.node as FunctionNode) : undefined;
  const index = fn ? fn.params.findIndex((p) => p.type === 'Identifier' && p.name === id.name) : -1;
  if (!fn || index < 0) return `(${id.name}) that ${path.basename(unit.path)} ${fn ? 'destructures from a parameter' : 'holds itself'}, not one handed to the function registering the tools`;
  if (variable.references.some((r) => r.isWrite() && r.identifier !== def?.name)) return `(${id.name}) that is reassigned`;
  if (steps >= MAX_STEPS) return `handed down through more functions than uproot follows`;
  if (seen.has(fn)) return undefined;
  seen.add(fn);
  const name = functionName(fn) ? `${functionName(fn)}()` : `the function exported by ${path.basename(unit.path)}`;
  const calls: Array<{ unit: Unit; call: TSESTree.CallExpression }> = [];
  // A class's `register(server)`: its calls on instances of the class, in the files importing it.
  const viaMethod = registrarMethodCalls(unit, fn, project);
  if (viaMethod && 'why' in viaMethod) return `handed to ${functionName(fn) ?? 'a method'}(): ${viaMethod.why}`;
  if (viaMethod) calls.push(...viaMethod.calls);
  else for (const ref of unit.prov.referencesTo(fn)) {
    const call = ref.parent;
    if (call?.type !== 'CallExpression' || call.callee !== ref) return `handed to ${name}, which is used at line ${locOf(ref).start.line} other than by calling it`;
    calls.push({ unit, call });
  }
  if (isExported(fn)) {
    const callers = project.callersOf(unit, fn);
    if (!callers) return `handed to ${name}, which is used in another file other than by calling it`;
    calls.push(...callers.filter((c) => !isTestFileOf(c.unit.path, path.dirname(fillUnit.path))));
  }
  if (calls.length === 0) return `handed to ${name}, which nothing in the run calls`;
  for (const { unit: at, call } of calls) {
    const arg = call.arguments[index] ? unwrap(call.arguments[index] as Node) : undefined;
    if (arg?.type !== 'Identifier') return `that ${name} is handed at line ${locOf(call).start.line} of ${path.basename(at.path)} as an expression uproot does not follow`;
    const why = handedDown(at, arg, fillUnit, servers, project, steps + 1, seen);
    if (why) return why;
  }
  return undefined;
}

/**
 * The fill function as a handler of another file reaches it: a function declaration at the top of the
 * fill's file (live in an importing module whatever the order the modules are evaluated in, import
 * cycles and top-level await included: it runs only inside handlers, after the server connected),
 * exported if it was not, and imported by each handler's file under its own name.
 */
export function importedFill(fill: FunctionNode | undefined, fillUnit: Unit, handlers: readonly ElsewhereHandler[], reason: Reason): { name: string; edits: Map<Unit, TextEdit[]> } {
  const first = handlers[0]!;
  const where = `${path.basename(first.unit.path)} (line ${locOf(first.reach.registration!).start.line})`;
  const declaration = fill?.type === 'FunctionDeclaration' ? (fill.parent?.type === 'ExportNamedDeclaration' ? fill.parent : fill) : undefined;
  if (!fill || !declaration || declaration.parent?.type !== 'Program' || !fill.id) {
    const what = fill ? `${functionName(fill) ?? 'the fill function'}() is not a function declaration at the top of ${path.basename(fillUnit.path)}` : `the roots are filled by a hook inside a function of ${path.basename(fillUnit.path)}, not by a named function at its top`;
    throw new Unprovable(reason, `a handler reading the state is registered in ${where}, which would import the per-request fill, but ${what}`);
  }
  const name = fill.id.name;
  const early = awaitBeforeDeclaration(fillUnit);
  if (early) throw new Unprovable(reason, `a handler reading the state is registered in ${where}, which would import ${name}() from ${path.basename(fillUnit.path)}, but that module awaits at its top level (line ${early.await}) before it declares ${early.name} (line ${early.line}): a request served while it waits could run ${name}() before the module is initialized`);
  const edits = new Map<Unit, TextEdit[]>();
  if (!isExported(fill)) edits.set(fillUnit, [insert(declaration.range[0], 'export ')]);
  for (const { unit } of handlers) {
    if (edits.has(unit)) continue;
    const taken = boundAtTopLevel(unit.ast, unit.scopeManager, name);
    const imported = importsFrom(unit, fillUnit, name);
    if (taken && !imported) throw new Unprovable(reason, `a handler reading the state is registered in ${path.basename(unit.path)}, where the name ${name} of the fill function is taken`);
    if (imported) {
      edits.set(unit, []);
      continue;
    }
    const like = relativeSpecifier(unit) ?? path.basename(fillUnit.path);
    const spec = specifierFor(unit.path, fillUnit.path, like);
    edits.set(unit, planImports(unit.text, unit.ast, spec, [{ name }], unit.typescript).edits);
  }
  return { name, edits };
}

/** The first relative module specifier the file imports: how it spells extensions. */
function relativeSpecifier(unit: Unit): string | undefined {
  for (const s of unit.ast.body) if (s.type === 'ImportDeclaration' && typeof s.source.value === 'string' && s.source.value.startsWith('.')) return s.source.value;
  return undefined;
}

/** Whether `unit` already imports `name` from the fill's file (a second run, or the author's own import). */
function importsFrom(unit: Unit, fillUnit: Unit, name: string): boolean {
  for (const s of unit.ast.body) {
    if (s.type !== 'ImportDeclaration' || !s.source.value.startsWith('.')) continue;
    const resolved = path.resolve(path.dirname(unit.path), s.source.value).replace(/\.[cm]?js$/, '');
    if (resolved !== fillUnit.path.replace(/\.[cm]?[jt]sx?$/, '')) continue;
    if (s.specifiers.some((x) => x.type === 'ImportSpecifier' && x.local.name === name)) return true;
  }
  return false;
}

/** Each handler of another file as a chain, with what it hands the fill before ctx (its server, as it sees it). */
export interface ElsewherePlan {
  chains: Array<{ chain: HandlerChain; args?: string }>;
  /** The fill exported from its file, imported into each handler's file. */
  edits: Map<Unit, TextEdit[]>;
  name: string;
}

export interface ElsewhereFill {
  unit: Unit;
  site: RootsSite;
  stateName: string;
  fill: FunctionNode | undefined;
  /** The server arguments a bound-receiver fill is given (receiver-param.ts), as its triggers spell them. */
  bound?: BoundReceivers;
  /** The statements installing the triggers: the servers they are installed on. */
  hooks: readonly Node[];
  project: ProjectIndex;
  reason: Reason;
}

/** The handlers other files register on the fill's server, each checked as the fill's own are, and the imports they need. */
export function planElsewhere(found: readonly ElsewhereHandler[], f: ElsewhereFill): ElsewherePlan {
  const handlers = [...new Map(found.map((h) => [h.reach.callback!, h])).values()];
  const { name, edits } = importedFill(f.fill, f.unit, handlers, f.reason);
  const servers = f.bound ? new Set(f.bound.roots) : serverVariables(f.unit, f.hooks);
  if (f.bound && f.bound.roots.size !== 1) throw new Unprovable(f.reason, `${name}() is handed more than one server, which a handler of another file cannot name`);
  const chains = handlers.map((h) => {
    const root = provenOnFillServer(h, f.unit, servers, f.project, f.reason);
    const chain = handlerChain(f.site, { ...h.reach, hops: [] }, h.unit, h.unit, []);
    const sync = syncHandlerBlocker(chain);
    if (sync) throw new Unprovable(f.reason, `a handler reading ${f.stateName} ${sync}, so it cannot await the roots`);
    if (!f.bound) return { chain };
    if (!root) throw new Unprovable(f.reason, `a handler reading ${f.stateName} in ${path.basename(h.unit.path)} cannot see the server ${name}() is given`);
    // `server.server` as the triggers wrote it, from the handler's own name for that server.
    return { chain, args: f.bound.args.split(', ').map((a) => a.replace(/^[^.]+/, root)).join(', ') };
  });
  return { chains, edits, name };
}

/**
 * A top-level `await` ahead of a top-level `let`, `const` or `class`: while the module waits there, an
 * importing module may already serve requests, and the bindings below it do not exist yet. Without one
 * (or with every declaration above it), the module is initialized before its fill can run.
 */
function awaitBeforeDeclaration(unit: Unit): { await: number; name: string; line: number } | undefined {
  let first: number | undefined;
  for (const statement of unit.ast.body) {
    const s = statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement;
    if (first !== undefined && (s.type === 'VariableDeclaration' || s.type === 'ClassDeclaration')) {
      const id = s.type === 'ClassDeclaration' ? s.id : s.declarations[0]?.id;
      const name = id?.type === 'Identifier' ? id.name : 'a binding';
      return { await: first, name, line: locOf(s).start.line };
    }
    if (first === undefined && topLevelAwait(s)) first = locOf(s).start.line;
  }
  return undefined;
}

/** An `await` (or `for await`) of the statement that is not inside a function of it. */
function topLevelAwait(statement: Node): boolean {
  let found = false;
  walkAll(statement, (n: Node) => {
    if (found || !(n.type === 'AwaitExpression' || (n.type === 'ForOfStatement' && n.await))) return;
    if (!enclosingFunction(n)) found = true;
  });
  return found;
}
