// Never a half rewrite: a handler whose roots request a strategy would rewrite, but which also makes a
// push-style elicitation or sampling request (itself or through helpers), is left whole with one
// `push-request` marker naming every request that holds it back. Both strategies word it here.
import path from 'node:path';
import { type FunctionNode, type RootsSite, enclosingFunction, functionName } from '@uproot/core/planning';

/** A push request and the file it is in. */
export interface PushRequest {
  site: RootsSite;
  file: string;
}

export function isPushRequest(site: RootsSite): boolean {
  return site.side === 'server' && (site.kind === 'elicitation-request' || site.kind === 'sampling-request');
}

/**
 * Handler callbacks → the push requests they make; the planners fill it from their own reach analysis. A request
 * whose callers could not all be traced holds every handler of its own file and of the files importing it.
 */
export class PushRequestsByHandler {
  private readonly byHandler = new Map<FunctionNode, PushRequest[]>();
  private readonly untraced: PushRequest[] = [];

  addUntraced(request: PushRequest): void {
    this.untraced.push(request);
  }

  /** The untraced requests that may reach a handler in `file`: those of the file, and of files it imports (`importers` of theirs). */
  untracedFor(file: string, importers: (file: string) => readonly string[] | undefined): PushRequest[] {
    return this.untraced.filter((r) => {
      if (r.file === file) return true;
      const of = importers(r.file);
      // Importers that cannot be read: assume the worst.
      return of === undefined || of.includes(file);
    });
  }

  /** Whether some caller of the request could not be traced to a handler. */
  isUntraced(site: RootsSite): boolean {
    return this.untraced.some((r) => r.site === site);
  }

  add(handler: FunctionNode, request: PushRequest): void {
    const list = this.byHandler.get(handler) ?? [];
    if (!list.some((r) => r.site === request.site)) list.push(request);
    this.byHandler.set(handler, list);
  }

  /** Every push request any of these handlers makes, in file and line order. */
  of(handlers: Iterable<FunctionNode>): PushRequest[] {
    const out: PushRequest[] = [];
    for (const h of handlers) for (const r of this.byHandler.get(h) ?? []) if (!out.some((o) => o.site === r.site)) out.push(r);
    return out.sort((a, b) => a.file.localeCompare(b.file) || a.site.range[0] - b.site.range[0]);
  }

  /** Each handler with the push requests it makes. */
  handlers(): Array<[FunctionNode, PushRequest[]]> {
    return [...this.byHandler];
  }

  get size(): number {
    return this.byHandler.size + this.untraced.length;
  }
}

/**
 * The marker's detail: the requests, by form and place (a line of the marked file, or a path relative to it);
 * `untraced`, those uproot could not tie to particular handlers, said as such.
 */
export function pushRequestDetail(requests: PushRequest[], markedFile: string, untraced: PushRequest[] = []): string {
  const traced = requests.filter((r) => !untraced.some((u) => u.site === r.site));
  const held = traced.length ? `held back by ${listOf(traced, markedFile)}` : '';
  const maybe = untraced.length ? `possibly held back by ${listOf(untraced, markedFile)} (uproot could not trace every caller of ${untraced.length > 1 ? 'these' : 'it'})` : '';
  return [held, maybe].filter(Boolean).join('; ');
}

function listOf(requests: PushRequest[], markedFile: string): string {
  const places = requests.map((r) => {
    // The function's name stays true after the run moves lines; the line is where the request was.
    const fn = enclosingFunction(r.site.node);
    const name = fn && functionName(fn);
    const where = r.file === markedFile ? `line ${r.site.line}` : `${path.relative(path.dirname(markedFile), r.file).split(path.sep).join('/')}:${r.site.line}`;
    return `${r.site.form}${name ? ` in ${name}()` : ''} (${where})`;
  });
  return places.length > 1 ? `${places.slice(0, -1).join(', ')} and ${places[places.length - 1]}` : places[0]!;
}
