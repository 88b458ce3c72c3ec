// Roots kept per session from a .then chain: the map stays, its source becomes configuration.
// v1: the SDK speaks only 2025 revisions, where oninitialized always runs (on v2 this stays marked).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { delimiter, resolve, basename } from 'node:path';
import { realpathSync } from 'node:fs';
import { pathToFileURL, fileURLToPath } from 'node:url';

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
        console.error(`${variable} is not valid JSON: give the client's roots as [{ "uri": "file:///...", "name": "..." }], or directories separated by "${delimiter}".`);
      }
    } else {
      listed = value.split(delimiter).filter((dir) => dir.trim() !== '').map((dir) => ({ uri: pathToFileURL(resolve(dir)).href }));
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
          if (name === undefined) name = basename(dir);
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

// uproot: "did the client declare roots" became "are roots configured" (roots are deprecated by SEP-2577).
const rootsConfiguredWarned = new Set<string>();
/** The roots capability a client used to declare, now `{}` when the variable lists a directory; unset, undefined (said once on stderr: stdout may be the protocol). */
function rootsConfigured(variable: string): { listChanged?: boolean } | undefined {
  const value = (process.env[variable] ?? '').trim();
  if (value.startsWith('[') || value.startsWith('{') || value.split(delimiter).some((dir) => dir.trim() !== '')) return {};
  if (!rootsConfiguredWarned.has(variable)) {
    rootsConfiguredWarned.add(variable);
    console.error(`${variable} is not set: this server runs as for a client without roots. Set it to the directories the client's roots used to list, separated by "${delimiter}", or to those roots as JSON.`);
  }
  return undefined;
}

const sessions = new Map<string | undefined, string[]>();

export function createServer(): McpServer {
  const server = new McpServer({ name: 'sessions', version: '1.0.0' });
  server.server.oninitialized = () => {
    const id = server.server.transport?.sessionId;
    if (rootsConfigured('SESSIONS_ROOTS')) {
      Promise.resolve(configuredRoots('SESSIONS_ROOTS'))
        .then((answer) => sessions.set(id, answer.roots.map((r) => r.uri)))
        .catch(() => sessions.set(id, []));
    }
  };
  server.registerTool('dirs', { description: 'The directories' }, async (extra) => ({ content: [{ type: 'text', text: (sessions.get(extra.sessionId) ?? []).join(',') }] }));
  return server;
}
