// Per request only: a capability gate's no-roots path that writes the state a plain value
// (`if (!caps?.roots) { dirs = []; return; }`, fs-context-mcp-server). The original gave a client
// without roots that value; a per-request helper skipped for such a client would leave whatever an
// earlier request of a client with roots wrote (on 2026-07-28 each request declares its own
// capabilities). So the path is replayed, not dropped: the helper runs for every client, its gate is
// the per-request capability check, and this path writes the same value the original wrote.
import { type Node, unwrap, walkAll } from '@uproot/core/planning';
import { isConsoleCall } from '../../hook-statements.ts';

interface ElseContext {
  /** The state's writes (assignment or setter call). */
  writes: Set<Node>;
  /** Set per request only: calls the helper may repeat. */
  repeatable?: ReadonlySet<Node>;
  /** Whether an assignment target is the state (the variable, or `this.field` of its class). */
  isState?: (target: Node) => boolean;
}

/**
 * `s` (the gate's else, or a negated gate's consequent) only writes the state values that read
 * nothing (`[]`, `undefined`, a literal), reports, and returns nothing: its writes (at least one),
 * which stay in the helper; undefined otherwise.
 */
export function replayedElse(s: Node, c: ElseContext): Node[] | undefined {
  if (!c.repeatable) return undefined;
  const statements = s.type === 'BlockStatement' ? s.body : [s];
  const writes: Node[] = [];
  for (const x of statements) {
    if (x.type === 'ReturnStatement' && !x.argument) continue;
    if (x.type !== 'ExpressionStatement') return undefined;
    const e = unwrap(x.expression);
    if (isConsoleCall(e) || c.repeatable.has(e)) continue;
    if (e.type !== 'AssignmentExpression' || e.operator !== '=' || !(c.writes.has(e) || c.isState?.(e.left)) || !plain(e.right)) return undefined;
    writes.push(e);
  }
  return writes.length > 0 ? writes : undefined;
}

/** A value computed from nothing: literals, `[]`, `{}`, `undefined`. */
function plain(value: Node): boolean {
  let ok = true;
  walkAll(value, (n) => {
    if (n.type === 'Identifier' ? n.name !== 'undefined' : !['ArrayExpression', 'ObjectExpression', 'Literal', 'UnaryExpression', 'TSAsExpression', 'TSTypeReference', 'TSArrayType', 'TSStringKeyword', 'TemplateLiteral', 'TemplateElement'].includes(n.type)) ok = false;
  });
  return ok;
}
