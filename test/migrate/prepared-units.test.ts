// `uproot scan` makes the refine pass's units while it waits for the matcher worker (scan/refine.ts
// PreparedUnits): the planner must give the answers it gives without them, use them, and never use one made
// from another text than the one it plans.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planMrtrProject, prepareUnit, type SourceFile } from '../../transforms/mrtr.ts';

const dir = '/virtual/prepared';
const folders = path.join(dir, 'folders.ts');
const server = path.join(dir, 'server.ts');
const helper = (call: string) => `import type { McpServer } from '@modelcontextprotocol/server';\nexport async function listFolders(server: McpServer): Promise<string[]> {\n  const { roots } = await ${call};\n  return roots.map((r) => r.uri);\n}\n`;
const caller = "import { McpServer } from '@modelcontextprotocol/server';\nimport { listFolders } from './folders.js';\nconst server = new McpServer({ name: 'x', version: '1.0.0' });\nserver.registerTool('dirs', { description: 'The directories' }, async () => ({ content: [{ type: 'text', text: (await listFolders(server)).join(',') }] }));\n";

/** What the planner decides per file: each site's outcome and reason, and the edited text. */
function decisions(files: SourceFile[], units?: ReadonlyMap<string, NonNullable<ReturnType<typeof prepareUnit>>>) {
  const { plans, failures } = planMrtrProject(files, { cwd: dir, units });
  return { failures: [...failures.keys()], plans: [...plans].map(([file, plan]) => ({ file, outcomes: plan.outcomes.map((o) => [o.site.kind, o.site.range, o.outcome, o.reason]), edits: plan.edits })) };
}

/** A map that counts the units the planner asked it for. */
class CountingMap<K, V> extends Map<K, V> {
  asked = 0;
  override get(key: K): V | undefined {
    this.asked++;
    return super.get(key);
  }
}

describe('units prepared before the run', () => {
  const files = [{ path: folders, text: helper('server.server.listRoots()') }, { path: server, text: caller }];

  it('give the plans the planner makes itself, and are used', () => {
    const units = new CountingMap<string, NonNullable<ReturnType<typeof prepareUnit>>>();
    for (const f of files) units.set(f.path, prepareUnit(f.path, f.text, { cwd: dir })!);
    const without = decisions(files);
    expect(without.plans.some((p) => p.outcomes.some((o) => o[2] === 'rewritten'))).toBe(true);
    expect(decisions(files, units)).toEqual(without);
    expect(units.asked).toBeGreaterThan(0);
  });

  it('made from another text are not used: the planner parses the text it is given', () => {
    const stale = new Map([[folders, prepareUnit(folders, helper('server.server.listRoots()'), { cwd: dir })!]]);
    // The same helper, now asking through a raw request: another text, another site range.
    const edited = [{ path: folders, text: helper("server.server.request({ method: 'roots/list' }, ListRootsResultSchema)") }, { path: server, text: caller }];
    expect(decisions(edited, stale)).toEqual(decisions(edited));
  });

  it('are not made of a file that does not parse', () => {
    expect(prepareUnit(folders, 'export async function (', { cwd: dir })).toBeUndefined();
  });
});
