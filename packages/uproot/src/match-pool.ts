// A second thread for `uproot scan`: while the main thread walks, reads and pre-filters, a matcher
// worker parses and matches the files handed to it, so the two cores share the run. Only from the
// built bundle (a worker cannot load the TypeScript sources) and untyped (the checker lives on the
// main thread); anything the worker cannot answer is matched on the main thread instead. The worker's
// side is match-worker.ts, an entry of its own in the bundle.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { MatchJob, MatchOutcome } from './match-file.ts';
import { MATCHER, type Reply, type Request } from './match-pool-protocol.ts';

/** Fewer files than this: the worker's start-up would cost more than it saves. */
export const POOL_MIN_FILES = 200;
/** The main thread matches only once the worker holds this many more source characters: loading the
 *  core on a second thread costs about as much as matching this much, and a small run stays on one. */
const MAIN_THREAD_AFTER = 256 * 1024;


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
      return new MatchPool(new Worker(workerEntry(), { workerData: MATCHER }));
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
    this.worker.postMessage({ id, job } satisfies Request);
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

/** dist/scan-worker.js, from this module's place in the bundle (dist/ or dist/chunks/). */
function workerEntry(): URL {
  return new URL(/\/chunks\/[^/]+$/.test(import.meta.url) ? '../scan-worker.js' : './scan-worker.js', import.meta.url);
}
