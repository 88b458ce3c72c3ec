// The shared ESLint wiring of the six uproot/mrtr-* rules: each is the core MRTR checks filtered to
// one rule. The checks run once per file (cached on the SourceCode object) however many rules are on.
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { ScopeManagerLike } from '@uproot/core';
import { type MrtrProblem, type MrtrRule, findMrtrProblems, mayContainMrtrProblems, messagesOfRule, suggestionMessages } from '@uproot/core/planning';
import { createRule } from './site-rule.ts';
import { typeHintFrom } from './type-hint.ts';

const cache = new WeakMap<object, MrtrProblem[]>();

export function mrtrProblemsOf(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>): MrtrProblem[] {
  const sourceCode = context.sourceCode;
  const cached = cache.get(sourceCode);
  if (cached) return cached;
  let problems: MrtrProblem[] = [];
  if (mayContainMrtrProblems(sourceCode.text)) {
    // getParserServices() throws under espree; plain parser services are enough to see whether types exist.
    const services = (sourceCode.parserServices ?? {}) as { program?: unknown };
    problems = findMrtrProblems({
      ast: sourceCode.ast as TSESTree.Program,
      text: sourceCode.text,
      scopeManager: sourceCode.scopeManager as unknown as ScopeManagerLike,
      typeHint: services.program ? typeHintFrom(services as never) : undefined,
    });
  }
  cache.set(sourceCode, problems);
  return problems;
}

export function createMrtrRule(name: MrtrRule, description: string, options: { suggestions?: boolean } = {}) {
  const messages: Record<string, string> = { ...messagesOfRule(name), ...(options.suggestions ? suggestionMessages : {}) };
  return createRule({
    name,
    meta: {
      type: 'problem',
      docs: { description, recommended: 'recommended' } as never,
      ...(options.suggestions ? { hasSuggestions: true } : {}),
      messages,
      schema: [],
    },
    defaultOptions: [],
    create(context) {
      if (!mayContainMrtrProblems(context.sourceCode.text)) return {};
      return {
        'Program:exit'() {
          for (const problem of mrtrProblemsOf(context)) {
            if (problem.rule !== name) continue;
            const suggestion = problem.suggestion;
            context.report({
              node: problem.node as TSESTree.Node,
              messageId: problem.messageId,
              data: problem.data,
              // A suggestion, never an autofix: signing the state changes what a tampered or expired retry gets.
              ...(suggestion
                ? { suggest: [{ messageId: suggestion.messageId, data: suggestion.data, fix: (fixer) => suggestion.edits.map((e) => fixer.replaceTextRange([e.start, e.end], e.text)) }] }
                : {}),
            });
          }
        },
      };
    },
  });
}
