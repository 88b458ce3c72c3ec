// The CLI's second text check: a file whose only provenance is an import of a project module can hold
// a site only if that import leads to a module that names MCP. Imports resolve the way the module graph
// resolves them (relative paths, tsconfig paths, `#imports`, workspace packages), and the walk has no
// depth limit, so it keeps every file the finder could report and leaves look-alike `listRoots()` files
// of other libraries unparsed.
import { readFileSync, statSync } from 'node:fs';
import { SERVER_REQUEST_CALL, mayContainRootsSites } from './prefilter.ts';
import { resolveImport } from './resolve-import.ts';

const OWN = /@modelcontextprotocol\/|input_required|inputRequests/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)['"]([^'"\s]+)['"]/g;
const MAX_BYTES = 1024 * 1024;

interface ModuleFacts {
  own: boolean;
  imports: string[];
}

export class McpReach {
  /** Per file: whether it names MCP, and the project files it imports (read and resolved once). */
  private readonly facts = new Map<string, ModuleFacts | null>();
  /** Files known to reach MCP; a negative answer is only final for the file a walk started from. */
  private readonly reaching = new Map<string, boolean>();
  private readonly own: RegExp;

  /** `own`: what makes a module count as MCP by itself (default: an MCP import or a hand-built MRTR result). */
  constructor(own: RegExp = OWN) {
    this.own = own;
  }

  /**
   * Whether a file is parsed for roots sites: the text pre-filter keeps it, and it reaches MCP or calls
   * listRoots, whose receiver the files importing it may pass in (the finder searches them).
   */
  keepsForRoots(text: string, file: string): boolean {
    return mayContainRootsSites(text) && (SERVER_REQUEST_CALL.test(text) || this.reaches(text, file));
  }

  /**
   * `keepsForRoots` as far as the file's own text decides it: `if-it-reaches` when only its imports can
   * (`reaches`), which a matcher thread may then follow instead of the thread that reads the files.
   */
  keptByText(text: string): 'yes' | 'no' | 'if-it-reaches' {
    if (!mayContainRootsSites(text)) return 'no';
    return SERVER_REQUEST_CALL.test(text) || this.own.test(text) ? 'yes' : 'if-it-reaches';
  }

  /** Whether this file names MCP itself, or imports (transitively) a module that does. */
  reaches(text: string, file: string): boolean {
    // The start is read from the text given (an editor buffer, a file being rewritten), never the cache.
    if (this.own.test(text)) return true;
    const seen = new Set([file]);
    const stack = this.importsOf(text, file);
    let result = false;
    while (stack.length && !result) {
      const target = stack.pop()!;
      if (seen.has(target)) continue;
      seen.add(target);
      if (this.reaching.get(target) === true) result = true;
      else {
        const facts = this.factsOf(target);
        if (facts?.own) result = true;
        else if (facts) stack.push(...facts.imports);
      }
    }
    // Every file of a walk that found MCP may not reach it, but the start does; a walk that did not
    // saw the whole closure, so every file in it does not reach MCP either.
    if (result) this.reaching.set(file, true);
    else for (const f of seen) this.reaching.set(f, false);
    return result;
  }

  private factsOf(file: string): ModuleFacts | undefined {
    const cached = this.facts.get(file);
    if (cached !== undefined) return cached ?? undefined;
    const text = readText(file);
    const facts = text === undefined ? undefined : { own: this.own.test(text), imports: this.own.test(text) ? [] : this.importsOf(text, file) };
    this.facts.set(file, facts ?? null);
    return facts;
  }

  private importsOf(text: string, file: string): string[] {
    const out: string[] = [];
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolveImport(file, match[1]!);
      if (target && target !== file) out.push(target);
    }
    return out;
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
