// `migrate --to param` on a v2 handler that also elicits or samples push-style: its roots become the directory
// parameter and its push requests move into multi round-trip requests, together, or the handler is left whole with
// the `push-request` marker. Written the ways authors write it (the request direct, through the low-level server,
// `ctx.mcpReq`, a raw `send`, a helper in another file, a named handler, JS), through the CLI and jscodeshift alike.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyTransform } from 'jscodeshift/src/testUtils.js';
import { afterAll, describe, expect, it } from 'vitest';
import transform from '../../transforms/jscodeshift/param.ts';
import { runMigrate } from '../../packages/uproot/src/migrate/migrate.ts';
import { offsetMap } from '../../transforms/param-push/positions.ts';
import { applyEdits } from '../../packages/core/src/plan/edits.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-param-push-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "param-push", "private": true, "type": "module" }\n');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

async function migrate(dir: string, dryRun = true) {
  const result = await runMigrate([dir], { cwd: dir, strategy: 'param', dryRun });
  expect(result.failures).toEqual([]);
  return result;
}

const outcomesOf = (result: Awaited<ReturnType<typeof migrate>>) =>
  result.files.flatMap((f) => f.outcomes.filter((o) => o.site.side === 'server' && o.site.kind !== 'capability').map((o) => `${f.file}:${o.site.line} ${o.site.kind} ${o.outcome}${o.reason ? ` ${o.reason}` : ''}`));

async function jscodeshift(file: string): Promise<string> {
  const source = readFileSync(file, 'utf8');
  // jscodeshift's test utility trims what it returns: compared with the CLI's output trimmed too.
  const out = await applyTransform({ default: transform, parser: 'ts' } as never, {}, { source, path: file });
  return out === '' ? source.trim() : out;
}

const V2_HEAD = `import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'push-param', version: '1.0.0' });
`;

const ELICIT_PARAMS = "{ message: 'Archive them?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } }";

/** The same tool, its push request spelled each way an author writes it; `answer` is what it reads. */
const SPELLINGS: Record<string, { request: string; reads: string; asked: RegExp }> = {
  'sampling through the low-level server': { request: "await server.server.createMessage({ messages: [], maxTokens: 5 })", reads: 'answer.model', asked: /inputRequired\.createMessage\(/ },
  'elicitation through the low-level server': { request: `await server.server.elicitInput(${ELICIT_PARAMS})`, reads: 'answer.action', asked: /inputRequired\.elicit\(/ },
  'elicitation through ctx.mcpReq': { request: `await ctx.mcpReq.elicitInput(${ELICIT_PARAMS})`, reads: 'answer.action', asked: /inputRequired\.elicit\(/ },
  'a raw elicitation/create send': { request: `await ctx.mcpReq.send({ method: 'elicitation/create', params: ${ELICIT_PARAMS} })`, reads: 'answer.action', asked: /inputRequired\.elicit\(/ },
};

function tool(spelling: { request: string; reads: string }, named: boolean): string {
  const body = `{
  const { roots } = await server.server.listRoots();
  const answer = ${spelling.request};
  return { content: [{ type: 'text', text: \`\${${spelling.reads}} in \${roots.length} folders\` }] };
}`;
  return named
    ? `${V2_HEAD}
async function archive(_args: {}, ctx: ServerContext) ${body}

server.registerTool('archive', { description: 'Archive the workspace', inputSchema: z.object({}) }, archive);
`
    : `${V2_HEAD}
server.registerTool('archive', { description: 'Archive the workspace', inputSchema: z.object({}) }, async (_args, ctx) => ${body});
`;
}

describe('migrate --to param moves a handler\'s push requests into MRTR with its roots', () => {
  for (const [name, spelling] of Object.entries(SPELLINGS)) {
    for (const named of [false, true]) {
      it(`${name}${named ? ', in a named handler' : ''}: roots become the parameter, the request an inputRequests entry; jscodeshift agrees`, async () => {
        const dir = project({ 'server.ts': tool(spelling, named) });
        const result = await migrate(dir);
        expect(outcomesOf(result)).toEqual([expect.stringMatching(/^server\.ts:\d+ request rewritten$/), expect.stringMatching(/^server\.ts:\d+ (elicitation|sampling)-request rewritten$/)]);
        await migrate(dir, false);
        const after = readFileSync(path.join(dir, 'server.ts'), 'utf8');
        expect(after).toContain("inputSchema: z.object({ directory: z.string()");
        expect(after).toMatch(spelling.asked);
        expect(after).not.toMatch(/server\.server\.(createMessage|elicitInput|listRoots)\(|mcpReq\.(elicitInput|send)\(/);
        expect(after).not.toContain('// uproot: [');
        // A second run changes nothing.
        expect((await migrate(dir)).files.filter((f) => f.changed)).toEqual([]);
      });
    }
  }

  it('jscodeshift writes what the CLI writes, file by file', async () => {
    for (const spelling of Object.values(SPELLINGS)) {
      const text = tool(spelling, false);
      const dir = project({ 'server.ts': text });
      const viaJscodeshift = await jscodeshift(path.join(dir, 'server.ts'));
      await migrate(dir, false);
      expect(viaJscodeshift).toBe(readFileSync(path.join(dir, 'server.ts'), 'utf8').trim());
    }
  });

  it('moves a helper in another file the handler calls, splitting it as --to mrtr does', async () => {
    const dir = project({
      'ask.ts': `import type { ServerContext } from '@modelcontextprotocol/server';

export async function askName(ctx: ServerContext): Promise<string> {
  const answer = await ctx.mcpReq.elicitInput({ message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
  return answer.action === 'accept' ? String(answer.content?.name) : 'anonymous';
}
`,
      'server.ts': `${V2_HEAD}import { askName } from './ask.ts';

server.registerTool('greet', { description: 'Greet in the workspace', inputSchema: z.object({}) }, async (_args, ctx) => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: \`\${await askName(ctx)} in \${roots[0]?.uri ?? 'nowhere'}\` }] };
});
`,
    });
    const result = await migrate(dir, false);
    expect(outcomesOf(result)).toEqual(['ask.ts:4 elicitation-request rewritten', 'server.ts:8 request rewritten']);
    const server = readFileSync(path.join(dir, 'server.ts'), 'utf8');
    expect(server).toContain('inputRequests: { ask_name: inputRequired.elicit(askNameElicitation(ctx)) }');
    expect(server).toContain("await askName(ctx, () => elicitationAnswer(ctx, 'ask_name'))");
    expect(server).toContain("const directoryRoots = await rootsFromDirectory(_args.directory, 'directory');");
    expect(readFileSync(path.join(dir, 'ask.ts'), 'utf8')).not.toContain('elicitInput(');
    expect((await migrate(dir)).files.filter((f) => f.changed)).toEqual([]);
  });

  it('a handler whose push request cannot move is left whole with one marker; the file\'s other handlers still migrate', async () => {
    const text = `${V2_HEAD}import { appendFile } from 'node:fs/promises';

server.registerTool('archive', { description: 'Archive the workspace', inputSchema: z.object({}) }, async (_args, ctx) => {
  const { roots } = await server.server.listRoots();
  await appendFile('/tmp/archive.log', 'asked\\n');
  const answer = await ctx.mcpReq.elicitInput(${ELICIT_PARAMS});
  return { content: [{ type: 'text', text: \`\${answer.action} \${roots.length}\` }] };
});

server.registerTool('count', { description: 'Count the workspace folders', inputSchema: z.object({}) }, async () => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: String(roots.length) }] };
});
`;
    const dir = project({ 'server.ts': text });
    const result = await migrate(dir);
    expect(outcomesOf(result)).toEqual(['server.ts:8 request marked push-request', 'server.ts:10 elicitation-request reported', 'server.ts:15 request rewritten']);
    const held = result.files[0]!.outcomes.find((o) => o.site.line === 8)!;
    expect(held.detail).toContain('held back by elicitInput() (line 10)');
    await migrate(dir, false);
    const after = readFileSync(path.join(dir, 'server.ts'), 'utf8');
    const archive = (t: string) => t.slice(t.indexOf("registerTool('archive'"), t.indexOf("registerTool('count'"));
    // Nothing inside the held handler changed but the marker above its roots request.
    expect(archive(after).split('\n').filter((l) => !l.includes('// uproot: [push-request]')).join('\n')).toBe(archive(text));
    expect(after.slice(after.indexOf("registerTool('count'"))).toContain("async ({ directory }) => {");
    expect(await jscodeshift(path.join(dir, 'server.ts'))).toBe(after.trim());
  });

  it('the handlers sharing a helper: the one that moves hands it the answer, the held one keeps the push request, marked', async () => {
    const dir = project({
      'server.ts': `${V2_HEAD}import { appendFile } from 'node:fs/promises';

async function confirm(ctx: { mcpReq: { elicitInput(p: object): Promise<{ action: string }> } }): Promise<boolean> {
  const answer = await ctx.mcpReq.elicitInput(${ELICIT_PARAMS});
  return answer.action === 'accept';
}

server.registerTool('archive', { description: 'Archive the workspace', inputSchema: z.object({}) }, async (_args, ctx) => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: \`\${await confirm(ctx)} \${roots.length}\` }] };
});

server.registerTool('purge', { description: 'Purge the workspace', inputSchema: z.object({}) }, async (_args, ctx) => {
  const { roots } = await server.server.listRoots();
  await appendFile('/tmp/purge.log', 'asked\\n');
  return { content: [{ type: 'text', text: \`\${await confirm(ctx)} \${roots.length}\` }] };
});
`,
    });
    const result = await migrate(dir);
    expect(outcomesOf(result)).toEqual(['server.ts:8 elicitation-request marked push-request', 'server.ts:13 request rewritten', 'server.ts:18 request marked push-request']);
    expect(result.files[0]!.outcomes.find((o) => o.site.line === 8)!.detail).toMatch(/^confirm\(\) now takes the answer from the handlers uproot moved to multi round-trip requests, and still asks push-style for the handler at server\.ts:\d+$/);
  });

  it('a v1 handler keeps working on 2025 connections: its roots are rewritten, its push requests marked v1-sdk', async () => {
    const dir = project({
      'server.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'push-v1', version: '1.0.0' });

server.tool('archive', async () => {
  const { roots } = await server.server.listRoots();
  const answer = await server.server.createMessage({ messages: [], maxTokens: 5 });
  return { content: [{ type: 'text', text: \`\${answer.model} \${roots.length}\` }] };
});
`,
    });
    const result = await migrate(dir);
    expect(outcomesOf(result)).toEqual(['server.js:6 request rewritten', 'server.js:7 sampling-request marked v1-sdk']);
  });
});

describe('offsets across param\'s edits', () => {
  const text = 'abcdefghij';
  const edits = [
    { start: 2, end: 2, text: 'XY' }, // insertion before c
    { start: 4, end: 6, text: 'Z' }, // ef → Z
    { start: 8, end: 9, text: '' }, // i deleted
  ];
  const after = applyEdits(text, edits);
  const map = offsetMap(edits);

  it('maps untouched characters both ways', () => {
    expect(after).toBe('abXYcdZghj');
    for (const ch of 'abcdghj') {
      const at = text.indexOf(ch);
      expect(after[map.forward(at)]).toBe(ch);
      expect(map.back(map.forward(at))).toBe(at);
    }
  });

  it('maps a replaced offset to where its replacement starts, and inserted text back to its edit', () => {
    expect(map.forward(5)).toBe(after.indexOf('Z'));
    expect(map.back(after.indexOf('Y'))).toBe(2);
    expect(map.back(after.indexOf('Z'))).toBe(4);
  });
});
