// `uproot scan --format sarif` is valid SARIF 2.1.0 (the schema in test/schemas, see its README) and
// carries what GitHub code scanning reads: rules with help, results tied to them, repository-relative
// locations and fingerprints.
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { mrtrRules } from '../../packages/core/src/index.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';
import type { Log, Result } from 'sarif';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureProject, offsetOf, removeTree, tempTree, toolServer, uproot, writeTree } from './helpers.ts';

const schema = JSON.parse(readFileSync(new URL('../schemas/sarif-schema-2.1.0.json', import.meta.url), 'utf8')) as object;
// The schema's dialect is draft 2020-12; ajv-formats checks its uri, uri-reference, date-time and uuid formats.
const ajv = new Ajv2020({ allErrors: true });
// ajv-formats is CommonJS whose default export nodenext types as the module object; require gives the function.
const addFormats = createRequire(import.meta.url)('ajv-formats') as FormatsPlugin;
addFormats(ajv);
const validate = ajv.compile(schema);

const trees: string[] = [];
afterAll(() => trees.forEach(removeTree));

async function scanSarif(argv: string[], cwd: string, expectedCode = 0): Promise<Log> {
  const run = await uproot(['scan', '--format', 'sarif', ...argv], cwd);
  expect(run.code).toBe(expectedCode);
  return JSON.parse(run.out) as Log;
}

function expectValid(log: unknown): void {
  const ok = validate(log);
  expect(ok ? [] : validate.errors).toEqual([]);
}

/** Where GitHub would look for a result's file: its URI resolved against the run's base URIs. */
function resolvedPath(log: Log, result: Result): string {
  const loc = result.locations![0]!.physicalLocation!.artifactLocation!;
  const base = loc.uriBaseId ? log.runs[0]!.originalUriBaseIds![loc.uriBaseId]!.uri! : undefined;
  return fileURLToPath(new URL(loc.uri!, base));
}

describe('scan --format sarif', () => {
  it('validates against the SARIF 2.1.0 schema', async () => {
    expectValid(await scanSarif([], fixtureProject));
  });

  it('is checked by a validator that rejects broken logs', async () => {
    const log = await scanSarif([], fixtureProject);
    const broken = structuredClone(log);
    broken.runs[0]!.results![0]!.locations![0]!.physicalLocation!.region!.startLine = 0;
    expect(validate(broken)).toBe(false);
    const noMessage = structuredClone(log) as unknown as { runs: { results: Record<string, unknown>[] }[] };
    delete noMessage.runs[0]!.results[0]!.message;
    expect(validate(noMessage)).toBe(false);
  });

  it('declares one rule per site kind and per MRTR rule, with the fields GitHub requires', async () => {
    const log = await scanSarif([], fixtureProject);
    expect(log.$schema).toMatch(/^https:\/\//);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const driver = log.runs[0]!.tool.driver;
    expect(driver.name).toBe('uproot');
    const rules = driver.rules!;
    expect(rules.map((r) => r.id)).toEqual([
      'uproot/no-roots-request',
      'uproot/no-roots-input-request',
      'uproot/no-roots-list-changed',
      'uproot/no-roots-capability',
      'uproot/no-push-elicitation',
      'uproot/no-push-sampling',
      ...mrtrRules.map((r) => `uproot/${r}`),
    ]);
    for (const rule of rules) {
      expect(rule.helpUri).toMatch(/^https:\/\/.+\.md$/);
      expect(rule.help?.text).toBeTruthy();
      expect(rule.shortDescription!.text.length).toBeGreaterThan(0);
      expect(rule.shortDescription!.text.length).toBeLessThanOrEqual(1024);
      expect(rule.fullDescription!.text.length).toBeGreaterThan(0);
      expect(rule.fullDescription!.text.length).toBeLessThanOrEqual(1024);
      expect(rule.name!.length).toBeLessThanOrEqual(255);
      expect(['note', 'warning', 'error']).toContain(rule.defaultConfiguration!.level);
    }
    // Push requests break on 2026-07-28, like configs.recommended says; the deprecated rest are warnings.
    const levels = Object.fromEntries(rules.map((r) => [r.id, r.defaultConfiguration!.level]));
    expect([levels['uproot/no-roots-request'], levels['uproot/no-push-elicitation'], levels['uproot/no-push-sampling'], levels['uproot/no-roots-capability']]).toEqual(['error', 'error', 'error', 'warning']);
  });

  it('ties every result to its rule by id and index, one per site of the JSON report', async () => {
    const log = await scanSarif([], fixtureProject);
    const rules = log.runs[0]!.tool.driver.rules!;
    const results = log.runs[0]!.results!;
    for (const r of results) {
      expect(r.ruleId).toBe(rules[r.ruleIndex!]!.id);
      expect(r.message.text).toBeTruthy();
      expect(r.locations).toHaveLength(1);
    }
    const json = JSON.parse((await uproot(['scan', '--format', 'json'], fixtureProject)).out) as { sites: { file: string; line: number; column: number; rule: string }[] };
    const fromJson = json.sites.map((s) => `${path.join(fixtureProject, s.file)}:${s.line}:${s.column}:${s.rule}`);
    const fromSarif = results.map((r) => {
      const region = r.locations![0]!.physicalLocation!.region!;
      return `${resolvedPath(log, r)}:${region.startLine}:${region.startColumn}:${r.ruleId}`;
    });
    expect(fromSarif.sort()).toEqual(fromJson.sort());
  });

  it('locates results relative to the repository root, resolvable through %SRCROOT%', async () => {
    const log = await scanSarif([], fixtureProject);
    const run = log.runs[0]!;
    const base = run.originalUriBaseIds!['%SRCROOT%']!.uri!;
    expect(base).toMatch(/^file:\/\/\/.*\/$/);
    // The fixture lives in this repository: GitHub resolves relative URIs from its root, not from the scan's cwd.
    expect(existsSync(path.join(fileURLToPath(base), '.git'))).toBe(true);
    for (const r of run.results!) {
      const loc = r.locations![0]!.physicalLocation!;
      expect(loc.artifactLocation!.uriBaseId).toBe('%SRCROOT%');
      expect(loc.artifactLocation!.uri).toMatch(/^test\/fixtures\/cli\/project\/src\//);
      expect(existsSync(resolvedPath(log, r))).toBe(true);
      const region = loc.region!;
      for (const n of [region.startLine, region.startColumn, region.endLine, region.endColumn]) expect(n).toBeGreaterThanOrEqual(1);
      const text = readFileSync(resolvedPath(log, r), 'utf8');
      expect(text.slice(offsetOf(text, region.startLine!, region.startColumn!), offsetOf(text, region.endLine!, region.endColumn!))).toMatch(/[Rr]oots/);
    }
    expect(run.columnKind).toBe('utf16CodeUnits');
  });

  it('uses the working directory as the root outside a repository, and encodes awkward file names', async () => {
    const dir = tempTree({ 'we#ird dir/a b%?.ts': toolServer, 'plain/ok.ts': toolServer });
    trees.push(dir);
    const log = await scanSarif([], dir);
    expectValid(log);
    const run = log.runs[0]!;
    expect(fileURLToPath(run.originalUriBaseIds!['%SRCROOT%']!.uri!)).toBe(dir + path.sep);
    const uris = run.results!.map((r) => r.locations![0]!.physicalLocation!.artifactLocation!.uri!);
    expect(uris.sort()).toEqual(['plain/ok.ts', 'we%23ird%20dir/a%20b%25%3F.ts']);
    expect(run.results!.map((r) => resolvedPath(log, r)).sort()).toEqual([path.join(dir, 'plain/ok.ts'), path.join(dir, 'we#ird dir/a b%?.ts')]);
  });

  it('gives every result a fingerprint, distinct even for identical sites in one file', async () => {
    const twice = toolServer.replace(
      "  const { roots } = await ctx.mcpReq.send({ method: 'roots/list' });",
      "  const { roots } = await ctx.mcpReq.send({ method: 'roots/list' });\n  await ctx.mcpReq.send({ method: 'roots/list' });",
    );
    const dir = tempTree({ 'twice.ts': twice });
    trees.push(dir);
    const results = (await scanSarif([], dir)).runs[0]!.results!;
    expect(results).toHaveLength(2);
    const prints = results.map((r) => JSON.stringify(r.partialFingerprints));
    expect(new Set(prints).size).toBe(2);
    const fixturePrints = (await scanSarif([], fixtureProject)).runs[0]!.results!.map((r) => Object.values(r.partialFingerprints ?? {}));
    for (const p of fixturePrints) expect(p.length).toBeGreaterThan(0);
    expect(new Set(fixturePrints.map((p) => p.join())).size).toBe(fixturePrints.length);
  });

  it('keeps fingerprints stable when lines move', async () => {
    const dir = tempTree({ 'a.ts': toolServer });
    trees.push(dir);
    const before = (await scanSarif([], dir)).runs[0]!.results![0]!;
    writeTree(dir, 'a.ts', '// a new first line\n\n' + toolServer);
    const after = (await scanSarif([], dir)).runs[0]!.results![0]!;
    expect(after.locations![0]!.physicalLocation!.region!.startLine).toBe(before.locations![0]!.physicalLocation!.region!.startLine! + 2);
    expect(after.partialFingerprints).toEqual(before.partialFingerprints);
  });

  it('reports failed files as error notifications with their location, and stays valid', async () => {
    const dir = tempTree({ 'good.ts': toolServer, 'broken.ts': toolServer.replace('const server =', 'const server = ;') });
    trees.push(dir);
    const log = await scanSarif([], dir, 2);
    expectValid(log);
    const invocation = log.runs[0]!.invocations![0]!;
    expect(invocation.executionSuccessful).toBe(false);
    const errors = invocation.toolExecutionNotifications!.filter((n) => n.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message.text).toMatch(/^broken\.ts:2:16: /);
    const where = errors[0]!.locations![0]!.physicalLocation!;
    expect(where.artifactLocation!.uri).toBe('broken.ts');
    expect(where.region).toEqual({ startLine: 2, startColumn: 16 });
    expect(log.runs[0]!.results!.map((r) => r.locations![0]!.physicalLocation!.artifactLocation!.uri)).toEqual(['good.ts']);
  });

  it('validates a copy of the fixture outside any repository too', async () => {
    const dir = tempTree();
    trees.push(dir);
    cpSync(fixtureProject, dir, { recursive: true });
    const log = await scanSarif([], dir);
    expectValid(log);
    expect(log.runs[0]!.results!.length).toBeGreaterThan(0);
    for (const r of log.runs[0]!.results!) expect(r.locations![0]!.physicalLocation!.artifactLocation!.uri).toMatch(/^src\//);
  });
});
