// Serves a fixture's `createServer` on a real localhost port, the way a deployed v2 server meets the
// conformance suite: `createMcpHandler` (both eras, a fresh server per request) behind `node:http`.
// The SDK's own Node adapter (`@modelcontextprotocol/node`) is not published at 2.4.0, so the few lines that
// turn a Node request into a web `Request` and copy the `Response` back live here.
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, type McpServer, type Server } from '@modelcontextprotocol/server';

export type ServerFactory = () => McpServer | Server;

export interface ServedFixture {
  /** The MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  url: string;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function toRequest(req: IncomingMessage, body: Buffer, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && body.length > 0;
  return new Request(new URL(req.url ?? '/', origin), { method: req.method, headers, ...(hasBody ? { body } : {}) });
}

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (response.body) {
    // SSE answers stream; copying chunk by chunk keeps them streaming instead of buffering to the end.
    for await (const chunk of response.body) res.write(chunk);
  }
  res.end();
}

/** Starts listening on 127.0.0.1 at a free port; every path is the MCP endpoint. */
export async function serveHttp(createServer: ServerFactory): Promise<ServedFixture> {
  const handler = createMcpHandler(() => createServer());
  let origin = '';
  const http = createHttpServer((req, res) => {
    void (async () => {
      try {
        const response = await handler.fetch(toRequest(req, await readBody(req), origin));
        await sendResponse(res, response);
      } catch (error) {
        // A harness fault, not a server answer: make it visible to the suite as a 500.
        if (!res.headersSent) res.statusCode = 500;
        res.end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/mcp`,
    close: async () => {
      await handler.close();
      http.closeAllConnections();
      await new Promise<void>((resolve, reject) => http.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
