// The `push-request` marker of a handler the move holds: the requests that hold it and why, said about the original
// text. The MRTR planner saw the text param left, whose lines differ where param changed the file.
import { type RootsSite, lineStarts, position } from '@uproot/core/planning';
import { type PushRequest, pushRequestDetail } from '../push-requests.ts';
import type { PostParam } from './compose.ts';

export function heldDetail(requests: PushRequest[], why: string | undefined, file: string, post: Map<string, PostParam>, textOf: (file: string) => string | undefined): string {
  const original = requests.map((r) => ({ ...r, site: { ...r.site, line: originalLine(r.file, r.site.range[0], post, textOf) ?? r.site.line } as RootsSite }));
  const held = original.length ? pushRequestDetail(original, file) : '';
  // Its lines are the handler file's when every request is there; a helper's own lines are left as they are.
  const reason = why && (requests.every((r) => r.file === file) ? renumber(why, file, post) : why);
  return [held, reason].filter(Boolean).join('; ') || 'its push requests could not move into multi round-trip requests';
}

/** The line of the original text where an offset of param's output stood. */
function originalLine(file: string, at: number, post: Map<string, PostParam>, textOf: (file: string) => string | undefined): number | undefined {
  const changed = post.get(file);
  const text = changed?.text ?? textOf(file);
  if (text === undefined) return undefined;
  return lineOf(text, changed ? changed.map.back(at) : at);
}

/** `line N` of the handler's file in param's output, as the original's line. */
function renumber(message: string, file: string, post: Map<string, PostParam>): string {
  const changed = post.get(file);
  if (!changed) return message;
  return message.replace(/\bline (\d+)\b/g, (_, n: string) => `line ${lineOf(changed.text, changed.map.back(offsetOfLine(changed.after, Number(n))))}`);
}

function lineOf(text: string, at: number): number {
  return position(lineStarts(text), at).line;
}

/** The offset of the line's first non-blank character: its start may be an insertion's. */
function offsetOfLine(text: string, line: number): number {
  const at = lineStarts(text)[line - 1] ?? text.length;
  return at + (/^[ \t]*/.exec(text.slice(at))?.[0].length ?? 0);
}
