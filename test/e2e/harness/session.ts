import { Client, type ClientCapabilities, type ListRootsResult } from '@modelcontextprotocol/client';
import { normalizeError, normalizeResult } from './normalize.ts';
import type { FixtureCall, RunOptions, SessionResult } from './types.ts';

/** A hung handler becomes an error answer instead of a stuck suite (not an assertion on time). */
const REQUEST_TIMEOUT_MS = 20_000;

type ClientOptions = NonNullable<ConstructorParameters<typeof Client>[1]>;

/**
 * A v2 client that declares roots and answers `roots/list` with `roots`, or declares none; and declares and
 * answers elicitation and sampling as `options.asks` says (neither by default), recording what it was asked.
 */
export function makeClient(options: RunOptions, extra: ClientOptions = {}): { client: Client; rootsRequests: () => number; asked: string[] } {
  const { roots, asks = {} } = options;
  const capabilities: ClientCapabilities = {
    ...(roots === 'none' ? {} : { roots: { listChanged: true } }),
    ...(asks.elicitation ? { elicitation: {} } : {}),
    ...(asks.sampling ? { sampling: {} } : {}),
  };
  const client = new Client({ name: 'uproot-e2e', version: '1.0.0' }, { ...extra, capabilities });
  let count = 0;
  const asked: string[] = [];
  if (roots !== 'none') {
    const delay = options.rootsDelayMs;
    client.setRequestHandler('roots/list', async () => {
      count += 1;
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      return { roots } as unknown as ListRootsResult;
    });
  }
  const elicitation = asks.elicitation;
  if (elicitation) {
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(`elicitation: ${request.params.message}`);
      return elicitation;
    });
  }
  if (asks.sampling) {
    client.setRequestHandler('sampling/createMessage', async (request) => {
      const last = request.params.messages.at(-1)?.content;
      const text = last && !Array.isArray(last) && last.type === 'text' ? last.text : '';
      // Generated ids differ from run to run; what must agree is the text around them.
      asked.push(`sampling: ${text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')}`);
      return { role: 'assistant', content: { type: 'text', text: `sampled: ${text}` }, model: 'e2e-model', stopReason: 'endTurn' };
    });
  }
  return { client, rootsRequests: () => count, asked };
}

async function send(client: Client, call: FixtureCall): Promise<unknown> {
  const opts = { timeout: REQUEST_TIMEOUT_MS };
  switch (call.method) {
    case 'tools/call':
      return client.callTool({ name: call.name, arguments: call.arguments ?? {} }, opts);
    case 'prompts/get':
      return client.getPrompt({ name: call.name, arguments: call.arguments ?? {} }, opts);
    case 'resources/read':
      return client.readResource({ uri: call.uri }, opts);
  }
}

/** Makes every call in order on a connected client and normalizes what comes back. */
export async function runCalls(
  client: Client,
  calls: readonly FixtureCall[],
  options: RunOptions,
  rootsRequests: () => number,
  serverRequests: readonly string[] = [],
  asked: readonly string[] = [],
): Promise<SessionResult> {
  const answers: SessionResult['answers'] = [];
  const states: unknown[] = [];
  const inspect = options.probe?.inspect;
  for (const call of calls) {
    try {
      answers.push(normalizeResult(call, await send(client, call), options.replacements));
    } catch (error) {
      answers.push(normalizeError(error, options.replacements));
    }
    if (inspect) states.push(structuredClone(inspect()));
  }
  return { answers, ...(inspect ? { states } : {}), rootsRequests: rootsRequests(), serverRequests: [...serverRequests], asked: [...asked] };
}

/** Runs `body` with the session's environment variables set and the fixture's probe reset. */
export async function withSession<T>(options: RunOptions, body: () => Promise<T>): Promise<T> {
  const saved = new Map<string, string | undefined>();
  for (const [key, value] of Object.entries(options.env ?? {})) {
    saved.set(key, process.env[key]);
    process.env[key] = value;
  }
  options.probe?.reset?.();
  try {
    return await body();
  } finally {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
