// The official codemod leaves a handler that destructures v1's per-request `extra` (`async (input, { signal }) => …`)
// with "Destructuring of context parameter … Manual refactoring required": v2's ServerContext moved those fields
// (signal is ctx.mcpReq.signal). Left so, the upgraded handler reads `undefined` and fails the type check. Where every
// destructured field has one v2 home, uproot rewrites the pattern to reach it there (`{ mcpReq: { signal } }`):
// the same names bound to the same values. Anything else (authInfo under the optional ctx.http, sendRequest, whose
// v2 form takes other arguments, a default or a rest element) keeps the codemod's marker.
import { ts } from 'ts-morph';

const MARKER = /^[ \t]*\/\* @mcp-codemod-error Destructuring of context parameter in signature: [^\n]*?Manual refactoring required\. \*\/[ \t]*\r?\n/;

/** v1 RequestHandlerExtra field → its path in v2's ServerContext. */
const V2_HOME: Record<string, readonly string[]> = {
  signal: ['mcpReq', 'signal'],
  requestId: ['mcpReq', 'id'],
  _meta: ['mcpReq', '_meta'],
  sessionId: ['sessionId'],
};

export interface ContextRepair {
  text: string;
  /** 1-based lines, in the repaired text, of the handlers repaired. */
  lines: number[];
}

/** The file's text with each marked context destructuring reaching v2's fields; undefined when none could be. */
export function repairContextDestructuring(text: string, file: string): ContextRepair | undefined {
  if (!text.includes('Destructuring of context parameter')) return undefined;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : undefined);
  const edits: Array<{ start: number; end: number; insert: string }> = [];
  const repaired: number[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      const marker = markerBefore(text, node);
      const param = node.parameters[node.parameters.length - 1];
      const pattern = marker && param && !param.initializer && !param.dotDotDotToken && ts.isObjectBindingPattern(param.name) ? v2Pattern(param.name) : undefined;
      if (marker && param && pattern) {
        edits.push({ start: marker.start, end: marker.end, insert: '' });
        edits.push({ start: param.name.getStart(), end: param.name.getEnd(), insert: pattern });
        repaired.push(param.name.getStart());
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!edits.length) return undefined;
  const removed = edits.filter((e) => e.insert === '').map((e) => ({ at: e.start, lines: text.slice(e.start, e.end).split('\n').length - 1 }));
  const lines = repaired.map((at) => source.getLineAndCharacterOfPosition(at).line + 1 - removed.filter((m) => m.at < at).reduce((n, m) => n + m.lines, 0));
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.insert + out.slice(e.end);
  return { text: out, lines };
}

/** The codemod's marker on the line(s) just before the function, as the range to remove. */
function markerBefore(text: string, fn: ts.Node): { start: number; end: number } | undefined {
  const lineStart = text.lastIndexOf('\n', fn.getStart() - 1) + 1;
  if (text.slice(lineStart, fn.getStart()).trim() !== '') return undefined;
  const before = text.lastIndexOf('\n', lineStart - 2) + 1;
  const match = MARKER.exec(text.slice(before, lineStart));
  return match && match[0].length === lineStart - before ? { start: before, end: lineStart } : undefined;
}

/** `{ signal, requestId: id }` → `{ mcpReq: { signal, id: id } }`; undefined when a field has no single v2 home. */
function v2Pattern(pattern: ts.ObjectBindingPattern): string | undefined {
  const tree = new Map<string, Map<string, string> | string>();
  if (pattern.elements.length === 0) return undefined;
  for (const el of pattern.elements) {
    if (el.dotDotDotToken || el.initializer || !ts.isIdentifier(el.name)) return undefined;
    const field = el.propertyName && ts.isIdentifier(el.propertyName) ? el.propertyName.text : el.propertyName ? undefined : el.name.text;
    const home = field !== undefined ? V2_HOME[field] : undefined;
    if (!home) return undefined;
    const binding = el.name.text;
    if (home.length === 1) {
      if (tree.has(home[0]!)) return undefined;
      tree.set(home[0]!, home[0] === binding ? binding : `${home[0]}: ${binding}`);
      continue;
    }
    const group = tree.get(home[0]!) ?? new Map<string, string>();
    if (typeof group === 'string' || group.has(home[1]!)) return undefined;
    group.set(home[1]!, home[1] === binding ? binding : `${home[1]}: ${binding}`);
    tree.set(home[0]!, group);
  }
  const parts = [...tree].map(([key, value]) => (typeof value === 'string' ? value : `${key}: { ${[...value.values()].join(', ')} }`));
  return `{ ${parts.join(', ')} }`;
}
