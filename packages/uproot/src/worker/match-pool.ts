// A second thread for `uproot scan`: while the main thread walks, reads and pre-filters, a matcher
// worker parses and matches every file handed to it, so the two cores share the run. Only from the
// built bundle (a worker cannot load the TypeScript sources) and untyped (the checker lives on the
// main thread); anything the worker cannot answer is matched on the main thread instead. The worker's
// side is match-worker.ts, an entry of its own in the bundle.
//
// While it reads, the main thread does not match beside the worker: each thread would follow the same
// imports into its own module graph (real-bundles parsed 5.8 MB instead of 4.2, the TypeScript SDK 3.6
// instead of 3.3) and hold a second copy of it (40-60 MB), and on two cores the pair was within a few
// percent of the worker alone (21 alternating rounds: MCPJam/inspector 1.76 against 1.83 s, the SDK 1.29
// against 1.31). Once it has read every file it has nothing else to do: when the worker is still behind
// by enough work (`share`), it takes jobs from the back of the line while the worker goes on from the front.
// While it waits for jobs, the worker also touches the pages of the slabs the main thread keeps the bytes it reads
// in (run-bytes.ts): a fresh page faults on first touch.
import { availableParallelism } from 'node:os';
import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { MatchJob, MatchOutcome } from '../scan/match-file.ts';
import { CLAIMED_BY_MAIN, type Claims, MATCHER, type Reply, type Request, type Slab, type SlabRequest, claim } from './match-pool-protocol.ts';
import type { SlabSupply } from '../files/run-bytes.ts';

/** Fewer files than this: the worker's start-up would cost more than it saves. */
export const POOL_MIN_FILES = 200;

/** Jobs a run can share between the threads (one byte each); later ones are the worker's alone. */
const SHARED_JOBS = 1 << 16;

/**
 * The main thread takes jobs only while the worker still has at least this much source text before it:
 * below it, loading the matcher on the main thread (~0.1-0.2 s) would cost more than the worker needs.
 */
export const SHARE_MIN_BYTES = 256 * 1024;

/**
 * A worker bin/uproot.js started before loading the CLI (`prestartMatcher`), for the run to adopt. Until then
 * it is unref'd, so a run that ends early (a usage error, --help) is not kept alive by it, and `dead` says
 * whether it failed before anyone listened.
 */
let prestarted: { worker: Worker; dead: boolean } | undefined;

/**
 * `uproot scan` from the command line: the matcher worker starts before the CLI's own modules load, so its
 * start-up (a second Node environment and the core) overlaps theirs instead of following it. The run adopts
 * it (`MatchPool.start`) or ends it (`MatchPool.discardPrestarted`: typed, a single file).
 */
export function prestartMatcher(): void {
  if (prestarted || !canStart()) return;
  try {
    const worker = new Worker(workerEntry(), { workerData: MATCHER });
    const entry = { worker, dead: false };
    worker.unref();
    worker.on('error', () => void (entry.dead = true));
    worker.on('exit', () => void (entry.dead = true));
    prestarted = entry;
  } catch {
    prestarted = undefined;
  }
}

function canStart(): boolean {
  return availableParallelism() >= 2 && import.meta.url.endsWith('.js');
}

/** What the pool uses of its worker. */
export type MatcherPort = Pick<Worker, 'postMessage' | 'ref' | 'unref' | 'terminate' | 'on'>;

export class MatchPool implements SlabSupply {
  private readonly worker: MatcherPort;
  private readonly waiting = new Map<number, (outcome: MatchOutcome | undefined) => void>();
  /** The jobs not answered yet, for the main thread to take (`share`). */
  private readonly jobs = new Map<number, MatchJob>();
  private readonly claims = new Uint8Array(new SharedArrayBuffer(SHARED_JOBS));
  /** The worker's replies: read as they come, or at once by `poll` while this thread is busy reading. */
  private readonly replies: MessagePort;
  private next = 0;
  private broken = false;
  /** Slabs the worker touched and handed over, not taken yet (`take`). */
  private readonly slabs: Buffer[] = [];
  /** Told of each answer as it is read (the main thread's read loop runs no promise callback until it ends). */
  onAnswer: ((outcome: MatchOutcome) => void) | undefined;

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
    const early = prestarted;
    prestarted = undefined;
    if (early && !early.dead) return new MatchPool(early.worker);
    if (!canStart()) return undefined;
    try {
      return new MatchPool(new Worker(workerEntry(), { workerData: MATCHER }));
    } catch {
      return undefined;
    }
  }

  /** A prestarted worker this run does not use (typed, or not a folder): ended now, not at exit. */
  static discardPrestarted(): void {
    void prestarted?.worker.terminate();
    prestarted = undefined;
  }

  /** This pool when a run over `files` files pays for it; otherwise it is closed and undefined. */
  keepFor(files: number): MatchPool | undefined {
    if (files >= POOL_MIN_FILES) return this;
    this.close();
    return undefined;
  }

  /** A pool over a port that speaks the worker's side of match-pool-protocol.ts (the tests' stand-in for it). */
  static over(port: MatcherPort): MatchPool {
    return new MatchPool(port);
  }

  private constructor(worker: MatcherPort) {
    this.worker = worker;
    // A prestarted worker was unref'd: from here the run waits on its answers.
    worker.ref();
    const channel = new MessageChannel();
    this.replies = channel.port1;
    worker.postMessage({ claims: this.claims.buffer as SharedArrayBuffer, replies: channel.port2 } satisfies Claims, [channel.port2]);
    this.replies.on('message', (reply: Reply | Slab) => this.receive(reply));
    // A worker that fails leaves its jobs to the main thread (settled with undefined).
    worker.on('error', () => this.fail());
    worker.on('exit', () => this.fail());
  }

  /** Takes the job while the worker runs; undefined: match it on the main thread. */
  offer(job: MatchJob): Promise<MatchOutcome | undefined> | undefined {
    if (this.broken) return undefined;
    const id = this.next++;
    const answer = new Promise<MatchOutcome | undefined>((resolve) => this.waiting.set(id, resolve));
    this.jobs.set(id, job);
    this.worker.postMessage({ id, job } satisfies Request);
    return answer;
  }

  /**
   * After the last job was offered: the main thread matches jobs the worker has not come to yet, from the
   * last one back, until it meets one the worker has taken (the worker goes in order, so the rest are
   * its), or while the worker's share left is too small to be worth it. Each job is matched once: a
   * thread takes a job by claiming its byte in the shared array first.
   */
  async share(match: (job: MatchJob) => Promise<MatchOutcome>): Promise<void> {
    for (let id = Math.min(this.next, this.claims.length) - 1; id >= 0 && !this.broken; id--) {
      const resolve = this.waiting.get(id);
      if (!resolve) continue;
      if (this.bytesUnclaimed() < SHARE_MIN_BYTES) return;
      if (!claim(this.claims, id, CLAIMED_BY_MAIN)) return;
      const job = this.jobs.get(id)!;
      this.waiting.delete(id);
      this.jobs.delete(id);
      resolve(await match(job));
    }
  }

  /** The source text of the jobs neither thread has taken yet (answers this thread has not read yet do not count). */
  private bytesUnclaimed(): number {
    let bytes = 0;
    for (const [id, job] of this.jobs) if (id >= this.claims.length || Atomics.load(this.claims, id) === 0) bytes += job.text.length;
    return bytes;
  }

  /** Reads the replies already in, now: this thread reads files in one synchronous loop, which no message interrupts. */
  poll(): void {
    for (let m = receiveMessageOnPort(this.replies); m; m = receiveMessageOnPort(this.replies)) this.receive(m.message as Reply | Slab);
  }

  /** Asks the worker for `count` slabs of `bytes`, their pages touched on its thread (match-pool-protocol.ts). */
  ask(count: number, bytes: number): void {
    if (!this.broken) this.worker.postMessage({ slabs: count, bytes } satisfies SlabRequest);
  }

  /** A slab the worker has handed over, if one is in (replies are read first). */
  take(bytes: number): Buffer | undefined {
    if (!this.slabs.length) this.poll();
    const at = this.slabs.findIndex((s) => s.length === bytes);
    return at < 0 ? undefined : this.slabs.splice(at, 1)[0];
  }

  /**
   * Ends the worker without waiting for its thread to go: tearing down its heap took 65-160 ms on the real-user
   * bench tree (measured on a loaded machine), time the refine pass and the report can use. Unref'd, the
   * process does not wait for it at exit either.
   */
  close(): void {
    this.broken = true;
    this.replies.close();
    this.worker.unref();
    this.worker.terminate().catch(() => {});
  }

  private receive(reply: Reply | Slab): void {
    if ('slab' in reply) this.slabs.push(Buffer.from(reply.slab));
    else this.settle(reply.id, reply.outcome);
  }

  private settle(id: number, outcome: MatchOutcome | undefined): void {
    // A job the main thread took is answered already; the worker's reply to it says only that it left it.
    const resolve = this.waiting.get(id);
    this.waiting.delete(id);
    this.jobs.delete(id);
    if (resolve && outcome) this.onAnswer?.(outcome);
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
