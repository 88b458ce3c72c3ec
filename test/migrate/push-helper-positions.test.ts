// A helper's request where the handler calls the helper in Promise.all or under a condition on what the client
// declared: split like a request the handler makes there. A Promise.all group goes into the entry's one map, the
// helper's call handed its answer in place; a call under a condition is asked in a round of its own inside its branch,
// so the original's either/or holds. Each spelling in JavaScript and TypeScript, the helpers in the handler's file
// and in a module of their own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Files, migrate } from './mrtr-project-run.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

type Lang = 'js' | 'ts';
const t = (lang: Lang, ts: string) => (lang === 'ts' ? ts : '');

/**
 * The helpers `body` calls, as servers keep them: a raw-send elicitation and a sampling request, each testing its
 * answer after it asks. (A helper no handler calls would hold the file's requests as untraced: left out.)
 */
const helpers = (lang: Lang, exported: boolean, body: string) => {
  const out: string[] = [];
  if (body.includes('askName(')) {
    out.push(`${exported ? 'export ' : ''}async function askName(ctx${t(lang, ': ServerContext')}, message${t(lang, ': string')}) {
  const answer = await ctx.mcpReq.send({ method: 'elicitation/create', params: { message, requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } } });
  if (answer.action !== 'accept') return undefined;
  return answer.content?.name;
}
`);
  }
  if (body.includes('askModel(')) {
    out.push(`${exported ? 'export ' : ''}async function askModel(ctx${t(lang, ': ServerContext')}, question${t(lang, ': string')}) {
  const reply = await ctx.mcpReq.requestSampling({ messages: [{ role: 'user', content: { type: 'text', text: question } }], maxTokens: 5 });
  return { text: Array.isArray(reply.content) ? '' : String(reply.content.type), model: reply.model };
}
`);
  }
  return out.join('\n');
};

/** One tool around `body`, in one file with the helpers or importing them from ./ask.<ext>. */
function project(lang: Lang, split: boolean, body: string): Files {
  const sdk = `import { McpServer${t(lang, ', type ServerContext')} } from '@modelcontextprotocol/server';\n`;
  const server = `${sdk}import * as z from 'zod/v4';
${split ? `import { ${['askModel', 'askName'].filter((h) => body.includes(`${h}(`)).join(', ')} } from './ask.js';\n` : ''}
const server = new McpServer({ name: 's', version: '1.0.0' });
${split ? '' : helpers(lang, false, body)}
server.registerTool('a', { inputSchema: z.object({ topic: z.string() }) }, async ({ topic }, ctx) => {
${body}
});
`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-positions-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'positions', type: 'module', dependencies: { '@modelcontextprotocol/server': '2.4.0' } }));
  const files: Files = { [`server.${lang}`]: server, ...(split ? { [`ask.${lang}`]: `${t(lang, "import type { ServerContext } from '@modelcontextprotocol/server';\n\n")}${helpers(lang, true, body)}` } : {}) };
  const out: Files = {};
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), text);
    out[path.join(dir, name)] = text;
  }
  return out;
}

const named = (files: Files, name: string): string => Object.entries(files).find(([p]) => path.basename(p).startsWith(name))![1];

/** Every request of the run moved: nothing left push-style, reported or marked. */
const allRewritten = (outcomes: string[]) => expect(outcomes.filter((o) => !o.includes(' capability ') && !o.endsWith(' rewritten'))).toEqual([]);

/** The round of its own that asks `key`, with the request it asks: no earlier answer to carry in requestState. */
const inPlace = (key: string, request: string) => `return inputRequired({ inputRequests: { ${key}: inputRequired.${request} } });`;

const SAMPLE = `{ messages: [{ role: 'user', content: { type: 'text', text: topic } }], maxTokens: 5 }`;

for (const lang of ['js', 'ts'] as const) {
  for (const split of [false, true]) {
    const where = `${lang.toUpperCase()}, helpers ${split ? 'in their own module' : 'in the handler’s file'}`;

    describe(`Promise.all with helper calls (${where})`, () => {
      it('a helper, a request of the handler and roots: one map, each element handed its answer in the array', () => {
        const { after, outcomes } = migrate(
          project(lang, split, `  const [userName, draft, { roots }] = await Promise.all([askName(ctx, 'Who?'), ctx.mcpReq.requestSampling(${SAMPLE}), server.server.listRoots()]);\n  return { content: [{ type: 'text', text: \`\${userName} \${draft.model} \${roots.length}\` }] };`),
        );
        allRewritten(outcomes);
        const out = named(after, 'server');
        expect(out).toContain("inputRequests.user_name = inputRequired.elicit(askNameElicitation(ctx, 'Who?'));");
        expect(out).toContain(`inputRequests.draft = inputRequired.createMessage(${SAMPLE});`);
        expect(out).toContain('inputRequests.roots = inputRequired.listRoots();');
        expect(out.match(/return inputRequired\(/g)).toHaveLength(1);
        expect(out).toContain("await Promise.all([askName(ctx, 'Who?', () => elicitationAnswer(ctx, 'user_name', 'request')), samplingAnswer(ctx, 'draft'), rootsFromAnswer(ctx)]);");
        if (split) expect(out).toContain("import { askName, askNameElicitation } from './ask.js';");
      });

      it('two helpers, one answer destructured: keyed by the helper', () => {
        const { after, outcomes } = migrate(
          project(lang, split, `  const [{ text, model }, userName] = await Promise.all([askModel(ctx, topic), askName(ctx, 'Who?')]);\n  return { content: [{ type: 'text', text: \`\${text} \${model} \${userName}\` }] };`),
        );
        allRewritten(outcomes);
        const out = named(after, 'server');
        expect(out).toContain('inputRequests.ask_model = inputRequired.createMessage(askModelSampling(ctx, topic));');
        expect(out).toContain("inputRequests.user_name = inputRequired.elicit(askNameElicitation(ctx, 'Who?'));");
        expect(out).toContain("await Promise.all([askModel(ctx, topic, () => samplingAnswer(ctx, 'ask_model')), askName(ctx, 'Who?', () => elicitationAnswer(ctx, 'user_name', 'request'))]);");
      });
    });

    describe(`a helper under a condition on what the client declared (${where})`, () => {
      // Each condition, then where the helper's round must stand: inside the branch, after the condition.
      const conditions: Array<[string, string, string, string]> = [
        [
          'a capabilities variable',
          `  const caps = server.server.getClientCapabilities();\n  if (caps?.elicitation) {\n    const name = await askName(ctx, 'Who?');\n    return { content: [{ type: 'text', text: String(name) }] };\n  }\n  return { content: [] };`,
          'if (caps?.elicitation) {',
          inPlace('name', "elicit(askNameElicitation(ctx, 'Who?'))"),
        ],
        [
          'a direct read, the answer used unbound in a branch without braces',
          `  if (server.server.getClientCapabilities()?.sampling) return { content: [{ type: 'text', text: (await askModel(ctx, topic)).model }] };\n  return { content: [] };`,
          'if (clientCapabilities(ctx, server.server)?.sampling) {',
          inPlace('ask_model', 'createMessage(askModelSampling(ctx, topic))'),
        ],
        [
          'a negated read with an else',
          `  if (!server.server.getClientCapabilities()?.elicitation) {\n    return { content: [] };\n  } else {\n    const name = await askName(ctx, topic);\n    return { content: [{ type: 'text', text: String(name) }] };\n  }`,
          '} else {',
          inPlace('name', 'elicit(askNameElicitation(ctx, topic))'),
        ],
        [
          'destructured capabilities, one helper per branch',
          `  const { elicitation, sampling } = server.server.getClientCapabilities() ?? {};\n  if (elicitation) {\n    const name = await askName(ctx, 'Who?');\n    return { content: [{ type: 'text', text: String(name) }] };\n  }\n  if (sampling) return { content: [{ type: 'text', text: (await askModel(ctx, topic)).text }] };\n  return { content: [] };`,
          'if (sampling) {',
          inPlace('ask_model', 'createMessage(askModelSampling(ctx, topic))'),
        ],
      ];
      for (const [name, body, condition, round] of conditions) {
        it(name, () => {
          const { after, outcomes } = migrate(project(lang, split, body));
          allRewritten(outcomes);
          const out = named(after, 'server');
          // Asked only in its branch: never at the entry, and after the condition that chooses it.
          expect(out).not.toContain('const inputRequests');
          expect(out.indexOf(round)).toBeGreaterThan(out.indexOf(condition));
          expect(out.indexOf(condition)).toBeGreaterThan(-1);
          expect(out).not.toMatch(/server\.server\.getClientCapabilities\(\)/);
          // Nothing earlier to carry: no requestState, minted or restored, and no codec.
          expect(out).not.toContain('requestState');
          expect(out).toMatch(/askName\(ctx, [^)]*, \(\) => elicitationAnswer\(ctx, 'name', 'request'\)\)|askModel\(ctx, topic, \(\) => samplingAnswer\(ctx, 'ask_model'\)\)/);
        });
      }
    });
  }
}

describe('a round of its own after an answer the handler reads later', () => {
  it('carries it in signed requestState: roots asked at the entry, a helper under a capability condition', () => {
    const { after, outcomes } = migrate(
      project('js', true, `  const { roots } = await server.server.listRoots();\n  if (server.server.getClientCapabilities()?.elicitation) {\n    const name = await askName(ctx, topic);\n    return { content: [{ type: 'text', text: String(name) + roots.length }] };\n  }\n  return { content: [{ type: 'text', text: String(roots.length) }] };`),
    );
    allRewritten(outcomes);
    const out = named(after, 'server');
    expect(out).toContain("return inputRequired({ inputRequests: { name: inputRequired.elicit(askNameElicitation(ctx, topic)) }, requestState: await requestStateCodec.mint(ctx.mcpReq.inputResponses ?? {}) });");
    expect(out).toContain('requestState: { verify: requestStateCodec.verify }');
  });

  it('carries the answers so far when the earlier request’s branch may fall through to the later one', () => {
    const { after, outcomes } = migrate(
      project('ts', false, `  if (server.server.getClientCapabilities()?.elicitation) {\n    const name = await askName(ctx, topic);\n    if (name) return { content: [{ type: 'text', text: name }] };\n  }\n  if (server.server.getClientCapabilities()?.sampling) return { content: [{ type: 'text', text: (await askModel(ctx, topic)).text }] };\n  return { content: [] };`),
    );
    allRewritten(outcomes);
    const out = named(after, 'server');
    expect(out).toContain(inPlace('name', 'elicit(askNameElicitation(ctx, topic))'));
    expect(out).toContain("return inputRequired({ inputRequests: { ask_model: inputRequired.createMessage(askModelSampling(ctx, topic)) }, requestState: await requestStateCodec.mint(ctx.mcpReq.inputResponses ?? {}) });");
  });
});

describe('what still holds a helper in those positions', () => {
  const held: Array<[string, string, RegExp]> = [
    [
      'a form elicitation in Promise.all beside another request',
      `  const [{ roots }, ok] = await Promise.all([server.server.listRoots(), confirm(ctx, topic)]);\n  return { content: [{ type: 'text', text: String(ok) + roots.length }] };`,
      /a client without form elicitation saw this one fail first/,
    ],
    [
      'a helper that throws after it asks, in Promise.all',
      `  const [{ roots }, ok] = await Promise.all([server.server.listRoots(), strict(ctx, topic)]);\n  return { content: [{ type: 'text', text: String(ok) + roots.length }] };`,
      /strict\(\) may throw or act after its request/,
    ],
    [
      'a helper under a condition that acts',
      `  if (await allowed(topic)) {\n    const ok = await confirm(ctx, topic);\n    return { content: [{ type: 'text', text: String(ok) }] };\n  }\n  return { content: [] };`,
      /under the condition at line \d+, which acts/,
    ],
    [
      'a helper after a statement that acts',
      `  console.log(topic);\n  const ok = await confirm(ctx, topic);\n  return { content: [{ type: 'text', text: String(ok) }] };`,
      /the statement at line \d+ runs before it, and would run again on every round/,
    ],
  ];
  const head = `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 's', version: '1.0.0' });
const allowed = async (topic) => topic.length > 0;
async function confirm(ctx, topic) {
  const answer = await ctx.mcpReq.elicitInput({ message: \`Proceed with \${topic}?\`, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } });
  return answer.action === 'accept';
}
async function strict(ctx, topic) {
  const answer = await ctx.mcpReq.send({ method: 'elicitation/create', params: { message: topic, requestedSchema: { type: 'object', properties: {} } } });
  if (answer.action === 'cancel') throw new Error('cancelled');
  return answer.action === 'accept';
}
`;
  for (const [name, body, why] of held) {
    it(`${name}: the handler is held whole, the helpers untouched`, () => {
      const text = `${head}server.registerTool('a', { inputSchema: z.object({ topic: z.string() }) }, async ({ topic }, ctx) => {\n${body}\n});\n`;
      const { after, outcomes } = migrate({ '/p/server.js': text });
      expect(after['/p/server.js']!.split('\n').filter((l) => !l.includes('// uproot: [')).join('\n')).toBe(text);
      expect(outcomes.join('\n')).toMatch(why);
    });
  }
});
