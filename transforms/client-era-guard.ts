// Client side: `sendRootsListChanged()` (and the raw `notifications/roots/list_changed`) throws on a
// 2026-07-28 connection, which has no such notification (mcp-roots-reference.md §4). Where the
// call is a statement (awaited or not) or the value of a concise arrow or a return, it is sent
// only on older connections; in any other expression, guarding it would change what the
// expression evaluates to, so it is marked. v1 clients only speak 2025 eras: nothing to guard.
import type { TSESTree } from '@typescript-eslint/types';
import { type ScopeManagerLike, nodeText } from '@uproot/core/planning';
import type { TextEdit } from '@uproot/core/planning';
import { findRootsSites, plainSendReceiver, sendPosition } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';
import { isPlainChain } from './param/names.ts';
import type { SiteOutcome } from './outcome.ts';

export interface EraGuardInput {
  text: string;
  ast: TSESTree.Program;
  scopeManager: ScopeManagerLike;
  /** The file's sites when the caller already has them. */
  sites?: RootsSite[];
}

const GUARDED = 'sent only on 2025-era connections (client.getProtocolEra() is not modern); 2026-07-28 has no roots list_changed notification';

export function planClientEraGuards(input: EraGuardInput): { edits: TextEdit[]; outcomes: SiteOutcome[] } {
  const { text } = input;
  const sites = input.sites ?? findRootsSites(input);
  const edits: TextEdit[] = [];
  const outcomes: SiteOutcome[] = [];
  for (const site of sites) {
    if (site.kind !== 'list-changed' || site.side !== 'client') continue;
    // A client's handler for the notification (clients only send it) is dead roots code: reported, never guarded.
    if (site.sdk !== 2 || site.node.type !== 'CallExpression') {
      outcomes.push({ site, outcome: 'reported' });
      continue;
    }
    const call = site.node;
    const receiverNode = plainSendReceiver(call);
    const receiver = receiverNode && nodeText(text, receiverNode);
    if (!receiver || !isPlainChain(receiver)) {
      outcomes.push({ site, outcome: 'marked', reason: 'list-changed', detail: 'the client is not a plain name, so uproot cannot guard the send by its protocol era' });
      continue;
    }
    const check = `${receiver}.getProtocolEra() !== 'modern'`;
    const position = sendPosition(call);
    if (position.kind === 'guarded') {
      outcomes.push({ site, outcome: 'reported' });
      continue;
    }
    if (position.kind === 'statement') {
      edits.push(...guardStatement(position.statement, check));
      outcomes.push({ site, outcome: 'rewritten', detail: GUARDED });
      continue;
    }
    if (position.kind === 'value') {
      // The expression still evaluates to a promise (resolved when nothing is sent), so callers awaiting it are unchanged.
      const value = nodeText(text, position.node);
      const skipped = position.awaited ? 'undefined' : 'Promise.resolve()';
      edits.push({ start: position.node.range[0], end: position.node.range[1], text: `${check} ? ${value} : ${skipped}` });
      if (position.parens) edits.push({ start: position.node.range[0], end: position.node.range[0], text: '(' }, { start: position.node.range[1], end: position.node.range[1], text: ')' });
      outcomes.push({ site, outcome: 'rewritten', detail: GUARDED });
      continue;
    }
    outcomes.push({
      site,
      outcome: 'marked',
      reason: 'list-changed',
      detail: `the send is part of a larger expression; guard it with ${check} by hand (it throws on 2026-07-28 connections)`,
    });
  }
  return { edits, outcomes };
}

/** `if (check) <statement>`; as the unbraced body of an if/else or loop it gets braces, so no `else` can attach to it. */
function guardStatement(statement: TSESTree.ExpressionStatement, check: string): TextEdit[] {
  const p = statement.parent?.type;
  const inBlock = p === 'Program' || p === 'BlockStatement' || p === 'SwitchCase' || p === 'StaticBlock' || p === 'TSModuleBlock';
  if (inBlock) return [{ start: statement.range[0], end: statement.range[0], text: `if (${check}) ` }];
  return [
    { start: statement.range[0], end: statement.range[0], text: `{ if (${check}) ` },
    { start: statement.range[1], end: statement.range[1], text: ' }' },
  ];
}
