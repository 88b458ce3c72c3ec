// Declaration files of packages that cannot declare an MCP type (zod, lodash, ...) are read as empty
// modules: their types only decorate MCP values, and parsing them was most of the program's cost.
import fs from 'node:fs';
import path from 'node:path';

const packageOf = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//;

export class McpFreePackages {
  private readonly known = new Map<string, boolean>();

  /** Whether `file` lies in an installed package that neither is nor depends on an MCP package. */
  covers(file: string): boolean {
    const m = packageOf.exec(file.replace(/\\/g, '/'));
    if (!m) return false;
    const dir = m[1]!;
    let free = this.known.get(dir);
    if (free === undefined) {
      free = !mentionsMcp(dir);
      this.known.set(dir, free);
    }
    return free;
  }
}

function mentionsMcp(dir: string): boolean {
  if (/\/@modelcontextprotocol\/[^/]+$/.test(dir)) return true;
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    return ['dependencies', 'peerDependencies', 'optionalDependencies'].some((k) => Object.keys((manifest[k] as object | undefined) ?? {}).some((name) => name.startsWith('@modelcontextprotocol/')));
  } catch {
    return true; // unknown: parse it as tsc would
  }
}
