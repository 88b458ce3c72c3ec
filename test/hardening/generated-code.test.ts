// What uproot writes into people's code must be safe on its own: a marker stays one comment whatever
// its message holds and wherever its statement starts, generated MRTR code never carries
// requestState, and the code uproot generates passes uproot's own lint rules.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/types';
import { Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSource } from '../../packages/core/src/parse.ts';
import { applyEdits } from '../../packages/core/src/plan/edits.ts';
import { MARKER_PREFIX, markerText, planMarker } from '../../packages/core/src/plan/markers.ts';
import plugin from '../../packages/eslint-plugin/src/index.ts';
import { removeTree } from '../cli/helpers.ts';
import { REPO, type Tree, fixtureNames, fixtureTree, migrateJson, referenceMigration, scratchDir, writeFiles } from './helpers.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeTree));

const HOSTILE_DETAILS = ['ends the comment */ here', 'one\nline, two', 'carriage\rreturn', 'crlf\r\nbreak', 'line\u2028separator', 'paragraph\u2029separator', '*/\nexport const pwned = 1; /*', '\u2028*/\u2029//'];
const LINE_BREAK = /[\r\n\u2028\u2029]/;

type Node = TSESTree.Node;

function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child === 'object' && typeof (child as Node).type === 'string' && Array.isArray((child as Node).range)) out.push(child as Node);
    }
  }
  return out;
}

function walk(node: Node, visit: (n: Node) => void): void {
  visit(node);
  for (const child of children(node)) walk(child, visit);
}

/** Every piece of text the program itself holds: string values, template chunks, JSX text. */
function programText(ast: TSESTree.Program): string[] {
  const out: string[] = [];
  walk(ast, (n) => {
    if (n.type === 'Literal' && typeof n.value === 'string') out.push(n.value);
    else if (n.type === 'TemplateElement') out.push(n.value.cooked ?? n.value.raw);
    else if (n.type === 'JSXText') out.push(n.value);
  });
  return out;
}

function listRootsCall(ast: TSESTree.Program): Node {
  let found: Node | undefined;
  walk(ast, (n) => {
    if (!found && n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && n.callee.property.type === 'Identifier' && n.callee.property.name === 'listRoots') found = n;
  });
  if (!found) throw new Error('no listRoots() call');
  return found;
}

const markerComments = (ast: TSESTree.Program) => (ast.comments ?? []).filter((c) => c.value.trimStart().startsWith(MARKER_PREFIX));

describe('a marker is one comment, whatever its message holds', () => {
  it('markerText drops comment terminators and every JavaScript line break from the detail', () => {
    for (const detail of HOSTILE_DETAILS) {
      const text = markerText('lifecycle', detail);
      expect([detail, LINE_BREAK.test(text), text.includes('*/')]).toEqual([detail, false, false]);
      // As a line comment and as a block comment, the marker is one comment and adds no code.
      for (const comment of [`// ${text}\n`, `/* ${text} */\n`]) {
        const { ast } = parseSource(`${comment}export const x = 1;\n`, 'marker.ts');
        expect([detail, ast.comments?.length, ast.body.length]).toEqual([detail, 1, 1]);
      }
    }
  });
});

/** Statements that start in the middle of a line whose start is inside text: there a `//` line would become text. */
const MID_LINE_CASES: Record<string, string> = {
  'template.js': "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\nconst server = new Server({ name: 'x', version: '1' }, {});\nserver.oninitialized = async () => {\n  const banner = `roots:\n`; const { roots } = await server.listRoots(); console.log(banner, roots);\n};\n",
  'string.js': "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\nconst server = new Server({ name: 'x', version: '1' }, {});\nserver.oninitialized = async () => {\n  const s = 'abc\\\n'; await server.listRoots(); console.log(s);\n};\n",
  'jsx.jsx': "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\nconst server = new Server({ name: 'x', version: '1' }, {});\nserver.oninitialized = () => (\n  <div>\n    roots: {(async () => { await server.listRoots(); })()}\n  </div>\n);\n",
  'comment.ts': "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\nconst server = new Server({ name: 'x', version: '1' }, {});\nserver.oninitialized = async () => {\n  /* a comment\n  */ await server.listRoots();\n};\n",
};

/** The file parses, holds exactly the strings it held before, and carries exactly one marker comment. */
function expectMarkedSafely(name: string, before: string, after: string): void {
  const { ast } = parseSource(after, name);
  expect([name, programText(ast)]).toEqual([name, programText(parseSource(before, name).ast)]);
  expect([name, markerComments(ast).length]).toEqual([name, 1]);
}

describe('a marker never lands inside a template literal, a string, JSX text or a comment', () => {
  it('planMarker breaks the line before the statement instead, and does not mark twice', () => {
    for (const [name, text] of Object.entries(MID_LINE_CASES)) {
      for (const detail of HOSTILE_DETAILS) {
        const edit = planMarker(text, listRootsCall(parseSource(text, name).ast), 'lifecycle', detail);
        expect(edit).toBeDefined();
        const after = applyEdits(text, [edit!]);
        expectMarkedSafely(name, text, after);
        expect(planMarker(after, listRootsCall(parseSource(after, name).ast), 'lifecycle', detail)).toBeUndefined();
      }
    }
  });

  it('through uproot migrate: the same files, marked safely, and a second run changes nothing', async () => {
    const dir = scratchDir();
    dirs.push(dir);
    writeFiles(dir, new Map(Object.entries(MID_LINE_CASES)));
    const run = await migrateJson(dir);
    expect(run.report.failures).toEqual([]);
    expect(run.code).toBe(1);
    for (const [name, text] of Object.entries(MID_LINE_CASES)) expectMarkedSafely(name, text, readFileSync(path.join(dir, name), 'utf8'));
    const again = await migrateJson(dir);
    expect(again.report.files.filter((f) => f.changed)).toEqual([]);
  });
});

describe('generated code', () => {
  const JSCODESHIFT_FIXTURES = path.join(REPO, 'transforms/jscodeshift/__testfixtures__');
  let migrated: Tree;
  let jscodeshiftOutputs: Tree;
  beforeAll(async () => {
    const original = fixtureTree(fixtureNames());
    migrated = await referenceMigration(original);
    jscodeshiftOutputs = new Map();
    for (const entry of readdirSync(JSCODESHIFT_FIXTURES, { recursive: true, encoding: 'utf8' })) {
      if (/\.output\.[cm]?[jt]sx?$/.test(entry)) jscodeshiftOutputs.set(entry, readFileSync(path.join(JSCODESHIFT_FIXTURES, entry), 'utf8'));
    }
    expect([...original].filter(([rel, text]) => migrated.get(rel) !== text).length).toBeGreaterThanOrEqual(24);
    expect(jscodeshiftOutputs.size).toBeGreaterThanOrEqual(5);
  });

  it('emits requestState only signed and verified: minted by the generated codec, wired into the server that reads it', () => {
    expect(readFileSync(path.join(REPO, 'transforms/mrtr/helpers-block.ts'), 'utf8')).not.toMatch(/requestState/);
    const carrying = [...migrated, ...jscodeshiftOutputs].filter(([, text]) => /requestState/.test(text));
    // Successive rounds (elicitation or sampling after an earlier answer) carry state; nothing else does.
    expect(carrying.length).toBeGreaterThan(0);
    for (const [rel, text] of carrying) {
      const unsigned = [...text.matchAll(/requestState: (?!await requestStateCodec\.mint\(|\{ verify: requestStateCodec\.verify \})/g)];
      expect({ rel, unsigned: unsigned.length, codec: text.includes('createRequestStateCodec'), verified: text.includes('requestState: { verify: requestStateCodec.verify }') }).toEqual({
        rel,
        unsigned: 0,
        codec: true,
        verified: true,
      });
      // The state is read only through the SDK's accessor, after the server's verify ran: never decoded by hand.
      expect(text).not.toMatch(/JSON\.parse\([^)]*requestState|atob\(|base64url/);
    }
  });

  it("passes eslint-plugin-uproot's recommended config: errors only at sites uproot marked for a person", () => {
    const linter = new Linter({ cwd: REPO });
    const config: Linter.Config[] = [
      { files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'], languageOptions: { parser: tsParser as unknown as Linter.Parser, parserOptions: { ecmaFeatures: { jsx: true } } } },
      plugin.configs.recommended,
    ];
    const errors: string[] = [];
    let marked = 0;
    let warnings = 0;
    for (const [rel, text] of [...migrated, ...jscodeshiftOutputs]) {
      const lines = text.split(/\r?\n/);
      for (const m of linter.verify(text, config, { filename: path.join('generated', rel) })) {
        // A site left for a person keeps its error, with the reason-coded marker on the line above.
        if (m.severity === 2 && !m.fatal && /^\s*\/\/ uproot: \[[a-z-]+\]/.test(lines[m.line - 2] ?? '')) marked++;
        // An elicitation or sampling request stays as its author wrote it, in a handler held back by a push-request marker.
        else if (m.severity === 2 && /^uproot\/no-push-(elicitation|sampling)$/.test(m.ruleId ?? '') && text.includes('// uproot: [push-request]')) marked++;
        else if (m.fatal || m.severity === 2) errors.push(`${rel}:${m.line}:${m.column} ${m.ruleId ?? 'parse'}: ${m.message}`);
        else warnings++;
      }
    }
    console.log(`linted ${migrated.size} migrated e2e files and ${jscodeshiftOutputs.size} jscodeshift outputs: ${errors.length} errors in generated code, ${marked} at marked sites, ${warnings} warnings`);
    expect(errors).toEqual([]);
    expect(marked).toBeGreaterThan(0);
  });
});
