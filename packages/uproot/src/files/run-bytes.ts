// The bytes of the files a scan has read, kept for the rest of the same run. After matching, scan asks the
// MRTR planner what migrate would do with the requests it found; the planner looks for a helper's callers in
// every file of the run, one search per module stem. Without these bytes each search opened and read every
// file again: on the bench's four-repository tree (7,525 files) that was 290 ms of open, read and close
// for a refine pass of 650 ms. Kept up to a budget, so a very large tree costs no more memory than that;
// files past it are read from disk as before.
//
// The bytes are those the run read moments before: the answer the planner gives is about the same text the
// matcher saw (a file edited in between is read the way the matcher read it).

/** The default budget: the four-repository tree's 52 MB of source fits, with the run's peak under 300 MB. */
export const RUN_BYTES_BUDGET = 64 * 1024 * 1024;
/** Files are copied into slabs of this size: a few large buffers, not thousands of small ones. */
const SLAB_BYTES = 4 * 1024 * 1024;

export class RunBytes {
  private readonly files = new Map<string, Buffer>();
  private slab: Buffer | undefined;
  private used = 0;
  private kept = 0;
  private readonly budget: number;

  constructor(budget = RUN_BYTES_BUDGET) {
    this.budget = budget;
  }

  /** Keeps a copy of `bytes` (a view of a reused read buffer) as `file`'s, while the budget allows. */
  keep(file: string, bytes: Buffer): void {
    if (this.kept + bytes.length > this.budget) return;
    let copy: Buffer;
    if (bytes.length > SLAB_BYTES / 4) copy = Buffer.from(bytes);
    else {
      if (!this.slab || this.used + bytes.length > this.slab.length) {
        this.slab = Buffer.allocUnsafe(SLAB_BYTES);
        this.used = 0;
      }
      copy = this.slab.subarray(this.used, this.used + bytes.length);
      bytes.copy(copy);
      this.used += bytes.length;
    }
    this.kept += bytes.length;
    this.files.set(file, copy);
  }

  /** The bytes kept for `file` (valid UTF-8, BOM included), or undefined when it must be read from disk. */
  get(file: string): Buffer | undefined {
    return this.files.get(file);
  }
}
