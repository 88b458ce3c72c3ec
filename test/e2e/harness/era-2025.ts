import { InMemoryTransport } from '@modelcontextprotocol/client';
import { makeClient, runCalls, withSession } from './session.ts';
import { wireTap } from './wire.ts';
import type { FixtureCall, RunOptions, ServerFactory, SessionResult } from './types.ts';

/**
 * 2025-era session: one server from `createServer`, connected over `InMemoryTransport` to a real v2
 * `Client` (default version negotiation → `initialize`, 2025-11-25). MRTR handlers run through the
 * SDK's legacy shim here; push-style `roots/list` requests reach the client's handler.
 */
export async function run2025(
  createServer: ServerFactory,
  calls: readonly FixtureCall[],
  options: RunOptions,
): Promise<SessionResult> {
  return withSession(options, async () => {
    const server = await createServer();
    const { client, rootsRequests, asked } = makeClient(options);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const wire = wireTap();
    wire.tap(clientSide);
    await server.connect(serverSide);
    await client.connect(clientSide);
    try {
      if (client.getProtocolEra() !== 'legacy') throw new Error(`expected a 2025-era session, got ${client.getProtocolEra()}`);
      return await runCalls(client, calls, options, rootsRequests, wire.requests, asked);
    } finally {
      await client.close();
      await server.close();
    }
  });
}
