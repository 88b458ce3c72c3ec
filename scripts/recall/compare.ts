// Labels against reports: a label is found when a report of its kind's rule, in the same file, spans its line.
import type { Reported } from './fronts.ts';
import { inLabelledArea, type LabelledRepo, type LabelledSite } from './labels.ts';

// Site kinds beyond the four roots kinds are reported by rules named after the request, not the kind.
const RULE_OF_KIND: Record<string, string> = {
  'elicitation-request': 'no-push-elicitation',
  'sampling-request': 'no-push-sampling',
};
export const ruleOfKind = (kind: string) => RULE_OF_KIND[kind] ?? `no-roots-${kind}`;

// The labels cover the four roots kinds; elicitation and sampling sites (issue 21) were not labelled, so their
// reports are counted apart, neither hits nor false positives.
const LABELLED_RULES = new Set(['request', 'input-request', 'list-changed', 'capability'].map(ruleOfKind));

export interface RepoOutcome {
  repo: string;
  found: LabelledSite[];
  missed: LabelledSite[];
  /** Reports in the labelled area that no label and no out-of-scope note accounts for. */
  falsePositives: Reported[];
  /** Reports in folders the labels leave out (build output, hidden folders). */
  outside: number;
  /** Reports of rules the labels do not cover, by rule. */
  unlabelled: Record<string, number>;
}

const spans = (r: Reported, file: string, line: number) => r.file === file && r.line <= line && line <= r.endLine;

export function judge(entry: LabelledRepo, reported: Reported[]): RepoOutcome {
  const unlabelled: Record<string, number> = {};
  for (const r of reported) if (!LABELLED_RULES.has(r.rule)) unlabelled[r.rule] = (unlabelled[r.rule] ?? 0) + 1;
  const covered = reported.filter((r) => LABELLED_RULES.has(r.rule));
  const area = covered.filter((r) => inLabelledArea(r.file));
  const used = new Set<Reported>();
  const found: LabelledSite[] = [];
  const missed: LabelledSite[] = [];
  for (const label of entry.sites) {
    const hit = area.find((r) => !used.has(r) && r.rule === ruleOfKind(label.kind) && spans(r, label.file, label.line));
    if (hit) {
      used.add(hit);
      found.push(label);
    } else missed.push(label);
  }
  const excused = (r: Reported) => (entry.outOfScope ?? []).some((o) => spans(r, o.file, o.line));
  const falsePositives = area.filter((r) => !used.has(r) && !excused(r));
  return { repo: entry.repo, found, missed, falsePositives, outside: covered.length - area.length, unlabelled };
}

const key = (r: Reported) => `${r.file}:${r.line} ${r.rule}`;

/** Reports one front end makes and scan does not, and the reverse, over the files both were asked about. */
export function disagreements(scan: Reported[], other: Reported[], files: ReadonlySet<string>): { onlyScan: string[]; onlyOther: string[] } {
  const a = new Set(scan.filter((r) => files.has(r.file)).map(key));
  const b = new Set(other.filter((r) => files.has(r.file)).map(key));
  return { onlyScan: [...a].filter((k) => !b.has(k)).sort(), onlyOther: [...b].filter((k) => !a.has(k)).sort() };
}
