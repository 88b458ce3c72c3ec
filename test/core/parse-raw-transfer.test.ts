// On Node 22+ parseSource takes oxc's AST through raw transfer (a shared buffer) instead of its JSON
// string (parse.ts). The finder must see the same AST either way: every fixture and installed MCP source
// file parsed both ways must serialise to the same text, key for key. Node 20 cannot make the buffer
// (the JSON path is the only one there, and every other test runs it), so this check runs on Node 22+.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync, rawTransferSupported } from 'oxc-parser';
import { describe, expect, it } from 'vitest';
import { MCP_PACKAGES, sourceFiles } from './source-tree.ts';

const root = path.resolve(import.meta.dirname, '../..');
const files = [path.join(root, 'test/fixtures'), ...MCP_PACKAGES.map((name) => path.join(root, 'node_modules', name))].flatMap((dir) => sourceFiles(dir));

function langOf(file: string): 'ts' | 'tsx' | 'jsx' {
  if (file.endsWith('.tsx')) return 'tsx';
  return /\.[cm]?ts$/.test(file) ? 'ts' : 'jsx';
}

/** BigInt and RegExp literal values as text: JSON.stringify cannot write the one and drops the other. */
const serialise = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' || v instanceof RegExp ? String(v) : v));

describe.skipIf(!rawTransferSupported())('raw transfer (Node 22+)', () => {
  it('gives the AST, comments and errors of the JSON path for every fixture and MCP source file', () => {
    expect(files.length).toBeGreaterThan(200);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const sourceType of ['module', 'script'] as const) {
        const options = { lang: langOf(file), astType: 'ts', range: false, preserveParens: false, showSemanticErrors: false, sourceType } as const;
        const json = parseSync(file, text, options);
        // Not in oxc's ParserOptions type, though index.js reads it (as parse.ts does).
        const rawOptions = { ...options, experimentalRawTransfer: true };
        const raw = parseSync(file, text, rawOptions);
        expect(serialise(raw.program), file).toBe(serialise(json.program));
        expect(serialise(raw.comments), file).toBe(serialise(json.comments));
        expect(serialise(raw.errors), file).toBe(serialise(json.errors));
      }
    }
  });
});
