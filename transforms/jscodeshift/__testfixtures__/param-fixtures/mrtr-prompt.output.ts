// An MRTR prompt without arguments: the callback gets ctx only, and gains the arguments in front.
import { McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
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

export function register(server: McpServer): void {
  server.registerPrompt('summarise-workspace', { description: 'Summarise the workspace', argsSchema: z.object({ directory: z.string().describe('Absolute path (or file:// URI) of the directory this prompt is about, usually the project root the user has open') }) }, async ({ directory }, ctx) => {
    // The directory used to come from the user's roots; the model passes it now, so it is checked first.
    const directoryRoots = await rootsFromDirectory(directory, 'directory');
    if (typeof directoryRoots === 'string') throw new ProtocolError(ProtocolErrorCode.InvalidParams, directoryRoots);
    const answer = { kind: 'roots' as const, roots: directoryRoots.roots };
    const count = answer.kind === 'roots' ? answer.roots.length : 0;
    return { messages: [{ role: 'user', content: { type: 'text', text: `Summarise ${count} folders` } }] };
  });
}
