// Sessions against fixture servers for the param e2e test. v2 servers reuse the shared harness
// (2025 over InMemoryTransport, 2026-07-28 over createMcpHandler); v1 servers get the v1 Client
// over the v1 InMemoryTransport, since a v1 server only speaks the 2025 era.
import { Client as ClientV2, InMemoryTransport as InMemoryV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as InMemoryV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { run2025 } from '../../e2e/harness/era-2025.ts';
import { run2026 } from '../../e2e/harness/era-2026.ts';
import { normalizeError, normalizeResult } from '../../e2e/harness/normalize.ts';
import { withSession } from '../../e2e/harness/session.ts';
import { wireTap } from '../../e2e/harness/wire.ts';
import type { FixtureCall, NormalizedAnswer, RunOptions, ServerFactory } from '../../e2e/harness/types.ts';

export type Era = '2025' | '2026';

interface Connectable {
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
}

/** The answers a server gives to `calls`, on one era, for a client offering `options.roots`. */
export async function answers(sdk: 1 | 2, era: Era, createServer: ServerFactory, calls: readonly FixtureCall[], options: RunOptions): Promise<NormalizedAnswer[]> {
  return (await session(sdk, era, createServer, calls, options)).answers;
}

/**
 * The answers, how many `roots/list` requests the client's handler answered over the whole session,
 * and the methods of every request the server sent the client on the wire.
 */
export async function session(sdk: 1 | 2, era: Era, createServer: ServerFactory, calls: readonly FixtureCall[], options: RunOptions): Promise<{ answers: NormalizedAnswer[]; rootsRequests: number; serverRequests: string[] }> {
  if (sdk === 2) {
    const run = era === '2025' ? await run2025(createServer, calls, options) : await run2026(createServer, calls, { ...options, entry: 'http' });
    return { answers: run.answers, rootsRequests: run.rootsRequests, serverRequests: run.serverRequests };
  }
  if (era === '2026') throw new Error('v1 servers only speak 2025-era protocol versions');
  let rootsRequests = 0;
  const wire = wireTap();
  const out = await withSession(options, async () => {
    const client = v1Client(options.roots, () => rootsRequests++);
    const server = (await createServer()) as unknown as Connectable;
    const [clientSide, serverSide] = InMemoryV1.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(wire.tap(clientSide));
    try {
      const out: NormalizedAnswer[] = [];
      for (const call of calls) {
        try {
          out.push(normalizeResult(call, await sendV1(client, call), options.replacements));
        } catch (error) {
          out.push(normalizeError(error, options.replacements));
        }
      }
      return out;
    } finally {
      await client.close();
      await server.close();
    }
  });
  return { answers: out, rootsRequests, serverRequests: [...wire.requests] };
}

function v1Client(roots: RunOptions['roots'], asked: () => void = () => {}): ClientV1 {
  const client = new ClientV1({ name: 'uproot-param-e2e', version: '1.0.0' }, { capabilities: roots === 'none' ? {} : { roots: { listChanged: true } } });
  if (roots !== 'none') {
    client.setRequestHandler(ListRootsRequestSchema, async () => {
      asked();
      return { roots: roots as Array<{ uri: string; name?: string }> };
    });
  }
  return client;
}

function sendV1(client: ClientV1, call: FixtureCall): Promise<unknown> {
  switch (call.method) {
    case 'tools/call':
      return client.callTool({ name: call.name, arguments: call.arguments ?? {} });
    case 'prompts/get':
      return client.getPrompt({ name: call.name, arguments: call.arguments ?? {} });
    case 'resources/read':
      return client.readResource({ uri: call.uri });
  }
}

/** What tools/list or prompts/list shows a client (no roots capability). */
export async function listed(sdk: 1 | 2, kind: 'tool' | 'prompt', createServer: ServerFactory): Promise<Array<Record<string, unknown>>> {
  const server = (await createServer()) as unknown as Connectable;
  const client = sdk === 2 ? new ClientV2({ name: 'uproot-param-e2e', version: '1.0.0' }) : new ClientV1({ name: 'uproot-param-e2e', version: '1.0.0' });
  const [clientSide, serverSide] = sdk === 2 ? InMemoryV2.createLinkedPair() : InMemoryV1.createLinkedPair();
  await server.connect(serverSide);
  await (client as unknown as Connectable).connect(clientSide);
  try {
    const list = kind === 'tool' ? (await client.listTools()).tools : (await client.listPrompts()).prompts;
    return list as unknown as Array<Record<string, unknown>>;
  } finally {
    await (client as unknown as Connectable).close();
    await server.close();
  }
}
