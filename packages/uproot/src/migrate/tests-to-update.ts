// After a migration: the project's test files that drive roots behaviour the run removed or rewrote
// (a client answering roots/list, a list_changed send, a listRoots stub, a rewritten tool called
// through a client declaring roots). uproot lists them with the reason and never edits them for you.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RootsTestFinding, RootsTestUse } from '@uproot/core';
import { collectFiles } from '../files/walk.ts';
import type { MigrateResult } from './shapes.ts';
import type { TestToUpdate } from '../report/shapes.ts';
import { relativePath } from '../scan/scan.ts';
import { nearestManifest } from '../files/workspaces.ts';
import { rootsTestUsesOf } from './test-uses-memo.ts';

/** Test files by the conventions test runners use (the official codemod uses the same pattern). */
const TEST_FILE = /(^|\/)(test|tests|__tests__)\/|\.(test|spec)\.[cm]?[jt]sx?$/;

const USE_WORDS: Record<RootsTestUse, string> = {
  'answers-roots-list': 'its client answers roots/list',
  'declares-roots': 'its client declares roots',
  'sends-list-changed': 'it sends notifications/roots/list_changed',
  'stubs-list-roots': 'it stubs or calls listRoots',
  'names-roots-method': 'it expects roots messages',
  'stubs-client-roots': 'its server double says the client declared roots',
};

interface Removed {
  /** Files whose server-side roots requests were rewritten. */
  requests: string[];
  /** Files whose list_changed handlers were retired. */
  listChanged: string[];
  /** Files whose capability checks now ask the configuration (roots from configuration). */
  checks: string[];
  /** Tools and prompts whose roots were rewritten, by name. */
  handlers: Set<string>;
}

function removedBy(result: MigrateResult): Removed {
  const removed: Removed = { requests: [], listChanged: [], checks: [], handlers: new Set() };
  for (const f of result.files) {
    for (const o of f.outcomes) {
      if (o.outcome !== 'rewritten' || o.site.side !== 'server') continue;
      if (o.site.kind === 'request' || o.site.kind === 'input-request') {
        if (!removed.requests.includes(f.file)) removed.requests.push(f.file);
      } else if (o.site.kind === 'list-changed' && !removed.listChanged.includes(f.file)) removed.listChanged.push(f.file);
      else if (o.site.kind === 'capability' && o.configure && !removed.checks.includes(f.file)) removed.checks.push(f.file);
      for (const c of [o.site.context, ...(o.site.consumers ?? [])]) if ((c.handler === 'tool' || c.handler === 'prompt') && c.name) removed.handlers.add(c.name);
    }
  }
  return removed;
}

function filesPhrase(files: string[]): string {
  return files.length > 2 ? `${files.slice(0, 2).join(', ')} and ${files.length - 2} more` : files.join(', ');
}

/** Why this test needs updating, or undefined when the run left what it drives alone. */
function whyOf(findings: RootsTestFinding[], text: string, removed: Removed, strategy: MigrateResult['strategy']): string | undefined {
  const param = strategy === 'param';
  const requests = removed.requests.length > 0;
  const called = [...removed.handlers].filter((name) => [`'${name}'`, `"${name}"`, `\`${name}\``].some((q) => text.includes(q)));
  const relevant = findings.filter((f) => {
    if (f.use === 'stubs-list-roots' || f.use === 'names-roots-method') return requests || removed.listChanged.length > 0;
    if (f.use === 'stubs-client-roots') return removed.checks.length > 0;
    if (f.use === 'sends-list-changed') return removed.listChanged.length > 0 || (param && requests);
    // A client that declares or answers roots still gets asked under MRTR; only a rewritten tool it calls changed.
    return requests && (param || called.length > 0);
  });
  if (!relevant.length) return undefined;
  const uses = [...new Set(relevant.map((f) => f.use))].map((use) => `${USE_WORDS[use]} (line ${relevant.filter((f) => f.use === use).map((f) => f.line).join(', ')})`);
  if (called.length) uses.push(`it calls ${called.join(', ')}`);
  const effects: string[] = [];
  if (requests) {
    effects.push(
      param
        ? `the migrated server no longer asks the client for roots (${filesPhrase(removed.requests)}): its tools take a directory parameter or configuration instead`
        : `the migrated server asks for roots through multi round-trip input requests instead of listRoots (${filesPhrase(removed.requests)})`,
    );
  }
  if (removed.checks.length) effects.push(`its roots checks ask the server's configuration, not the client's capabilities (${filesPhrase(removed.checks)})`);
  if (removed.listChanged.length) effects.push(`it no longer handles notifications/roots/list_changed (${filesPhrase(removed.listChanged)})`);
  return `${uses.join('; ')}, but ${effects.join(', and ')}`;
}

/** The project folders to look in: the package around each path (its tests often sit beside, not under, it). */
function projectRoots(paths: string[], cwd: string): string[] {
  const roots = new Set<string>();
  for (const p of (paths.length ? paths : ['.']).map((p) => path.resolve(cwd, p))) {
    const manifest = nearestManifest(p);
    roots.add(manifest ? path.dirname(manifest) : p);
  }
  // A folder inside another one is walked with it.
  return [...roots].filter((r) => ![...roots].some((o) => o !== r && r.startsWith(o + path.sep)));
}

export async function testsToUpdate(result: MigrateResult, paths: string[], cwd: string): Promise<TestToUpdate[]> {
  const removed = removedBy(result);
  if (!removed.requests.length && !removed.listChanged.length && !removed.checks.length) return [];
  const out: TestToUpdate[] = [];
  for (const root of projectRoots(paths, cwd)) {
    const { files } = await collectFiles([root], cwd);
    for (const file of files) {
      if (!TEST_FILE.test(path.relative(root, file).split(path.sep).join('/'))) continue;
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      const findings = rootsTestUsesOf(text, file);
      const why = findings.length ? whyOf(findings, text, removed, result.strategy) : undefined;
      if (why) out.push({ file: relativePath(cwd, file), why });
    }
  }
  return out.sort((a, b) => (a.file < b.file ? -1 : 1));
}
