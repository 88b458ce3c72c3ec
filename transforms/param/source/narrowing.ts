// A capability check narrows what it tests: under `if (caps?.roots)` TypeScript knows `caps` and
// `caps.roots` are there, and `caps.roots.listChanged` (or `getClientCapabilities()!.roots!…`) relies on
// it. Once the check asks `rootsConfigured(…)` instead, those reads lose that guarantee: a client without
// roots now reaches them too. Each such read that stays in the output either becomes an optional chain or
// holds the substitution (the request keeps its marker); see `narrowedReads`.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, enclosingFunction } from '@uproot/core/planning';
import type { RootsSite, TextEdit } from '@uproot/core/planning';
import type { FileContext } from '../entries.ts';
import { booleanContext, guardOf } from '../gates.ts';

/**
 * The edits that keep the reads under `gate` sound once it is substituted, or why it cannot be.
 *
 * The choice: a read in a condition (`if (caps.roots.listChanged)`) becomes `caps?.roots?.listChanged`.
 * Wherever the original reached it the chain is present, so the value is the same; the only new way in
 * is a client without roots, whose answer is `undefined` (falsy: "sends no list_changed", which is true
 * of it) instead of a TypeError, and a condition accepts `T | undefined`, so it type-checks. Keeping the
 * original test beside `rootsConfigured(…)` would instead skip the configured roots for such clients.
 * A read whose value goes anywhere else (an argument, a variable) would change type, and a read the
 * gate's region does not provably hold cannot be told apart from one another check narrowed: both hold
 * the gate, so nothing is half rewritten.
 */
export function narrowedReads(gate: RootsSite, f: FileContext, replaced: ReadonlyArray<[number, number]>): string | TextEdit[] {
  if (destructured(gate.node)) return 'the roots capability is destructured into a binding the code reads on; check it with an if by hand';
  let target: Node = gate.node;
  while (target.parent && (target.parent.type === 'ChainExpression' || target.parent.type === 'TSNonNullExpression')) target = target.parent;
  const narrowed = narrowedPaths(gate.node, f.text);
  if (narrowed.size === 0) return [];
  const fn = enclosingFunction(gate.node);
  const scope: Node = fn ?? f.ast;
  const gone = (n: Node) => replaced.some(([s, e]) => n.range[0] >= s && n.range[1] <= e);
  const edits: TextEdit[] = [];
  let refusal: string | undefined;
  visit(scope, (node) => {
    if (refusal || node.range[0] < target.range[1] || gone(node)) return;
    const relies =
      (node.type === 'MemberExpression' && !node.optional && narrowed.has(pathKey(bare(node.object), f.text) ?? '')) ||
      (node.type === 'TSNonNullExpression' && narrowed.has(pathKey(node.expression, f.text) ?? ''));
    if (!relies) return;
    const top = chainTop(node);
    const line = f.text.slice(0, node.range[0]).split('\n').length;
    // guardOf walks up to the function; a top-level check walks up to the program the same way.
    if (!guardOf(node, (fn ?? f.ast) as FunctionNode, new Set([target]))) {
      refusal = `line ${line} reads ${f.text.slice(top.range[0], top.range[1])} where uproot cannot tell which check it relies on`;
    } else if (!booleanContext(top)) {
      refusal = `line ${line} reads ${f.text.slice(top.range[0], top.range[1])}, which relies on this check and is used as a value, not as a condition`;
    } else edits.push(...optionalChain(top, narrowed, f.text));
  });
  return refusal ?? dedupe(edits);
}

/** `const { roots } = caps ?? {}`: the gate is a binding, not an expression a call can replace. */
function destructured(node: Node): boolean {
  return node.type === 'Property' || node.parent?.type === 'ObjectPattern' || (node.parent?.type === 'Property' && node.parent.parent?.type === 'ObjectPattern');
}

/** The paths a truthy `gate` proves present: the gated value, and every object it reached with `?.`. */
function narrowedPaths(gate: Node, text: string): Set<string> {
  const out = new Set<string>();
  const add = (n: Node) => {
    const key = pathKey(n, text);
    if (key) out.add(key);
  };
  add(gate);
  for (let n: Node = gate; n.type === 'MemberExpression'; n = bare(n.object)) if (n.optional) add(bare(n.object));
  return out;
}

/** `caps.roots`, `this.caps`, `server.server.getClientCapabilities()`: a path read again reads the same value. */
function pathKey(node: Node, text: string): string | undefined {
  const n = bare(node);
  if (n.type === 'Identifier' || n.type === 'ThisExpression') return text.slice(n.range[0], n.range[1]);
  if (n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier') {
    const object = pathKey(n.object, text);
    return object && `${object}.${n.property.name}`;
  }
  if (n.type === 'CallExpression' && n.arguments.length === 0) {
    const callee = pathKey(n.callee, text);
    return callee && `${callee}()`;
  }
  return undefined;
}

function bare(node: Node): Node {
  let n = node;
  while (n.type === 'ChainExpression' || n.type === 'TSNonNullExpression') n = n.expression;
  return n;
}

/** The whole member chain a read belongs to: `caps.roots.listChanged` for the `caps.roots` in it. */
function chainTop(node: Node): Node {
  let n = node;
  for (;;) {
    const p = n.parent;
    if (p && ((p.type === 'MemberExpression' && p.object === n) || p.type === 'ChainExpression' || (p.type === 'TSNonNullExpression' && p.expression === n))) n = p;
    else return n;
  }
}

/** `caps.roots!.listChanged` → `caps?.roots?.listChanged`: each narrowed link becomes optional, its `!` goes. */
function optionalChain(top: Node, narrowed: ReadonlySet<string>, text: string): TextEdit[] {
  const edits: TextEdit[] = [];
  const links: Node[] = [];
  for (let n: Node = top; ; ) {
    links.push(n);
    if (n.type === 'MemberExpression') n = n.object;
    else if (n.type === 'ChainExpression' || n.type === 'TSNonNullExpression') n = n.expression;
    else break;
  }
  for (const n of links) {
    if (n.type === 'TSNonNullExpression' && narrowed.has(pathKey(n.expression, text) ?? '')) edits.push({ start: n.expression.range[1], end: n.range[1], text: '' });
    if (n.type !== 'MemberExpression' || n.optional || !narrowed.has(pathKey(bare(n.object), text) ?? '')) continue;
    const at = text.indexOf(n.computed ? '[' : '.', n.object.range[1]);
    edits.push({ start: at, end: n.computed ? at : at + 1, text: '?.' });
  }
  return edits;
}

function dedupe(edits: TextEdit[]): TextEdit[] {
  const seen = new Set<string>();
  return edits.filter((e) => {
    const key = `${e.start}:${e.end}:${e.text}`;
    return !seen.has(key) && !!seen.add(key);
  });
}

function visit(node: Node, fn: (n: Node) => void): void {
  fn(node);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child === 'object' && typeof (child as { type?: unknown }).type === 'string') visit(child as TSESTree.Node, fn);
    }
  }
}
