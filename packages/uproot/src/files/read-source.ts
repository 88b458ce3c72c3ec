// Read a source file as text, refusing what is not text: binary content, other encodings, and files
// too large to parse in reasonable memory. A refused file is only a failure when it mentions roots
// (it may hold a site nobody checked); otherwise it is a note. The BOM is kept apart so writes can
// restore it.
import { isUtf8 } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { mayContainRootsSites, prefilterParts } from '@uproot/core/light';
import type { RunBytes } from './run-bytes.ts';
import { WordSearch } from './word-search.ts';

export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const SNIFF_BYTES = 8192;
const CHUNK_BYTES = 1 << 20;

export type RefusalReason = 'unreadable' | 'not-a-file' | 'too-large' | 'binary' | 'encoding';

export type SourceRead =
  | { ok: true; text: string; bom: boolean; bytes: number }
  /** `skipped`: nothing was lost (a note); otherwise the file counts as failed. */
  | { ok: false; skipped: boolean; reason: RefusalReason; message: string };

/** A file the caller's check turned down: read, but not kept. */
export interface UnwantedRead {
  ok: true;
  unwanted: true;
  bytes: number;
}

/** Every read that fits in this many bytes takes one open, read and close into a buffer kept for the
 *  thread, with no stat; a larger file takes the careful path, which stats it first. */
const FAST_BYTES = 1 << 20;
let fastBuffer: Buffer | undefined;

export interface ReadOptions {
  /** The caller's walk just saw a regular file at this path: no stat is made before opening it. */
  regular?: boolean;
  /** Turn the file down (an unwanted read) unless it holds every one of these words. Looked for in its bytes,
   *  encoded as UTF-8: in a UTF-8 file that finds exactly the words its text holds, without decoding it. */
  holding?: readonly string[];
  /** As `holding`, for a file that holds any one of these words. */
  holdingAny?: readonly string[];
  /** Keep the bytes of every file read whole as UTF-8 text, wanted or not, for later reads of the same run. */
  keep?: RunBytes;
}

/** With `holding` / `holdingAny`, a file read and turned down is an `UnwantedRead` (a refusal is still reported as it would be). */
export function readSource(file: string, maxBytes?: number, options?: ReadOptions): SourceRead;
export function readSource(file: string, maxBytes: number, options: ReadOptions & ({ holding: readonly string[] } | { holdingAny: readonly string[] })): SourceRead | UnwantedRead;
export function readSource(file: string, maxBytes = DEFAULT_MAX_BYTES, options: ReadOptions = {}): SourceRead | UnwantedRead {
  const wanted = wantedOf(options);
  if (options.regular) return readFast(file, maxBytes, wanted, options.keep) ?? readChecked(file, maxBytes, wanted, options.keep);
  let size: number;
  try {
    // stat first: a FIFO is never opened (it would wait for a writer), a huge file never read whole.
    const stat = statSync(file);
    if (!stat.isFile()) return notAFile();
    size = stat.size;
  } catch (error) {
    return unreadable(error);
  }
  return (size < FAST_BYTES && size <= maxBytes ? readFast(file, maxBytes, wanted, options.keep) : undefined) ?? readChecked(file, maxBytes, wanted, options.keep);
}

/**
 * A read for the MRTR planner's caller search (`readHolding`): the text of a file the walk listed when it
 * holds every word, false when it lacks one. Most files of a run hold neither word and are never decoded.
 * One reader per run: a file found lacking a set of words is not read again for the same set (the planner
 * searches all files of the run for a helper module's stem once per chain through it; on the bench's
 * four-repository tree that was four reads of 7,525 files for two stems).
 */
export function readHoldingWords(maxBytes: number, kept?: RunBytes): (file: string, words: readonly string[]) => string | false | undefined {
  const lacking = new Map<string, Set<string>>();
  return (file, words) => {
    const key = words.join('\0');
    if (lacking.get(key)?.has(file)) return false;
    const r = readKept(file, maxBytes, kept, words);
    if (!r.ok) return undefined;
    if (!('unwanted' in r)) return r.text;
    let files = lacking.get(key);
    if (!files) lacking.set(key, (files = new Set()));
    files.add(file);
    return false;
  };
}

/**
 * A file the walk listed, from the bytes this run kept of it (`ReadOptions.keep`) when there are any,
 * else from disk; with `holding`, turned down unless it holds every word. Kept bytes were checked as
 * UTF-8 text when they were read.
 */
export function readKept(file: string, maxBytes: number, kept: RunBytes | undefined, holding?: readonly string[]): SourceRead | UnwantedRead {
  const bytes = kept?.get(file);
  if (!bytes || bytes.length > maxBytes) return holding ? readSource(file, maxBytes, { regular: true, holding }) : readSource(file, maxBytes, { regular: true });
  if (holding && !holding.every((w) => bytes.includes(w))) return { ok: true, unwanted: true, bytes: bytes.length };
  return utf8Text(bytes);
}

/**
 * A small regular file, read whole into the thread's buffer and decided there, from the bytes already
 * read: refused as the careful path refuses it (UTF-16, binary, not UTF-8), turned down by the check, or
 * decoded. Undefined (the careful path decides) for a file that fills the buffer or cannot be read.
 * Reading into a kept buffer costs less than readFileSync's own sizing (Node 20), and the stat it would
 * make is left out.
 */
function readFast(file: string, maxBytes: number, wanted: Wanted | undefined, keep: RunBytes | undefined): SourceRead | UnwantedRead | undefined {
  // One byte over the limit tells a file that is too large from one at the limit.
  const room = Math.min(FAST_BYTES, maxBytes + 1);
  const buffer = (fastBuffer ??= Buffer.allocUnsafe(FAST_BYTES));
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; regular files ignore the flag.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return unreadable(error);
  }
  let size = 0;
  try {
    // Read to the end (a read may return less than asked before it): a file is never taken cut short.
    for (let n; (n = readSync(fd, buffer, size, room - size, size)) > 0; ) {
      size += n;
      if (size === room) return undefined;
    }
  } catch {
    return undefined; // a directory or device: the careful path says what it is
  } finally {
    closeSync(fd);
  }
  const bytes = buffer.subarray(0, size);
  const refused = refusal(bytes);
  if (refused) return refused;
  keep?.keep(file, bytes);
  if (wanted && !wanted.bytes(bytes)) return { ok: true, unwanted: true, bytes: size };
  return utf8Text(bytes);
}

/** The careful read: fstat and the bytes themselves decide (not a file, too large, UTF-16, binary, not UTF-8). */
function readChecked(file: string, maxBytes: number, wanted?: Wanted, keep?: RunBytes): SourceRead | UnwantedRead {
  const read = readBytes(file, maxBytes, keep);
  return read.ok && wanted && !wanted.text(read.text) ? { ok: true, unwanted: true, bytes: read.bytes } : read;
}

/** A caller's check, asked of the bytes on the fast path and of the decoded text on the careful one. */
interface Wanted {
  bytes: (bytes: Buffer) => boolean;
  text: (text: string) => boolean;
}

function wantedOf(options: ReadOptions): Wanted | undefined {
  const { holding, holdingAny } = options;
  if (holding) return { bytes: (b) => holding.every((w) => b.includes(w)), text: (t) => holding.every((w) => t.includes(w)) };
  if (holdingAny) {
    // One pass over the bytes for all the words (word-search.ts), compiled once per list.
    let search = searches.get(holdingAny);
    if (!search) searches.set(holdingAny, (search = new WordSearch(holdingAny)));
    const compiled = search;
    return { bytes: (b) => compiled.inBytes(b), text: (t) => holdingAny.some((w) => t.includes(w)) };
  }
  return undefined;
}

/** The searches compiled for `holdingAny` lists: a scan passes the same list for every file. */
const searches = new WeakMap<readonly string[], WordSearch>();

function readBytes(file: string, maxBytes: number, keep?: RunBytes): SourceRead {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; regular files ignore the flag.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return unreadable(error);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return notAFile();
    if (stat.size > maxBytes) return tooLarge(fd, stat.size, maxBytes);
    const bytes = readAll(fd, stat.size);
    const refused = refusal(bytes);
    if (refused) return refused;
    // Kept as a small file's are: the refine pass's caller search reads every file of the run again, once per
    // module stem (a 1 MB bundle in the four-repository bench tree was read from disk three times).
    keep?.keep(file, bytes);
    return utf8Text(bytes);
  } catch (error) {
    return unreadable(error);
  } finally {
    closeSync(fd);
  }
}

function notAFile(): SourceRead {
  return { ok: false, skipped: true, reason: 'not-a-file', message: 'is not a regular file (a directory, FIFO, socket or device); skipped' };
}

function unreadable(error: unknown): SourceRead {
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  return { ok: false, skipped: false, reason: 'unreadable', message: `cannot be read (${code}); check its permissions and run again` };
}

/** The file in one buffer of the size fstat gave (readFileSync would fstat again); like readFileSync, what it grew since is not read. */
function readAll(fd: number, size: number): Buffer {
  const buffer = Buffer.allocUnsafe(size);
  let filled = 0;
  while (filled < size) {
    const n = readSync(fd, buffer, filled, size - filled, null);
    if (n === 0) return buffer.subarray(0, filled);
    filled += n;
  }
  return buffer;
}

/** Why these bytes are not UTF-8 source text (UTF-16, binary, another encoding), or undefined when they are. */
function refusal(buffer: Buffer): SourceRead | undefined {
  const utf16 = utf16Encoding(buffer);
  if (utf16) {
    const mentions = mayContainRootsSites(new TextDecoder(utf16).decode(buffer));
    return mentions
      ? { ok: false, skipped: false, reason: 'encoding', message: 'is UTF-16 encoded and mentions roots; uproot reads and writes UTF-8 only, so convert it to UTF-8 and run again' }
      : { ok: false, skipped: true, reason: 'encoding', message: 'is UTF-16 encoded and does not mention roots; not scanned' };
  }
  if (buffer.subarray(0, SNIFF_BYTES).includes(0)) {
    return { ok: false, skipped: true, reason: 'binary', message: 'holds binary data (a NUL byte), not source text; skipped' };
  }
  if (!isUtf8(buffer)) {
    // The spellings the pre-filter looks for are ASCII, so a byte-wise reading finds them in any ASCII-compatible encoding.
    return mayContainRootsSites(buffer.toString('latin1'))
      ? { ok: false, skipped: false, reason: 'encoding', message: 'is not valid UTF-8 and mentions roots; uproot reads and writes UTF-8 only, so convert it to UTF-8 and run again' }
      : { ok: false, skipped: true, reason: 'encoding', message: 'is not valid UTF-8 and does not mention roots; not scanned' };
  }
  return undefined;
}

/** Valid UTF-8 as text, its BOM kept apart. */
function utf8Text(buffer: Buffer): SourceRead {
  const bom = buffer.length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf;
  return { ok: true, text: buffer.toString('utf8', bom ? 3 : 0), bom, bytes: buffer.length };
}

function utf16Encoding(buffer: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  if (buffer.length < 2) return undefined;
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return 'utf-16le';
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** Too big to parse: stream it through the pre-filter in fixed-size chunks to tell whether that loses a site. */
function tooLarge(fd: number, size: number, maxBytes: number): SourceRead {
  const what = `is ${megabytes(size)} MB, over the ${megabytes(maxBytes)} MB limit`;
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let tail = '';
  let position = 0;
  // The roots spelling and the MCP provenance may sit in different chunks.
  let spelling = false;
  let provenance = false;
  for (;;) {
    const n = readSync(fd, chunk, 0, CHUNK_BYTES, position);
    if (n === 0) break;
    if (position === 0 && chunk.subarray(0, Math.min(n, SNIFF_BYTES)).includes(0)) {
      return { ok: false, skipped: true, reason: 'binary', message: `${what}, and holds binary data (a NUL byte), not source text; skipped` };
    }
    position += n;
    const text = tail + chunk.toString('latin1', 0, n);
    spelling ||= prefilterParts.spelling(text);
    provenance ||= prefilterParts.provenance(text);
    if (spelling && provenance) {
      return { ok: false, skipped: false, reason: 'too-large', message: `${what} and mentions roots, so it was not checked; raise the limit with --max-file-size ${Math.ceil(size / 1048576)} (or .gitignore it if it is generated)` };
    }
    tail = text.slice(-64);
  }
  return { ok: false, skipped: true, reason: 'too-large', message: `${what}, but does not mention roots, so it cannot hold a site; not parsed` };
}

/** One decimal from 1 MB up; below, two significant digits, so a limit like `--max-file-size 0.02` never reads as "0 MB". */
function megabytes(bytes: number): string {
  const mb = bytes / 1048576;
  return String(Number(mb >= 1 ? mb.toFixed(1) : mb.toPrecision(2)));
}
