import { PassThrough } from 'node:stream';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { makeClient, runCalls, withSession } from './session.ts';
import { wireTap } from './wire.ts';
import type { FixtureCall, RunOptions, ServerFactory, SessionResult } from './types.ts';

export type Entry2026 = 'http' | 'stdio';

export interface Run2026Options extends RunOptions {
  entry: Entry2026;
}

const PIN_2026 = { versionNegotiation: { mode: { pin: '2026-07-28' } } } as const;

/**
 * 2026-07-28 session, in-process, through one of the SDK's two serving entries:
 * - `http`: `createMcpHandler(createServer)` behind a fetch shim for `StreamableHTTPClientTransport`
 *   (a fresh server per HTTP request, as in production);
 * - `stdio`: `serveStdio(createServer, { transport })` over a pair of in-memory byte streams with
 *   newline-delimited JSON-RPC framing on both sides (one pinned server per connection).
 * The client pins 2026-07-28 (no fallback) and auto-fulfils `input_required` with its `roots/list` handler.
 */
export async function run2026(
  createServer: ServerFactory,
  calls: readonly FixtureCall[],
  options: Run2026Options,
): Promise<SessionResult> {
  return withSession(options, async () => {
    const { client, rootsRequests, asked } = makeClient(options, PIN_2026);
    const wire = wireTap();
    let close: () => Promise<void>;
    if (options.entry === 'http') {
      const handler = createMcpHandler(() => createServer());
      const fetchShim = (url: string | URL, init?: RequestInit): Promise<Response> => handler.fetch(new Request(url, init));
      await client.connect(wire.tap(new StreamableHTTPClientTransport(new URL('http://uproot-e2e.test/mcp'), { fetch: fetchShim })));
      close = () => handler.close();
    } else {
      const toServer = new PassThrough();
      const toClient = new PassThrough();
      const handle = serveStdio(() => createServer(), { transport: new StdioServerTransport(toServer, toClient) });
      // The client end speaks the same framing, so the server's stream transport serves it too.
      await client.connect(wire.tap(new StdioServerTransport(toClient, toServer)));
      close = () => handle.close();
    }
    try {
      if (client.getNegotiatedProtocolVersion() !== '2026-07-28') {
        throw new Error(`expected a 2026-07-28 session, negotiated ${client.getNegotiatedProtocolVersion()}`);
      }
      return await runCalls(client, calls, options, rootsRequests, wire.requests, asked);
    } finally {
      await client.close();
      await close();
    }
  });
}
