// Which candidates an on-demand typed program roots from the start: files that may declare what other
// files see. A file wrongly called a module would hide its globals from the files that use them.
import { describe, expect, it } from 'vitest';
import { mayDeclareGlobals } from '../../packages/uproot/src/types/global-scope.ts';

describe('mayDeclareGlobals', () => {
  it('a module that only imports and exports declares nothing global', () => {
    expect(mayDeclareGlobals('/p/a.ts', "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const s = new McpServer(info);\n")).toBe(false);
    expect(mayDeclareGlobals('/p/a.ts', 'export {};\nconst roots = 1;\n')).toBe(false);
    expect(mayDeclareGlobals('/p/a.js', 'const x = require("y");\nmodule.exports = { roots: x };\n')).toBe(false);
  });

  it('augmentations do, even inside a module', () => {
    expect(mayDeclareGlobals('/p/a.ts', "import type { McpServer } from 'x';\ndeclare global {\n  var server: McpServer;\n}\n")).toBe(true);
    expect(mayDeclareGlobals('/p/a.ts', "export {};\ndeclare module '@modelcontextprotocol/sdk/server/mcp.js' {}\n")).toBe(true);
    expect(mayDeclareGlobals('/p/a.ts', '/// <reference types="./ctx.d.ts" />\nexport const a = 1;\n')).toBe(true);
  });

  it('a script does: its top-level declarations are globals', () => {
    expect(mayDeclareGlobals('/p/a.ts', "declare var server: import('x').McpServer;\n")).toBe(true);
    // Erring towards yes: a dynamic import or import.meta is not counted as module syntax, nor a bare require.
    expect(mayDeclareGlobals('/p/a.ts', "const m = import('./m.js');\nconst u = import.meta;\n")).toBe(true);
    expect(mayDeclareGlobals('/p/a.js', "const x = require('y');\nfunction roots() {}\n")).toBe(true);
  });

  it('.mts, .cts, .mjs and .cjs files are modules whatever they hold', () => {
    for (const ext of ['mts', 'cts', 'mjs', 'cjs']) expect(mayDeclareGlobals(`/p/a.${ext}`, 'const roots = 1;\n')).toBe(false);
  });
});
