// `--to mrtr` moves a handler's push-style elicitation and sampling requests into one inputRequired round with its
// roots request, in every spelling a real author uses, and leaves the whole handler marked when any request cannot
// move (dependent parameters, a condition, an effect before it, options, URL mode, a helper, v1).
import { describe, expect, it } from 'vitest';
import { parseSource } from '../../packages/core/src/parse.ts';
import { applyEdits } from '../../packages/core/src/plan/edits.ts';
import { planMrtrProject } from '../../transforms/mrtr.ts';
import { snakeCase } from '../../transforms/mrtr/push-round.ts';

const HEAD = `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 's', version: '1.0.0' });
`;

function migrate(body: string, file = '/p/src/server.ts'): { after: string; outcomes: string[]; details: string[] } {
  const text = HEAD + body;
  const plan = planMrtrProject([{ path: file, text }], {}).plans.get(file)!;
  const after = applyEdits(text, plan.edits);
  // Every written file parses; a second run changes nothing.
  parseSource(after, file);
  const again = planMrtrProject([{ path: file, text: after }], {}).plans.get(file)!;
  expect(applyEdits(after, again.edits)).toBe(after);
  return { after, outcomes: plan.outcomes.map((o) => `${o.site.kind} ${o.outcome}${o.reason ? ` ${o.reason}` : ''}`), details: plan.outcomes.flatMap((o) => (o.detail ? [o.detail] : [])) };
}

const tool = (handler: string) => `server.registerTool('t', { inputSchema: z.object({ topic: z.string() }) }, ${handler});\n`;
const ELICIT = `{ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }`;
const SAMPLE = `{ messages: [{ role: 'user', content: { type: 'text', text: topic } }], maxTokens: 5 }`;

describe('independent requests move into one round', () => {
  it('roots, an elicitation and a sampling request: one inputRequired, keys from the variables in snake_case', () => {
    const { after, outcomes } = migrate(
      tool(`async ({ topic }, ctx) => {
  const { roots } = await server.server.listRoots();
  const userName = await ctx.mcpReq.elicitInput(${ELICIT});
  const firstDraft = await server.server.createMessage(${SAMPLE});
  return { content: [{ type: 'text', text: userName.action + roots.length + firstDraft.model }] };
}`),
    );
    expect(outcomes).toEqual(['request rewritten', 'elicitation-request rewritten', 'sampling-request rewritten']);
    expect(after).toContain("inputRequests.roots = inputRequired.listRoots();");
    expect(after).toContain(`inputRequests.user_name = inputRequired.elicit(${ELICIT});`);
    expect(after).toContain(`inputRequests.first_draft = inputRequired.createMessage(${SAMPLE});`);
    expect(after.match(/return inputRequired\(/g)).toHaveLength(1);
    expect(after).toContain("const userName = await elicitationAnswer(ctx, 'user_name');");
    expect(after).toContain("const firstDraft = await samplingAnswer(ctx, 'first_draft');");
    expect(after).not.toMatch(/\.elicitInput\(|server\.createMessage\(/);
  });

  // The same handler, written the ways real authors write it.
  const spellings: Array<[string, string, string]> = [
    ['server.server.elicitInput', `const answer = await server.server.elicitInput(${ELICIT});`, "elicitationAnswer(ctx, 'answer')"],
    ['a destructured elicitInput', `const { elicitInput } = ctx.mcpReq;\n  const answer = await elicitInput(${ELICIT});`, "elicitationAnswer(ctx, 'answer')"],
    ['ctx.mcpReq.send elicitation/create', `const answer = await ctx.mcpReq.send({ method: 'elicitation/create', params: ${ELICIT} });`, "elicitationAnswer(ctx, 'answer', 'request')"],
    ['ctx.mcpReq.requestSampling', `const answer = await ctx.mcpReq.requestSampling(${SAMPLE});`, "samplingAnswer(ctx, 'answer')"],
    ['let, and a cast on the parameters', `let answer = await server.server.createMessage(${SAMPLE} as const);`, "samplingAnswer(ctx, 'answer')"],
  ];
  for (const [name, statement, read] of spellings) {
    it(`${name}`, () => {
      const { after, outcomes } = migrate(tool(`async ({ topic }, ctx) => {\n  ${statement}\n  return { content: [{ type: 'text', text: String(answer) + topic }] };\n}`));
      expect(outcomes.filter((o) => !o.startsWith('request'))).toEqual([outcomes.find((o) => o.includes('-request'))!.replace(/ .*/, ' rewritten')]);
      expect(after).toContain(read);
      expect(after).toContain("inputRequests.answer = inputRequired.");
    });
  }

  it('a named handler function and a prompt', () => {
    const { outcomes, after } = migrate(`async function review({ topic }: { topic: string }) {
  const verdict = await server.server.createMessage(${SAMPLE});
  return { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: verdict.model } }] };
}
server.registerPrompt('review', { argsSchema: { topic: z.string() } }, review);
`);
    expect(outcomes).toEqual(['sampling-request rewritten']);
    expect(after).toContain('async function review({ topic }: { topic: string }, ctx: ServerContext): Promise<GetPromptResult | InputRequiredResult> {');
  });

  it('keys stay unique: userName and UserName', () => {
    const { after } = migrate(
      tool(`async (_args, ctx) => {
  const userName = await ctx.mcpReq.elicitInput(${ELICIT});
  const UserName = await ctx.mcpReq.elicitInput(${ELICIT});
  return { content: [{ type: 'text', text: userName.action + UserName.action }] };
}`),
    );
    expect(after).toContain("elicitationAnswer(ctx, 'user_name')");
    expect(after).toContain("elicitationAnswer(ctx, 'user_name_2')");
  });

  it('snake_case keys', () => {
    expect(['userName', 'roots', 'HTTPReply', 'firstDraft2', 'answer'].map(snakeCase)).toEqual(['user_name', 'roots', 'http_reply', 'first_draft2', 'answer']);
  });
});

describe('dependent requests take successive rounds, their answers carried in signed requestState', () => {
  it('asks the dependent request where the handler makes it, signs the answers so far, and wires verify into the server', () => {
    const { after, outcomes } = migrate(
      tool(`async (_args, ctx) => {
  const { roots } = await server.server.listRoots();
  const count = roots.length;
  const answer = await ctx.mcpReq.elicitInput({ message: \`Archive \${count} folders?\`, requestedSchema: { type: 'object', properties: {} } });
  return { content: [{ type: 'text', text: answer.action }] };
}`),
    );
    expect(outcomes).toEqual(['request rewritten', 'elicitation-request rewritten']);
    expect(after).toContain("const server = new McpServer({ name: 's', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });");
    expect(after).toContain('const requestStateCodec = createRequestStateCodec<Record<string, unknown>>({ key: process.env.MCP_REQUEST_STATE_KEY ?? randomBytes(32) });');
    expect(after).toContain('ctx.mcpReq.inputResponses = { ...ctx.mcpReq.requestState<Record<string, unknown>>(), ...ctx.mcpReq.inputResponses };');
    // Roots at the entry; the confirmation after the count, in a round of its own that carries the roots.
    expect(after.indexOf('inputRequests.roots = inputRequired.listRoots()')).toBeLessThan(after.indexOf('const count = roots.length;'));
    expect(after.indexOf('const count = roots.length;')).toBeLessThan(after.indexOf("return inputRequired({ inputRequests: { answer: inputRequired.elicit("));
    expect(after).toContain('requestState: await requestStateCodec.mint(ctx.mcpReq.inputResponses ?? {}) });');
  });

  it('adds requestState to options the server already has', () => {
    const file = '/p/src/opts.ts';
    const text = (HEAD + tool(`async (_args, ctx) => {
  const first = await ctx.mcpReq.elicitInput(${ELICIT});
  const second = await ctx.mcpReq.elicitInput({ message: \`\${first.action}?\`, requestedSchema: { type: 'object', properties: {} } });
  return { content: [{ type: 'text', text: second.action }] };
}`)).replace("new McpServer({ name: 's', version: '1.0.0' })", "new McpServer({ name: 's', version: '1.0.0' }, { capabilities: { tools: {} } })");
    const after = applyEdits(text, planMrtrProject([{ path: file, text }], {}).plans.get(file)!.edits);
    expect(after).toContain("new McpServer({ name: 's', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify }, capabilities: { tools: {} } })");
  });

  it('holds the handler when the server is constructed above a require, where the codec cannot be declared yet', () => {
    const file = '/p/src/early.cjs';
    const text = `const { McpServer } = require('@modelcontextprotocol/server');
const server = new McpServer({ name: 's', version: '1.0.0' });
const z = require('zod/v4');
server.registerTool('t', { inputSchema: z.object({}) }, async (_args, ctx) => {
  const first = await ctx.mcpReq.elicitInput(${ELICIT});
  const second = await ctx.mcpReq.elicitInput({ message: \`\${first.action}?\`, requestedSchema: { type: 'object', properties: {} } });
  return { content: [{ type: 'text', text: second.action }] };
});
`;
    const plan = planMrtrProject([{ path: file, text }], {}).plans.get(file)!;
    expect(plan.edits).toEqual([]);
    expect(plan.outcomes.map((o) => o.detail ?? '').join('\n')).toMatch(/constructed before the file's last import/);
  });

  it('holds the handler when the server it is registered on is not constructed where uproot can see it', () => {
    const original = `export function register(server: McpServer): void {
  server.registerTool('t', { inputSchema: z.object({}) }, async (_args, ctx) => {
    const first = await ctx.mcpReq.elicitInput(${ELICIT});
    const second = await ctx.mcpReq.elicitInput({ message: \`\${first.action}?\`, requestedSchema: { type: 'object', properties: {} } });
    return { content: [{ type: 'text', text: second.action }] };
  });
}
`;
    const { after, outcomes, details } = migrate(original);
    expect(after).toBe(HEAD + original);
    expect(outcomes).toEqual(['elicitation-request reported', 'elicitation-request reported']);
    expect(details[0]).toMatch(/it needs a round of its own, whose requestState .* uproot signs only where it can wire the server's requestState.verify/);
  });
});

describe('a request after an early exit, or under a condition, is asked where the handler makes it', () => {
  /** The offset of the round that asks `key` in place, or -1. */
  const inPlaceAt = (after: string, key: string) => after.indexOf(`return inputRequired({ inputRequests: { ${key}: inputRequired.`);

  // The same early exit on the first answer, written the ways real authors write it; the second request needs
  // nothing the handler computes, yet the original never asks it when it exits, so it is asked after the exit.
  const exits: Array<[string, string]> = [
    ['if … return', `if (first.action !== 'accept') return { content: [] };`],
    ['if (!x) throw', `if (!first.content) throw new Error('no answer');`],
    ['a block that returns a call', `if (first.action === 'decline') {\n    const reason = 'declined';\n    return { content: [{ type: 'text', text: String(reason) }] };\n  }`],
    ['if … else return', `if (first.action === 'accept') {\n    // accepted\n  } else return { content: [] };`],
    ['a ternary in the condition', `if ((first.action === 'accept' ? first.content : undefined) === undefined) return { content: [] };`],
  ];
  for (const [name, exit] of exits) {
    it(name, () => {
      const { after, outcomes } = migrate(
        tool(`async ({ topic }, ctx) => {
  const first = (await ctx.mcpReq.elicitInput(${ELICIT})) as { action: string; content?: unknown };
  ${exit}
  const second = await server.server.createMessage(${SAMPLE});
  return { content: [{ type: 'text', text: first.action + second.model }] };
}`),
      );
      expect(outcomes).toEqual(['elicitation-request rewritten', 'sampling-request rewritten']);
      expect(after).toContain(`inputRequests.first = inputRequired.elicit(${ELICIT});`);
      expect(after).not.toContain('inputRequests.second = ');
      // The exit is kept as written, and the second request is asked after it.
      const exitAt = after.indexOf(exit.split('\n')[0]!);
      expect(exitAt).toBeGreaterThan(after.indexOf("const first = (await elicitationAnswer(ctx, 'first'))"));
      expect(inPlaceAt(after, 'second')).toBeGreaterThan(exitAt);
      expect(after).toContain("const second = await samplingAnswer(ctx, 'second');");
    });
  }

  it('a named handler function with a dependent second step', () => {
    const { after, outcomes } = migrate(`async function questionnaire(_args: { topic: string }, ctx: ServerContext) {
  const step1 = await server.server.elicitInput(${ELICIT});
  if (step1.action !== 'accept' || typeof step1.content?.name !== 'string') return { content: [] };
  const name = step1.content.name;
  const step2 = await server.server.elicitInput({ message: \`Color, \${name}?\`, requestedSchema: { type: 'object', properties: {} } });
  return { content: [{ type: 'text' as const, text: name + step2.action }] };
}
server.registerTool('q', { inputSchema: z.object({ topic: z.string() }) }, questionnaire);
`.replace('import { McpServer }', 'import { McpServer, type ServerContext }'));
    expect(outcomes).toEqual(['elicitation-request rewritten', 'elicitation-request rewritten']);
    expect(inPlaceAt(after, 'step2')).toBeGreaterThan(after.indexOf('const name = step1.content.name;'));
  });

  // A request under a condition on what the client declared, spelled as authors spell it: the condition now reads
  // this request's client, and the request is asked in its branch.
  const conditions: Array<[string, string, string]> = [
    ['a capabilities variable', `const caps = server.server.getClientCapabilities();\n  if (caps?.elicitation) {`, 'const caps = clientCapabilities(ctx, server.server);'],
    ['a direct read in the condition', `if (server.server.getClientCapabilities()?.elicitation) {`, 'if (clientCapabilities(ctx, server.server)?.elicitation) {'],
    ['a negated read with an else', `if (!server.server.getClientCapabilities()?.sampling) {\n    void 0;\n  } else {`, 'if (!clientCapabilities(ctx, server.server)?.sampling) {'],
    ['a Boolean of a read', `const canAsk = Boolean(server.server.getClientCapabilities()?.elicitation);\n  if (canAsk) {`, 'const canAsk = Boolean(clientCapabilities(ctx, server.server)?.elicitation);'],
  ];
  for (const [name, open, read] of conditions) {
    it(`under ${name}`, () => {
      const { after, outcomes } = migrate(
        tool(`async ({ topic }, ctx) => {
  ${open}
    const answer = await ctx.mcpReq.elicitInput(${ELICIT});
    return { content: [{ type: 'text', text: answer.action + topic }] };
  }
  return { content: [] };
}`),
      );
      expect(outcomes.filter((o) => !o.startsWith('capability'))).toEqual(['elicitation-request rewritten']);
      expect(after).toContain(read);
      expect(after).not.toMatch(/server\.server\.getClientCapabilities\(\)/);
      // Asked inside its branch, never at the entry.
      expect(after).not.toContain('inputRequests.answer = ');
      expect(inPlaceAt(after, 'answer')).toBeGreaterThan(after.indexOf(read));
      expect(after).toContain('function clientCapabilities(ctx: ServerContext, server: { getClientCapabilities(): ClientCapabilities | undefined }): ClientCapabilities | undefined {');
    });
  }
});

describe('a file an earlier run gave the push helpers', () => {
  it('gains the capabilities reader when a handler added since reads capabilities around a request', () => {
    const file = '/p/src/later.ts';
    const first = HEAD + tool(`async (_args, ctx) => {\n  const answer = await ctx.mcpReq.elicitInput(${ELICIT});\n  return { content: [{ type: 'text', text: answer.action }] };\n}`);
    const once = applyEdits(first, planMrtrProject([{ path: file, text: first }], {}).plans.get(file)!.edits);
    expect(once).toContain('function clientDeclares(');
    expect(once).not.toContain('function clientCapabilities(');
    const added = `${once}server.registerTool('u', { inputSchema: z.object({}) }, async (_args, ctx) => {
  const caps = server.server.getClientCapabilities();
  if (caps?.sampling) {
    const draft = await ctx.mcpReq.requestSampling({ messages: [], maxTokens: 5 });
    return { content: [{ type: 'text', text: draft.model }] };
  }
  return { content: [] };
});
`;
    const plan = planMrtrProject([{ path: file, text: added }], {}).plans.get(file)!;
    const after = applyEdits(added, plan.edits);
    parseSource(after, file);
    expect(plan.outcomes.map((o) => o.outcome)).toEqual(['rewritten']);
    expect(after.match(/function clientCapabilities\(/g)).toHaveLength(1);
    expect(after.match(/function clientDeclares\(/g)).toHaveLength(1);
    expect(after).toContain('const caps = clientCapabilities(ctx, server.server);');
    expect(after).toMatch(/import \{[^}]*\bClientCapabilities\b[^}]*\} from '@modelcontextprotocol\/server'/);
  });
});

describe("the handler's roots request is asked in the handler's order", () => {
  const order = (after: string) => [...after.matchAll(/inputRequests\.(\w+) = inputRequired\./g)].map((m) => m[1]);
  const cases: Array<[string, string, string[]]> = [
    ['after the other requests', `const userName = await ctx.mcpReq.elicitInput(${ELICIT});\n  const draft = await server.server.createMessage(${SAMPLE});\n  const { roots } = await server.server.listRoots();`, ['user_name', 'draft', 'roots']],
    ['between them', `const draft = await server.server.createMessage(${SAMPLE});\n  const listed = await server.server.listRoots();\n  const userName = await ctx.mcpReq.elicitInput(${ELICIT});\n  const roots = listed.roots;`, ['draft', 'roots', 'user_name']],
    ['after a plain declaration and a gate', `const userName = await ctx.mcpReq.elicitInput(${ELICIT});\n  const label = topic;\n  if (!server.server.getClientCapabilities()?.sampling) return { content: [] };\n  const draft = await server.server.createMessage(${SAMPLE});\n  const { roots } = await server.server.listRoots();\n  void label;`, ['user_name', 'draft', 'roots']],
  ];
  for (const [name, statements, keys] of cases) {
    it(name, () => {
      const { after, outcomes } = migrate(tool(`async ({ topic }, ctx) => {\n  ${statements}\n  return { content: [{ type: 'text', text: String(userName) + String(draft) + roots.length }] };\n}`));
      expect(outcomes.filter((o) => !o.startsWith('capability') && !o.endsWith('rewritten'))).toEqual([]);
      expect(order(after)).toEqual(keys);
      // One round: a client that cannot answer one request is asked nothing after it, as the original failed there.
      expect(after.match(/return inputRequired\(/g)).toHaveLength(1);
      expect(after).toContain('answerable = answerable && clientDeclaresRoots(ctx, server.server);');
    });
  }
});

describe('requests sent together with Promise.all go into one map', () => {
  const group = (elements: string, names: string) => tool(`async ({ topic }, ctx) => {
  const [${names}] = await Promise.all([
    ${elements},
  ]);
  return { content: [{ type: 'text', text: String(userName) + String(draft) + topic }] };
}`);

  it('an elicitation, a sampling request and roots: each asked whatever the others can be answered, read in the same Promise.all', () => {
    const { after, outcomes } = migrate(group(`ctx.mcpReq.elicitInput(${ELICIT}),\n    server.server.createMessage(${SAMPLE}),\n    server.server.listRoots()`, 'userName, draft, { roots }'));
    expect(outcomes).toEqual(['elicitation-request rewritten', 'sampling-request rewritten', 'request rewritten']);
    expect(after).toContain(`if (clientDeclares(ctx, server.server, 'elicitation', 'form') && inputResponse(ctx.mcpReq.inputResponses, 'user_name').kind !== 'elicit') inputRequests.user_name = inputRequired.elicit(${ELICIT});`);
    expect(after).toContain(`if (clientDeclares(ctx, server.server, 'sampling') && inputResponse(ctx.mcpReq.inputResponses, 'draft').kind !== 'sampling') inputRequests.draft = `);
    expect(after).toContain(`if (clientDeclaresRoots(ctx, server.server) && inputResponse(ctx.mcpReq.inputResponses, 'roots').kind !== 'roots') inputRequests.roots = inputRequired.listRoots();`);
    expect(after).toContain("Promise.all([\n    elicitationAnswer(ctx, 'user_name'),\n    samplingAnswer(ctx, 'draft'),\n    rootsFromAnswer(ctx),\n  ])");
    expect(after.match(/return inputRequired\(/g)).toHaveLength(1);
  });

  it('beside a plain value, after an answered request: the group is asked once the request before it can be answered', () => {
    const { after, outcomes } = migrate(
      tool(`async ({ topic }, ctx) => {
  const first = await ctx.mcpReq.elicitInput(${ELICIT});
  const [userName, draft, limit] = await Promise.all([ctx.mcpReq.elicitInput(${ELICIT}), ctx.mcpReq.requestSampling(${SAMPLE}), 3]);
  const last = await server.server.createMessage(${SAMPLE});
  return { content: [{ type: 'text', text: first.action + String(userName) + String(draft) + limit + last.model + topic }] };
}`),
    );
    expect(outcomes).toEqual(['elicitation-request rewritten', 'elicitation-request rewritten', 'sampling-request rewritten', 'sampling-request rewritten']);
    expect(after).toContain("if (answerable && clientDeclares(ctx, server.server, 'sampling') && inputResponse(ctx.mcpReq.inputResponses, 'draft').kind !== 'sampling')");
    // After the group, every member's client must answer before the next request is asked.
    expect(after).toContain("answerable = answerable && clientDeclares(ctx, server.server, 'elicitation', 'form') && clientDeclares(ctx, server.server, 'sampling');");
    expect(after).toContain("if (answerable && inputResponse(ctx.mcpReq.inputResponses, 'last').kind !== 'sampling') inputRequests.last = ");
  });

  const held: Array<[string, string, string, RegExp]> = [
    ['an element that acts', `ctx.mcpReq.elicitInput(${ELICIT}),\n    fetch(topic)`, 'userName, draft', /beside an element that acts/],
    ['a form elicitation after a sampling request', `server.server.createMessage(${SAMPLE}),\n    ctx.mcpReq.elicitInput(${ELICIT})`, 'draft, userName', /follows createMessage\(\) in Promise.all/],
    ['an answer destructured in place', `ctx.mcpReq.elicitInput(${ELICIT}),\n    server.server.createMessage(${SAMPLE})`, '{ action: userName }, draft', /not destructured from Promise.all into one variable/],
  ];
  for (const [name, elements, names, why] of held) {
    it(`holds the handler: ${name}`, () => {
      const original = group(elements, names);
      const { after, details } = migrate(original);
      expect(after).toBe(HEAD + original);
      expect(details.join('\n')).toMatch(why);
    });
  }
});

describe('values computed before the requests are computed once per call', () => {
  it('a timestamp and an id move ahead of the entry and travel in the signed requestState', () => {
    const { after, outcomes } = migrate(
      tool(`async (_args, ctx) => {
  const startedAt = Date.now();
  const ticket = crypto.randomUUID();
  const answer = await ctx.mcpReq.elicitInput({ message: \`Open \${ticket}?\`, requestedSchema: { type: 'object', properties: {} } });
  return { content: [{ type: 'text', text: \`\${answer.action} \${ticket} \${startedAt}\` }] };
}`),
    );
    expect(outcomes).toEqual(['elicitation-request rewritten']);
    expect(after).toContain("const startedAt = (ctx.mcpReq.inputResponses?.['uproot:values'] as Record<string, ReturnType<typeof Date.now>> | undefined)?.startedAt ?? Date.now();");
    expect(after).toContain("requestState: await requestStateCodec.mint({ ...ctx.mcpReq.inputResponses, 'uproot:values': { startedAt, ticket } })");
    // Asked at the entry (the id is known there), and declared once.
    expect(after.match(/const ticket = /g)).toHaveLength(1);
    expect(after.indexOf('const ticket = ')).toBeLessThan(after.indexOf('inputRequests.answer = inputRequired.elicit('));
  });

  it('a new Date() is the same instant in every round: carried as its ISO string and made a Date again', () => {
    const { after, outcomes } = migrate(
      tool(`async (_args, ctx) => {
  const startedAt = new Date();
  const answer = await ctx.mcpReq.elicitInput(${ELICIT});
  return { content: [{ type: 'text', text: answer.action + startedAt.toISOString() }] };
}`),
    );
    expect(outcomes).toEqual(['elicitation-request rewritten']);
    expect(after).toContain("const startedAt = new Date((ctx.mcpReq.inputResponses?.['uproot:values'] as Record<string, string> | undefined)?.startedAt ?? Date.now());");
    expect(after).toContain("'uproot:values': { startedAt } }");
  });

  it('new Date().toISOString() (push-js multiple_inputs) is carried like Date.now()', () => {
    const { after, outcomes } = migrate(
      tool(`async (_args, ctx) => {
  const startedAt = new Date().toISOString();
  const answer = await ctx.mcpReq.elicitInput(${ELICIT});
  return { content: [{ type: 'text', text: answer.action + startedAt }] };
}`),
    );
    expect(outcomes).toEqual(['elicitation-request rewritten']);
    expect(after).toContain("const startedAt = (ctx.mcpReq.inputResponses?.['uproot:values'] as Record<string, string> | undefined)?.startedAt ?? new Date().toISOString();");
  });

  it('a new Date(x) of a given time, or of a shadowing Date, is no fresh value and still holds the handler', () => {
    for (const decl of ['const startedAt = new Date(0);', 'const Date = class {};\n  const startedAt = new Date();']) {
      const { outcomes } = migrate(
        tool(`async (_args, ctx) => {
  ${decl}
  const answer = await ctx.mcpReq.elicitInput(${ELICIT});
  return { content: [{ type: 'text', text: answer.action + String(startedAt) }] };
}`),
      );
      expect(outcomes).toEqual(['elicitation-request reported']);
    }
  });
});

describe('a request that cannot move holds the whole handler', () => {
  const held: Array<[string, string, RegExp]> = [
    ['a request in a loop', `for (const t of [topic]) {\n    const answer = await ctx.mcpReq.elicitInput(${ELICIT});\n    void answer, t;\n  }\n  const answer = 1;`, /inside a loop, a try, a switch or a nested function/],
    ['a request in a try', `try {\n    const answer = await ctx.mcpReq.elicitInput(${ELICIT});\n    void answer;\n  } catch {}\n  const answer = 1;`, /inside a loop, a try, a switch or a nested function/],
    ['an effect before it', `console.log(topic);\n  const answer = await ctx.mcpReq.elicitInput(${ELICIT});`, /the statement at line \d+ runs before it/],
    ['an early return on a condition that acts', `if (await allowed(topic)) return { content: [] };\n  const answer = await ctx.mcpReq.elicitInput(${ELICIT});`, /the statement at line \d+ runs before it, and would run again on every round/],
    ['a request under a condition that acts', `if (allowed(topic)) {\n    const answer = await ctx.mcpReq.elicitInput(${ELICIT});\n    void answer;\n  }\n  const answer = 1;`, /under the condition at line \d+, which acts/],
    ['an assignment between an early return and the request', `let seen = 0;\n  if (!topic) return { content: [] };\n  seen = 1;\n  const answer = await ctx.mcpReq.elicitInput(${ELICIT});\n  void seen;`, /the statement at line \d+ runs before it/],
    ['request options', `const answer = await ctx.mcpReq.elicitInput(${ELICIT}, { timeout: 5 });`, /request options/],
    ['URL mode', `const answer = await ctx.mcpReq.elicitInput({ mode: 'url', message: 'Log in', url: 'https://example.com', elicitationId: 'x' });`, /URL-mode/],
    ['parameters built by a call', `const answer = await server.server.createMessage({ messages: [], maxTokens: Math.max(1, 2) });`, /an expression with effects/],
    ['an answer not bound to a variable', `const { action: answer } = await ctx.mcpReq.elicitInput(${ELICIT});`, /not awaited into one variable/],
    ['sampling with tools', `const answer = await server.server.createMessage({ messages: [], maxTokens: 5, tools: [] });`, /offers the model tools/],
  ];
  for (const [name, statements, why] of held) {
    it(name, () => {
      const original = tool(`async ({ topic }, ctx) => {\n  const { roots: folders } = await server.server.listRoots();\n  ${statements}\n  return { content: [{ type: 'text', text: String(answer) + folders.length }] };\n}`);
      const { after, outcomes, details } = migrate(original);
      expect(outcomes[0]).toBe('request marked push-request');
      expect(outcomes.slice(1).every((o) => o.endsWith('reported'))).toBe(true);
      expect(details.join('\n')).toMatch(why);
      // Nothing inside the handler rewritten: the original but for one marker line.
      expect(after.split('\n').filter((l) => !l.includes('// uproot: [push-request]')).join('\n')).toBe(HEAD + original);
    });
  }

  it('a handler that only elicits, after a condition that acts, is left as it was and its request reported with the reason', () => {
    const original = tool(`async ({ topic }, ctx) => {\n  if (!check(topic)) return { content: [] };\n  const answer = await ctx.mcpReq.elicitInput(${ELICIT});\n  return { content: [{ type: 'text', text: answer.action }] };\n}`);
    const { after, outcomes, details } = migrate(original);
    expect(after).toBe(HEAD + original);
    expect(outcomes).toEqual(['elicitation-request reported']);
    expect(details[0]).toMatch(/^elicitInput\(\) \(line 7\) cannot move into the handler's inputRequests: the statement at line 6 runs before it/);
  });

  it("a roots request after an early exit holds the handler (roots are asked only at the entry)", () => {
    const original = tool(`async ({ topic }, ctx) => {\n  const answer = await ctx.mcpReq.elicitInput(${ELICIT});\n  if (answer.action !== 'accept') return { content: [] };\n  const { roots } = await server.server.listRoots();\n  return { content: [{ type: 'text', text: topic + roots.length }] };\n}`);
    const { after, outcomes, details } = migrate(original);
    expect(outcomes).toEqual(['elicitation-request reported', 'request marked push-request']);
    expect(details.join('\n')).toMatch(/the statement at line 7 runs before the handler's roots request/);
    expect(after.split('\n').filter((l) => !l.includes('// uproot: [push-request]')).join('\n')).toBe(HEAD + original);
  });

  it('v1 code is not moved (the v1 SDK has no MRTR)', () => {
    const text = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 's', version: '1.0.0' });
server.tool('t', async () => {
  const answer = await server.server.elicitInput(${ELICIT});
  return { content: [{ type: 'text', text: answer.action }] };
});
`;
    const plan = planMrtrProject([{ path: '/p/v1.ts', text }], {}).plans.get('/p/v1.ts')!;
    expect(plan.edits).toEqual([]);
    expect(plan.outcomes.map((o) => o.outcome)).toEqual(['reported']);
  });
});

describe('requests sent together after something that keeps them from the entry: one round of their own', () => {
  // The same group, kept from the entry three ways: an early exit, a request asked in place before it, a cast.
  const groups: Array<[string, string]> = [
    ['after an early return', `if (!topic) return { content: [{ type: 'text', text: 'no topic' }] };\n  const [consent, draft] = await Promise.all([ctx.mcpReq.elicitInput(${ELICIT}), server.server.createMessage(${SAMPLE})]);`],
    ['after an early throw, the group awaited in a cast', `if (topic.length > 99) throw new Error('too long');\n  const [consent, draft] = (await Promise.all([ctx.mcpReq.elicitInput(${ELICIT}), ctx.mcpReq.requestSampling(${SAMPLE})])) as const;`],
    ['after a request asked in place', `const first = await ctx.mcpReq.elicitInput(${ELICIT});\n  if (first.action !== 'accept') return { content: [{ type: 'text', text: 'no' }] };\n  const [consent, draft] = await Promise.all([ctx.mcpReq.elicitInput({ message: String(first.content?.name), requestedSchema: { type: 'object', properties: {} } }), server.server.createMessage(${SAMPLE})]);`],
  ];
  for (const [name, statements] of groups) {
    it(name, () => {
      const { after, outcomes } = migrate(
        tool(`async ({ topic }, ctx) => {
  ${statements}
  return { content: [{ type: 'text', text: consent.action + draft.model }] };
}`),
      );
      expect(outcomes.every((o) => o.endsWith(' rewritten'))).toBe(true);
      // One block before the group's statement asks both, each whatever the other's client can answer.
      const block = after.slice(after.indexOf('// Sent together (Promise.all)'), after.indexOf('const [consent, draft]'));
      expect(block).toContain("if (clientDeclares(ctx, server.server, 'elicitation', 'form') && inputResponse(ctx.mcpReq.inputResponses, 'consent').kind !== 'elicit') inputRequests.consent = inputRequired.elicit(");
      expect(block).toContain("if (clientDeclares(ctx, server.server, 'sampling') && inputResponse(ctx.mcpReq.inputResponses, 'draft').kind !== 'sampling') inputRequests.draft = inputRequired.createMessage(");
      expect(block).toContain('if (Object.keys(inputRequests).length > 0) return inputRequired({ inputRequests');
      expect(after).toMatch(/Promise\.all\(\[elicitationAnswer\(ctx, 'consent'\), samplingAnswer\(ctx, 'draft'\)\]\)/);
    });
  }

  it('a group whose neighbour acts is still held', () => {
    const { outcomes, details } = migrate(
      tool(`async ({ topic }, ctx) => {
  if (!topic) return { content: [{ type: 'text', text: 'no topic' }] };
  const [consent, stamp] = await Promise.all([ctx.mcpReq.elicitInput(${ELICIT}), fetch('https://example.com')]);
  return { content: [{ type: 'text', text: consent.action + String(stamp.ok) }] };
}`),
    );
    expect(outcomes).toEqual(['elicitation-request reported']);
    expect(details.join('\n')).toContain('beside an element that acts');
  });
});
