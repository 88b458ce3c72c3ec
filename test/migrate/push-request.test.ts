// Never a half rewrite: a handler whose roots request would be rewritten, but which also elicits or samples
// push-style (itself, through a helper in its file or in another), is left whole with one `push-request`
// marker naming every request that holds it back. Scan says so too, and `--to param` holds v2 handlers alike.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { applyTransform } from 'jscodeshift/src/testUtils.js';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from '../../packages/eslint-plugin/src/index.ts';
import transform from '../../transforms/jscodeshift/mrtr.ts';
import { applyEdits } from '../../packages/core/src/plan/edits.ts';
import { planMrtrProject } from '../../transforms/mrtr.ts';
import { planParamText } from '../../transforms/param.ts';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { scan } from '../../packages/uproot/src/api.ts';

const projects = path.resolve(import.meta.dirname, '../fixtures/projects');

const helper = {
  path: '/project/src/ask.ts',
  text: `import type { ServerContext } from '@modelcontextprotocol/server';

export async function askName(ctx: ServerContext): Promise<string> {
  const answer = await ctx.mcpReq.elicitInput({ message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
  return answer.action === 'accept' ? String(answer.content?.name) : 'anonymous';
}
`,
};
const server = {
  path: '/project/src/server.ts',
  text: `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { askName } from './ask.ts';

const server = new McpServer({ name: 'greeter', version: '1.0.0' });

server.registerTool('greet', { description: 'Greet in the workspace', inputSchema: z.object({}) }, async (_args, ctx) => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: \`\${await askName(ctx)} in \${roots[0]?.uri ?? 'nowhere'}\` }] };
});

server.registerTool('count', { description: 'Count the workspace folders', inputSchema: z.object({}) }, async () => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: String(roots.length) }] };
});
`,
};

const outcomes = (files: Array<{ path: string; text: string }>, file: string) =>
  planMrtrProject(files, {}).plans.get(file)!.outcomes.map((o) => ({ line: o.site.line, kind: o.site.kind, outcome: o.outcome, reason: o.reason, detail: o.detail }));

describe('migrate --to mrtr: a handler that also elicits or samples is left whole', () => {
  it('moves the handler whose helper in another file elicits: its roots request and the helper\'s question in one round', () => {
    const plans = planMrtrProject([server, helper], {}).plans;
    const after = applyEdits(server.text, plans.get(server.path)!.edits);
    const greet = after.slice(after.indexOf("registerTool('greet'"), after.indexOf("registerTool('count'"));
    expect(greet).toContain("inputRequests.roots = inputRequired.listRoots();");
    // Keyed by the helper's name: the answer is not bound to a variable of the handler.
    expect(greet).toContain("inputRequests.ask_name = inputRequired.elicit(askNameElicitation(ctx));");
    expect(greet).toContain("await askName(ctx, () => elicitationAnswer(ctx, 'ask_name'))");
    expect(after).toContain("import { askName, askNameElicitation } from './ask.ts';");
    // Its one caller hands the answer: the helper takes it, required, and asks nothing push-style any more.
    const ask = applyEdits(helper.text, plans.get(helper.path)!.edits);
    expect(ask).toContain('export async function askName(ctx: ServerContext, answered: () => Promise<ElicitResult>): Promise<string> {');
    expect(ask).toContain('const answer = await answered();');
    expect(ask).not.toContain('elicitInput(');
    expect(ask).toContain("export function askNameElicitation(ctx: ServerContext): ElicitRequestFormParams {\n  return { message: 'Your name?'");
    expect(outcomes([server, helper], server.path).map((o) => [o.line, o.outcome])).toEqual([
      [8, 'rewritten'],
      [13, 'rewritten'],
    ]);
    expect(outcomes([server, helper], helper.path).map((o) => [o.kind, o.outcome])).toEqual([['elicitation-request', 'rewritten']]);
  });

  it('rewrites the same handler when the helper asks nothing (the hold comes from the elicitation)', () => {
    const quiet = { ...helper, text: helper.text.replace(/const answer = await ctx\.mcpReq\.elicitInput\([^;]*;/, "const answer = { action: 'decline' as string, content: { name: ctx.sessionId } };") };
    expect(outcomes([server, quiet], server.path).map((o) => o.outcome)).toEqual(['rewritten', 'rewritten']);
  });

  it('is idempotent: a second run over the marked file changes nothing', () => {
    const plan = planMrtrProject([server, helper], {}).plans.get(server.path)!;
    const once = { ...server, text: applyEdits(server.text, plan.edits) };
    expect(applyEdits(once.text, planMrtrProject([once, helper], {}).plans.get(server.path)!.edits)).toBe(once.text);
  });

  it('names every request, in the handler and across files through a barrel, and why the first cannot move', async () => {
    const dir = path.join(projects, 'push-requests-v2-ts');
    const result = await runMigrate([dir], { cwd: dir, strategy: 'mrtr', dryRun: true });
    expect(result.failures).toEqual([]);
    const marked = result.files.flatMap((f) => f.outcomes.filter((o) => o.outcome !== 'reported').map((o) => ({ file: f.file, line: o.site.line, outcome: o.outcome, reason: o.reason, detail: o.detail })));
    expect(marked).toEqual([
      {
        file: 'src/index.ts',
        line: 9,
        outcome: 'marked',
        reason: 'push-request',
        detail:
          "held back by elicitInput() in confirm() (asks/confirm.ts:4), createMessage() in draftReply() (asks/draft.ts:3) and request({ method: 'elicitation/create' }) (line 12); elicitInput() in confirm() (asks/confirm.ts:4) cannot move into the handler's inputRequests: it is asked conditionally or inside a nested block (or after something else its statement does), and asking it at the entry would ask a client the original never asked",
      },
    ]);
  });

  it('scan reports the roots request as marked, with the planner’s detail', async () => {
    const dir = path.join(projects, 'push-requests-v2-ts');
    const report = await scan([dir], { cwd: dir });
    const roots = report.sites.filter((s) => s.kind === 'request');
    expect(roots.map((s) => [s.line, s.action, s.reason])).toEqual([[9, 'mark', 'push-request']]);
  });

  it('a v1 handler keeps its v1-sdk marker, which says the push requests would still hold it after the upgrade', async () => {
    const dir = path.join(projects, 'push-requests-v1-js');
    const result = await runMigrate([dir], { cwd: dir, strategy: 'mrtr', dryRun: true });
    const roots = result.files.flatMap((f) => f.outcomes).filter((o) => o.site.kind === 'request');
    expect(roots.map((o) => o.reason)).toEqual(['v1-sdk']);
    expect(roots[0]!.detail).toContain("[push-request] held back by sendRequest({ method: 'elicitation/create' }) in askName() (lib/ask.js:5) and createMessage() in haiku() (lib/sample.js:3)");
  });
});

describe('one file planned alone sees the helper it imports', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-push-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "push", "private": true, "type": "module" }\n');
  const serverFile = path.join(dir, 'server.ts');
  writeFileSync(serverFile, server.text);
  writeFileSync(path.join(dir, 'ask.ts'), helper.text);

  it('ESLint offers no rewrite for the held handler, and says why, as migrate does', () => {
    const config = [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, plugin.configs.recommended];
    const roots = new Linter({ cwd: dir }).verify(server.text, config as never, { filename: serverFile }).filter((m) => m.ruleId === 'uproot/no-roots-request');
    expect(roots.map((m) => [m.line, m.message.includes('Needs a person [push-request]: held back by elicitInput() in askName() (ask.ts:4)'), m.suggestions?.length ?? 0])).toEqual([
      [8, true, 0],
      [13, false, 1],
    ]);
  });

  it('jscodeshift marks it as migrate does', async () => {
    const out = await applyTransform({ default: transform, parser: 'ts' } as never, {}, { source: server.text, path: serverFile });
    expect(out.split('\n').filter((l) => l.includes('// uproot: [push-request] held back by elicitInput() in askName() (ask.ts:4)'))).toHaveLength(1);
  });
});

describe('migrate --to param: a v2 handler whose push requests cannot move keeps its roots request', () => {
  const file = '/project/src/one.ts';
  const text = `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'greeter', version: '1.0.0' });

server.registerTool('greet', { description: 'Greet in the workspace', inputSchema: z.object({}) }, async (_args, ctx) => {
  const { roots } = await server.server.listRoots();
  const answer = await server.server.createMessage({ messages: [], maxTokens: 5 });
  return { content: [{ type: 'text', text: \`\${answer.model} in \${roots.length}\` }] };
});
`;

  it('planned without the move (planParamText alone), marks it with the same wording as --to mrtr', () => {
    const plan = planParamText(text, file);
    const roots = plan.outcomes.filter((o) => o.site.kind === 'request');
    expect(roots.map((o) => [o.outcome, o.reason, o.detail])).toEqual([['marked', 'push-request', 'held back by createMessage() (line 8)']]);
    const lines = applyEdits(text, plan.edits).split('\n');
    expect(lines.filter((l) => l.includes('// uproot: [push-request]'))).toHaveLength(1);
    expect(lines.filter((l) => !l.includes('// uproot: [')).join('\n')).toBe(text);
  });

  it('over a run, holds it when the helper it imports cannot move its request (param-push.test.ts: when it can)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-push-param-'));
    try {
      writeFileSync(path.join(dir, 'package.json'), '{ "name": "push", "private": true, "type": "module" }\n');
      writeFileSync(path.join(dir, 'server.ts'), server.text);
      // The helper acts before it asks: asked up front, the log line would be written once per round.
      writeFileSync(path.join(dir, 'ask.ts'), helper.text.replace('  const answer =', "  await appendFile('/tmp/asked.log', 'name\\n');\n  const answer =").replace("import type { ServerContext }", "import { appendFile } from 'node:fs/promises';\nimport type { ServerContext }"));
      const result = await runMigrate([dir], { cwd: dir, strategy: 'param', dryRun: true });
      const roots = result.files.flatMap((f) => f.outcomes).filter((o) => o.site.kind === 'request');
      expect(roots.map((o) => [o.site.line, o.outcome, o.reason ?? null, o.reason ? (o.detail?.split(';')[0] ?? null) : null])).toEqual([
        [8, 'marked', 'push-request', 'held back by elicitInput() in askName() (ask.ts:6)'],
        [13, 'rewritten', null, null],
      ]);
      expect(roots[0]!.detail).toContain('cannot move into the handler\'s inputRequests: askName() runs the statement at line');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rewrites the v1 handler (v1 serves 2025-era connections only, where sampling still works) and marks its push requests v1-sdk, in the helpers\' files', async () => {
    const dir = path.join(projects, 'push-requests-v1-js');
    const result = await runMigrate([dir], { cwd: dir, strategy: 'param', dryRun: true });
    const outcomes = result.files.flatMap((f) => f.outcomes.map((o) => [f.file, o.site.kind, o.outcome, o.reason ?? null]));
    expect(outcomes).toEqual([
      ['index.js', 'request', 'rewritten', null],
      ['lib/ask.js', 'elicitation-request', 'marked', 'v1-sdk'],
      ['lib/sample.js', 'sampling-request', 'marked', 'v1-sdk'],
    ]);
  });
});
