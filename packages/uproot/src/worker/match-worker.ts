// The matcher worker of `uproot scan` (match-pool.ts starts it): its own entry of the bundle, so the
// thread loads only the matcher, not the CLI's walk, git and reporting code with its built-ins.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { matchFile } from '../scan/match-file.ts';
import { MATCHER, type Reply, type Request } from './match-pool-protocol.ts';
import { WARM_UP_FILE, WARM_UP_ROUNDS, WARM_UP_SOURCE, WARM_UP_SYNTAX, WARM_UP_SYNTAX_FILE } from './match-warm-up.ts';

/** The worker side: load the core once, then match each job as it arrives, in order. */
async function serve(): Promise<void> {
  const engine = await import('@uproot/core');
  let jobs = 0;
  parentPort!.on('message', ({ id, job }: Request) => {
    jobs++;
    parentPort!.postMessage({ id, outcome: matchFile(engine, job) } satisfies Reply);
  });
  // Until the first job arrives (the main thread is still reading), warm the parser and the matcher up
  // on our own two sources (match-warm-up.ts): the first real file then runs on compiled code.
  const warmUps = [
    { absolute: WARM_UP_FILE, file: 'warm-up.ts', text: WARM_UP_SOURCE },
    { absolute: WARM_UP_SYNTAX_FILE, file: 'peer.js', text: WARM_UP_SYNTAX },
  ];
  for (let i = 0; i < WARM_UP_ROUNDS * warmUps.length; i++) {
    // Yield first: a job posted while the core loaded (or during the last round) is taken before any warm-up.
    await new Promise((resolve) => setImmediate(resolve));
    if (jobs > 0) break;
    matchFile(engine, { ...warmUps[i % warmUps.length]!, roots: true, mrtr: true, explain: false, cwd: process.cwd() });
  }
}

if (!isMainThread && workerData === MATCHER) void serve();
