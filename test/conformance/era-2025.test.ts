// The conformance fixtures are real servers, not strawmen: on a 2025-era connection, where push requests
// work, each push-style original answers a client that elicits, samples and lists roots, and the
// hand-written MRTR reference (served there by the SDK's legacy shim) answers that client exactly as they do.
// So the conformance matrix's "original fails, reference passes" is about the 2026-07-28 wire, nothing else.
import { Client, type ElicitResult, InMemoryTransport } from '@modelcontextprotocol/client';
import type { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { MRTR_SCENARIOS } from './harness/scenarios.ts';
import { loadServer } from './harness/servers.ts';

type Factory = () => Pick<McpServer, 'connect' | 'close'>;
const load = async (fixture: string, entry: string): Promise<Factory> =>
  ((await import(`../e2e/fixtures/conformance/${fixture}/${entry}`)) as { createServer: Factory }).createServer;

const TOOLS = [...new Set(MRTR_SCENARIOS.map((s) => s.tool))];

/** A 2025-era client declaring all three kinds; `declines` turns every elicitation down. */
async function answers(createServer: Factory, declines = false): Promise<Record<string, string>> {
  const client = new Client({ name: 'uproot-conformance-2025', version: '1.0.0' }, { capabilities: { elicitation: {}, sampling: {}, roots: {} } });
  client.setRequestHandler('elicitation/create', async (request): Promise<ElicitResult> => {
    if (declines) return { action: 'decline' };
    const message = String(request.params.message);
    if (message.includes('confirm') || message.includes('Approve')) return { action: 'accept', content: { ok: true } };
    if (message.includes('color')) return { action: 'accept', content: { color: 'blue' } };
    return { action: 'accept', content: { name: 'Alice' } };
  });
  client.setRequestHandler('sampling/createMessage', async () => ({ role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'test-model', stopReason: 'endTurn' }));
  client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///work/app', name: 'App' }] }));
  const server = createServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    expect(client.getProtocolEra()).toBe('legacy');
    const out: Record<string, string> = {};
    for (const tool of TOOLS) {
      const result = await client.callTool({ name: tool, arguments: {} });
      const text = (result.content as { type: string; text?: string }[]).map((c) => c.text ?? c.type).join('\n');
      // Tickets, start times and durations differ from run to run; the rest must match.
      out[tool] = `${result.isError ? 'isError: ' : ''}${text}`
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
        .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>')
        .replace(/in \d+ ms/g, 'in <n> ms');
    }
    return out;
  } finally {
    await client.close();
    await server.close();
  }
}

describe('the conformance fixtures on a 2025-era connection', () => {
  it('the push-style originals (TS and JS) answer every tool, and answer alike', async () => {
    const ts = await answers(await load('push-ts', 'server.ts'));
    expect(ts).toEqual({
      test_input_required_result_elicitation: 'Hello, Alice!',
      test_input_required_result_sampling: 'Paris',
      test_input_required_result_list_roots: 'App: file:///work/app',
      test_input_required_result_request_state: 'state-ok: ticket <uuid> confirmed',
      test_input_required_result_multiple_inputs: 'Paris, Alice (1 roots, since <time>)',
      test_input_required_result_multi_round: 'Alice likes blue (answered in <n> ms)',
      test_input_required_result_capabilities: 'Hello, Alice!',
      test_input_required_result_tampered_state: 'Quote <uuid> approved.',
    });
    expect(await answers(await load('push-js', 'server.js'))).toEqual(ts);
  });

  it('the hand-written MRTR reference answers as push-ts does, accepted and declined', async () => {
    const reference = await load('mrtr-hand-written-ts', 'server.ts');
    const original = await load('push-ts', 'server.ts');
    expect(await answers(reference)).toEqual(await answers(original));
    const declined = await answers(reference, true);
    expect(declined.test_input_required_result_elicitation).toBe('You declined to give a name.');
    expect(declined).toEqual(await answers(original, true));
  });

  for (const [fixture, entry] of [['push-ts', 'server.ts'], ['push-js', 'server.js']] as const) {
    it(`${fixture} after uproot migrate --to mrtr (through the legacy shim) answers as the original does, accepted and declined`, async () => {
      const original = await load(fixture, entry);
      const migrated = await loadServer(fixture, 'uproot-migrated');
      try {
        expect(migrated.migration?.failures).toEqual([]);
        expect(migrated.migration?.marked).toBe(0);
        expect(await answers(migrated.createServer)).toEqual(await answers(original));
        expect(await answers(migrated.createServer, true)).toEqual(await answers(original, true));
      } finally {
        await migrated.cleanup();
      }
    });
  }
});
