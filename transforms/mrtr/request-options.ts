// A roots request a fill makes with a timeout, an abort signal or a race (`listRoots({}, { timeout: 5000 })`) keeps
// the `timeout-control` marker under the per-request form too. The handler path marks it already (core's classify);
// a fill the lifecycle planners move into a per-request helper replaced the request whole and dropped the bound:
// on a 2025-era connection the SDK's legacy shim then asks the client with its own round timeout (10 minutes by
// default), so a client that never answers held every tool call that long where the original gave up after 5 s
// and fell back; on 2026-07-28 the client answers in its retry, and there is no wait to bound at all.
import { type Node, hasTimeoutControl, locOf } from '@uproot/core/planning';
import { Unprovable } from './unit.ts';

/** Throws the `timeout-control` marker when one of the fill's `requests` bounds its wait. */
export function holdBoundedRequests(requests: Iterable<Node>): void {
  for (const request of requests) {
    if (!hasTimeoutControl(request)) continue;
    const line = locOf(request).start.line;
    throw new Unprovable('timeout-control', `the request at line ${line} bounds its wait (a timeout, an abort signal or a race), which a per-request ask has no counterpart for: a 2025-era client is asked by the SDK's legacy shim with its own round timeout (10 minutes by default), and a 2026-07-28 client answers in its retry`);
  }
}
