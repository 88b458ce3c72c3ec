// Client-side MRTR: a client that answers the server's embedded `roots/list` input requests itself
// (a `case 'roots/list'` on an input request's method, a `method === 'roots/list'` test, or roots put
// into `inputResponses` by hand). Like a client's roots/list handler, these are capability sites.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, enclosingFunction, findProperty, isFunction, propertyName, staticString, unwrap } from './ast.ts';
import { locOf } from './loc.ts';
import { McpReach } from './prefilter-reach.ts';
import { type Provenance, walkAll } from './provenance.ts';
import { ROOTS_LIST, type SdkMajor, clientMrtr, mcpModule } from './surface.ts';
import type { Explain } from './types.ts';
import { excerpt } from './why-not.ts';

export interface ClientAnswer {
  node: Node;
  form: string;
  sdk: SdkMajor | null;
}

const MAX_DEPTH = 8;
/** Imported files count when they import an MCP package; a hand-built MRTR result alone proves nothing. */
const SDK_IMPORT = /@modelcontextprotocol\//;

/** Whether the text can hold a client-side answer at all: a cheap check before walking the tree. */
export function mayAnswerInputRequests(text: string): boolean {
  return (text.includes(clientMrtr.requests) && (text.includes(ROOTS_LIST) || text.includes(clientMrtr.requestSchema))) || text.includes(clientMrtr.responses);
}

/** `file`: the absolute path on disk, to follow relative imports to an MCP import (editor buffers have none). */
export function findClientAnswers(ast: TSESTree.Program, prov: Provenance, text: string, file: string | undefined, explain?: Explain): ClientAnswer[] {
  // `subject` must be an input request's method, or (schema tests) the input request itself.
  const tests: { node: Node; subject: Node; form: string; entry?: boolean }[] = [];
  const answers: { node: Node; holder: Node }[] = [];
  const sdks: SdkMajor[] = [];
  walkAll(ast, (node) => {
    const spec = moduleSpecifier(node);
    const mod = spec ? mcpModule(spec) : undefined;
    if (mod) sdks.push(mod.sdk);
    if (node.type === 'SwitchCase' && node.test && staticString(node.test) === ROOTS_LIST && node.parent?.type === 'SwitchStatement') {
      tests.push({ node: node.test, subject: node.parent.discriminant, form: "case 'roots/list' (input request)" });
    } else if (node.type === 'BinaryExpression' && ['===', '==', '!==', '!='].includes(node.operator)) {
      const [subject, literal] = staticString(node.right) === ROOTS_LIST ? [node.left, node.right] : [node.right, node.left];
      if (staticString(literal) === ROOTS_LIST) tests.push({ node, subject: subject as Node, form: "method === 'roots/list' (input request)" });
    } else if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && clientMrtr.schemaTests.has(propertyName(node.callee) ?? '') && node.arguments[0]) {
      if (prov.is(node.callee.object, 'schema')?.name === clientMrtr.requestSchema) tests.push({ node, subject: node.arguments[0], form: 'ListRootsRequestSchema test (input request)', entry: true });
    } else if (node.type === 'Property' && propertyName(node) === clientMrtr.responses) {
      answers.push(...rootsAnswers(node.value as Node, prov).map((a) => ({ node: a, holder: node })));
    } else if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.id.name === clientMrtr.responses && node.init) {
      answers.push(...rootsAnswers(node.id, prov).map((a) => ({ node: a, holder: node })));
    }
  });
  const entries = new InputRequestEntries(prov);
  const found: { node: Node; form: string; holder: Node }[] = [];
  for (const t of tests) {
    if (t.entry ? entries.isEntry(t.subject) : entries.isMethod(t.subject)) found.push({ node: t.node, form: t.form, holder: t.node });
    else explain?.(t.node, `a test of \`${excerpt(text, t.subject)}\` for roots/list that uproot cannot tie to an input request of an MCP input_required result (from \`inputRequests\`)`);
  }
  // One answer is one site: a test that picks out roots/list already names the function that answers.
  const answering = new Map(found.map((f) => [enclosingFunction(f.node), locOf(f.node).start.line]));
  for (const a of answers) {
    const line = answering.get(enclosingFunction(a.node));
    if (insideServerContext(a.holder)) explain?.(a.node, 'roots in `mcpReq.inputResponses`: a server-side test double of a retried request, not a client answering');
    else if (line === undefined) found.push({ node: a.node, form: 'inputResponses roots answer', holder: a.holder });
    else explain?.(a.node, `the roots/list answer of the input request reported on line ${line} (one site per answer)`);
  }
  if (!found.length) return [];
  const sdk = sdks.length ? (sdks.includes(2) ? 2 : 1) : undefined;
  const reached = sdk !== undefined || (file !== undefined && new McpReach(SDK_IMPORT).reaches(text, file));
  const out: ClientAnswer[] = [];
  for (const f of found) {
    // The retry that carries the answers decides whose they are: one sent by something other than an MCP client
    // (a hand-rolled JSON-RPC helper of a conformance suite) is not an MCP client answering, whatever the file imports.
    const sender = foreignRetry(f.node, prov);
    if (sender) {
      explain?.(f.node, `the answers go back through \`${excerpt(text, sender)}\`, which is not an MCP client`);
      continue;
    }
    const client = sdk === undefined ? clientReceiver(f.holder, prov) : undefined;
    if (reached || client) out.push({ node: f.node, form: f.form, sdk: sdk ?? client?.sdk ?? null });
    else explain?.(f.node, 'no MCP import reaches this file: a hand-rolled client with no SDK answers roots here');
  }
  return out;
}

/** Entries of an `inputRequests` map and the `method` read off them, followed through locals and callbacks. */
class InputRequestEntries {
  private depth = 0;
  private readonly prov: Provenance;
  constructor(prov: Provenance) {
    this.prov = prov;
  }

  /** `request.method`, or a `method` destructured from an entry. */
  isMethod(node: Node): boolean {
    const n = unwrap(node);
    if (n.type === 'MemberExpression') return propertyName(n) === 'method' && this.isEntry(n.object);
    return n.type === 'Identifier' && samePath(this.entryPath(n), ['method']);
  }

  /** `inputRequests[key]`, or a binding that holds one element of the map. */
  isEntry(node: Node): boolean {
    const n = unwrap(node);
    if (n.type === 'MemberExpression' && n.computed) return this.isRequestsMap(n.object);
    return n.type === 'Identifier' && samePath(this.entryPath(n), []);
  }

  /** The property path from an input request entry to where `id` is bound, when it is bound from one. */
  private entryPath(id: TSESTree.Identifier): string[] | undefined {
    return this.depth > MAX_DEPTH ? undefined : this.nested(() => this.entryPathOf(id));
  }

  private entryPathOf(id: TSESTree.Identifier): string[] | undefined {
    const def = this.prov.variableOf(id)?.defs[0];
    if (!def) return undefined;
    const name = def.name as TSESTree.Identifier;
    if (def.type === 'Variable' && def.node.type === 'VariableDeclarator') {
      const decl = def.node;
      const at = pathTo(decl.id, name);
      if (!at) return undefined;
      if (decl.init) return this.isEntry(decl.init) ? at : undefined;
      const loop = decl.parent?.parent;
      return loop?.type === 'ForOfStatement' ? this.elementPath(loop.right, at) : undefined;
    }
    if (def.type === 'Parameter' && isFunction(def.node)) {
      const fn = def.node;
      const index = fn.params.findIndex((p) => pathTo(p, name) !== undefined);
      const at = index >= 0 ? pathTo(fn.params[index]!, name) : undefined;
      if (!at) return undefined;
      // `Object.entries(result.inputRequests).map(([key, request]) => …)`
      const call = fn.parent;
      if (index === 0 && call?.type === 'CallExpression' && call.arguments[0] === fn && call.callee.type === 'MemberExpression') {
        const method = propertyName(call.callee);
        if (method && clientMrtr.elementCallbacks.has(method)) return this.elementPath(call.callee.object, at);
      }
      // A local helper: what its callers pass.
      for (const c of this.prov.callsOf(fn)) {
        const arg = c.arguments[index];
        if (arg && arg.type !== 'SpreadElement' && this.isEntry(arg)) return at;
      }
    }
    return undefined;
  }

  /** Where a binding sits in one element of `Object.entries(map)` (`[key, entry]`) or `Object.values(map)`. */
  private elementPath(iterable: Node, at: string[]): string[] | undefined {
    const n = unwrap(iterable);
    if (n.type !== 'CallExpression' || n.callee.type !== 'MemberExpression' || unwrap(n.callee.object).type !== 'Identifier') return undefined;
    if ((unwrap(n.callee.object) as TSESTree.Identifier).name !== 'Object' || !n.arguments[0] || !this.isRequestsMap(n.arguments[0])) return undefined;
    const fn = propertyName(n.callee);
    if (fn === 'values') return at;
    return fn === 'entries' && at[0] === '1' ? at.slice(1) : undefined;
  }

  /** `result.inputRequests`, a local holding it, or a binding destructured as `inputRequests`. */
  private isRequestsMap(node: Node): boolean {
    const n = unwrap(node);
    if (n.type === 'LogicalExpression') return this.isRequestsMap(n.left);
    if (n.type === 'MemberExpression') return propertyName(n) === clientMrtr.requests;
    if (n.type !== 'Identifier') return false;
    const def = this.prov.variableOf(n)?.defs[0];
    if (def?.type === 'Variable' && def.node.type === 'VariableDeclarator') {
      const at = pathTo(def.node.id, def.name);
      if (at?.length) return at[at.length - 1] === clientMrtr.requests;
      const init = def.node.init;
      return !!init && this.depth < MAX_DEPTH && this.nested(() => this.isRequestsMap(init));
    }
    return def?.type === 'Parameter' && n.name === clientMrtr.requests;
  }

  private nested<T>(f: () => T): T {
    this.depth++;
    try {
      return f();
    } finally {
      this.depth--;
    }
  }
}

/** The `{ roots: [...] }` answers inside an `inputResponses` value: inline entries, or writes to a local. */
function rootsAnswers(value: Node, prov: Provenance): Node[] {
  const n = unwrap(value);
  if (n.type === 'ObjectExpression') return n.properties.filter((p): p is TSESTree.Property => p.type === 'Property' && isRootsAnswer(p.value as Node));
  if (n.type !== 'Identifier') return [];
  const variable = prov.variableOf(n);
  const out: Node[] = [];
  for (const def of variable?.defs ?? []) {
    if (def.node.type === 'VariableDeclarator' && def.node.id === def.name && def.node.init) out.push(...rootsAnswers(def.node.init, prov));
  }
  // `responses[key] = { roots }` / `responses.roots = { roots: [...] }`
  for (const ref of variable?.references ?? []) {
    const member = ref.identifier.parent;
    const write = member?.parent;
    if (member?.type === 'MemberExpression' && member.object === ref.identifier && write?.type === 'AssignmentExpression' && write.left === member && isRootsAnswer(write.right)) out.push(write);
  }
  return out;
}

/** A `ListRootsResult` written out: an object literal with a `roots` field. */
function isRootsAnswer(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'ObjectExpression' && !!findProperty(n, clientMrtr.rootsAnswerField);
}

/** `{ mcpReq: { inputResponses: … } }`: the shape a server handler's ctx has, built by a test. */
function insideServerContext(holder: Node): boolean {
  const obj = holder.parent;
  const owner = obj?.parent;
  return obj?.type === 'ObjectExpression' && owner?.type === 'Property' && propertyName(owner) === clientMrtr.serverContextField;
}

/** The MCP client whose call carries these answers (`client.request({ …, params: { inputResponses } })`). */
function clientReceiver(node: Node, prov: Provenance): { sdk: SdkMajor } | undefined {
  for (let at: Node | undefined = node; at; at = at.parent) {
    if (isFunction(at)) return undefined;
    const call = at.parent;
    if (call?.type === 'CallExpression' && call.arguments.includes(at as TSESTree.CallExpressionArgument) && call.callee.type === 'MemberExpression') {
      const receiver = prov.valueOf(call.callee.object);
      if (receiver?.kind === 'client') return receiver;
    }
  }
  return undefined;
}

/**
 * The callee of the retry (a call given `{ inputResponses }`) in the function that answers, when every such retry
 * goes through something other than an MCP client; undefined when one is an MCP client's or none is in sight.
 */
function foreignRetry(node: Node, prov: Provenance): Node | undefined {
  let fn = enclosingFunction(node);
  // A callback (`.filter((r) => r.method === 'roots/list')`) answers for the function it is passed in.
  while (fn?.parent?.type === 'CallExpression' && fn.parent.arguments.includes(fn as TSESTree.CallExpressionArgument)) fn = enclosingFunction(fn.parent) ?? fn;
  if (!fn) return undefined;
  let foreign: Node | undefined;
  let mcp = false;
  walkAll(fn.body, (n) => {
    if (n.type !== 'CallExpression' || !n.arguments.some((a) => carriesResponses(a as Node))) return;
    const callee = unwrap(n.callee);
    const receiver = callee.type === 'MemberExpression' ? prov.valueOf(callee.object) : prov.valueOf(callee);
    if (receiver?.kind === 'client') mcp = true;
    else foreign ??= n.callee;
  });
  return mcp ? undefined : foreign;
}

/** An object literal (or one nested in it) with an `inputResponses` field: the params of an MRTR retry. */
function carriesResponses(node: Node, depth = 0): boolean {
  const n = unwrap(node);
  if (n.type !== 'ObjectExpression' || depth > 3) return false;
  return n.properties.some((p) => p.type === 'Property' && (propertyName(p) === clientMrtr.responses || carriesResponses(p.value as Node, depth + 1)));
}

/** The module an import, export-from, `require()` or `import()` names. */
function moduleSpecifier(node: Node): string | undefined {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
      return node.source.value;
    case 'ExportNamedDeclaration':
      return node.source?.value;
    case 'ImportExpression':
      return staticString(node.source);
    case 'TSImportEqualsDeclaration':
      return node.moduleReference.type === 'TSExternalModuleReference' ? staticString(node.moduleReference.expression) : undefined;
    case 'CallExpression':
      return node.callee.type === 'Identifier' && node.callee.name === 'require' ? staticString(node.arguments[0]) : undefined;
    default:
      return undefined;
  }
}

/** The keys (array indexes as strings) from a binding pattern down to `target`. */
function pathTo(pattern: Node, target: Node): string[] | undefined {
  if (pattern === target) return [];
  switch (pattern.type) {
    case 'AssignmentPattern':
      return pathTo(pattern.left, target);
    case 'ObjectPattern':
      for (const prop of pattern.properties) {
        if (prop.type !== 'Property') continue;
        const key = propertyName(prop);
        const rest = key === undefined ? undefined : pathTo(prop.value as Node, target);
        if (rest) return [key!, ...rest];
      }
      return undefined;
    case 'ArrayPattern':
      for (const [i, element] of pattern.elements.entries()) {
        const rest = element ? pathTo(element, target) : undefined;
        if (rest) return [String(i), ...rest];
      }
      return undefined;
    default:
      return undefined;
  }
}

function samePath(a: string[] | undefined, b: string[]): boolean {
  return !!a && a.length === b.length && a.every((k, i) => k === b[i]);
}
