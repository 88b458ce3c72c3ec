// Handlers kept as members: `tools.archive` (an object literal's method or arrow) and a class instance's method
// handed the handler's ctx. Their requests were once invisible, so `migrate --to mrtr` could rewrite a handler's
// roots request while its elicitation, made in `workspace.confirm(msg, ctx)`, stayed push-style to throw on
// 2026-07-28. Now a member handler migrates whole, and a method that asks holds its handler whole.
import { describe, expect, it } from 'vitest';
import { migrate } from './mrtr-project-run.ts';

const header = `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
const server = new McpServer({ name: 'members', version: '1.0.0' });
const form = { type: 'object', properties: {} };
`;

const handlerBody = `const { roots } = await ctx.mcpReq.send({ method: 'roots/list' });
    const answer = await ctx.mcpReq.elicitInput({ message: \`Archive \${roots.length}?\`, requestedSchema: form });
    return { content: [{ type: 'text', text: answer.action }] };`;

/** The same handler (roots, then an elicitation that depends on them) registered as a member, four ways. */
const memberSpellings: Record<string, string> = {
  'an object method': `const tools = {\n  async archive(_args, ctx) {\n    ${handlerBody}\n  },\n};\nserver.registerTool('archive', { inputSchema: z.object({}) }, tools.archive);\n`,
  'an arrow property read by a string key': `const tools = {\n  archive: async (_args, ctx) => {\n    ${handlerBody}\n  },\n};\nserver.registerTool('archive', { inputSchema: z.object({}) }, tools['archive']);\n`,
  'a bound method of an object held as const': `const tools = {\n  async archive(_args, ctx) {\n    ${handlerBody}\n  },\n} as const;\nserver.registerTool('archive', { inputSchema: z.object({}) }, tools.archive.bind(tools));\n`,
  "a class instance's bound method": `class Tools {\n  async archive(_args, ctx) {\n    ${handlerBody}\n  }\n}\nconst tools = new Tools();\nserver.registerTool('archive', { inputSchema: z.object({}) }, tools.archive.bind(tools));\n`,
};

describe('migrate --to mrtr: handlers kept as members', () => {
  for (const [name, code] of Object.entries(memberSpellings)) {
    it(`${name}: roots and the elicitation move into MRTR together`, () => {
      const { after, outcomes } = migrate({ '/p/server.ts': header + code });
      expect(outcomes).toEqual([expect.stringMatching(/^server\.ts:\d+ request rewritten$/), expect.stringMatching(/^server\.ts:\d+ elicitation-request rewritten$/)]);
      const text = after['/p/server.ts']!;
      expect(text).toContain("inputRequired.listRoots()");
      expect(text).toContain('inputRequired.elicit(');
      expect(text).not.toMatch(/ctx\.mcpReq\.(send|elicitInput)\(/);
    });
  }

  const helperSpellings: Record<string, string> = {
    "a class instance's method handed ctx": `class Workspace {\n  async confirm(message, ctx) {\n    return ctx.mcpReq.elicitInput({ message, requestedSchema: form });\n  }\n}\nconst workspace = new Workspace();\n`,
    "an object's method handed ctx": `const workspace = {\n  confirm: (message, ctx) => ctx.mcpReq.elicitInput({ message, requestedSchema: form }),\n};\n`,
  };
  for (const [name, helper] of Object.entries(helperSpellings)) {
    it(`${name}: the elicitation it makes holds the handler's roots request whole`, () => {
      const handler = `server.registerTool('archive', { inputSchema: z.object({}) }, async (_args, ctx) => {\n  const { roots } = await ctx.mcpReq.send({ method: 'roots/list' });\n  const answer = await workspace.confirm(\`Archive \${roots.length}?\`, ctx);\n  return { content: [{ type: 'text', text: answer.action }] };\n});\n`;
      const source = header + helper + handler;
      const { after, outcomes } = migrate({ '/p/server.ts': source });
      expect(outcomes.some((o) => / elicitation-request /.test(o))).toBe(true);
      expect(outcomes.find((o) => / request /.test(o))).toMatch(/request marked push-request — held back by elicitInput\(\) in confirm\(\)/);
      // No half rewrite: nothing but the marker comment changes.
      expect(after['/p/server.ts']!.split('\n').filter((l) => !l.includes('// uproot:')).join('\n')).toBe(source);
    });
  }
});
