// The CLI's second text check: a file whose only provenance is a relative import can hold a site
// only if that import leads — within the module graph's depth — to a module that names MCP. The
// module graph (module-graph.ts) never finds an MCP value anywhere else, so this check loses nothing
// the finder would report, and keeps look-alike `listRoots()` files of other libraries unparsed.
import { readFileSync, statSync } from 'node:fs';
import { resolveImport } from './resolve-import.ts';

const OWN = /@modelcontextprotocol\/|input_required|inputRequests|from\s*['"](?:@\/|~\/)/;
const RELATIVE = /(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
const MAX_DEPTH = 4;
const MAX_BYTES = 1024 * 1024;

export class McpReach {
  private readonly memo = new Map<string, boolean>();
  private readonly own: RegExp;

  /** `own`: what makes a module count as MCP by itself (default: an MCP import or a hand-built MRTR result). */
  constructor(own: RegExp = OWN) {
    this.own = own;
  }

  /** Whether this file names MCP itself, or imports (transitively) a module that does. */
  reaches(text: string, file: string): boolean {
    return this.visit(text, file, 0, new Set([file]));
  }

  private visit(text: string, file: string, depth: number, seen: Set<string>): boolean {
    if (this.own.test(text)) return true;
    if (depth >= MAX_DEPTH) return false;
    for (const match of text.matchAll(RELATIVE)) {
      const target = resolveImport(file, match[1]!);
      if (!target || seen.has(target)) continue;
      seen.add(target);
      const known = this.memo.get(target);
      if (known !== undefined) {
        if (known) return true;
        continue;
      }
      const imported = readText(target);
      const result = imported !== undefined && this.visit(imported, target, depth + 1, seen);
      // Only a full-depth answer is reusable from any starting point.
      if (result || depth === 0) this.memo.set(target, result);
      if (result) return true;
    }
    return false;
  }
}

function readText(file: string): string | undefined {
  try {
    if (statSync(file).size > MAX_BYTES) return undefined;
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
