// The MRTR checks behind the six uproot/mrtr-* rules, for ESLint and `uproot scan` alike: one parsed
// file in, its problems out, each with the rule, the message id, the position and the text users see.
import type { TSESTree } from '@typescript-eslint/types';
import type { Node, ScopeManagerLike } from '../ast.ts';
import { locOf } from '../loc.ts';
import { Provenance, type TypeHint, walkAll } from '../provenance.ts';
import { checkAllowedMethods } from './allowed-methods.ts';
import { checkAnswers } from './answers.ts';
import { checkCapabilityGate } from './capability-gate.ts';
import { receivedResults, retries } from './client-results.ts';
import type { Finding } from './finding.ts';
import { fillMessage, mrtrMessages, ruleOfMessage } from './messages.ts';
import { checkNonEmpty } from './nonempty.ts';
import { checkClientRequestState } from './request-state-client.ts';
import { checkServerRequestState } from './request-state-server.ts';
import { type InputRequiredResult, inputRequiredResultAt } from './results.ts';
import { checkRetries } from './retry.ts';
import { checkRootsListChanged } from './roots-list-changed.ts';
import type { MrtrProblem } from './types.ts';

export interface FindMrtrInput {
  ast: TSESTree.Program;
  text: string;
  scopeManager: ScopeManagerLike;
  /** Type information, when the caller has it (typed ESLint): confirms MCP receivers syntax cannot trace. */
  typeHint?: TypeHint;
}

export function findMrtrProblems(input: FindMrtrInput): MrtrProblem[] {
  const prov = new Provenance(input.scopeManager, input.typeHint);
  const results: InputRequiredResult[] = [];
  walkAll(input.ast, (node) => {
    const result = inputRequiredResultAt(node, prov);
    if (result) results.push(result);
  });
  results.sort((a, b) => a.node.range[0] - b.node.range[0]);
  const received = receivedResults(input.ast, prov);
  const retryList = retries(input.ast, received, prov);
  const findings: Finding[] = [
    ...checkAllowedMethods(results, prov),
    ...checkNonEmpty(results, prov),
    ...checkServerRequestState(results, input.ast, input.text, prov),
    ...checkClientRequestState(received, retryList, input.text, prov),
    ...checkRetries(retryList, prov),
    ...checkCapabilityGate(results, input.ast, prov),
    ...checkRootsListChanged(input.ast, prov),
    ...checkAnswers(results, input.ast, prov),
  ];
  return dedupe(findings).map(toProblem).sort((a, b) => a.range[0] - b.range[0] || a.rule.localeCompare(b.rule));
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.messageId}@${f.node.range[0]}:${f.node.range[1]}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toProblem(f: Finding): MrtrProblem {
  const node = f.node as Node;
  const loc = locOf(node);
  return {
    rule: ruleOfMessage[f.messageId],
    messageId: f.messageId,
    data: f.data,
    message: fillMessage(mrtrMessages[f.messageId], f.data),
    node,
    range: [node.range[0], node.range[1]],
    line: loc.start.line,
    column: loc.start.column + 1,
    endLine: loc.end.line,
    endColumn: loc.end.column + 1,
    ...(f.suggestion ? { suggestion: f.suggestion } : {}),
  };
}

export { mayContainMrtrProblems } from './prefilter.ts';
export { mrtrMessages, suggestionMessages, messagesOfRule, mrtrRules, ruleOfMessage, fillMessage } from './messages.ts';
export type { MrtrProblem, MrtrRule, MrtrMessageId, MrtrSuggestion } from './types.ts';
