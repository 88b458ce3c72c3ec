// The answers a migrated handler carries between rounds travel in requestState signed by the generated codec and
// verified by the server's requestState.verify: the state echoed unchanged moves the call on, a state the client
// altered (here: a different city in the payload, re-encoded without the key) is refused with -32602.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CallToolResultSchema } from '@modelcontextprotocol/core';
import { Client, StreamableHTTPClientTransport, withInputRequired } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { FIXTURES_DIR, copyFixture, importFixture, removeStaleCopies } from './harness/load.ts';
import type { ServerFactory } from './harness/types.ts';

beforeAll(() => removeStaleCopies());
afterAll(() => removeStaleCopies());

type Answer = { resultType?: string; inputRequests?: Record<string, unknown>; requestState?: string; content?: Array<{ text?: string }> };

describe('requestState of a migrated handler with successive rounds', () => {
  it('moves on with the state echoed unchanged and refuses a state the client altered', async () => {
    let dir: string | undefined;
    const copy = await copyFixture(path.join(FIXTURES_DIR, 'mrtr-push', 'dependent-js'), async (_text, file) => {
      if (!dir) {
        dir = path.dirname(file);
        await runMigrate([dir], { cwd: dir, strategy: 'mrtr', dryRun: false });
      }
      return readFileSync(file, 'utf8');
    });
    try {
      expect(readFileSync(path.join(copy.dir, 'server.js'), 'utf8')).toContain('requestState: { verify: requestStateCodec.verify }');
      const { createServer } = (await importFixture(copy)) as { createServer: ServerFactory };
      const handler = createMcpHandler(() => createServer());
      const client = new Client(
        { name: 'tamper', version: '1.0.0' },
        { capabilities: { elicitation: {}, sampling: {} }, versionNegotiation: { mode: { pin: '2026-07-28' } }, inputRequired: { autoFulfill: false } },
      );
      await client.connect(new StreamableHTTPClientTransport(new URL('http://uproot-e2e.test/mcp'), { fetch: (url, init) => handler.fetch(new Request(url, init)) }));
      const call = async (extra: Record<string, unknown>): Promise<Answer> =>
        (await client.request({ method: 'tools/call', params: { name: 'plan-trip', arguments: {}, ...extra } }, withInputRequired(CallToolResultSchema), { allowInputRequired: true })) as Answer;
      try {
        const first = await call({});
        expect(Object.keys(first.inputRequests ?? {})).toEqual(['destination']);
        const second = await call({ inputResponses: { destination: { action: 'accept', content: { city: 'Lisbon' } } } });
        expect(Object.keys(second.inputRequests ?? {})).toEqual(['itinerary']);
        const state = second.requestState!;
        const itinerary = { itinerary: { role: 'assistant', content: { type: 'text', text: 'museums' }, model: 'm' } };
        // Echoed unchanged: the next round asks for the confirmation, with the city carried.
        const third = await call({ inputResponses: itinerary, requestState: state });
        expect(Object.keys(third.inputRequests ?? {})).toEqual(['confirmation']);
        // The same state with another city in its payload, the signature kept: refused before the handler runs.
        const [version, body, mac] = state.split('.');
        const payload = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { p: { destination: { content: { city: string } } } };
        payload.p.destination.content.city = 'Atlantis';
        const tampered = [version, Buffer.from(JSON.stringify(payload)).toString('base64url'), mac].join('.');
        await expect(call({ inputResponses: itinerary, requestState: tampered })).rejects.toMatchObject({ code: -32602 });
      } finally {
        await client.close();
        await handler.close();
      }
    } finally {
      await copy.cleanup();
    }
  });
});
