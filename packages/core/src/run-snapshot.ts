// One run over a tree (`uproot scan`) takes the disk as it was when the run started: what it has listed,
// stat'd or found to be a package boundary once is not asked again until the run ends. A long-lived host
// (tsserver, an editor's ESLint) never starts a run and keeps checking the disk on every use, so it sees files
// made or edited after it started.

/** Runs in progress (overlapping runs share one snapshot; it ends with the last of them). */
let runs = 0;
/** Which snapshot is current: answers cached in an earlier one are checked against the disk again. */
let epoch = 0;

/** Starts a run's snapshot; the returned function ends it (once, however often it is called). */
export function snapshotDuringRun(): () => void {
  if (runs++ === 0) epoch++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    runs--;
  };
}

/** The current snapshot while a run is in progress; undefined outside any run. */
export function snapshotEpoch(): number | undefined {
  return runs > 0 ? epoch : undefined;
}
