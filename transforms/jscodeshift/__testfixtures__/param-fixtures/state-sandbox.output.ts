// Roots kept as a sandbox in a module variable: the server gets its allowed directories from configuration now.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { realpathSync } from 'node:fs';

// uproot: these directories came from the client's roots (deprecated by SEP-2577); they come from the server's configuration now.
type ConfiguredRoots = { roots: Array<{ uri: string; name?: string }> };
const configuredRootsCache = new Map<string, ConfiguredRoots>();
/**
 * The roots an environment variable configures, read once, as the roots result they replace: directories separated by
 * the platform's path delimiter (each named after its folder), or the client's own roots as JSON (`[{ "uri", "name" }]`
 * or a whole roots/list result), which keeps the names the client gave them.
 */
function configuredRoots(variable: string): ConfiguredRoots {
  let configured = configuredRootsCache.get(variable);
  if (!configured) {
    const value = (process.env[variable] ?? '').trim();
    let listed: Array<{ uri?: unknown; name?: unknown }> = [];
    if (value.startsWith('[') || value.startsWith('{')) {
      try {
        const parsed = JSON.parse(value);
        listed = Array.isArray(parsed) ? parsed : Array.isArray(parsed?.roots) ? parsed.roots : [];
      } catch {
        console.error(`${variable} is not valid JSON: give the client's roots as [{ "uri": "file:///...", "name": "..." }], or directories separated by "${path.delimiter}".`);
      }
    } else {
      listed = value.split(path.delimiter).filter((dir) => dir.trim() !== '').map((dir) => ({ uri: pathToFileURL(path.resolve(dir)).href }));
    }
    configured = {
      roots: listed.filter((root) => typeof root?.uri === 'string').map((root) => {
        let uri = root.uri as string;
        let name = typeof root.name === 'string' ? root.name : undefined;
        try {
          let dir = fileURLToPath(uri);
          try {
            dir = realpathSync(dir);
          } catch {
            // A directory that does not exist yet is kept as given: it can only narrow the sandbox.
          }
          uri = pathToFileURL(dir).href;
          if (name === undefined) name = path.basename(dir);
        } catch {
          // Not a local file: URI: kept as the client listed it.
        }
        return name === undefined ? { uri } : { uri, name };
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
