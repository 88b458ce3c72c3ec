// What the matcher worker matches while it waits for its first job: a small server of our own that
// takes the finder and the MRTR checks through their paths, and a hand-rolled JSON-RPC peer in plain
// JavaScript that takes the parser and scope analysis through the syntax real files are made of, so
// the first real file runs on compiled code.
export const WARM_UP_ROUNDS = 8;
/** A path that does not exist: nothing is read or cached for it, and it imports only MCP packages. */
export const WARM_UP_FILE = '/nonexistent/uproot-warm-up/server.ts';
/** The shapes the finder and the MRTR checks look at: tools, a low-level handler, a client, an MRTR result. */
export const WARM_UP_SOURCE = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Client } from '@modelcontextprotocol/client';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

export class Workspace {
  private readonly server = new McpServer({ name: 'warm-up', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  private roots: string[] = [];

  async start(): Promise<void> {
    this.server.registerTool('files', { description: 'list files' }, async (args: { path?: string }, extra) => {
      const { roots } = await this.server.server.listRoots();
      for (const root of roots) if (args.path?.startsWith(root.uri)) return { content: [{ type: 'text', text: root.uri }] };
      return { content: [], isError: extra.signal.aborted };
    });
    this.server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
      this.roots = (await this.server.server.listRoots()).roots.map((r) => r.uri);
    });
  }
}

export function lowLevel(server: Server) {
  server.setRequestHandler({ method: 'tools/call' } as never, async (request: { params: { inputResponses?: Record<string, unknown> } }) => {
    if (!request.params.inputResponses) return { resultType: 'input_required', inputRequests: { r: { method: 'roots/list', params: {} } }, requestState: 'x' };
    return { content: [] };
  });
}

export const client = new Client({ name: 'c', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } }, versionNegotiation: { mode: 'auto' } });
`;

/** Where the peer below says it lives: nothing there exists, so nothing is read or cached for it. */
export const WARM_UP_SYNTAX_FILE = '/nonexistent/uproot-warm-up/peer.js';
/** No MCP import and no site: classes with private members, generators, switch, labels, destructuring, regexps. */
export const WARM_UP_SYNTAX = `// A hand-rolled JSON-RPC peer of our own, in plain JavaScript: the syntax real files are made of.
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
// Local, not imported: a relative specifier in this text would read as a file the package must ship.
const parseUri = (uri) => (/^([a-z][a-z0-9+.-]*):\\/\\/(.*)$/i.exec(uri) ?? []).slice(1).reduce((o, v, i) => ({ ...o, [i ? 'path' : 'scheme']: v }), undefined);
const format = ({ scheme, path: p }) => scheme + '://' + p;

const DEFAULTS = Object.freeze({ timeout: 30_000, retries: 3, label: \`peer-\${1 + 2}\` });

/** @typedef {{ jsonrpc: '2.0', id?: string | number, method: string, params?: Record<string, unknown> }} Message */

export class Peer extends EventEmitter {
  #pending = new Map();
  #handlers = new Map();
  #roots = [];
  static #instances = 0;
  options;

  constructor(options = {}) {
    super();
    this.options = { ...DEFAULTS, ...options };
    Peer.#instances++;
  }

  get roots() {
    return [...this.#roots];
  }

  set roots(next) {
    this.#roots = Array.isArray(next) ? next.filter(Boolean) : [];
  }

  on(method, handler) {
    if (typeof handler !== 'function') throw new TypeError(\`handler for \${method} must be a function\`);
    this.#handlers.set(method, handler);
    return this;
  }

  async request(method, params, { signal } = {}) {
    const id = randomUUID();
    const message = { jsonrpc: '2.0', id, method, params };
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(\`\${method} timed out\`)), this.options.timeout);
      signal?.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason); }, { once: true });
      this.#pending.set(id, { resolve: (v) => { clearTimeout(timer); resolve(v); }, reject });
      this.emit('send', message);
    });
  }

  async receive(raw) {
    let message;
    try {
      message = typeof raw === 'string' ? JSON.parse(raw) : raw;
    } catch (error) {
      return this.#fail(null, -32700, error instanceof Error ? error.message : String(error));
    } finally {
      this.emit('received');
    }
    if ('result' in message || 'error' in message) {
      const waiting = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      return message.error ? waiting?.reject(Object.assign(new Error(message.error.message), message.error)) : waiting?.resolve(message.result);
    }
    switch (message.method) {
      case 'initialize': {
        const { capabilities = {}, clientInfo: { name = 'unknown', version } = {} } = message.params ?? {};
        this.capabilities = capabilities;
        return this.#reply(message.id, { protocolVersion: '2025-06-18', serverInfo: { name, version: version ?? '0' } });
      }
      case 'ping':
        return this.#reply(message.id, {});
      case 'notifications/cancelled':
        for (const [key, entry] of this.#pending) if (key === message.params?.requestId) entry.reject(new Error('cancelled'));
        return undefined;
      default: {
        const handler = this.#handlers.get(message.method);
        if (!handler) return this.#fail(message.id, -32601, \`no method \${message.method}\`);
        try {
          const result = await handler(message.params ?? {}, { id: message.id, peer: this });
          return this.#reply(message.id, result ?? {});
        } catch (error) {
          return this.#fail(message.id, error?.code ?? -32603, error?.message ?? 'internal error');
        }
      }
    }
  }

  #reply(id, result) {
    this.emit('send', { jsonrpc: '2.0', id, result });
  }

  #fail(id, code, message) {
    this.emit('send', { jsonrpc: '2.0', id, error: { code, message } });
  }
}

export function* chunks(items, size = 10) {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

export async function* lines(stream) {
  let buffer = '';
  for await (const chunk of stream) {
    buffer += chunk;
    let at;
    while ((at = buffer.indexOf('\\n')) >= 0) {
      yield buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
    }
  }
  if (buffer) yield buffer;
}

export const within = (dir, file) => {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

export function normalise(uris, { base = process.cwd(), strict } = {}) {
  const out = [];
  outer: for (const uri of uris) {
    const parsed = parseUri(uri);
    if (!parsed || parsed.scheme !== 'file') {
      if (strict) throw new RangeError(\`not a file URI: \${uri}\`);
      continue;
    }
    for (const seen of out) if (seen === parsed.path) continue outer;
    out.push(path.resolve(base, parsed.path).replace(/\\\\+/g, '/'));
  }
  return out.sort((a, b) => a.localeCompare(b)).map((p, index) => ({ index, uri: format({ scheme: 'file', path: p }), name: path.basename(p) || p }));
}

export default { Peer, chunks, lines, within, normalise, label: DEFAULTS.label ?? 'peer', count: 0n, flags: /^[a-z]+$/iu, nested: { a: [1, [2, [3]]], b: null, c: void 0, d: !0, e: typeof Peer, f: -1 >>> 0 } };
`;
