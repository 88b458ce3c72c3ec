// Labels against reports: a label is found when a report of its kind's rule, in the same file, spans its line.
import type { Reported } from './fronts.ts';
import { inLabelledArea, type LabelledRepo, type LabelledSite } from './labels.ts';

// Site kinds beyond the four roots kinds are reported by rules named after the request, not the kind.
const RULE_OF_KIND: Record<string, string> = {
  'elicitation-request': 'no-push-elicitation',
  'sampling-request': 'no-push-sampling',
};
export const ruleOfKind = (kind: string) => RULE_OF_KIND[kind] ?? `no-roots-${kind}`;

export const ROOTS_KINDS = ['request', 'input-request', 'list-changed', 'capability'];
export const PUSH_KINDS = ['elicitation-request', 'sampling-request'];
const ROOTS_RULES = ROOTS_KINDS.map(ruleOfKind);
const PUSH_RULES = PUSH_KINDS.map(ruleOfKind);

/** The rules a repository's labels cover: the roots kinds always, elicitation and sampling where they were labelled too. */
export const labelledRules = (entry: LabelledRepo) => new Set(entry.pushLabelled ? [...ROOTS_RULES, ...PUSH_RULES] : ROOTS_RULES);

/** The labelled kind a rule reports, for grouping false positives with the labels they would have matched. */
export const kindOfRule = (rule: string) => [...ROOTS_KINDS, ...PUSH_KINDS].find((k) => ruleOfKind(k) === rule) ?? rule;

export interface RepoOutcome {
  repo: string;
  /** Whether elicitation and sampling were labelled in this repository (else their reports are `unlabelled`). */
  pushLabelled: boolean;
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
  const rules = labelledRules(entry);
  const unlabelled: Record<string, number> = {};
  for (const r of reported) if (!rules.has(r.rule)) unlabelled[r.rule] = (unlabelled[r.rule] ?? 0) + 1;
  const covered = reported.filter((r) => rules.has(r.rule));
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
  return { repo: entry.repo, pushLabelled: Boolean(entry.pushLabelled), found, missed, falsePositives, outside: covered.length - area.length, unlabelled };
}

const key = (r: Reported) => `${r.file}:${r.line} ${r.rule}`;

/** Reports one front end makes and scan does not, and the reverse, over the files both were asked about. */
export function disagreements(scan: Reported[], other: Reported[], files: ReadonlySet<string>): { onlyScan: string[]; onlyOther: string[] } {
  const a = new Set(scan.filter((r) => files.has(r.file)).map(key));
  const b = new Set(other.filter((r) => files.has(r.file)).map(key));
  return { onlyScan: [...a].filter((k) => !b.has(k)).sort(), onlyOther: [...b].filter((k) => !a.has(k)).sort() };
}
