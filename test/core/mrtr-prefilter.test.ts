// The MRTR text pre-filter decides which files the MRTR checks never see, in scan, ESLint and the
// tsserver plugin alike. It may only skip files that hold no MRTR problem: every file of the
// fixtures and every installed MCP package file naming listChanged is checked against the full
// checks, and the one sharpening it makes (a listChanged with no `roots` is skipped) is pinned.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findMrtrProblems, mayContainMrtrProblems } from '../../packages/core/src/mrtr/index.ts';
import { ParseError, parseSource } from '../../packages/core/src/parse.ts';
import { MCP_PACKAGES, sourceFiles } from './source-tree.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

function problemsOf(file: string, text: string): string[] {
  try {
    const { ast, scopeManager } = parseSource(text, file);
    return findMrtrProblems({ ast, text, scopeManager }).map((p) => p.rule + ':' + p.messageId);
  } catch (error) {
    if (error instanceof ParseError) return [];
    throw error;
  }
}


describe('mayContainMrtrProblems', () => {
  it('keeps every fixture file that holds an MRTR problem', () => {
    const dropped: string[] = [];
    const messages = new Set<string>();
    for (const file of sourceFiles(path.join(REPO, 'test/fixtures'))) {
      const text = readFileSync(file, 'utf8');
      const found = problemsOf(file, text);
      for (const m of found) messages.add(m);
      if (found.length && !mayContainMrtrProblems(text)) dropped.push(`${path.relative(REPO, file)}: ${found.join(', ')}`);
    }
    expect(dropped).toEqual([]);
    // The sweep means something only if the fixtures hold problems, the roots.listChanged one included.
    expect(messages.has('mrtr-client-capabilities:rootsListChanged')).toBe(true);
    expect(messages.size).toBeGreaterThan(5);
  });

  it('keeps every installed MCP package file naming listChanged that holds an MRTR problem', () => {
    const dropped: string[] = [];
    let checked = 0;
    for (const pkg of MCP_PACKAGES) {
      const dir = path.join(REPO, 'node_modules', pkg);
      for (const file of sourceFiles(dir)) {
        const text = readFileSync(file, 'utf8');
        if (!text.includes('listChanged')) continue;
        checked++;
        const found = problemsOf(file, text);
        if (found.length && !mayContainMrtrProblems(text)) dropped.push(`${path.relative(REPO, file)}: ${found.join(', ')}`);
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(dropped).toEqual([]);
  }, 120_000);

  it('keeps roots.listChanged in 2026-07-28 capabilities, the check that needs no input_required', () => {
    const text = [
      "import { Client } from '@modelcontextprotocol/client';",
      "export const client = new Client({ name: 'c', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } }, versionNegotiation: { mode: 'auto' } });",
      '',
    ].join('\n');
    expect(problemsOf('client.ts', text)).toEqual(['mrtr-client-capabilities:rootsListChanged']);
    expect(mayContainMrtrProblems(text)).toBe(true);
    // Spread in from another object: the `roots` key is still spelled in the file.
    const spread = text.replace('capabilities: { roots: { listChanged: true } }', 'capabilities: { ...base }').replace('export const client', "const base = { 'roots': { listChanged: true } };\nexport const client");
    expect(problemsOf('client.ts', spread)).toEqual(['mrtr-client-capabilities:rootsListChanged']);
    expect(mayContainMrtrProblems(spread)).toBe(true);
  });

  it('skips listChanged of tools, prompts and resources, and keeps the result spellings', () => {
    const tools = "import { McpServer } from '@modelcontextprotocol/server';\nexport const s = new McpServer({ name: 's', version: '1' }, { capabilities: { tools: { listChanged: true }, prompts: { listChanged: true } } });\n";
    expect(problemsOf('server.ts', tools)).toEqual([]);
    expect(mayContainMrtrProblems(tools)).toBe(false);
    for (const spelling of ["resultType: 'input_required'", 'inputRequired(', 'isInputRequiredResult(', 'requestState']) expect(mayContainMrtrProblems(`x(${spelling})`)).toBe(true);
    expect(mayContainMrtrProblems('const input = read(); const ok = listChanged;')).toBe(false);
  });
});
