// The bytes of the files a scan has read, kept for the rest of the same run. After matching, scan asks the
// MRTR planner what migrate would do with the requests it found; the planner looks for a helper's callers in
// every file of the run, one search per module stem. Without these bytes each search opened and read every
// file again: on the bench's four-repository tree (7,525 files) that was 290 ms of open, read and close
// for a refine pass of 650 ms. Kept up to a budget, so a very large tree costs no more memory than that;
// files past it are read from disk as before.
//
// With a matcher worker, the slabs are ones the worker made and touched, then handed over: a fresh page faults on
// first touch, ~0.3 s of the main thread's time for the 52 MB kept here.
//
// The bytes are those the run read moments before: the answer the planner gives is about the same text the
// matcher saw (a file edited in between is read the way the matcher read it).

/** The default budget: the four-repository tree's 52 MB of source fits, with the run's peak under 300 MB. */
export const RUN_BYTES_BUDGET = 64 * 1024 * 1024;
/** Files are copied into slabs of this size: a few large buffers, not thousands of small ones. */
const SLAB_BYTES = 4 * 1024 * 1024;

/** Where slabs can come from other than a fresh allocation (the matcher worker, match-pool.ts). */
export interface SlabSupply {
  /** Asks for `count` slabs of `bytes` to be made ready. */
  ask(count: number, bytes: number): void;
  /** A ready slab of `bytes`, or undefined when none has come yet. */
  take(bytes: number): Buffer | undefined;
}

/**
 * What a source file of a tree is taken to weigh when slabs are asked for before any is read: a little over the
 * bench trees' mean (5.9 KB on the four-repository tree, 4.8 KB on the real-user tree). The supplier makes
 * them while this thread walks and starts reading; asked for one at a time as they were used, most came too late
 * (the worker was matching) and only 700-3,000 of 5,405 files landed in them.
 */
const EXPECTED_FILE_BYTES = 7 * 1024;

/**
 * Slabs asked for before the walk has counted the files (16 MB): the worker touches them while it waits for its
 * first job. Asked for only after the walk, they were touched while the worker had matching to do, and it is the
 * run's last thread to finish (it also runs the refine pass).
 */
const EARLY_SLABS = 4;

export class RunBytes {
  private readonly files = new Map<string, Buffer>();
  private slab: Buffer | undefined;
  private used = 0;
  private kept = 0;
  private readonly budget: number;
  private supply: SlabSupply | undefined;
  /** Slabs asked of the supply so far: never more than the budget holds. */
  private asked = 0;
  /** Supplied slabs taken so far. */
  private taken = 0;

  /** Nothing is kept until `wake` (a dormant run asks for no slabs after the early ones either). */
  private awake: boolean;
  /** Files offered to keep so far, and how many the run has (to size the slabs asked for on waking). */
  private seen = 0;
  private total = 0;

  constructor(budget = RUN_BYTES_BUDGET, dormant = false) {
    this.budget = budget;
    this.awake = !dormant;
  }

  /** Whether files read now are kept (not dormant). */
  get keeping(): boolean {
    return this.awake;
  }

  /** From the next file read on, bytes are kept (a no-op when already keeping). */
  wake(): void {
    if (this.awake) return;
    this.awake = true;
    this.askAhead(Math.ceil((Math.max(0, this.total - this.seen) * EXPECTED_FILE_BYTES) / SLAB_BYTES) - this.asked);
  }

  /**
   * Takes slabs from `supply` when it has one ready: a fresh slab's pages fault on first touch, and the copy
   * into it then pays for them on this thread; a slab another thread touched is ready to fill.
   */
  supplyFrom(supply: SlabSupply | undefined, files?: number): void {
    this.supply = supply;
    if (files !== undefined) this.total = files;
    if (!this.awake && files !== undefined) return;
    const wanted = files === undefined ? EARLY_SLABS : Math.ceil((files * EXPECTED_FILE_BYTES) / SLAB_BYTES);
    this.askAhead(wanted - this.asked);
  }

  private askAhead(count: number): void {
    const room = Math.floor(this.budget / SLAB_BYTES) - this.asked;
    const n = Math.min(count, room);
    if (!this.supply || n <= 0) return;
    this.asked += n;
    this.supply.ask(n, SLAB_BYTES);
  }

  private newSlab(): void {
    const ready = this.supply?.take(SLAB_BYTES);
    // The tree weighs more than expected: one more is asked for as the last one asked is taken, so the next is
    // being made while this one fills (asking one per slab taken left up to 16 MB of touched slabs unused).
    if (ready && ++this.taken >= this.asked) this.askAhead(1);
    this.slab = ready ?? Buffer.allocUnsafe(SLAB_BYTES);
    this.used = 0;
  }

  /** Keeps a copy of `bytes` (a view of a reused read buffer) as `file`'s, while the budget allows. */
  keep(file: string, bytes: Buffer): void {
    this.seen++;
    if (!this.awake) return;
    if (this.kept + bytes.length > this.budget) return;
    let copy: Buffer;
    if (bytes.length > SLAB_BYTES / 4) copy = Buffer.from(bytes);
    else {
      if (!this.slab || this.used + bytes.length > this.slab.length) this.newSlab();
      copy = this.slab!.subarray(this.used, this.used + bytes.length);
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
