// What the main thread and the matcher worker say to each other.
import type { MessagePort } from 'node:worker_threads';
import type { MatchJob, MatchOutcome } from '../scan/match-file.ts';

/** The worker runs only when started with this mark (a stray import of its module does nothing). */
export const MATCHER = 'uproot-scan-matcher';

/**
 * The first message of a run: one byte per job id, shared by both threads. A thread matches job `id` only
 * after it turned its byte from 0 to CLAIMED_BY_WORKER or CLAIMED_BY_MAIN (Atomics.compareExchange), so a
 * job is matched once, by whichever thread comes to it first. Jobs past its length are the worker's.
 */
export interface Claims {
  claims: SharedArrayBuffer;
  /** Where the worker posts its replies: a port the main thread can also read between two files (`MatchPool.poll`). */
  replies?: MessagePort;
}

export const CLAIMED_BY_WORKER = 1;
export const CLAIMED_BY_MAIN = 2;

/** Whether thread `by` may match job `id`: it claimed it first (a job past the array is the worker's). */
export function claim(claims: Uint8Array, id: number, by: typeof CLAIMED_BY_WORKER | typeof CLAIMED_BY_MAIN): boolean {
  if (id >= claims.length) return by === CLAIMED_BY_WORKER;
  return Atomics.compareExchange(claims, id, 0, by) === 0;
}

export interface Request {
  id: number;
  job: MatchJob;
}

/** `outcome` undefined: the main thread had claimed the job; it matched it. */
export interface Reply {
  id: number;
  outcome: MatchOutcome | undefined;
}

/**
 * Asks the worker for `count` slabs of `bytes` each for the main thread's kept bytes (run-bytes.ts), their pages
 * touched: a fresh page costs a fault on first touch, and on the bench's four-repository tree the 52 MB the
 * main thread keeps cost it ~0.3 s of faults while the worker sat idle. The worker touches them between jobs
 * and hands them over (`Slab`).
 */
export interface SlabRequest {
  slabs: number;
  bytes: number;
}

/** A slab the worker touched, transferred (not copied) to the main thread. */
export interface Slab {
  slab: ArrayBuffer;
}

/** The operating system's smallest page: touching one byte in each faults every page in. */
export const PAGE_BYTES = 4096;
