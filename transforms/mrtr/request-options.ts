// A roots request a fill makes with a bound on its wait (`listRoots({}, { timeout: 5000 })`) under the per-request
// form. Replaced whole by the answer, it lost the bound: on a 2025-era connection the SDK's legacy shim asked the
// client with its own round timeout (10 minutes by default) and answered a failed leg with an `isError` result of its
// own, so the fill's catch and fall-back never ran. So a request bounded by its own options is split by era
// instead (core's legacy-era-branch.ts): a 2026-07-28 request takes the client's answer from its retry (no wait on
// the server, so nothing to bound), and a 2025-era request, which the entry check then does not ask, makes the
// original request itself, options and all, so the fill's catch sees the timeout, `Method not found` and
// invalid-result errors it saw before. A tool handler's own bounded request is split the same way (`splitsInHandler`).
// A race around the request (`Promise.race`, `withTimeout(…)`) keeps the marker: on 2026-07-28 uproot cannot show
// which side of it settles first.
import { type Node, type Provenance, type RootsSite, boundedByOptions, calleeName, feedsSharedState, hasTimeoutControl, locOf, modernRequestTest, racedRequest, unwrap } from '@uproot/core/planning';
import { HELPER_NAMES } from './helpers-block.ts';
import { Unprovable } from './unit.ts';

const NO_SPLIT = 'a per-request ask has no counterpart for it: a 2025-era client is asked by the SDK\'s legacy shim with its own round timeout (10 minutes by default), and a 2026-07-28 client answers in its retry';

/** Throws the `timeout-control` marker when one of the fill's `requests` bounds its wait (a write copied into each handler: no era split there). */
export function holdBoundedRequests(requests: Iterable<Node>): void {
  for (const request of requests) {
    if (!hasTimeoutControl(request)) continue;
    const line = locOf(request).start.line;
    throw new Unprovable('timeout-control', `the request at line ${line} bounds its wait (a timeout, an abort signal or a race), and its write would be copied into each handler, where uproot does not split a request by protocol era; ${NO_SPLIT}`);
  }
}

/** The fill's `requests` that bound their wait by their own options: each is split by era. A raced request throws the marker. */
export function eraSplitRequests(requests: Iterable<Node>): Set<Node> {
  const split = new Set<Node>();
  for (const request of requests) {
    if (racedRequest(request)) {
      const line = locOf(request).start.line;
      throw new Unprovable('timeout-control', `the request at line ${line} runs inside a race (Promise.race, Promise.any, withTimeout(…)): on a 2026-07-28 request the client's answer arrives with its retry, and uproot cannot show the race's other side settles after it; ${NO_SPLIT}`);
    }
    if (boundedByOptions(request)) split.add(request);
  }
  return split;
}

/** The request's replacement: the answer on 2026-07-28, the original request (bound and all) on a 2025-era connection. */
export function requestReplacement(text: string, request: Node, ctx: string, split: ReadonlySet<Node>): string {
  if (!split.has(request)) return `${HELPER_NAMES.answer}(${ctx})`;
  return `(${modernRequestTest(ctx)} ? ${HELPER_NAMES.answer}(${ctx}) : ${text.slice(request.range[0], request.range[1])})`;
}

/**
 * A handler's request (core's classify marked it `timeout-control`) that the same split keeps: bounded by its own
 * options, in no race, feeding no shared state, and asking nothing a roots input request cannot (`listRoots()`'s
 * first argument empty). On a 2025-era connection the handler makes it as written; on 2026-07-28 it is asked at
 * the entry and answered from the retry.
 */
export function splitsInHandler(site: RootsSite, prov: Provenance): boolean {
  const node = site.node;
  if (site.kind !== 'request' || site.reason !== 'timeout-control' || site.sdk !== 2 || node.type !== 'CallExpression') return false;
  if (!boundedByOptions(node) || racedRequest(node) || feedsSharedState(node, prov)) return false;
  if (calleeName(node) !== 'listRoots') return true;
  const params = node.arguments[0] && unwrap(node.arguments[0]);
  return !params || (params.type === 'Identifier' && params.name === 'undefined') || (params.type === 'ObjectExpression' && params.properties.length === 0);
}
