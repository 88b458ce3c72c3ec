// A marker's detail when a hook hands the roots request to a fill *as a function*
// (`initializeRoots(async () => server.server.listRoots())`, memvid-mcp): the fill calls it and keeps
// the answer itself. The per-request planners follow an answer handed over (answer-fill.ts,
// imported-fill.ts), not a fetch, so the state and its readers stay unknown; the detail names the
// fill and says so, instead of "cannot tell which state".
import { type Node, calleeName, locOf, unwrap } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';

export function handedFetchDetail(site: RootsSite): string | undefined {
  // The request is what a function returns: its expression body, or a `return` of its block.
  let x: Node | undefined = site.node;
  while (x?.parent && (x.parent.type === 'AwaitExpression' || x.parent.type === 'TSAsExpression' || x.parent.type === 'ChainExpression')) x = x.parent;
  const ret = x?.parent?.type === 'ReturnStatement' ? x.parent : x;
  const body = ret?.parent?.type === 'BlockStatement' && ret.parent.body.length === 1 ? ret.parent : ret;
  const fn = body?.parent;
  if (!fn || (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') || fn.body !== body) return undefined;
  const call = fn.parent;
  if (call?.type !== 'CallExpression' || !call.arguments.includes(fn) || unwrap(call.callee) === fn) return undefined;
  const name = calleeName(call) ?? 'a function';
  return `the roots request is handed to ${name}() as a function (line ${locOf(call).start.line}), which runs it and keeps the answer itself: the per-request form follows an answer handed to a fill, not a fetch, so it cannot tell which state ${name}() fills or who reads it`;
}
