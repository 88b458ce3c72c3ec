// The matcher worker of `uproot scan` (match-pool.ts starts it): its own entry of the bundle, so the
// thread loads only the matcher, not the CLI's walk, git and reporting code with its built-ins.
import { setFlagsFromString } from 'node:v8';
import { type MessagePort, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { snapshotDuringRun } from '@uproot/core/light';
import { matchFile } from '../scan/match-file.ts';
import { CLAIMED_BY_WORKER, type Claims, MATCHER, PAGE_BYTES, type Reply, type Request, type Slab, type SlabRequest, claim } from './match-pool-protocol.ts';
import { WARM_UP_FILE, WARM_UP_ROUNDS, WARM_UP_SOURCE, WARM_UP_SYNTAX, WARM_UP_SYNTAX_FILE } from './match-warm-up.ts';

/**
 * How far V8 lets the heap grow past what the last full GC kept before it collects again (default: up to 4x on
 * a large heap). This thread's garbage is whole ASTs of matched files, promoted before they die: on the
 * real-bundles bench tree (90 files, 4.7 MB parsed here) the worker's heap reached 166 MB with 56 MB live.
 * 60% brings the process's peak RSS from 279-307 MB to 266-278 MB (3 runs each) at no measurable CPU cost.
 * A V8 flag is process-wide; the main thread's heap is small, and only runs with this worker set it.
 */
const HEAP_GROWING_PERCENT = 60;

/** How much of a slab is touched per turn of the event loop (~3 ms of page faults on the bench machine). */
const TOUCH_BYTES = 1024 * 1024;

/** The worker side: load the core once, then match each job as it arrives, in order. */
async function serve(): Promise<void> {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  // This thread lives for one scan: it takes the disk as the scan found it (run-snapshot.ts).
  snapshotDuringRun();
  const engine = await import('@uproot/core');
  let jobs = 0;
  let claims: Uint8Array | undefined;
  let replies: MessagePort | undefined;
  // Slabs are touched a piece (TOUCH_BYTES) per turn of the event loop, so a job that arrives meanwhile waits for
  // one piece, not for all the slabs asked (faulting in 28 MB of them held the real-user bench tree's first jobs back
  // 250-500 ms on a loaded machine), nor for a whole slab (4 MB took 13-16 ms here: a job the main thread posted as it
  // asked waited that long).
  const slabs: Array<{ bytes: number; reply: MessagePort }> = [];
  let current: { slab: ArrayBuffer; pages: Uint8Array; at: number; reply: MessagePort } | undefined;
  const touchNextSlab = () => {
    if (!current) {
      const next = slabs.shift();
      if (!next) return;
      const slab = new ArrayBuffer(next.bytes);
      current = { slab, pages: new Uint8Array(slab), at: 0, reply: next.reply };
    }
    const { pages, slab, reply } = current;
    const end = Math.min(pages.length, current.at + TOUCH_BYTES);
    for (let at = current.at; at < end; at += PAGE_BYTES) pages[at] = 0;
    current.at = end;
    if (end === pages.length) {
      current = undefined;
      reply.postMessage({ slab } satisfies Slab, [slab]);
    }
    if (current || slabs.length) setImmediate(touchNextSlab);
  };
  parentPort!.on('message', (message: Request | Claims | SlabRequest) => {
    if ('claims' in message) {
      claims = new Uint8Array(message.claims);
      replies = message.replies;
      return;
    }
    const reply = replies ?? parentPort!;
    if ('slabs' in message) {
      for (let i = 0; i < message.slabs; i++) slabs.push({ bytes: message.bytes, reply });
      if (slabs.length === message.slabs && !current) setImmediate(touchNextSlab);
      return;
    }
    const { id, job } = message;
    jobs++;
    // A job the main thread took (it had read every file and came to this one first) is not matched twice.
    if (claims && !claim(claims, id, CLAIMED_BY_WORKER)) {
      reply.postMessage({ id, outcome: undefined } satisfies Reply);
      return;
    }
    reply.postMessage({ id, outcome: matchFile(engine, job) } satisfies Reply);
  });
  // Until the first job arrives (the main thread is still reading), warm the parser and the matcher up
  // on our own two sources (match-warm-up.ts): the first real file then runs on compiled code.
  const warmUps = [
    { absolute: WARM_UP_FILE, file: 'warm-up.ts', text: WARM_UP_SOURCE },
    { absolute: WARM_UP_SYNTAX_FILE, file: 'peer.js', text: WARM_UP_SYNTAX },
  ];
  for (let i = 0; i < WARM_UP_ROUNDS * warmUps.length; ) {
    // Yield first: a job posted while the core loaded (or during the last round) is taken before any warm-up,
    // and slabs asked for before a round: the main thread, which copies into them, is the run's longer thread.
    await new Promise((resolve) => setImmediate(resolve));
    if (jobs > 0) break;
    if (slabs.length || current) continue;
    matchFile(engine, { ...warmUps[i % warmUps.length]!, roots: true, mrtr: true, explain: false, cwd: process.cwd() });
    i++;
  }
}

if (!isMainThread && workerData === MATCHER) void serve();
