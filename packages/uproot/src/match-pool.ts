// A second thread for `uproot scan`: while the main thread walks, reads and pre-filters, a matcher
// worker parses and matches the files handed to it, so the two cores share the run. Only from the
// built bundle (a worker cannot load the TypeScript sources) and untyped (the checker lives on the
// main thread); anything the worker cannot answer is matched on the main thread instead.
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { type MatchJob, type MatchOutcome, matchFile } from './match-file.ts';

/** The worker is this same module, started with this mark. */
const MATCHER = 'uproot-scan-matcher';
/** Fewer files than this: the worker's start-up would cost more than it saves. */
export const POOL_MIN_FILES = 200;
/** The main thread matches only once the worker holds this many more source characters: loading the
 *  core on a second thread costs about as much as matching this much, and a small run stays on one. */
const MAIN_THREAD_AFTER = 256 * 1024;

interface Reply {
  id: number;
  outcome: MatchOutcome;
}

export class MatchPool {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, (outcome: MatchOutcome | undefined) => void>();
  private next = 0;
  /** Source characters given to each side: a job goes to the worker while it has no more than the main thread (plus MAIN_THREAD_AFTER). */
  private workerChars = 0;
  private mainChars = 0;
  private broken = false;

  /** A pool for a run over `files` files, or undefined where a worker would not pay off or cannot start. */
  static open(files: number): MatchPool | undefined {
    return files < POOL_MIN_FILES ? undefined : MatchPool.start();
  }

  /**
   * A worker started before the walk has counted the files: its start-up (a second Node environment
   * and the core, ~100 ms) then overlaps the walk, and it has time to warm its parser up before the
   * first job. `keepFor` closes it again when the run turns out too small.
   */
  static start(): MatchPool | undefined {
    if (availableParallelism() < 2 || !import.meta.url.endsWith('.js')) return undefined;
    try {
      return new MatchPool(new Worker(new URL(import.meta.url), { workerData: MATCHER }));
    } catch {
      return undefined;
    }
  }

  /** This pool when a run over `files` files pays for it; otherwise it is closed and undefined. */
  keepFor(files: number): MatchPool | undefined {
    if (files >= POOL_MIN_FILES) return this;
    void this.close();
    return undefined;
  }

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (reply: Reply) => this.settle(reply.id, reply.outcome));
    // A worker that fails leaves its jobs to the main thread (settled with undefined).
    worker.on('error', () => this.fail());
    worker.on('exit', () => this.fail());
  }

  /** Takes the job when the worker's share is the smaller one; undefined: match it on the main thread. */
  offer(job: MatchJob): Promise<MatchOutcome | undefined> | undefined {
    if (this.broken || this.workerChars > this.mainChars + MAIN_THREAD_AFTER) {
      this.mainChars += job.text.length;
      return undefined;
    }
    this.workerChars += job.text.length;
    const id = this.next++;
    const answer = new Promise<MatchOutcome | undefined>((resolve) => this.waiting.set(id, resolve));
    this.worker.postMessage({ id, job });
    return answer;
  }

  async close(): Promise<void> {
    this.broken = true;
    await this.worker.terminate();
  }

  private settle(id: number, outcome: MatchOutcome | undefined): void {
    const resolve = this.waiting.get(id);
    this.waiting.delete(id);
    resolve?.(outcome);
  }

  private fail(): void {
    this.broken = true;
    for (const id of [...this.waiting.keys()]) this.settle(id, undefined);
  }
}

/** The worker side: load the core once, then match each job as it arrives, in order. */
async function serve(): Promise<void> {
  const engine = await import('@uproot/core');
  let jobs = 0;
  parentPort!.on('message', ({ id, job }: { id: number; job: MatchJob }) => {
    jobs++;
    parentPort!.postMessage({ id, outcome: matchFile(engine, job) } satisfies Reply);
  });
  // Until the first job arrives (the main thread is still reading), warm the parser and the matcher up
  // on a small server of our own: the first real file, often the largest, then runs on compiled code.
  for (let i = 0; i < WARM_UP_ROUNDS && jobs === 0; i++) {
    matchFile(engine, { absolute: WARM_UP_FILE, file: 'warm-up.ts', text: WARM_UP_SOURCE, roots: true, mrtr: true, explain: false });
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const WARM_UP_ROUNDS = 8;
/** A path that does not exist: nothing is read or cached for it, and it imports only MCP packages. */
const WARM_UP_FILE = '/nonexistent/uproot-warm-up/server.ts';
/** The shapes the finder and the MRTR checks look at: tools, a low-level handler, a client, an MRTR result. */
export const WARM_UP_SOURCE = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Client } from '@modelcontextprotocol/client';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

export class Workspace {
  private readonly server = new McpServer({ name: 'warm-up', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  private roots: string[] = [];

  async start(): Promise<void> {
    this.server.registerTool('files', { description: 'list files' }, async (args: { path?: string }, extra) => {
      const { roots } = await this.server.server.listRoots();
      for (const root of roots) if (args.path?.startsWith(root.uri)) return { content: [{ type: 'text', text: root.uri }] };
      return { content: [], isError: extra.signal.aborted };
    });
    this.server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
      this.roots = (await this.server.server.listRoots()).roots.map((r) => r.uri);
    });
  }
}

export function lowLevel(server: Server) {
  server.setRequestHandler({ method: 'tools/call' } as never, async (request: { params: { inputResponses?: Record<string, unknown> } }) => {
    if (!request.params.inputResponses) return { resultType: 'input_required', inputRequests: { r: { method: 'roots/list', params: {} } }, requestState: 'x' };
    return { content: [] };
  });
}

export const client = new Client({ name: 'c', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } }, versionNegotiation: { mode: 'auto' } });
`;

if (!isMainThread && workerData === MATCHER) void serve();
