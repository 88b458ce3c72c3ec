// A CommonJS v1 server.
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { z } = require('zod');
const path = require('path');
const { realpath, stat } = require('fs/promises');
const { fileURLToPath, pathToFileURL } = require('url');

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
  if (!path.isAbsolute(raw)) return `"${argument}" must be an absolute path, not ${value}.`;
  const inside = async (candidate) => {
    if (!allowedDirs) return true;
    for (const dir of allowedDirs) {
      const base = await realpath(path.resolve(dir)).catch(() => path.resolve(dir));
      const rel = path.relative(base, candidate);
      if (rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel))) return true;
    }
    return false;
  };
  const outside = (p) => `${p} is outside the allowed directories (${(allowedDirs ?? []).join(', ')}).`;
  let resolved;
  try {
    resolved = await realpath(raw);
  } catch {
    return (await inside(path.resolve(raw))) ? `${raw} does not exist.` : outside(raw);
  }
  if (!(await inside(resolved))) return outside(resolved);
  if (!(await stat(resolved)).isDirectory()) return `${resolved} is not a directory.`;
  return { roots: [{ uri: pathToFileURL(resolved).href, name: path.basename(resolved) }] };
}

const server = new McpServer({ name: 'cjs', version: '1.0.0' });

server.registerTool('first-root', { inputSchema: { label: z.string(), directory: z.string().describe('Absolute path (or file:// URI) of the directory to work in, usually the project root the user has open') } }, async ({ label, directory }) => {
  // The directory used to come from the user's roots; the model passes it now, so it is checked first.
  const directoryRoots = await rootsFromDirectory(directory, 'directory');
  if (typeof directoryRoots === 'string') return { content: [{ type: 'text', text: directoryRoots }], isError: true };
  const { roots } = directoryRoots;
  return { content: [{ type: 'text', text: `${label}: ${path.basename(roots[0].uri)}` }] };
});

module.exports = { server };
