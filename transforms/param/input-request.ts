// Handlers that already ask for roots with multi round-trip requests (`inputRequired.listRoots()`,
// or a hand-built `{ method: 'roots/list' }` in `inputRequests`) and read the answer on the retry
// (`inputResponse(ctx.mcpReq.inputResponses, key)` or `ctx.mcpReq.inputResponses?.[key]`). With a
// parameter the answer is always there: the reads become the parameter's roots, and the `if` that
// asked becomes provably dead and goes away.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, findProperty, propertyName, staticString, unwrap } from '@uproot/core/planning';
import { type Provenance, walkAll } from '@uproot/core/planning';
import { mcpModule } from '@uproot/core/planning';
import { unresolved } from './unprovable.ts';

export interface AnswerRead {
  /** The expression to replace (casts around it included). */
  node: Node;
  /** `view`: an InputResponseView ({ kind: 'roots', roots }); `raw`: the bare ListRootsResult. */
  shape: 'view' | 'raw';
}

export interface InputRequestPlan {
  /** The `if (…) return inputRequired(…)` statement that asks; removed. */
  ask: TSESTree.IfStatement;
  reads: AnswerRead[];
}

export function planInputRequest(site: Node, fns: ReadonlySet<FunctionNode>, prov: Provenance): InputRequestPlan {
  const entry = climbCasts(site);
  const holder = entry.parent;
  if (holder?.type !== 'Property' || holder.value !== entry || holder.parent?.type !== 'ObjectExpression') throw unresolved('the roots input request is not written inline in inputRequests');
  const key = propertyName(holder);
  if (key === undefined) throw unresolved('the inputRequests key is computed');
  const map = holder.parent;
  if (map.properties.length !== 1) throw unresolved('the handler asks for other input in the same round as the roots');
  const mapHolder = climbCasts(map).parent;
  if (mapHolder?.type !== 'Property' || propertyName(mapHolder) !== 'inputRequests' || mapHolder.parent?.type !== 'ObjectExpression') throw unresolved('the inputRequests map is not written inline in the result');
  const spec = mapHolder.parent;
  if (findProperty(spec, 'requestState')) throw unresolved('the input request carries requestState, which a parameter cannot replace');
  const specHolder = climbCasts(spec).parent;
  const result = specHolder?.type === 'CallExpression' && calleeName(specHolder) === 'inputRequired' ? specHolder : climbCasts(spec);
  const ret = climbCasts(result).parent;
  if (ret?.type !== 'ReturnStatement') throw unresolved('the input_required result is not returned directly');
  const ask = askingIf(ret);
  const reads = findReads(key, fns, prov);
  if (reads.length === 0) throw unresolved(`no read of the "${key}" input response was found in the handler`);
  if (!provablyFalse(ask.test, reads, prov)) throw unresolved('uproot cannot prove the condition that asks for roots is false once the directory is a parameter');
  return { ask, reads };
}

function askingIf(ret: TSESTree.ReturnStatement): TSESTree.IfStatement {
  let node: Node = ret;
  if (node.parent?.type === 'BlockStatement' && node.parent.body.length === 1) node = node.parent;
  const ifs = node.parent;
  if (ifs?.type !== 'IfStatement' || ifs.consequent !== node || ifs.alternate) throw unresolved('the input_required return is not the only statement of an if without else');
  return ifs;
}

function climbCasts(node: Node): Node {
  let current = node;
  while (current.parent && (current.parent.type === 'TSAsExpression' || current.parent.type === 'TSSatisfiesExpression' || current.parent.type === 'TSNonNullExpression' || current.parent.type === 'TSTypeAssertion')) current = current.parent;
  return current;
}

/** Every read of `inputResponses` in the handler's functions; any read uproot does not understand blocks the plan. */
function findReads(key: string, fns: ReadonlySet<FunctionNode>, prov: Provenance): AnswerRead[] {
  const reads: AnswerRead[] = [];
  for (const fn of fns) {
    walkAll(fn.body, (n) => {
      if (n.type === 'CallExpression' && isInputResponseFn(n.callee, prov)) {
        const k = n.arguments[1] && staticString(n.arguments[1]);
        if (k === undefined) throw unresolved('inputResponse() is called with a computed key');
        if (k === key) reads.push({ node: climbCasts(n), shape: 'view' });
        return;
      }
      if (n.type === 'MemberExpression' && propertyName(n) === 'inputResponses' && prov.is(n.object, 'mcp-req')) {
        const parent = n.parent;
        if (parent?.type === 'CallExpression' && parent.arguments[0] === n && isInputResponseFn(parent.callee, prov)) return;
        if (parent?.type === 'MemberExpression' && parent.object === n) {
          const k = propertyName(parent);
          if (k === undefined) throw unresolved('inputResponses is read with a computed key');
          if (k === key) reads.push({ node: climbCasts(parent.parent?.type === 'ChainExpression' ? parent.parent : parent), shape: 'raw' });
          return;
        }
        throw unresolved('the handler passes inputResponses around as a whole');
      }
    });
  }
  return reads;
}

function isInputResponseFn(callee: Node, prov: Provenance): boolean {
  const c = unwrap(callee);
  if (c.type !== 'Identifier') return false;
  const def = prov.variableOf(c)?.defs[0];
  if (def?.type !== 'ImportBinding' || def.parent?.type !== 'ImportDeclaration' || !mcpModule(def.parent.source.value)) return false;
  return def.node.type === 'ImportSpecifier' && def.node.imported.type === 'Identifier' && def.node.imported.name === 'inputResponse';
}

/** Whether `test` is false once every read holds the parameter's roots. */
function provablyFalse(test: Node, reads: AnswerRead[], prov: Provenance): boolean {
  const t = unwrap(test);
  if (t.type === 'LogicalExpression' && t.operator === '||') return provablyFalse(t.left, reads, prov) && provablyFalse(t.right, reads, prov);
  if (t.type === 'LogicalExpression' && t.operator === '&&') return provablyFalse(t.left, reads, prov) || provablyFalse(t.right, reads, prov);
  if (t.type === 'UnaryExpression' && t.operator === '!') return truthy(t.argument, reads, prov);
  if (t.type === 'BinaryExpression') {
    const [value, other] = isKind(t.left, reads, prov) ? [t.right, t.left] : isKind(t.right as Node, reads, prov) ? [t.left, t.right] : [undefined, undefined];
    const literal = value && staticString(value as Node);
    if (other && literal !== undefined) {
      if (t.operator === '!==' || t.operator === '!=') return literal === 'roots';
      if (t.operator === '===' || t.operator === '==') return literal !== 'roots';
    }
    const nullish = (n: Node) => (n.type === 'Literal' && n.value === null) || (n.type === 'Identifier' && n.name === 'undefined');
    if ((t.operator === '===' || t.operator === '==') && nullish(unwrap(t.right as Node))) return truthy(t.left as Node, reads, prov);
  }
  return false;
}

/** `view.kind` where `view` holds an inputResponse() read. */
function isKind(node: Node, reads: AnswerRead[], prov: Provenance): boolean {
  const n = unwrap(node);
  return n.type === 'MemberExpression' && propertyName(n) === 'kind' && holds(n.object, reads, prov, 'view');
}

function truthy(node: Node, reads: AnswerRead[], prov: Provenance): boolean {
  const n = unwrap(node);
  if (holds(n, reads, prov, 'raw') || holds(n, reads, prov, 'view')) return true;
  return n.type === 'MemberExpression' && propertyName(n) === 'roots' && (holds(n.object, reads, prov, 'raw') || holds(n.object, reads, prov, 'view'));
}

/** The node is a read of that shape, or a never-reassigned local initialised with one. */
function holds(node: Node, reads: AnswerRead[], prov: Provenance, shape: AnswerRead['shape']): boolean {
  const n = unwrap(node);
  const isRead = (x: Node) => reads.some((r) => r.shape === shape && (r.node === x || unwrap(r.node) === unwrap(x)));
  if (isRead(n)) return true;
  if (n.type !== 'Identifier') return false;
  const variable = prov.variableOf(n);
  const def = variable?.defs[0];
  const declarator = def?.node;
  if (def?.type !== 'Variable' || declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier' || !declarator.init) return false;
  if (variable!.references.some((r) => r.isWrite() && r.identifier !== declarator.id)) return false;
  return isRead(declarator.init);
}
