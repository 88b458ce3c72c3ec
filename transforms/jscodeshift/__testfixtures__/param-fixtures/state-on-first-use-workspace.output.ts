// A workspace fetched on a tool's first call: each call gets it from its own "directory" argument or configuration now.
import { readdir, realpath, stat } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { AsyncLocalStorage } from 'node:async_hooks';
import { isAbsolute, relative, resolve, basename, sep } from 'node:path';

// uproot: the directory is a tool parameter now (roots are deprecated by SEP-2577); the model picks it, not the user, so it is checked here.
type DirectoryRoots = { roots: Array<{ uri: string; name?: string }> };

/** The roots result a directory argument stands for, or the reason the argument is not acceptable. */
async function rootsFromDirectory(value: unknown, argument: string, allowedDirs?: readonly string[]): Promise<DirectoryRoots | string> {
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
  const inside = async (candidate: string) => {
    if (!allowedDirs) return true;
    for (const dir of allowedDirs) {
      const base = await realpath(resolve(dir)).catch(() => resolve(dir));
      const rel = relative(base, candidate);
      if (rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))) return true;
    }
    return false;
  };
  const outside = (p: string) => `${p} is outside the allowed directories (${(allowedDirs ?? []).join(', ')}).`;
  let resolved: string;
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
async function workspaceRoots(value: unknown, argument: string, variable?: string): Promise<DirectoryRoots | string | undefined> {
  if (value !== undefined) return rootsFromDirectory(value, argument);
  const configured = variable === undefined ? undefined : process.env[variable];
  return configured ? rootsFromDirectory(configured, variable!) : undefined;
}

const server = new McpServer({ name: 'sketchbook', version: '1.0.0' });
const projectDirStore = new AsyncLocalStorage<string | undefined>();

server.registerTool('list_sketches', { inputSchema: z.object({ directory: z.string().optional().describe('Absolute path (or file:// URI) of the directory to work in, usually the project root the user has open; leave it out to use the server default') }) }, async ({ directory }) => {
  // uproot: the workspace came from the client's roots; "directory", else SKETCHBOOK_WORKSPACE, gives it now (else the old no-roots path).
  const directoryRoots = await workspaceRoots(directory, 'directory', 'SKETCHBOOK_WORKSPACE');
  if (typeof directoryRoots === 'string') return { content: [{ type: 'text', text: directoryRoots }], isError: true };
  return projectDirStore.run(directoryRoots === undefined ? undefined : fileURLToPath((directoryRoots).roots[0].uri), async () => {
    const projectDir = projectDirStore.getStore();
    const base = projectDir ?? process.cwd();
    return { content: [{ type: 'text', text: (await readdir(base)).join('\n') }] };
  });
});

export default server;
