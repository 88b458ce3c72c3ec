// Roots kept per session from a .then chain: the map stays, its source becomes configuration.
// v1: the SDK speaks only 2025 revisions, where oninitialized always runs (on v2 this stays marked).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { delimiter, resolve, basename } from 'node:path';
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// uproot: these directories came from the client's roots (deprecated by SEP-2577); they come from the server's configuration now.
type ConfiguredRoots = { roots: Array<{ uri: string; name?: string }> };
const configuredRootsCache = new Map<string, ConfiguredRoots>();
/** The directories an environment variable lists (separated by the platform's path delimiter), read once, as the roots result they replace. */
function configuredRoots(variable: string): ConfiguredRoots {
  let configured = configuredRootsCache.get(variable);
  if (!configured) {
    const dirs = (process.env[variable] ?? '').split(delimiter).filter((dir) => dir.trim() !== '');
    configured = {
      roots: dirs.map((dir) => {
        let real = resolve(dir);
        try {
          real = realpathSync(real);
        } catch {
          // A directory that does not exist yet is kept as given: it can only narrow the sandbox.
        }
        return { uri: pathToFileURL(real).href, name: basename(real) };
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
  if ((process.env[variable] ?? '').split(delimiter).some((dir) => dir.trim() !== '')) return {};
  if (!rootsConfiguredWarned.has(variable)) {
    rootsConfiguredWarned.add(variable);
    console.error(`${variable} is not set: this server runs as for a client without roots. Set it to the directories the client's roots used to list, separated by "${delimiter}".`);
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
