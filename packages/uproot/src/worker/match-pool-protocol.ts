// What the main thread and the matcher worker say to each other.
import type { MatchJob, MatchOutcome } from '../scan/match-file.ts';

/** The worker runs only when started with this mark (a stray import of its module does nothing). */
export const MATCHER = 'uproot-scan-matcher';

export interface Request {
  id: number;
  job: MatchJob;
}

export interface Reply {
  id: number;
  outcome: MatchOutcome;
}
