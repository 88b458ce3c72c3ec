// Read a source file as text, refusing what is not text: binary content, undecodable bytes, and
// files too large to parse in reasonable memory. The BOM is kept apart so writes can restore it.
import { readFileSync, statSync } from 'node:fs';

export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

export type SourceRead =
  | { ok: true; text: string; bom: boolean; bytes: number }
  | { ok: false; skipped: boolean; message: string };

export function readSource(file: string, maxBytes = DEFAULT_MAX_BYTES): SourceRead {
  let buffer: Buffer;
  try {
    const size = statSync(file).size;
    if (size > maxBytes) {
      return { ok: false, skipped: true, message: `is ${(size / 1048576).toFixed(1)} MB, over the ${(maxBytes / 1048576).toFixed(0)} MB limit; not scanned (raise it with --max-file-size)` };
    }
    buffer = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return { ok: false, skipped: false, message: `cannot be read (${code}); check its permissions and run again` };
  }
  if (buffer.subarray(0, 8192).includes(0)) {
    return { ok: false, skipped: true, message: 'holds binary data (a NUL byte), not source text; skipped' };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return { ok: false, skipped: false, message: 'is not valid UTF-8; uproot reads and writes UTF-8 source only, so it left this file alone' };
  }
  const bom = text.charCodeAt(0) === 0xfeff;
  return { ok: true, text: bom ? text.slice(1) : text, bom, bytes: buffer.length };
}
