// A package that calls another API's registerTool()/prompt() beside MCP's registrations (a coding-agent SDK's session
// and extension API, a class and an object of its own, in TypeScript and JavaScript): the checker tells them apart
// (registration-receivers.ts), so neither the zod floor (zod-floor.ts) nor the zod 3 bridge (zod3-bridge.ts) takes
// them for MCP's, while MCP's registrations reached through a field, a parameter, a factory and a subclass still
// count, as do a JavaScript parameter and a local interface the checker cannot tell from an McpServer.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { afterAll, describe, expect, it } from 'vitest';
import { packageProgram, receiverClassifier, registrationCalls } from '../../packages/uproot/src/sdk-upgrade/registration-receivers.ts';
import { zodRegistrations } from '../../packages/uproot/src/sdk-upgrade/zod-floor.ts';
import { planZod3Bridge, wrapRegistrations } from '../../packages/uproot/src/sdk-upgrade/zod3-bridge.ts';
import type { MigrateReport } from '../../packages/uproot/src/report/shapes.ts';
import { REPO, cli, project, readJson, removeProjects, typeErrors } from './upgrade-project.ts';

afterAll(removeProjects);

const FIXTURE = path.join(REPO, 'test/fixtures/sdk-upgrade/foreign-registrations');
const SOURCES = ['agent.js', 'agent.ts', 'assistant.ts', 'register.js', 'registrar.ts', 'server.ts', 'use-assistant.ts'];

function fixture(): { dir: string; files: string[] } {
  const dir = project(FIXTURE, { '@agent-kit/sdk': 'vendor/agent-kit' });
  return { dir, files: SOURCES.map((f) => path.join(dir, 'src', f)) };
}

/** `file method:line kind` for every registration-named call of the package. */
function classified(dir: string, files: string[]): string[] {
  const program = packageProgram(dir, files)!;
  const classify = receiverClassifier(program);
  return files.flatMap((file) => {
    const source = program.getSourceFile(file)!;
    return registrationCalls(source).map((call) => {
      const access = call.expression as ts.PropertyAccessExpression;
      return `${path.basename(file)} ${access.expression.getText(source)}.${access.name.text}:${source.getLineAndCharacterOfPosition(access.name.getStart(source)).line + 1} ${classify(call)}`;
    });
  });
}

describe('registration-named calls, by what the checker says their receiver is', () => {
  it("an McpServer through a field, a parameter, a factory and a subclass is MCP; another SDK's session and extension API, a class and an object of the package's own are not; an untyped JavaScript parameter and a local interface are unknown", () => {
    const { dir, files } = fixture();
    expect(classified(dir, files)).toEqual([
      'agent.js new Tutor().prompt:13 other',
      'agent.js session.prompt:17 other',
      'agent.ts api.registerTool:8 other',
      'agent.ts session.prompt:14 other',
      'agent.ts this.prompt:27 other',
      "agent.ts new Coach().prompt:30 other",
      'register.js server.registerTool:5 unknown',
      'registrar.ts registrar.registerTool:9 unknown',
      'server.ts this.server.registerTool:12 mcp',
      'server.ts server.registerTool:17 mcp',
      'server.ts built.registerTool:21 mcp',
      "server.ts new TutorServer({ name: 't', version: '1' }).registerTool:26 mcp",
      'use-assistant.ts assistant.prompt:4 other',
    ]);
  });

  it('the zod floor counts the registrations that might be MCP, and none of the package holds it where only other APIs use the names', () => {
    const { dir, files } = fixture();
    const at = (list: Array<{ file: string; line: number }>) => list.map((a) => `${path.basename(a.file)}:${a.line}`);
    expect(at(zodRegistrations(files))).toEqual(['register.js:5', 'registrar.ts:9', 'server.ts:12']);
    const others = ['agent.js', 'agent.ts', 'assistant.ts', 'use-assistant.ts'].map((f) => path.join(dir, 'src', f));
    expect(zodRegistrations(others)).toEqual([]);
    // Handed as texts, with nothing typed to ask, every call still counts (failing safe).
    expect(at(zodRegistrations(others, (f) => readFileSync(f, 'utf8')))).toEqual(['agent.js:13', 'agent.ts:8', 'use-assistant.ts:4']);
  });
});

describe('the zod 3 bridge beside another API', () => {
  /** The fixture on zod 3.25.76, with zod-to-json-schema installed where the v1 SDK resolves it (linked) or as a copy of its own. */
  function onZod3(converter: 'shared' | 'own'): { dir: string; files: string[] } {
    const made = fixture();
    rmSync(path.join(made.dir, 'node_modules/zod'));
    symlinkSync(path.join(REPO, 'node_modules/zod3'), path.join(made.dir, 'node_modules/zod'), 'dir');
    const at = path.join(made.dir, 'node_modules/zod-to-json-schema');
    if (converter === 'shared') symlinkSync(path.join(REPO, 'node_modules/zod-to-json-schema'), at, 'dir');
    else cpSync(path.join(REPO, 'node_modules/zod-to-json-schema'), at, { recursive: true });
    return made;
  }
  const label = (dir: string) => (p: string) => path.relative(dir, p);

  it("wraps MCP's schemas only and declares the zod-to-json-schema the v1 SDK brought", () => {
    const { dir, files } = onZod3('shared');
    const plan = planZod3Bridge(dir, files, (p) => p, label(dir));
    if ('why' in plan) throw new Error(plan.why);
    expect(plan.wrapped).toBe(6);
    expect(plan.edits.map((e) => path.basename(e.file)).sort()).toEqual(['register.js', 'registrar.ts', 'server.ts']);
    const version = (JSON.parse(readFileSync(path.join(REPO, 'node_modules/zod-to-json-schema/package.json'), 'utf8')) as { version: string }).version;
    expect(plan.declare).toEqual({ manifest: path.join(dir, 'package.json'), name: 'zod-to-json-schema', range: `^${version}` });
    // Without the checker's answer the session's prompt() would refuse the bridge: the answer is what lets it through.
    const agent = path.join(dir, 'src/agent.ts');
    expect(wrapRegistrations(agent, readFileSync(agent, 'utf8'), (l) => `agent.ts:${l}`)).toEqual({ why: expect.stringContaining('agent.ts:14 hands schemas to prompt()') });
  });

  it('refuses, named, where the zod-to-json-schema the package resolves is not the copy the v1 SDK brought', () => {
    const { dir, files } = onZod3('own');
    const plan = planZod3Bridge(dir, files, (p) => p, label(dir));
    expect(plan).toEqual({ why: expect.stringContaining('cannot show the copy installed for the package is the one the v1 SDK brought') });
  });
});

describe('--with-sdk-upgrade on a zod 3 package that also calls another SDK prompt() and registerTool()', () => {
  it('upgrades behind the bridge, declares zod-to-json-schema, rewrites the request per request, leaves the other SDK calls alone, and the result type-checks', async () => {
    // The roots server beside the other SDK's calls (TypeScript and JavaScript); the registrations of the receiver
    // table are left out: v1's registerTool types over zod 3 shapes take the checker minutes each (TS2589).
    const made = fixture();
    for (const f of ['server.ts', 'register.js', 'registrar.ts']) rmSync(path.join(made.dir, 'src', f));
    // As npm installs them: zod 3 for the package, the v1 SDK and zod-to-json-schema beside it, one copy each.
    rmSync(path.join(made.dir, 'node_modules/zod'));
    symlinkSync(path.join(REPO, 'node_modules/zod3'), path.join(made.dir, 'node_modules/zod'), 'dir');
    cpSync(path.join(REPO, 'node_modules/zod-to-json-schema'), path.join(made.dir, 'node_modules/zod-to-json-schema'), { recursive: true });
    const sdk = path.join(made.dir, 'node_modules/@modelcontextprotocol/sdk');
    rmSync(sdk);
    cpSync(path.join(REPO, 'node_modules/@modelcontextprotocol/sdk'), sdk, { recursive: true });
    const own = JSON.parse(readFileSync(path.join(sdk, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const name of Object.keys(own.dependencies)) {
      const at = path.join(made.dir, 'node_modules', name);
      if (existsSync(at) || !existsSync(path.join(REPO, 'node_modules', name))) continue;
      mkdirSync(path.dirname(at), { recursive: true });
      symlinkSync(path.join(REPO, 'node_modules', name), at, 'dir');
    }
    const agent = readFileSync(path.join(made.dir, 'src/agent.ts'), 'utf8');
    const agentJs = readFileSync(path.join(made.dir, 'src/agent.js'), 'utf8');
    const run = await cli(['migrate', 'src', '--to', 'mrtr', '--with-sdk-upgrade', '--lifecycle', 'per-request', '--format', 'json', '--force'], made.dir);
    const report = JSON.parse(run.out) as MigrateReport;
    const request = report.files.flatMap((f) => f.sites.map((s) => ({ ...s, file: f.file }))).find((s) => s.kind === 'request');
    expect(request).toMatchObject({ file: 'src/roots.ts', outcome: 'rewritten' });
    const manifest = readJson(path.join(made.dir, 'package.json'));
    expect(manifest.dependencies?.['zod-to-json-schema']).toBe(`^${(JSON.parse(readFileSync(path.join(REPO, 'node_modules/zod-to-json-schema/package.json'), 'utf8')) as { version: string }).version}`);
    expect(manifest.dependencies?.zod).toBe('^3.25.76');
    expect(manifest.dependencies?.['@modelcontextprotocol/sdk']).toBeUndefined();
    expect(readFileSync(path.join(made.dir, 'src/agent.ts'), 'utf8')).toBe(agent);
    expect(readFileSync(path.join(made.dir, 'src/agent.js'), 'utf8')).toBe(agentJs);
    expect(readFileSync(path.join(made.dir, 'src/roots.ts'), 'utf8')).toContain('inputSchema: zod3Schema(');
    expect(typeErrors(made.dir)).toEqual([]);
  }, 900_000);
});
