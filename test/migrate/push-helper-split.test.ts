// `--to mrtr` moves a push request made in a helper the handler calls: the helper is split into a builder of what
// it asks (beside it) and the rest, which takes the answer through a new optional parameter, and still asks
// push-style for a caller that hands it none. Spelled the ways authors write helpers; held whole where uproot cannot
// prove the split (a method, a request after the helper has acted, a request two helpers deep).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Files, migrate } from './mrtr-project-run.ts';

const HEAD = `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 's', version: '1.0.0' });
`;
const ELICIT = `{ message: \`Proceed with \${topic}?\`, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } }`;
const tool = (name: string, body: string) => `server.registerTool('${name}', { inputSchema: z.object({ topic: z.string() }) }, async ({ topic }, ctx) => {\n${body}\n});\n`;

describe('a helper in the handler’s own file', () => {
  const helpers: Array<[string, string]> = [
    ['a function declaration', `async function confirm(ctx, topic) {\n  const answer = await ctx.mcpReq.elicitInput(${ELICIT});\n  return answer.action === 'accept';\n}\n`],
    ['an arrow constant', `const confirm = async (ctx, topic) => {\n  const answer = await ctx.mcpReq.elicitInput(${ELICIT});\n  return answer.action === 'accept';\n};\n`],
    ['a function expression through the closure server', `const confirm = async function (ctx, topic) {\n  const answer = await server.server.elicitInput(${ELICIT});\n  return answer.action === 'accept';\n};\n`],
  ];
  for (const [name, helper] of helpers) {
    it(`${name}, shared by two handlers: split once, each handler hands it its own answer`, () => {
      const text = HEAD + helper + tool('a', `  const ok = await confirm(ctx, topic);\n  return { content: [{ type: 'text', text: String(ok) }] };`) + tool('b', `  const sure = await confirm(ctx, 'b' + '!');\n  return { content: [{ type: 'text', text: String(sure) }] };`);
      const { after, outcomes } = migrate({ '/p/server.js': text });
      const out = after['/p/server.js']!;
      expect(outcomes).toEqual(['server.js:6 elicitation-request rewritten']);
      expect(out.match(/function confirmElicitation\(ctx, topic\) \{/g)).toHaveLength(1);
      // Both callers hand it the answer: no push request is left in the helper.
      expect(out).toContain('const answer = await answered();');
      expect(out).not.toContain('elicitInput(');
      expect(out).toContain("inputRequests.ok = inputRequired.elicit(confirmElicitation(ctx, topic));");
      expect(out).toContain("const ok = await confirm(ctx, topic, () => elicitationAnswer(ctx, 'ok'));");
      expect(out).toContain("inputRequests.sure = inputRequired.elicit(confirmElicitation(ctx, 'b' + '!'));");
      expect(out).toContain("const sure = await confirm(ctx, 'b' + '!', () => elicitationAnswer(ctx, 'sure'));");
    });
  }
});

/** A project on disk (modules are found by resolving their imports), its files by name. */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function onDisk(files: Files): Files {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-split-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'split', type: 'module', dependencies: { '@modelcontextprotocol/server': '2.4.0' } }));
  const out: Files = {};
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), text);
    out[path.join(dir, name)] = text;
  }
  return out;
}
const named = (files: Files, name: string): string => Object.entries(files).find(([p]) => path.basename(p) === name)![1];

describe('a helper some caller cannot hand an answer', () => {
  const helper = `export async function confirm(ctx, topic) {\n  const answer = await ctx.mcpReq.elicitInput(${ELICIT});\n  return answer.action === 'accept';\n}\n`;

  it('keeps asking push-style for the handler uproot could not move, and says so', () => {
    const moved = tool('a', `  const ok = await confirm(ctx, topic);\n  return { content: [{ type: 'text', text: String(ok) }] };`);
    // Logging before it asks: a round of its own would log again on every round, so this handler stays push-style.
    const held = tool('b', `  console.log(topic);\n  const ok = await confirm(ctx, topic);\n  return { content: [{ type: 'text', text: String(ok) }] };`);
    const server = `${HEAD.replace("import * as z from 'zod/v4';", "import * as z from 'zod/v4';\nimport { confirm } from './ask.js';")}${moved}${held}`;
    const { after, outcomes } = migrate(onDisk({ 'ask.js': helper, 'server.js': server }));
    // The held handler's call is as it was: the helper asks push-style for it, exactly as before.
    expect(named(after, 'server.js')).toContain("  console.log(topic);\n  const ok = await confirm(ctx, topic);");
    expect(named(after, 'server.js')).toContain("const ok = await confirm(ctx, topic, () => elicitationAnswer(ctx, 'ok'));");
    // The fallback push request stays for it, marked (scan and no-push-elicitation still see it, never silently).
    expect(named(after, 'ask.js')).toMatch(/\n  \/\/ uproot: \[push-request\] confirm\(\) now takes the answer from the handlers uproot moved to multi round-trip requests, and still asks push-style for the handler at server\.js:\d+; the handler also makes a push-style .* See \S+\n  const answer = await \(answered \? answered\(\) : ctx\.mcpReq\.elicitInput\(confirmElicitation\(ctx, topic\)\)\);/);
    expect(outcomes[0]).toMatch(/^ask\.js:2 elicitation-request marked push-request — confirm\(\) now takes the answer from the handlers uproot moved to multi round-trip requests, and still asks push-style for the handler at server\.js:\d+$/);
  });

  it('is left as it is when it is also called outside any handler, and the handler is reported', () => {
    const server = `${HEAD.replace("import * as z from 'zod/v4';", "import * as z from 'zod/v4';\nimport { confirm } from './ask.js';")}${tool('a', `  const ok = await confirm(ctx, topic);\n  return { content: [{ type: 'text', text: String(ok) }] };`)}setInterval(() => confirm(undefined, 'nightly'), 1000);\n`;
    const { after, outcomes } = migrate(onDisk({ 'ask.js': helper, 'server.js': server }));
    expect(named(after, 'ask.js')).toBe(helper);
    expect(named(after, 'server.js')).toBe(server);
    expect(outcomes).toEqual(['ask.js:2 elicitation-request reported']);
  });
});

describe('a helper every caller hands an answer', () => {
  it('after an optional parameter (TypeScript): takes the answer optional, but asks nothing push-style any more', () => {
    const ts = HEAD.replace("import { McpServer } from '@modelcontextprotocol/server';", "import { McpServer, type ServerContext } from '@modelcontextprotocol/server';");
    const helper = `async function confirm(ctx: ServerContext, topic?: string) {\n  const answer = await ctx.mcpReq.elicitInput(${ELICIT});\n  return answer.action === 'accept';\n}\n`;
    const { after, outcomes } = migrate({ '/p/server.ts': ts + helper + tool('a', `  const ok = await confirm(ctx, topic);\n  return { content: [{ type: 'text', text: String(ok) }] };`) });
    const out = after['/p/server.ts']!;
    expect(outcomes).toEqual(['server.ts:6 elicitation-request rewritten']);
    expect(out).toContain('async function confirm(ctx: ServerContext, topic?: string, answered?: () => Promise<ElicitResult>) {\n  const answer = await answered!();');
    expect(out).not.toContain('elicitInput(');
  });
});

describe('the plain declarations a helper makes before it asks', () => {
  // `subject` is read by `question`, `question` by the request, `label` after it.
  const helper = `async function confirm(ctx, topic) {\n  const subject = topic || \'it\';\n  const question = \`Proceed with \${subject}?\`;\n  const label = 'confirm';\n  const answer = await ctx.mcpReq.elicitInput({ message: question, requestedSchema: { type: 'object', properties: {} } });\n  return label + answer.action;\n}\n`;
  const handler = tool('a', `  const ok = await confirm(ctx, topic);\n  return { content: [{ type: 'text', text: ok }] };`);

  it('move into the builder; the helper keeps only those it still reads', () => {
    const { after, outcomes } = migrate({ '/p/server.js': HEAD + helper + handler });
    const out = after['/p/server.js']!;
    expect(outcomes).toEqual(['server.js:9 elicitation-request rewritten']);
    expect(out).toContain("async function confirm(ctx, topic, answered) {\n  const label = 'confirm';\n  const answer = await answered();\n  return label + answer.action;\n}");
    // The builder repeats only what its parameters read.
    expect(out).toContain('function confirmElicitation(ctx, topic) {\n  const subject = topic || \'it\';\n  const question = `Proceed with ${subject}?`;\n  return { message: question,');
  });

  it('go from the helper with its fallback too, whose parameters the builder now makes', () => {
    const held = tool('b', `  console.log(topic);\n  const ok = await confirm(ctx, topic);\n  return { content: [{ type: 'text', text: ok }] };`);
    const { after } = migrate({ '/p/server.js': HEAD + helper + handler + held });
    const out = after['/p/server.js']!;
    expect(out).toMatch(/async function confirm\(ctx, topic, answered\) \{\n  const label = 'confirm';\n  \/\/ uproot: \[push-request\] [^\n]*\n  const answer = await \(answered \? answered\(\) : ctx\.mcpReq\.elicitInput\(confirmElicitation\(ctx, topic\)\)\);/);
  });
});

describe('what the split cannot prove holds the handler whole', () => {
  const held: Array<[string, Files, RegExp]> = [
    [
      'a method on an object',
      { '/p/server.js': `${HEAD}const asks = {\n  async confirm(ctx, topic) {\n    const answer = await server.server.elicitInput(${ELICIT});\n    return answer.action;\n  },\n};\n${tool('a', `  const { roots } = await server.server.listRoots();\n  const ok = await asks.confirm(ctx, topic);\n  return { content: [{ type: 'text', text: ok + roots.length }] };`)}` },
      /held back by elicitInput\(\) in confirm\(\) \(line 7\), which cannot move into the handler's inputRequests: it is made in a method/,
    ],
    [
      'a helper that acts before it asks',
      { '/p/server.js': `${HEAD}async function confirm(ctx, topic) {\n  console.log(topic);\n  const answer = await ctx.mcpReq.elicitInput(${ELICIT});\n  return answer.action;\n}\n${tool('a', `  const { roots } = await server.server.listRoots();\n  const ok = await confirm(ctx, topic);\n  return { content: [{ type: 'text', text: ok + roots.length }] };`)}` },
      /confirm\(\) runs the statement at line \d+ before it/,
    ],
    [
      'a request two helpers deep',
      { '/p/server.js': `${HEAD}async function ask(ctx, topic) {\n  const answer = await ctx.mcpReq.elicitInput(${ELICIT});\n  return answer.action;\n}\nasync function confirm(ctx, topic) {\n  return ask(ctx, topic);\n}\n${tool('a', `  const { roots } = await server.server.listRoots();\n  const ok = await confirm(ctx, topic);\n  return { content: [{ type: 'text', text: ok + roots.length }] };`)}` },
      /more than one helper deep/,
    ],
  ];
  for (const [name, files, why] of held) {
    it(name, () => {
      const { after, outcomes } = migrate(files);
      const [path, text] = Object.entries(files)[0]!;
      // Nothing rewritten: the original but for the handler's one marker.
      expect(after[path]!.split('\n').filter((l) => !l.includes('// uproot: [')).join('\n')).toBe(text);
      expect(outcomes.find((o) => o.includes(' request marked push-request'))).toMatch(why);
    });
  }
});

describe('a request after a helper that may throw', () => {
  it('is asked in a round of its own, the helper’s answer carried in signed requestState', () => {
    const helper = `async function confirm(ctx, topic) {\n  const answer = await ctx.mcpReq.elicitInput(${ELICIT});\n  if (answer.action === 'cancel') throw new Error('cancelled');\n  return answer.action === 'accept';\n}\n`;
    const text = HEAD + helper + tool('a', `  const ok = await confirm(ctx, topic);\n  const draft = await ctx.mcpReq.requestSampling({ messages: [{ role: 'user', content: { type: 'text', text: topic } }], maxTokens: 5 });\n  return { content: [{ type: 'text', text: String(ok) + draft.model }] };`);
    const { after, outcomes } = migrate({ '/p/server.js': text });
    const out = after['/p/server.js']!;
    expect(outcomes.filter((o) => o.endsWith('rewritten'))).toHaveLength(2);
    expect(out).toContain('inputRequests.ok = inputRequired.elicit(confirmElicitation(ctx, topic));');
    expect(out).toMatch(/return inputRequired\(\{ inputRequests: \{ draft: inputRequired\.createMessage\(.*requestState: await requestStateCodec\.mint/);
    expect(out).toContain('requestState: { verify: requestStateCodec.verify }');
  });
});
