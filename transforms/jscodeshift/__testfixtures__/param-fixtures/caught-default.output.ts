// A tool that asks for roots and falls back to the working directory when the request fails: the
// directory becomes optional, and without it the same fallback runs.
import { readdir, realpath, stat } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
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

const server = new McpServer({ name: 'lister', version: '1.0.0' });

async function baseDirectory(directoryRoots: DirectoryRoots | undefined): Promise<string> {
  try {
    const { roots } = (directoryRoots ?? (() => { throw new Error('the "directory" argument was not given'); })());
    const first = roots.find((root) => root.uri.startsWith('file://'));
    if (first) return fileURLToPath(first.uri);
  } catch {
    // No roots from this client: the working directory it is.
  }
  return process.cwd();
}

server.registerTool('list_here', { inputSchema: z.object({ directory: z.string().optional().describe('Absolute path (or file:// URI) of the directory to work in, usually the project root the user has open; leave it out to use the server default') }) }, async ({ directory }) => {
  // The directory used to come from the user's roots; the model passes it now, so it is checked first.
  const directoryRoots = directory === undefined ? undefined : await rootsFromDirectory(directory, 'directory');
  if (typeof directoryRoots === 'string') return { content: [{ type: 'text', text: directoryRoots }], isError: true };
  const base = await baseDirectory(directoryRoots);
  return { content: [{ type: 'text', text: (await readdir(base)).join('\n') }] };
});

export default server;
