// Every uproot roots rule is the core site finder filtered to one site kind. The finder runs once per
// file (cached on the SourceCode object) however many of the rules are enabled.
import { ESLintUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { type ReasonCode, type RootsSite, type ScopeManagerLike, type SiteKind, findRootsSites, kindMessages, mayContainRootsSites, reasonMessages, ruleDocsUrl } from '@uproot/core';
import { describeReason } from '@uproot/core/planning';
import { typeHintFrom } from './type-hint.ts';
import { planMrtr } from '../../../transforms/mrtr.ts';
import { type Unit, makeUnit } from '../../../transforms/mrtr/unit.ts';
import type { TextEdit } from '@uproot/core/planning';

export const createRule = ESLintUtils.RuleCreator(ruleDocsUrl);

const cache = new WeakMap<object, RootsSite[]>();
const units = new WeakMap<object, Unit>();

export function sitesOf(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>): RootsSite[] {
  const sourceCode = context.sourceCode;
  const cached = cache.get(sourceCode);
  if (cached) return cached;
  let sites: RootsSite[] = [];
  if (mayContainRootsSites(sourceCode.text)) {
    // getParserServices() throws under espree; plain parser services are enough to see whether types exist.
    const services = (sourceCode.parserServices ?? {}) as { program?: unknown };
    const typeHint = services.program ? typeHintFrom(services as never) : undefined;
    sites = findRootsSites({
      ast: sourceCode.ast as TSESTree.Program,
      text: sourceCode.text,
      scopeManager: sourceCode.scopeManager as unknown as ScopeManagerLike,
      typeHint,
      file: context.physicalFilename,
    });
  }
  cache.set(sourceCode, sites);
  return sites;
}

/** The text after the kind's message: what `uproot migrate` would do here. */
function markedNote(reason: ReasonCode, detail?: string): string {
  return `Needs a person [${reason}]: ${describeReason(reason, detail)}.`;
}

export function actionNote(site: RootsSite): string {
  if (site.action === 'rewrite') return 'uproot migrate can rewrite this site.';
  if (site.reason) return `Needs a person [${site.reason}]: ${reasonMessages[site.reason]}.`;
  return '';
}

export function createSiteRule(name: string, kind: SiteKind, description: string, recommended: 'error' | 'warn') {
  return createRule({
    name,
    meta: {
      type: 'problem',
      docs: { description, recommended: recommended === 'error' ? 'recommended' : 'stylistic' } as never,
      hasSuggestions: kind === 'request',
      messages: {
        [kind]: `${kindMessages[kind]} {{note}}`,
        migrateToMrtr: 'Rewrite to a multi round-trip request, as `uproot migrate --to mrtr` would.',
      },
      schema: [],
    },
    defaultOptions: [],
    create(context) {
      if (!mayContainRootsSites(context.sourceCode.text)) return {};
      return {
        'Program:exit'() {
          for (const site of sitesOf(context)) {
            if (site.kind !== kind) continue;
            const planned = site.action === 'rewrite' ? mrtrPlan(context, site) : undefined;
            const edits = planned?.edits;
            context.report({
              node: site.node as TSESTree.Node,
              messageId: kind,
              data: { note: planned?.marked ? markedNote(planned.marked.reason, planned.marked.detail) : actionNote(site) },
              // A suggestion, never an autofix: the rewrite changes control flow (typescript-eslint's rule).
              ...(edits ? { suggest: [{ messageId: 'migrateToMrtr', fix: (fixer) => edits.map((e) => fixer.replaceTextRange([e.start, e.end], e.text)) }] } : {}),
            });
          }
        },
      };
    },
  });
}

/** What the planner does with this one site in this file: its edits, or why it marks the site instead. */
function mrtrPlan(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>, site: RootsSite): { edits?: TextEdit[]; marked?: { reason: ReasonCode; detail?: string } } | undefined {
  const sourceCode = context.sourceCode;
  try {
    const ast = sourceCode.ast as TSESTree.Program;
    const scopeManager = sourceCode.scopeManager as unknown as ScopeManagerLike;
    // One analysis per file, however many of its requests get a suggestion.
    let unit = units.get(sourceCode);
    if (!unit) units.set(sourceCode, (unit = makeUnit(context.filename, sourceCode.text, ast, scopeManager)));
    const plan = planMrtr({ text: sourceCode.text, filePath: context.filename, ast, scopeManager, onlySiteAt: site.range[0], unit });
    const outcome = plan.outcomes.find((o) => o.site.range[0] === site.range[0]);
    if (outcome?.outcome === 'marked' && outcome.reason) return { marked: { reason: outcome.reason, detail: outcome.detail } };
    return outcome?.outcome === 'rewritten' && plan.edits.length ? { edits: plan.edits } : undefined;
  } catch {
    // No suggestion is better than a wrong one; `uproot migrate` reports the failure with its cause.
    return undefined;
  }
}
