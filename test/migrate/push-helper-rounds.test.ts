// Helper requests (split, pushjs) beside requests asked where the handler makes them (rounds): a helper's request is
// asked at the entry, or, where the handler calls the helper under a condition or after an early exit, in a round of
// its own right there, as a request the handler made itself would be. In Promise.all beside roots, a helper's form
// elicitation still holds the handler whole, with one marker: never half rewritten. A request the handler makes itself
// after the helper's answer is still asked in place.
import { describe, expect, it } from 'vitest';
import { migrate } from './mrtr-project-run.ts';

const HEAD = `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 's', version: '1.0.0' });
async function confirm(ctx, topic) {
  const answer = await ctx.mcpReq.elicitInput({ message: \`Proceed with \${topic}?\`, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } });
  return answer.action === 'accept';
}
`;
const tool = (body: string) => `server.registerTool('a', { inputSchema: z.object({ topic: z.string() }) }, async ({ topic }, ctx) => {\n${body}\n});\n`;
const ROOTS = `  const { roots } = await server.server.listRoots();\n`;
const SAMPLE = `await ctx.mcpReq.requestSampling({ messages: [{ role: 'user', content: { type: 'text', text: topic } }], maxTokens: 5 })`;

describe('a helper the handler calls where its request needs a round of its own', () => {
  const inPlace = (after: string) => after.indexOf('return inputRequired({ inputRequests: { ok: inputRequired.elicit(confirmElicitation(ctx, topic)) }');
  const moved: Array<[string, string, string]> = [
    ['under a condition', `${ROOTS}  if (topic) {\n    const ok = await confirm(ctx, topic);\n    return { content: [{ type: 'text', text: String(ok) + roots.length }] };\n  }\n  return { content: [] };`, '  if (topic) {'],
    ['after an early return', `${ROOTS}  if (!topic) return { content: [] };\n  const ok = await confirm(ctx, topic);\n  return { content: [{ type: 'text', text: String(ok) + roots.length }] };`, '  if (!topic) return { content: [] };'],
  ];
  for (const [name, body, before] of moved) {
    it(`${name}: asked there, after roots at the entry, the helper handed the answer`, () => {
      const { after, outcomes } = migrate({ '/p/server.js': HEAD + tool(body) });
      const out = after['/p/server.js']!;
      expect(outcomes.filter((o) => !o.endsWith('rewritten'))).toEqual([]);
      expect(out).toContain('inputRequests.roots = inputRequired.listRoots();');
      expect(out).not.toContain('inputRequests.ok = ');
      expect(inPlace(out)).toBeGreaterThan(out.indexOf(before));
      expect(out.indexOf(before)).toBeGreaterThan(out.indexOf('inputRequests.roots = '));
      expect(out).toContain("const ok = await confirm(ctx, topic, () => elicitationAnswer(ctx, 'ok'));");
    });
  }

  it('in Promise.all beside roots, a form elicitation: held whole, the helper untouched', () => {
    const text = HEAD + tool(`  const [{ roots }, ok] = await Promise.all([server.server.listRoots(), confirm(ctx, topic)]);\n  return { content: [{ type: 'text', text: String(ok) + roots.length }] };`);
    const { after, outcomes } = migrate({ '/p/server.js': text });
    expect(after['/p/server.js']!.split('\n').filter((l) => !l.includes('// uproot: [')).join('\n')).toBe(text);
    expect(outcomes.find((o) => o.includes(' request marked push-request'))).toMatch(/a client without form elicitation saw this one fail first/);
  });
});

describe('a helper asked at the entry, then a request of the handler after an early exit on its answer', () => {
  it('asks the helper up front and the handler’s own request where the handler makes it', () => {
    const text = HEAD + tool(`${ROOTS}  const ok = await confirm(ctx, topic);\n  if (!ok) return { content: [] };\n  const draft = ${SAMPLE};\n  return { content: [{ type: 'text', text: draft.model + roots.length }] };`);
    const { after, outcomes } = migrate({ '/p/server.js': text });
    const out = after['/p/server.js']!;
    expect(outcomes.filter((o) => o.endsWith('rewritten'))).toHaveLength(3);
    expect(out).toContain('inputRequests.roots = inputRequired.listRoots();');
    expect(out).toContain('inputRequests.ok = inputRequired.elicit(confirmElicitation(ctx, topic));');
    expect(out).toContain("const ok = await confirm(ctx, topic, () => elicitationAnswer(ctx, 'ok'));");
    expect(out.indexOf('if (!ok) return { content: [] };')).toBeLessThan(out.indexOf('return inputRequired({ inputRequests: { draft: inputRequired.createMessage('));
    expect(out).toContain('requestState: { verify: requestStateCodec.verify }');
  });
});
