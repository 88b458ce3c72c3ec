// The memo behind testsToUpdate answers exactly what findRootsTestUses answers, per file and text, and
// hands out copies: a caller that edits its findings cannot change what the next run is told.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRootsTestUses } from '../../packages/core/src/index.ts';
import { rootsTestUsesOf } from '../../packages/uproot/src/migrate/test-uses-memo.ts';

const doubles = path.resolve(import.meta.dirname, '../fixtures/detection/neg-test-doubles.ts');
const client = `import { Client } from '@modelcontextprotocol/client';
const client = new Client({ name: 't', version: '1' }, { capabilities: { roots: { listChanged: true } } });
client.setRequestHandler('roots/list', async () => ({ roots: [] }));
`;

describe('rootsTestUsesOf', () => {
  it('answers what findRootsTestUses answers, on the first call and the next', () => {
    const text = readFileSync(doubles, 'utf8');
    const want = findRootsTestUses(text, doubles);
    expect(want.length).toBeGreaterThan(0);
    expect(rootsTestUsesOf(text, doubles)).toEqual(want);
    expect(rootsTestUsesOf(text, doubles)).toEqual(want);
  });

  it('a new text at the same path gets its own findings', () => {
    const file = '/project/test/memo-edited.test.ts';
    expect(rootsTestUsesOf(client, file)).toEqual([
      { use: 'declares-roots', line: 2 },
      { use: 'answers-roots-list', line: 3 },
    ]);
    expect(rootsTestUsesOf(`\n${client}`, file)).toEqual([
      { use: 'declares-roots', line: 3 },
      { use: 'answers-roots-list', line: 4 },
    ]);
    expect(rootsTestUsesOf('export {};\n', file)).toEqual([]);
  });

  it('hands out copies the caller may change', () => {
    const file = '/project/test/memo-copies.test.ts';
    const first = rootsTestUsesOf(client, file);
    first[0]!.line = 99;
    first.pop();
    expect(rootsTestUsesOf(client, file)).toEqual(findRootsTestUses(client, file));
  });
});
