// Roots fetched on a tool's first call and kept as a sandbox: the server gets its allowed directories from configuration now.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'ledger', version: '1.0.0' });
let permitted: string[] = [];
let asked = false;

async function ensureRoots(): Promise<void> {
  if (asked) return;
  asked = true;
  if (!server.server.getClientCapabilities()?.roots) return;
  try {
    const { roots } = await server.server.listRoots();
    permitted = roots.filter((root) => root.uri.startsWith('file://')).map((root) => fileURLToPath(root.uri));
  } catch (error) {
    console.error('roots/list failed', error);
  }
}

function inside(requested: string): string {
  if (permitted.length === 0) throw new Error('No directory is permitted.');
  const resolved = path.resolve(requested);
  if (!permitted.some((dir) => resolved === dir || resolved.startsWith(dir + path.sep))) throw new Error(`${resolved} is not permitted.`);
  return resolved;
}

server.registerTool('read_entry', { inputSchema: z.object({ file: z.string() }) }, async ({ file }) => {
  await ensureRoots();
  return { content: [{ type: 'text', text: await readFile(inside(file), 'utf8') }] };
});

server.registerTool('entry_path', { inputSchema: z.object({ file: z.string() }) }, async ({ file }) => {
  await ensureRoots();
  return { content: [{ type: 'text', text: inside(file) }] };
});

export default server;
