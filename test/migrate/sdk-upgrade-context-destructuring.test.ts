// After the official codemod, a handler that destructures v1's per-request `extra` keeps it, under "Destructuring of
// context parameter … Manual refactoring required" (code-tools-mcp's `async (input, { signal }) => …`): v2's ctx has
// no `signal`, so the upgraded code fails the type check and reads undefined. uproot reaches each field's v2 home
// where it has exactly one, and leaves the marker on anything else.
import { describe, expect, it } from 'vitest';
import { repairContextDestructuring } from '../../packages/uproot/src/sdk-upgrade/context-destructuring.ts';

const marker = (pattern: string) =>
  `/* @mcp-codemod-error Destructuring of context parameter in signature: "${pattern}". Properties have been reorganized in v2 (e.g., signal is now ctx.mcpReq.signal). Manual refactoring required. */`;

describe('the codemod left a handler destructuring its context', () => {
  it('reaches signal under mcpReq and drops the marker (an arrow passed to registerTool)', () => {
    const text = `server.registerTool(
  'grep',
  { inputSchema: shape },
  ${marker('{ signal }')}
  async (input, { signal }) =>
    run(input, signal),
);
`;
    const repaired = repairContextDestructuring(text, 'a.ts')!;
    expect(repaired.text).toBe(text.replace(`  ${marker('{ signal }')}\n`, '').replace('async (input, { signal })', 'async (input, { mcpReq: { signal } })'));
    expect(repaired.lines).toEqual([4]);
  });

  it('renames requestId to mcpReq.id and keeps sessionId at the top, in a function expression with a typed pattern', () => {
    const text = `server.setRequestHandler(CallToolRequestSchema,
  ${marker('{ requestId: rid, sessionId, signal }')}
  async function (request, { requestId: rid, sessionId, signal }: Ctx) {
    return handle(request, rid, sessionId, signal);
  });
`;
    const repaired = repairContextDestructuring(text, 'b.ts')!;
    expect(repaired.text).toContain('async function (request, { mcpReq: { id: rid, signal }, sessionId }: Ctx) {');
    expect(repaired.text).not.toContain('@mcp-codemod-error');
  });

  it('binds a bare requestId to mcpReq.id under its own name', () => {
    const text = `server.registerTool('t', {},\n  ${marker('{ requestId }')}\n  (args, { requestId }) => ok(args, requestId));\n`;
    expect(repairContextDestructuring(text, 'e.ts')!.text).toContain('(args, { mcpReq: { id: requestId } }) => ok(args, requestId)');
  });

  it('keeps the marker when a field has no single v2 home (authInfo, sendRequest) or the pattern has a default', () => {
    for (const pattern of ['{ authInfo }', '{ signal, sendRequest }', '{ signal = undefined }', '{ ...rest }']) {
      const text = `server.registerTool('t', {}, \n  ${marker(pattern)}\n  async (args, ${pattern}) => ok(args));\n`;
      expect(repairContextDestructuring(text, 'c.ts'), pattern).toBeUndefined();
    }
  });

  it('touches nothing without the codemod\'s marker above the function', () => {
    const text = "server.registerTool('t', {}, async (args, { signal }) => ok(args, signal));\n";
    expect(repairContextDestructuring(text, 'd.ts')).toBeUndefined();
  });
});
