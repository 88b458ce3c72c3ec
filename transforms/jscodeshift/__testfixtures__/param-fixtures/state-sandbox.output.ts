// Roots kept as a sandbox in a module variable: the server gets its allowed directories from configuration now.
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

const server = new McpServer({ name: 'notes', version: '1.0.0' });
let allowedDirs: string[] = [];

allowedDirs = (configuredRoots('NOTES_ALLOWED_DIRS')).roots.map((root) => fileURLToPath(root.uri));

function validatePath(requested: string): string {
  if (allowedDirs.length === 0) throw new Error('No allowed directories yet. Set NOTES_ALLOWED_DIRS to the allowed directories.');
  const resolved = path.resolve(requested);
  if (!allowedDirs.some((dir) => resolved.startsWith(dir + path.sep))) throw new Error(`${resolved} is outside the allowed directories.`);
  return resolved;
}

server.registerTool('where', { inputSchema: z.object({ file: z.string() }) }, async ({ file }) => ({ content: [{ type: 'text', text: validatePath(file) }] }));

export default server;
