// The handler already has a `directory` argument that is not a project directory, and a local
// named like the generated variable.
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { isAbsolute, relative, resolve, basename, sep } from 'node:path';
import { realpath, stat } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

export function register(server: McpServer): void {
  server.registerTool(
    'copy-into',
    { inputSchema: z.object({ target: z.string(), directoryRoots: z.boolean().optional(), directory: z.string().describe('Absolute path (or file:// URI) of the directory to work in, usually the project root the user has open') }) },
    async ({ target, directoryRoots, directory }) => {
      // The directory used to come from the user's roots; the model passes it now, so it is checked first.
      const directoryRoots2 = await rootsFromDirectory(directory, 'directory');
      if (typeof directoryRoots2 === 'string') return { content: [{ type: 'text', text: directoryRoots2 }], isError: true };
      const { roots } = directoryRoots2;
      return { content: [{ type: 'text', text: `${target} in ${roots[0]?.uri} (${directoryRoots})` }] };
    },
  );
}
