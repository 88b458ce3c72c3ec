// The core names what a test file does with roots: client-side sites from the one matcher, and the
// doubles of a server's roots request that the matcher rightly never reports as sites.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRootsTestUses } from '../../packages/core/src/index.ts';
import { scanText } from '../../packages/core/src/scan-text.ts';

const doubles = path.resolve(import.meta.dirname, '../fixtures/detection/neg-test-doubles.ts');

describe('findRootsTestUses', () => {
  it('finds a client answering roots/list, declaring roots and sending list_changed, at their lines', () => {
    const text = `import { Client } from '@modelcontextprotocol/client';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const client = new Client({ name: 't', version: '1' }, { capabilities: { roots: { listChanged: true } } });
client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [] }));
await client.sendRootsListChanged();
`;
    expect(findRootsTestUses(text, 'client.test.ts')).toEqual([
      { use: 'declares-roots', line: 4 },
      { use: 'answers-roots-list', line: 5 },
      { use: 'sends-list-changed', line: 6 },
    ]);
  });

  it('finds the doubles of a server request that are not sites, and skips imports and comments', () => {
    const text = readFileSync(doubles, 'utf8');
    expect(scanText(text, doubles).sites).toEqual([]);
    const uses = findRootsTestUses(text, doubles);
    expect(uses.filter((u) => u.use === 'stubs-list-roots').map((u) => u.line)).toEqual([8, 12, 20]);
    expect(uses.filter((u) => u.use === 'names-roots-method').map((u) => u.line)).toEqual([22, 23, 26]);
    expect(uses.filter((u) => u.use === 'sends-list-changed').map((u) => u.line)).toEqual([27, 28]);
    expect(uses.some((u) => u.line === 3 || u.line === 1)).toBe(false);
  });

  it('finds a server double whose getClientCapabilities answers roots, on one line or several, and not one without roots', () => {
    const text = `const one = { server: { getClientCapabilities: vi.fn(() => ({ roots: {} })) } };
const several = {
  getClientCapabilities: vi.fn(() => ({
    sampling: {},
    roots: {},
  })),
};
const none = { getClientCapabilities: () => ({ sampling: {} }) };
`;
    expect(findRootsTestUses(text, 'tools.test.ts')).toEqual([
      { use: 'stubs-client-roots', line: 1 },
      { use: 'stubs-client-roots', line: 3 },
    ]);
  });

  it('finds nothing in a test without roots, and does not throw on one that does not parse', () => {
    expect(findRootsTestUses("import { it } from 'vitest';\nit('adds', () => {});\n", 'a.test.ts')).toEqual([]);
    expect(findRootsTestUses("import '@modelcontextprotocol/sdk';\nserver.listRoots(\n", 'b.test.ts')).toEqual([{ use: 'stubs-list-roots', line: 2 }]);
  });
});
