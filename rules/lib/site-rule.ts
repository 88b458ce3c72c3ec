// Every uproot roots rule is the core site finder filtered to one site kind. The finder runs once per
// file (cached on the SourceCode object) however many of the rules are enabled.
import { ESLintUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { type RootsSite, type ScopeManagerLike, type SiteKind, findRootsSites, mayContainRootsSites, mrtrRewriteTitle, ruleDocsUrl, siteMessage, siteNote } from '@uproot/core';
import { typeHintFrom } from './type-hint.ts';
import { type SiteRewrite, planSiteRewrite } from '../../transforms/mrtr/suggestion.ts';
import { type Unit, makeUnit } from '../../transforms/mrtr/unit.ts';

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
      cwd: context.cwd,
    });
  }
  cache.set(sourceCode, sites);
  return sites;
}

export function createSiteRule(name: string, kind: SiteKind, description: string, recommended: 'error' | 'warn') {
  return createRule({
    name,
    meta: {
      type: 'problem',
      docs: { description, recommended: recommended === 'error' ? 'recommended' : 'stylistic' } as never,
      hasSuggestions: kind === 'request',
      messages: {
        [kind]: siteMessage(kind, '{{note}}'),
        migrateToMrtr: mrtrRewriteTitle,
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
              data: { note: siteNote(site, planned?.marked) },
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
function mrtrPlan(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>, site: RootsSite): SiteRewrite | undefined {
  const sourceCode = context.sourceCode;
  // One analysis per file, however many of its requests get a suggestion.
  let unit = units.get(sourceCode);
  if (!unit) {
    try {
      unit = makeUnit(context.filename, sourceCode.text, sourceCode.ast as TSESTree.Program, sourceCode.scopeManager as unknown as ScopeManagerLike, undefined, context.cwd);
    } catch {
      return undefined; // no suggestion is better than a wrong one
    }
    units.set(sourceCode, unit);
  }
  return planSiteRewrite(unit, site);
}
