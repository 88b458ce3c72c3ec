// Roots fetched in the background, a moment after the client is initialized, into a class field the tools check.
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

export class Indexer {
  readonly server = new McpServer({ name: 'indexer', version: '1.0.0' });
  private allowed: string[] = [];

  constructor() {
    this.allowed = (configuredRoots('INDEXER_ALLOWED_DIRS')).roots.map((root) => fileURLToPath(root.uri));
    this.server.registerTool('index', { inputSchema: z.object({ dir: z.string() }) }, async ({ dir }) => {
      if (!this.allowed.some((base) => path.resolve(dir).startsWith(base))) return { content: [{ type: 'text', text: `${dir} is not allowed.` }], isError: true };
      return { content: [{ type: 'text', text: `indexed ${dir}` }] };
    });
  }
}
