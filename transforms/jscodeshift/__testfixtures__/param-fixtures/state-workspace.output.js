// Roots kept as a workspace in a module variable: each tool takes the directory per call now.
import { readdir, realpath, stat } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { AsyncLocalStorage } from 'node:async_hooks';
import { isAbsolute, relative, resolve, basename, sep } from 'node:path';

// uproot: the directory is a tool parameter now (roots are deprecated by SEP-2577); the model picks it, not the user, so it is checked here.
/** The roots result a directory argument stands for, or the reason the argument is not acceptable. */
async function rootsFromDirectory(value, argument, allowedDirs) {
  if (typeof value !== 'string' || value === '') return `Pass "${argument}": the absolute path (or file:// URI) of a directory.`;
  let raw = value;
  if (value.startsWith('file:')) {
    try {
      raw = fileURLToPath(value);
    } catch {
      return `"${argument}" must be a local file:// URI or an absolute path, not ${value}.`;
    }
  }
  if (!isAbsolute(raw)) return `"${argument}" must be an absolute path, not ${value}.`;
  const inside = async (candidate) => {
    if (!allowedDirs) return true;
    for (const dir of allowedDirs) {
      const base = await realpath(resolve(dir)).catch(() => resolve(dir));
      const rel = relative(base, candidate);
      if (rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))) return true;
    }
    return false;
  };
  const outside = (p) => `${p} is outside the allowed directories (${(allowedDirs ?? []).join(', ')}).`;
  let resolved;
  try {
    resolved = await realpath(raw);
  } catch {
    return (await inside(resolve(raw))) ? `${raw} does not exist.` : outside(raw);
  }
  if (!(await inside(resolved))) return outside(resolved);
  if (!(await stat(resolved)).isDirectory()) return `${resolved} is not a directory.`;
  return { roots: [{ uri: pathToFileURL(resolved).href, name: basename(resolved) }] };
}

/** The workspace of one call: the directory argument, else the configured variable, as the roots result they replace; undefined when neither is set. */
async function workspaceRoots(value, argument, variable) {
  if (value !== undefined) return rootsFromDirectory(value, argument);
  const configured = variable === undefined ? undefined : process.env[variable];
  return configured ? rootsFromDirectory(configured, variable) : undefined;
}

const server = new McpServer({ name: 'project', version: '1.0.0' });
const workspaceRootStore = new AsyncLocalStorage();

function root() {
  const workspaceRoot = workspaceRootStore.getStore();
  if (!workspaceRoot) throw new Error('No workspace: open a folder first. Pass "directory" (an absolute path) or set PROJECT_WORKSPACE.');
  return workspaceRoot;
}

server.registerTool('list', { inputSchema: z.object({ directory: z.string().optional().describe('Absolute path (or file:// URI) of the directory to work in, usually the project root the user has open; leave it out to use the server default') }) }, async ({ directory }) => {
  // uproot: the workspace came from the client's roots; "directory", else PROJECT_WORKSPACE, gives it now (else the old no-roots path).
  const directoryRoots = await workspaceRoots(directory, 'directory', 'PROJECT_WORKSPACE');
  if (typeof directoryRoots === 'string') return { content: [{ type: 'text', text: directoryRoots }], isError: true };
  return workspaceRootStore.run(directoryRoots === undefined ? undefined : fileURLToPath((directoryRoots).roots[0].uri), async () => ({ content: [{ type: 'text', text: (await readdir(root())).join('\n') }] }));
});

export default server;
