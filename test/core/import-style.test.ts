// An import uproot adds is written the way the file writes its own: its quotes, its semicolons.
import { describe, expect, it } from 'vitest';
import { parseSource } from '../../packages/core/src/parse.ts';
import { applyEdits } from '../../packages/core/src/plan/edits.ts';
import { importStyleOf } from '../../packages/core/src/plan/import-style.ts';
import { planImports } from '../../packages/core/src/plan/imports.ts';

function added(text: string, file = '/x/server.ts'): string {
  const { ast } = parseSource(text, file);
  const { edits } = planImports(text, ast, 'node:url', [{ name: 'fileURLToPath' }], file.endsWith('.ts'));
  return applyEdits(text, edits);
}

describe('importStyleOf', () => {
  it('takes the quote and the semicolon of the first import or require', () => {
    const style = (text: string, file = '/x/a.ts') => importStyleOf(text, parseSource(text, file).ast);
    expect(style("import { a } from 'a';\n")).toEqual({ quote: "'", semi: ';' });
    expect(style('import { a } from "a";\n')).toEqual({ quote: '"', semi: ';' });
    expect(style("import { a } from 'a'\nimport { b } from \"b\";\n")).toEqual({ quote: "'", semi: '' });
    expect(style('"use strict";\nconst { a } = require("a")\n', '/x/a.cjs')).toEqual({ quote: '"', semi: '' });
    // Nothing to follow: single quotes and semicolons.
    expect(style('export const a = 1\n')).toEqual({ quote: "'", semi: ';' });
  });
});

describe('planImports', () => {
  it('writes a new import line in the file’s style', () => {
    expect(added('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport const s = 1;\n')).toBe(
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { fileURLToPath } from "node:url";\nexport const s = 1;\n',
    );
    expect(added("import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'\nexport const s = 1\n")).toBe(
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'\nimport { fileURLToPath } from 'node:url'\nexport const s = 1\n",
    );
    expect(added("import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n")).toBe(
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { fileURLToPath } from 'node:url';\n",
    );
  });

  it('writes a new require line in the file’s style', () => {
    expect(added('const { Server } = require("@modelcontextprotocol/sdk/server/index.js")\nmodule.exports = {}\n', '/x/server.cjs')).toBe(
      'const { Server } = require("@modelcontextprotocol/sdk/server/index.js")\nconst { fileURLToPath } = require("node:url")\nmodule.exports = {}\n',
    );
  });
});
