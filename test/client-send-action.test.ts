// scan's `action` for a client's roots list_changed send is what `uproot migrate` does with it: a statement or a
// returned value is rewritten (sent only on 2025-era connections), a send whose value a larger expression uses or
// whose client no guard can repeat is marked, an already guarded send and a v1 client's are reported.
import { describe, expect, it } from 'vitest';
import { parseSource } from '../packages/core/src/parse.ts';
import { findRootsSites } from '../packages/core/src/sites.ts';
import { planClientEraGuards } from '../transforms/client-era-guard.ts';

const v2 = `import { Client } from '@modelcontextprotocol/client';
const client = new Client({ name: 'c', version: '1' });
function current() { return client; }
export async function statement() { await client.sendRootsListChanged(); }
export function returned() { return client.sendRootsListChanged(); }
export const arrow = () => client.sendRootsListChanged();
export async function used() { const sent = client.sendRootsListChanged(); await sent; }
export async function all() { await Promise.all([client.sendRootsListChanged()]); }
export async function guarded() { if (client.getProtocolEra() !== 'modern') await client.sendRootsListChanged(); }
export async function indexed() { await current().sendRootsListChanged(); }
export async function raw() { await client.notification({ method: 'notifications/roots/list_changed' }); }
`;

const ACTION = { rewritten: 'rewrite', marked: 'mark', reported: 'report' } as const;

function compare(text: string) {
  const { ast, scopeManager } = parseSource(text, 'client.ts');
  const sites = findRootsSites({ ast, text, scopeManager }).filter((s) => s.kind === 'list-changed');
  const plan = planClientEraGuards({ text, ast, scopeManager, sites });
  return sites.map((s) => {
    const outcome = plan.outcomes.find((o) => o.site === s)?.outcome;
    return { line: s.line, scan: s.reason ? `${s.action} [${s.reason}]` : s.action, migrate: outcome && ACTION[outcome] };
  });
}

describe("scan's action for a client's list_changed send", () => {
  it('is what migrate does with it, in every position', () => {
    const rows = compare(v2);
    expect(rows.map((r) => r.scan)).toEqual(['rewrite', 'rewrite', 'rewrite', 'mark [list-changed]', 'mark [list-changed]', 'report', 'mark [list-changed]', 'rewrite']);
    for (const r of rows) expect(r.scan.split(' ')[0], `line ${r.line}`).toBe(r.migrate);
  });

  it('is report for a v1 client, which only speaks 2025-era versions', () => {
    const rows = compare(v2.replace("'@modelcontextprotocol/client'", "'@modelcontextprotocol/sdk/client/index.js'"));
    expect(rows.length).toBe(8);
    for (const r of rows) expect([r.scan, r.migrate]).toEqual(['report', 'report']);
  });
});
