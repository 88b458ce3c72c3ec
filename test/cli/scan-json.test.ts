// `uproot scan --format json` keeps the shape design.md §5 promises, and every number in it can be
// traced back to the source files and to the core matcher.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { reasonCodes, ruleOfKind, scanText } from '@uproot/core';
import { describe, expect, it } from 'vitest';
import { fixtureProject, offsetOf, uproot } from './helpers.ts';

interface JsonSite {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  kind: string;
  rule: string;
  sdk: number | null;
  side: string;
  context: { handler: string; name?: string; via: string[] };
  action: string;
  reason?: string;
  consumers?: Array<{ handler: string; name?: string; via: string[] }>;
  detail?: string;
}

interface JsonReport {
  version: number;
  sites: JsonSite[];
  summary: {
    files: number;
    filesWithSites: number;
    sites: number;
    byKind: Record<string, number>;
    byAction: Record<string, number>;
    byReason: Record<string, number>;
    failures: number;
  };
  failures: unknown[];
  notices: unknown[];
}

const SITE_KEYS = ['file', 'line', 'column', 'endLine', 'endColumn', 'kind', 'rule', 'sdk', 'side', 'context', 'action'];

async function scanJson(argv: string[], cwd: string): Promise<JsonReport> {
  const run = await uproot(['scan', '--format', 'json', ...argv], cwd);
  expect(run.err).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.out) as JsonReport;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
}

function tally<T>(items: T[], key: (t: T) => string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) {
    const k = key(item);
    if (k !== undefined) out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

describe('scan --format json', () => {
  it('has version 1, a sites array and a summary', async () => {
    const report = await scanJson([], fixtureProject);
    expect(report.version).toBe(1);
    expect(Array.isArray(report.sites)).toBe(true);
    expect(report.sites.length).toBeGreaterThan(0);
    expect(typeof report.summary).toBe('object');
  });

  it('gives each site exactly the fields of the contract, with valid values', async () => {
    const report = await scanJson([], fixtureProject);
    for (const site of report.sites) {
      const stateful = ['lifecycle', 'list-changed', 'shared-state', 'background'].includes(site.reason ?? '');
      // `detail` appears where the MRTR planner says why it cannot rewrite a request.
      const detail = site.action === 'mark' && 'detail' in site ? ['detail'] : [];
      const expected = site.action === 'mark' ? [...SITE_KEYS, 'reason', ...detail, ...(stateful ? ['consumers', ...('role' in site ? ['role'] : [])] : [])] : SITE_KEYS;
      expect(Object.keys(site).sort()).toEqual([...expected].sort());
      if (stateful) for (const c of site.consumers ?? []) expect(['tool', 'prompt', 'resource', 'request-handler']).toContain(c.handler);
      if ('role' in site) expect(['sandbox', 'workspace']).toContain((site as { role?: string }).role);
      expect(['request', 'input-request', 'list-changed', 'capability']).toContain(site.kind);
      expect(site.rule).toBe(`uproot/${ruleOfKind[site.kind as keyof typeof ruleOfKind]}`);
      expect([1, 2, null]).toContain(site.sdk);
      expect(['server', 'client']).toContain(site.side);
      expect(['rewrite', 'mark', 'report']).toContain(site.action);
      if (site.reason !== undefined) expect(reasonCodes).toContain(site.reason);
      expect(typeof site.context.handler).toBe('string');
      expect(Array.isArray(site.context.via)).toBe(true);
      expect(site.line).toBeGreaterThanOrEqual(1);
      expect(site.column).toBeGreaterThanOrEqual(1);
      expect(site.endLine > site.line || (site.endLine === site.line && site.endColumn > site.column)).toBe(true);
    }
  });

  it('points at the source text of each site, with paths relative to the working directory', async () => {
    const report = await scanJson([], fixtureProject);
    for (const site of report.sites) {
      expect(site.file).not.toMatch(/^(\.\/|\/)|\\/);
      const text = readFileSync(path.join(fixtureProject, site.file), 'utf8');
      const span = text.slice(offsetOf(text, site.line, site.column), offsetOf(text, site.endLine, site.endColumn));
      // Every spelling of a roots site names roots (listRoots, roots/list, capabilities.roots, RootsListChanged...).
      expect(span).toMatch(/[Rr]oots/);
    }
    const files = new Set(report.sites.map((s) => s.file));
    expect([...files].sort()).toEqual(['src/client.ts', 'src/lib/legacy.ts', 'src/server.ts']);
  });

  it('reports what the core matcher finds in each file, no more and no less', async () => {
    const report = await scanJson([], fixtureProject);
    const fromCore = sourceFiles(fixtureProject).flatMap((rel) => {
      const file = path.join(fixtureProject, rel);
      return scanText(readFileSync(file, 'utf8'), file).sites.map((s) => `${rel}:${s.line}:${s.column}:${s.kind}:${s.action}:${s.reason ?? ''}`);
    });
    const fromCli = report.sites.map((s) => `${s.file}:${s.line}:${s.column}:${s.kind}:${s.action}:${s.reason ?? ''}`);
    expect(fromCli.sort()).toEqual(fromCore.sort());
  });

  it('keeps the summary consistent with the sites', async () => {
    const report = await scanJson([], fixtureProject);
    const { summary, sites } = report;
    expect(summary.sites).toBe(sites.length);
    expect(summary.filesWithSites).toBe(new Set(sites.map((s) => s.file)).size);
    expect(summary.files).toBe(sourceFiles(fixtureProject).length);
    expect(summary.failures).toBe(0);
    const nonZero = (r: Record<string, number>) => Object.fromEntries(Object.entries(r).filter(([, n]) => n > 0));
    expect(nonZero(summary.byKind)).toEqual(tally(sites, (s) => s.kind));
    expect(nonZero(summary.byAction)).toEqual(tally(sites, (s) => s.action));
    expect(summary.byReason).toEqual(tally(sites, (s) => s.reason));
    expect(Object.values(summary.byKind).reduce((a, b) => a + b, 0)).toBe(sites.length);
  });

  it('makes paths relative to the working directory, wherever the scanned paths are', async () => {
    const fromParent = await scanJson(['project/src'], path.dirname(fixtureProject));
    expect(fromParent.sites.map((s) => s.file)).toContain('project/src/server.ts');
    const fromInside = await scanJson(['..'], path.join(fixtureProject, 'src', 'lib'));
    expect(fromInside.sites.map((s) => s.file)).toContain('../server.ts');
    expect(fromInside.sites.map((s) => s.file)).toContain('legacy.ts');
    // The same sites whichever directory the scan starts from.
    const base = await scanJson([], fixtureProject);
    expect(fromParent.sites.map((s) => `${s.line}:${s.column}:${s.kind}`).sort()).toEqual(base.sites.map((s) => `${s.line}:${s.column}:${s.kind}`).sort());
  });

  it('prints nothing but the JSON document on stdout', async () => {
    const run = await uproot(['scan', '--format', 'json'], fixtureProject);
    expect(run.out.endsWith('}\n')).toBe(true);
    expect(() => JSON.parse(run.out)).not.toThrow();
  });
});
