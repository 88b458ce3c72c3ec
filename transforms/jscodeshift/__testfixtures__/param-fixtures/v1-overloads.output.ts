// The deprecated v1 overloads: where extra arrives depends on whether a shape is present.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
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

const mcp = new McpServer({ name: 'legacy-tools', version: '1.4.0' });

mcp.tool('list-workspaces', { directory: z.string().describe('Absolute path (or file:// URI) of the directory to work in, usually the project root the user has open') }, async ({ directory }, extra) => {
  // The directory used to come from the user's roots; the model passes it now, so it is checked first.
  const directoryRoots = await rootsFromDirectory(directory, 'directory');
  if (typeof directoryRoots === 'string') return { content: [{ type: 'text', text: directoryRoots }], isError: true };
  const result = directoryRoots;
  return { content: [{ type: 'text', text: result.roots.map((r) => r.name ?? r.uri).join(', ') }] };
});

mcp.tool('count-roots', { directory: z.string().describe('Absolute path (or file:// URI) of the directory to work in, usually the project root the user has open') }, { readOnlyHint: true, title: 'Count roots' }, async ({ directory }) => {
  // The directory used to come from the user's roots; the model passes it now, so it is checked first.
  const directoryRoots = await rootsFromDirectory(directory, 'directory');
  if (typeof directoryRoots === 'string') return { content: [{ type: 'text', text: directoryRoots }], isError: true };
  const { roots } = directoryRoots;
  return { content: [{ type: 'text', text: `${roots.length} roots` }] };
});

mcp.tool('grep-workspace', 'Search the workspace', { pattern: z.string(), directory: z.string().describe('Absolute path (or file:// URI) of the directory to work in, usually the project root the user has open') }, async (args) => {
  // The directory used to come from the user's roots; the model passes it now, so it is checked first.
  const directoryRoots = await rootsFromDirectory(args.directory, 'directory');
  if (typeof directoryRoots === 'string') return { content: [{ type: 'text', text: directoryRoots }], isError: true };
  const { roots } = directoryRoots;
  return { content: [{ type: 'text', text: `searching ${roots.length} folders for ${args.pattern}` }] };
});

export default mcp;
