// Offsets across one set of edits: the push move plans on the text param left (param-push/run.ts), and its
// answers (which handlers moved, which sites it rewrote) are about that text, while the run reports the original.
import type { TextEdit } from '@uproot/core/planning';

export interface OffsetMap {
  /** Where an offset of the original is in the edited text (an offset inside a replaced span goes to its start). */
  forward(at: number): number;
  /** Where an offset of the edited text was in the original (one inside inserted text goes to the edit's start). */
  back(at: number): number;
}

export function offsetMap(edits: readonly TextEdit[]): OffsetMap {
  // The order applyEdits applies them in: insertions at one offset keep the order they were planned in.
  const ordered = edits.map((e, i) => ({ ...e, i })).sort((a, b) => a.start - b.start || a.end - b.end || a.i - b.i);
  const placed: Array<{ start: number; end: number; newStart: number; newEnd: number }> = [];
  let shift = 0;
  for (const e of ordered) {
    const newStart = e.start + shift;
    placed.push({ start: e.start, end: e.end, newStart, newEnd: newStart + e.text.length });
    shift += e.text.length - (e.end - e.start);
  }
  return {
    forward(at) {
      let delta = 0;
      for (const p of placed) {
        // An insertion at the offset goes before what stood there, as applyEdits writes it.
        if (p.end <= at) delta = p.newEnd - p.end;
        else if (p.start <= at) return p.newStart;
        else break;
      }
      return at + delta;
    },
    back(at) {
      let delta = 0;
      for (const p of placed) {
        if (p.newEnd <= at) delta = p.end - p.newEnd;
        else if (p.newStart <= at) return p.start;
        else break;
      }
      return at + delta;
    },
  };
}
