// Roots fetched on a tool's first call and kept as a sandbox: the server gets its allowed directories from configuration now.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { realpathSync } from 'node:fs';

// uproot: these directories came from the client's roots (deprecated by SEP-2577); they come from the server's configuration now.
type ConfiguredRoots = { roots: Array<{ uri: string; name?: string }> };
const configuredRootsCache = new Map<string, ConfiguredRoots>();
/** The directories an environment variable lists (separated by the platform's path delimiter), read once, as the roots result they replace. */
function configuredRoots(variable: string): ConfiguredRoots {
  let configured = configuredRootsCache.get(variable);
  if (!configured) {
    const dirs = (process.env[variable] ?? '').split(path.delimiter).filter((dir) => dir.trim() !== '');
    configured = {
      roots: dirs.map((dir) => {
        let real = path.resolve(dir);
        try {
          real = realpathSync(real);
        } catch {
          // A directory that does not exist yet is kept as given: it can only narrow the sandbox.
        }
        return { uri: pathToFileURL(real).href, name: path.basename(real) };
      }),
    };
    configuredRootsCache.set(variable, configured);
  }
  return configured;
}

const server = new McpServer({ name: 'ledger', version: '1.0.0' });
let permitted: string[] = [];

permitted = (configuredRoots('LEDGER_ALLOWED_DIRS')).roots.filter((root) => root.uri.startsWith('file://')).map((root) => fileURLToPath(root.uri));

function inside(requested: string): string {
  if (permitted.length === 0) throw new Error('No directory is permitted. Set LEDGER_ALLOWED_DIRS to the allowed directories.');
  const resolved = path.resolve(requested);
  if (!permitted.some((dir) => resolved === dir || resolved.startsWith(dir + path.sep))) throw new Error(`${resolved} is not permitted.`);
  return resolved;
}

server.registerTool('read_entry', { inputSchema: z.object({ file: z.string() }) }, async ({ file }) => {
  return { content: [{ type: 'text', text: await readFile(inside(file), 'utf8') }] };
});

server.registerTool('entry_path', { inputSchema: z.object({ file: z.string() }) }, async ({ file }) => {
  return { content: [{ type: 'text', text: inside(file) }] };
});

export default server;
