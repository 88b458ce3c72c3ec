// What uproot says about one file, for the tsserver plugin: the findings the ESLint rules report (same
// core, same messages) with the rewrite each one offers. Plain data: the plugin turns it into tsserver's shapes.
import {
  type MrtrProblem,
  type RootsSite,
  type Severity,
  type TextEdit,
  fillMessage,
  findMrtrProblems,
  mayContainMrtrProblems,
  mayContainRootsSites,
  mrtrRewriteTitle,
  parseSource,
  recommendedSeverity,
  ruleOfKind,
  siteMessage,
  siteNote,
  suggestionMessages,
} from '@uproot/core/planning';
import { planSiteRewrite } from '../../../../transforms/mrtr/suggestion.ts';
import { makeUnit, type Unit } from '../../../../transforms/mrtr/unit.ts';
import { ruleCodes } from './codes.ts';

export { uprootCodes } from './codes.ts';
export { fileRewriteTitle, planFileRewrite } from './file-rewrite.ts';

export interface Finding {
  /** The ESLint rule name without `uproot/`. */
  rule: string;
  code: number;
  severity: Severity;
  /** Offsets into the file text (the reported node's range). */
  start: number;
  length: number;
  message: string;
  fix?: { description: string; edits: TextEdit[] };
}

/**
 * Every finding in the file; an empty list when the text pre-filters rule roots and MRTR out, or it does not parse.
 * `projectDir`: the project's folder, the callers' boundary for a file no package.json or repository holds.
 */
export function analyseFile(fileName: string, text: string, projectDir?: string): Finding[] {
  const roots = mayContainRootsSites(text);
  const mrtr = mayContainMrtrProblems(text);
  if (!roots && !mrtr) return [];
  let parsed;
  try {
    parsed = parseSource(text, fileName);
  } catch {
    return []; // TypeScript already shows the syntax error
  }
  const findings: Finding[] = [];
  if (roots) {
    const unit = makeUnit(fileName, text, parsed.ast, parsed.scopeManager, undefined, projectDir);
    for (const site of unit.sites) findings.push(siteFinding(unit, site));
  }
  if (mrtr) {
    for (const problem of findMrtrProblems({ ast: parsed.ast, text, scopeManager: parsed.scopeManager })) findings.push(problemFinding(problem));
  }
  return findings;
}

function siteFinding(unit: Unit, site: RootsSite): Finding {
  const rule = ruleOfKind[site.kind];
  // As the ESLint rule: the planner's verdict on a rewritable request decides the note and the fix.
  const planned = site.action === 'rewrite' ? planSiteRewrite(unit, site) : undefined;
  return {
    ...where(rule, site.node.range),
    message: siteMessage(site.kind, siteNote(site, planned?.marked)),
    ...(planned?.edits ? { fix: { description: mrtrRewriteTitle, edits: planned.edits } } : {}),
  };
}

function problemFinding(problem: MrtrProblem): Finding {
  const s = problem.suggestion;
  return {
    ...where(problem.rule, problem.node.range),
    message: problem.message,
    ...(s ? { fix: { description: fillMessage(suggestionMessages[s.messageId], s.data), edits: s.edits } } : {}),
  };
}

function where(rule: string, [start, end]: [number, number]): Pick<Finding, 'rule' | 'code' | 'severity' | 'start' | 'length'> {
  return { rule, code: ruleCodes[rule]!, severity: recommendedSeverity[rule]!, start, length: end - start };
}
