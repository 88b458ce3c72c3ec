// The push move's result as the run reports it: one plan per file against the original text (param's edits and
// the move's, composed), and each push request's outcome on the site of the original.
import { applyEdits, parseSource, type TextEdit } from '@uproot/core/planning';
import type { FilePlan, SiteOutcome } from '../outcome.ts';
import type { ProjectPlan } from '../mrtr/project.ts';
import type { OffsetMap } from './positions.ts';

/** A file param changed: its original text, param's output, and offsets between the two. */
export interface PostParam {
  text: string;
  after: string;
  map: OffsetMap;
}

/** The composed plans, or undefined when a composed file would not parse (the caller holds the handlers). */
export function composePlans(plans: Map<string, FilePlan>, post: Map<string, PostParam>, project: ProjectPlan, textOf: (file: string) => string | undefined): Map<string, FilePlan> | undefined {
  const out = new Map<string, FilePlan>();
  for (const [file, plan] of plans) out.set(file, withoutMoveFields(plan));
  for (const [file, moved] of project.plans) {
    const changed = post.get(file);
    const original = changed?.text ?? textOf(file);
    if (original === undefined) return undefined;
    const next = applyEdits(changed?.after ?? original, moved.edits);
    if (next !== (changed?.after ?? original) && !parses(next, file)) return undefined;
    const param = out.get(file) ?? { edits: [], outcomes: [] };
    out.set(file, { ...param, edits: next === original ? [] : [spanEdit(original, next)], outcomes: outcomesOf(param.outcomes, moved.outcomes, changed?.map) });
  }
  return out;
}

/** The plan without the fields only the move reads. */
function withoutMoveFields(plan: FilePlan): FilePlan {
  const rest = { ...plan };
  delete rest.rewrittenHandlers;
  delete rest.replaySafe;
  delete rest.v1Pushes;
  return rest;
}

/**
 * Param's outcomes, each push request's replaced by the move's where the move decided it (rewritten, or marked as a
 * split helper's fallback); the move's outcomes in a file param did not change are about the original already.
 */
function outcomesOf(param: SiteOutcome[], moved: SiteOutcome[], map: OffsetMap | undefined): SiteOutcome[] {
  const out = [...param];
  for (const o of moved) {
    if (o.outcome === 'reported') continue;
    const at = map ? map.back(o.site.range[0]) : o.site.range[0];
    const i = out.findIndex((p) => p.site.kind === o.site.kind && p.site.range[0] === at);
    if (i >= 0) out[i] = { ...o, site: out[i]!.site };
    else if (!map) out.push(o);
  }
  return out.sort((a, b) => a.site.range[0] - b.site.range[0]);
}

/** One edit from the first difference to the last: the run writes whole files, and its diffs come from the texts. */
function spanEdit(before: string, after: string): TextEdit {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { start, end: before.length - end, text: after.slice(start, after.length - end) };
}

function parses(text: string, file: string): boolean {
  try {
    parseSource(text, file);
    return true;
  } catch {
    return false;
  }
}
