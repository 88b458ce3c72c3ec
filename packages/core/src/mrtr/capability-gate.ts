// uproot/mrtr-client-capabilities, server side: a hand-rolled server that asks for roots, sampling or
// elicitation without looking at the request's client capabilities. Results the SDK serves are gated by
// the SDK itself (-32021 on 2026-07-28, the shim's refusal on 2025), so only hand-rolled answers count.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, enclosingFunction, isFunction, propertyName, staticString, unwrap } from '../ast.ts';
import { type Provenance, walkAll } from '../provenance.ts';
import { mcpModule } from '../surface.ts';
import type { Finding } from './finding.ts';
import { returningFunctions } from './flow.ts';
import { handlersAnswering } from './handlers.ts';
import type { InputRequiredResult } from './results.ts';
import { fieldOf, objectOf, rootIdentifier } from './values.ts';

/** The client capability each embeddable request needs. */
const capabilityOfMethod: Record<string, string> = {
  'roots/list': 'roots',
  'sampling/createMessage': 'sampling',
  'elicitation/create': 'elicitation',
};
const methodOfBuilder: Record<string, string> = {
  listRoots: 'roots/list',
  createMessage: 'sampling/createMessage',
  elicit: 'elicitation/create',
  elicitUrl: 'elicitation/create',
};

export const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';

export function checkCapabilityGate(results: InputRequiredResult[], ast: TSESTree.Program, prov: Provenance): Finding[] {
  const out: Finding[] = [];
  const checks = new CapabilityChecks(prov);
  const usesSdk = importsMcp(ast);
  for (const result of results) {
    // Builder or literal: what matters is who serves it (the SDK gates what its handlers return).
    if (!result.spec) continue;
    const requests = fieldOf(result.spec, 'inputRequests', prov);
    if (requests.state !== 'own' && requests.state !== 'inherited') continue;
    const kinds = embeddedKinds(requests.value, prov);
    if (kinds.length === 0) continue;
    const paths = handRolledPaths(result, usesSdk, prov);
    if (!paths || paths.every((path) => checks.onPath(path))) continue;
    out.push({ messageId: 'ungatedInputRequest', node: requests.property, data: { kinds: kinds.join(' and ') } });
  }
  return out;
}

/**
 * For each way a hand-rolled request handler answers with the result: the result and the helper calls that
 * carry it out, one per function. Undefined when the SDK serves the result or no handler can be seen.
 */
function handRolledPaths(result: InputRequiredResult, usesSdk: boolean, prov: Provenance): Node[][] | undefined {
  const uses = handlersAnswering(result.node, prov);
  if (uses.some((u) => u.served === 'sdk')) return undefined;
  if (uses.length > 0) return uses.map((u) => u.path);
  // `function callTool(params) { ... params.inputResponses ... }`: a handler that takes the retry itself. In a
  // file that uses the SDK such a function may be registered elsewhere (and gated there), so it needs a dispatch.
  if (usesSdk) return undefined;
  return returningFunctions(result.node, prov).some((fn) => readsRetryFields(fn)) ? [[result.node]] : undefined;
}

/** Whether the file imports or requires an MCP SDK module. */
function importsMcp(ast: TSESTree.Program): boolean {
  let found = false;
  walkAll(ast, (n) => {
    if (found) return;
    if (n.type === 'ImportDeclaration') found = !!mcpModule(n.source.value);
    else if (n.type === 'CallExpression' && n.callee.type === 'Identifier' && n.callee.name === 'require') found = !!mcpModule(staticString(n.arguments[0] as Node) ?? '');
    else if (n.type === 'ImportExpression') found = !!mcpModule(staticString(n.source) ?? '');
  });
  return found;
}

/** `p.inputResponses` / `p.requestState` / `p.params.inputResponses` on one of its own parameters. */
export function readsRetryFields(fn: FunctionNode): boolean {
  const params = new Set(fn.params.map((p) => (p.type === 'AssignmentPattern' ? p.left : p)).filter((p): p is TSESTree.Identifier => p.type === 'Identifier').map((p) => p.name));
  let found = false;
  walkAll(fn.body, (n) => {
    if (found || n.type !== 'MemberExpression') return;
    const key = propertyName(n);
    if (key !== 'inputResponses' && key !== 'requestState') return;
    let object = unwrap(n.object);
    if (object.type === 'MemberExpression' && propertyName(object) === 'params') object = unwrap(object.object);
    if (object.type === 'Identifier' && params.has(object.name)) found = true;
  });
  return found;
}

/** `roots (roots/list)`, ... for each recognisable entry of an inputRequests value. */
function embeddedKinds(value: Node, prov: Provenance): string[] {
  const map = objectOf(value, prov);
  if (!map) return [];
  const kinds: string[] = [];
  for (const prop of map.properties) {
    if (prop.type !== 'Property') continue;
    const kind = entryKind(prop.value, prov);
    if (kind && !kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
}

function entryKind(entry: Node, prov: Provenance): string | undefined {
  const obj = objectOf(entry, prov);
  if (obj) {
    const method = fieldOf(obj, 'method', prov);
    const name = method.state === 'own' || method.state === 'inherited' ? staticString(method.value) : undefined;
    const capability = name ? capabilityOfMethod[name] : undefined;
    return capability ? `${capability} (${name})` : undefined;
  }
  const call = unwrap(entry);
  if (call.type === 'CallExpression' && call.callee.type === 'MemberExpression') {
    const name = calleeName(call);
    const method = name ? methodOfBuilder[name] : undefined;
    if (method && prov.valueOf(call.callee.object)?.kind === 'input-required') return `${capabilityOfMethod[method]} (${method})`;
  }
  return undefined;
}

/** Whether a function looks at client capabilities, itself or through a same-file helper it calls. */
class CapabilityChecks {
  private readonly memo = new Map<Node, boolean>();
  private readonly prov: Provenance;
  constructor(prov: Provenance) {
    this.prov = prov;
  }

  /**
   * Whether the client's capabilities are looked at on the way to the result: before any node of the path,
   * or before a call of the outermost function (a check in the code that calls the dispatcher).
   */
  onPath(path: Node[]): boolean {
    if (path.some((at) => this.before(at))) return true;
    const last = path[path.length - 1];
    let fns = last ? [enclosingFunction(last)].filter((f): f is FunctionNode => !!f) : [];
    const seen = new Set<FunctionNode>();
    for (let depth = 0; depth < 4 && fns.length; depth++) {
      const next: FunctionNode[] = [];
      for (const fn of fns) {
        if (seen.has(fn)) continue;
        seen.add(fn);
        for (const call of this.prov.callsOf(fn)) {
          if (this.before(call)) return true;
          const outer = enclosingFunction(call);
          if (outer) next.push(outer);
        }
      }
      fns = next;
    }
    return false;
  }

  /** Whether the code that runs before `node` in its function (earlier statements, enclosing tests) looks at capabilities. */
  before(node: Node): boolean {
    let child: Node = node;
    for (let at = node.parent; at && !isFunction(at); child = at, at = at.parent) {
      const statements = at.type === 'BlockStatement' || at.type === 'Program' ? at.body : at.type === 'SwitchCase' ? at.consequent : undefined;
      if (statements) {
        for (const s of statements) {
          if (s === child) break;
          if (this.inNode(s)) return true;
        }
      }
      const test = (at.type === 'IfStatement' || at.type === 'ConditionalExpression' || at.type === 'WhileStatement') && at.test !== child ? at.test : undefined;
      if (test && this.inNode(test)) return true;
      if (at.type === 'LogicalExpression' && at.right === child && this.inNode(at.left)) return true;
      if (at.type === 'SwitchStatement' && this.inNode(at.discriminant)) return true;
    }
    return false;
  }

  private inNode(root: Node): boolean {
    let found = false;
    walkAll(root, (n) => {
      if (found) return;
      if (readsCapabilities(n)) found = true;
      else if (n.type === 'CallExpression') {
        const helper = this.localFunction(n);
        if (helper && this.inFunction(helper)) found = true;
      }
    });
    return found;
  }

  inFunction(fn: FunctionNode, depth = 0): boolean {
    const cached = this.memo.get(fn);
    if (cached !== undefined) return cached;
    this.memo.set(fn, false);
    let found = false;
    walkAll(fn.body, (n) => {
      if (found) return;
      if (readsCapabilities(n)) found = true;
      else if (depth < 3 && n.type === 'CallExpression') {
        const helper = this.localFunction(n);
        if (helper && helper !== fn && this.inFunction(helper, depth + 1)) found = true;
      }
    });
    this.memo.set(fn, found);
    return found;
  }

  private localFunction(call: TSESTree.CallExpression): FunctionNode | undefined {
    const callee = rootIdentifier(call.callee);
    if (!callee || unwrap(call.callee) !== callee) return undefined;
    const def = this.prov.variableOf(callee)?.defs[0];
    if (def?.type === 'FunctionName') return def.node as FunctionNode;
    if (def?.type === 'Variable' && def.node.type === 'VariableDeclarator' && def.node.init) {
      const init = unwrap(def.node.init);
      if (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') return init;
    }
    return undefined;
  }
}

const capabilityMembers = new Set(['clientCapabilities', 'capabilities', 'envelope', 'getClientCapabilities']);

/** A read of the client's declared capabilities, per request (2026) or from initialize (2025). */
function readsCapabilities(n: Node): boolean {
  if (n.type === 'MemberExpression') return capabilityMembers.has(propertyName(n) ?? '');
  if (n.type === 'Literal') return n.value === CLIENT_CAPABILITIES_KEY;
  if (n.type === 'Identifier') return n.name === 'CLIENT_CAPABILITIES_META_KEY';
  if (n.type === 'Property' && n.parent?.type === 'ObjectPattern') return capabilityMembers.has(propertyName(n) ?? '');
  return false;
}
