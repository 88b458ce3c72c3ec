// Once the main thread has read every file, it takes the matcher worker's last jobs (MatchPool.share)
// while the worker goes on from the front. Both threads claim a job in one shared byte array before
// matching it, so every job is matched exactly once and each promise settles with its own outcome. The
// worker here is a stand-in that follows the worker's side of the protocol (match-worker.ts) step by step,
// so the interleavings are chosen, not left to timing; scan-threads.test.ts runs the real worker.
import type { MessagePort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { MatchJob, MatchOutcome } from '../../packages/uproot/src/scan/match-file.ts';
import { CLAIMED_BY_MAIN, CLAIMED_BY_WORKER, type Claims, type Reply, type Request, claim } from '../../packages/uproot/src/worker/match-pool-protocol.ts';
import { MatchPool, type MatcherPort, SHARE_MIN_BYTES } from '../../packages/uproot/src/worker/match-pool.ts';

const KB = 1024;

function job(id: number, bytes: number): MatchJob {
  return { absolute: `/tree/f${id}.ts`, file: `f${id}.ts`, text: 'x'.repeat(bytes), roots: true, mrtr: false, explain: false, cwd: '/tree' };
}

function outcome(by: string, file: string): MatchOutcome {
  return { sites: [], problems: [], candidates: [{ line: 1, column: 1, text: `${by}:${file}`, why: 'test' }] as unknown as MatchOutcome['candidates'], parsed: true };
}

/** A worker that matches one job per `step()`, in the order it was sent them, claiming each first. */
function standIn() {
  const requests: Request[] = [];
  let claims: Uint8Array | undefined;
  let replies: MessagePort | undefined;
  const reply = (r: Reply) => replies!.postMessage(r);
  const matched: number[] = [];
  let started: number | undefined;
  let ahead = new Set<number>();
  const port = {
    postMessage(message: Request | Claims) {
      if ('claims' in message) {
        claims = new Uint8Array(message.claims);
        replies = message.replies;
      } else requests.push(message);
    },
    on() {
      return port;
    },
    ref() {},
    unref() {},
    terminate: async () => 0,
  };
  return {
    port: port as unknown as MatcherPort,
    matched,
    claims: () => claims!,
    /** Takes the next job: claims it, and answers (an outcome, or none for a job the main thread took). */
    step(): number | undefined {
      const next = requests.shift();
      if (!next) return undefined;
      const mine = started === next.id || ahead.has(next.id) || claim(claims!, next.id, CLAIMED_BY_WORKER);
      started = undefined;
      if (!mine) reply({ id: next.id, outcome: undefined });
      else {
        matched.push(next.id);
        reply({ id: next.id, outcome: outcome('worker', next.job.file) });
      }
      return next.id;
    },
    /** Claims the next `n` jobs at once, answering none yet (their answers are on their way). */
    claimAhead(n: number): void {
      for (const r of requests.slice(0, n)) expect(claim(claims!, r.id, CLAIMED_BY_WORKER)).toBe(true);
      ahead = new Set(requests.slice(0, n).map((r) => r.id));
    },
    /** Claims the next job without answering yet (the worker is busy with it). */
    start(): void {
      started = requests[0]!.id;
      expect(claim(claims!, started, CLAIMED_BY_WORKER)).toBe(true);
    },
  };
}

const who = (o: MatchOutcome | undefined) => (o?.candidates[0] as unknown as { text: string } | undefined)?.text;

describe('MatchPool.share: the main thread takes the worker\'s last jobs', () => {
  it('takes jobs from the back while the worker has enough left, and each job is matched once', async () => {
    const worker = standIn();
    const pool = MatchPool.over(worker.port);
    // Six jobs of 100 KB; the worker is busy with the first.
    const answers = [0, 1, 2, 3, 4, 5].map((i) => pool.offer(job(i, 100 * KB))!);
    worker.start();
    const byMain: number[] = [];
    await pool.share(async (j) => {
      byMain.push(Number(j.file.slice(1, -3)));
      return outcome('main', j.file);
    });
    // 500 KB not taken by either thread: 5, 4 and 3 are taken (each time at least 256 KB was left); then 200 KB is below it.
    expect(SHARE_MIN_BYTES).toBe(256 * KB);
    expect(byMain).toEqual([5, 4, 3]);
    expect([...worker.claims().subarray(0, 6)]).toEqual([CLAIMED_BY_WORKER, 0, 0, CLAIMED_BY_MAIN, CLAIMED_BY_MAIN, CLAIMED_BY_MAIN]);
    // The worker answers its first job, takes the next two, and leaves the ones the main thread took.
    while (worker.step() !== undefined);
    expect(worker.matched).toEqual([0, 1, 2]);
    expect((await Promise.all(answers)).map(who)).toEqual(['worker:f0.ts', 'worker:f1.ts', 'worker:f2.ts', 'main:f3.ts', 'main:f4.ts', 'main:f5.ts']);
  });

  it('stops at the first job the worker has taken, from the back', async () => {
    const worker = standIn();
    const pool = MatchPool.over(worker.port);
    const answers = [0, 1, 2].map((i) => pool.offer(job(i, 200 * KB))!);
    // The worker got through the first two and is on the last: nothing is left for the main thread.
    worker.step();
    worker.step();
    worker.start();
    const byMain: string[] = [];
    await pool.share(async (j) => {
      byMain.push(j.file);
      return outcome('main', j.file);
    });
    expect(byMain).toEqual([]);
    worker.step();
    expect((await Promise.all(answers)).map(who)).toEqual(['worker:f0.ts', 'worker:f1.ts', 'worker:f2.ts']);
  });

  it('counts only what neither thread has taken, not answers this thread has yet to read', async () => {
    const worker = standIn();
    const pool = MatchPool.over(worker.port);
    const answers = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => pool.offer(job(i, 60 * KB))!);
    // The worker has taken five jobs (480 KB offered in all); their answers are not in yet. What is left,
    // 180 KB, is the worker's to finish.
    worker.claimAhead(5);
    let calls = 0;
    await pool.share(async (j) => {
      calls++;
      return outcome('main', j.file);
    });
    expect(calls).toBe(0);
    while (worker.step() !== undefined);
    expect((await Promise.all(answers)).every((o) => who(o)?.startsWith('worker:'))).toBe(true);
  });

  it('leaves a small remainder to the worker', async () => {
    const worker = standIn();
    const pool = MatchPool.over(worker.port);
    const answers = [0, 1, 2, 3].map((i) => pool.offer(job(i, 60 * KB))!);
    let calls = 0;
    await pool.share(async (j) => {
      calls++;
      return outcome('main', j.file);
    });
    // 240 KB in all, under SHARE_MIN_BYTES: loading the matcher on the main thread would cost more.
    expect(calls).toBe(0);
    while (worker.step() !== undefined);
    expect((await Promise.all(answers)).map(who)).toEqual(['worker:f0.ts', 'worker:f1.ts', 'worker:f2.ts', 'worker:f3.ts']);
  });

  it('reads the answers already in when asked, while this thread runs without a break (poll)', async () => {
    const worker = standIn();
    const pool = MatchPool.over(worker.port);
    const seen: string[] = [];
    const answers = [0, 1, 2].map((i) => pool.offer(job(i, KB))!.then((o) => (seen.push(who(o)!), o)));
    // Promise callbacks run, but no message is delivered: a poll's answers are seen, the port's are not.
    const settled = async () => {
      for (let i = 0; i < 5; i++) await Promise.resolve();
    };
    worker.step();
    worker.step();
    // Posted, but not read: no event turn has passed.
    await settled();
    expect(seen).toEqual([]);
    pool.poll();
    await settled();
    expect(seen).toEqual(['worker:f0.ts', 'worker:f1.ts']);
    pool.poll();
    await settled();
    expect(seen).toHaveLength(2);
    worker.step();
    expect((await Promise.all(answers)).map(who)).toEqual(['worker:f0.ts', 'worker:f1.ts', 'worker:f2.ts']);
    expect(seen).toEqual(['worker:f0.ts', 'worker:f1.ts', 'worker:f2.ts']);
    pool.close();
  });
});
