// IDE diagnostics as editors get them: the ESLint language server that editors run (vscode-langservers-extracted),
// driven over stdio LSP in a project that installed uproot from its tarballs, shows the uproot rules where
// `uproot scan` puts them, and its MRTR suggestion writes what `uproot migrate` writes.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Command, Diagnostic, DocumentDiagnosticReport, Range } from 'vscode-languageserver-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import plugin from 'eslint-plugin-uproot';
import { type EslintLanguageClient, startEslintLanguageClient } from './eslint-language-client.ts';
import { REPO, installConsumer } from './project.ts';
import { applyWorkspaceEdit, offsetAt } from './workspace-edit.ts';

// Server 4.10.0 needs ESLint 9's FlatESLint (ESLint 10 dropped it), so this project stays on ESLint 9.
const EDITOR_DEPENDENCIES = {
  eslint: '9.39.5',
  'typescript-eslint': '8.72.0',
  typescript: '6.0.3',
  'vscode-langservers-extracted': '4.10.0',
};

const ESLINT_CONFIG = `import uproot from 'eslint-plugin-uproot';
import tseslint from 'typescript-eslint';

export default [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, uproot.configs.recommended];
`;

const FILE = 'src/server.ts';
const original = readFileSync(path.join(REPO, 'examples/legacy-server/src/server.ts'), 'utf8');
const SUGGESTION_TITLE = /^Rewrite to a multi round-trip request.*\(uproot\/no-roots-request\)$/;

interface ScanSite {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  rule: string;
}

let project: string;
let migratedCopy: string;
let scanned: ScanSite[];
let client: EslintLanguageClient | undefined;
const uri = () => pathToFileURL(path.join(project, FILE)).href;

/** `npx uproot …` in a directory, as a user runs it. */
function uproot(cwd: string, args: string[]): string {
  return execFileSync('npx', ['--no-install', 'uproot', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** ESLint's 1-based line/column, end exclusive, is what the server turns into a 0-based LSP range. */
function lspRange(site: ScanSite): Range {
  return { start: { line: site.line - 1, character: site.column - 1 }, end: { line: site.endLine - 1, character: site.endColumn - 1 } };
}

function textAt(text: string, range: Range): string {
  return text.slice(offsetAt(text, range.start), offsetAt(text, range.end));
}

function severityOf(rule: string): number {
  const level = plugin.configs.recommended.rules![rule];
  return level === 'error' ? 1 : 2;
}

async function pullDiagnostics(): Promise<Diagnostic[]> {
  const report = await client!.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri: uri() } });
  expect(report.kind, client!.transcript()).toBe('full');
  return report.kind === 'full' ? report.items : [];
}

/** The suggestion's code action at a diagnostic: the server offers it as an `eslint.applySuggestion` command. */
async function mrtrSuggestion(diagnostic: Diagnostic): Promise<Command | undefined> {
  const actions = await client!.request<CodeAction[] | null>('textDocument/codeAction', {
    textDocument: { uri: uri() },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic], triggerKind: 1 },
  });
  return (actions ?? []).find((a) => SUGGESTION_TITLE.test(a.title))?.command;
}

/** The first push-style request, in file order, that the editor offers the MRTR rewrite for. */
async function firstOffer(): Promise<{ at: Range; command: Command } | undefined> {
  for (const d of await pullDiagnostics()) {
    if (d.code !== 'uproot/no-roots-request') continue;
    const command = await mrtrSuggestion(d);
    if (command) return { at: d.range, command };
  }
  return undefined;
}

const byPosition = (a: { range: Range }, b: { range: Range }) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;

beforeAll(async () => {
  project = installConsumer(EDITOR_DEPENDENCIES, 'language-server');
  writeFileSync(path.join(project, 'eslint.config.js'), ESLINT_CONFIG);
  mkdirSync(path.join(project, 'src'));
  writeFileSync(path.join(project, FILE), original);
  // `uproot migrate` rewrites in place: run it on a copy of the project (sharing its node_modules).
  migratedCopy = mkdtempSync(path.join(os.tmpdir(), 'uproot-language-server-migrated-'));
  cpSync(project, migratedCopy, { recursive: true, filter: (from) => path.basename(from) !== 'node_modules' });
  symlinkSync(path.join(project, 'node_modules'), path.join(migratedCopy, 'node_modules'), 'dir');
  // Sites and hand-written-MRTR problems: each is one uproot diagnostic in the editor.
  const scan = JSON.parse(uproot(project, ['scan', FILE, '--format', 'json'])) as { sites: ScanSite[]; problems: ScanSite[] };
  scanned = [...scan.sites, ...scan.problems].filter((s) => s.file === FILE);
  client = await startEslintLanguageClient(project);
  await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(), languageId: 'typescript', version: 1, text: original } });
}, 300_000);

afterAll(async () => {
  await client?.shutdown();
  for (const dir of [project, migratedCopy]) if (dir) rmSync(dir, { recursive: true, force: true });
});

// In order: the last test shuts the server down.
describe('vscode-eslint-language-server with eslint-plugin-uproot installed', { shuffle: false }, () => {
  it('pulls diagnostics with the uproot rules at the ranges `uproot scan` reports', async () => {
    const expected = scanned.map((s) => ({ code: s.rule, range: lspRange(s), severity: severityOf(s.rule), source: 'eslint' })).sort(byPosition);
    expect(expected.map((d) => d.code)).toEqual(expect.arrayContaining(['uproot/no-roots-request', 'uproot/no-roots-capability']));

    const diagnostics = (await pullDiagnostics()).filter((d) => String(d.code).startsWith('uproot/'));
    const shown = diagnostics.map(({ code, range, severity, source }) => ({ code, range, severity, source }));
    expect(shown.sort(byPosition), client!.transcript()).toEqual(expected);
    // Each diagnostic links its rule's page, as the editor's hover shows it.
    for (const d of diagnostics) expect(d.codeDescription?.href).toBe(`https://github.com/uproot-mcp/uproot/blob/main/rules/${String(d.code).slice('uproot/'.length)}.md`);
    // The editor answered the server's settings request and its dynamic registrations.
    expect(client!.configurationItems).toBeGreaterThan(0);
    expect(client!.registrations.map((r) => r.method)).toContain('workspace/didChangeConfiguration');
  });

  it('offers the MRTR suggestion at the push-style request, and applying it writes what `uproot migrate` writes', async () => {
    uproot(migratedCopy, ['migrate', 'src']);
    const migrated = readFileSync(path.join(migratedCopy, FILE), 'utf8');
    expect(migrated).not.toBe(original);

    // As an editor user: take the suggestion on a request, let the server re-lint, repeat while one is offered.
    let text = original;
    let version = 1;
    const applied: Range[] = [];
    for (let offer = await firstOffer(); offer; offer = await firstOffer()) {
      expect(applied.length, 'the editor keeps offering suggestions after 10 were applied').toBeLessThan(10);
      expect(offer.command.command).toBe('eslint.applySuggestion');
      const edit = client!.nextAppliedEdit();
      await client!.request('workspace/executeCommand', { command: offer.command.command, arguments: offer.command.arguments });
      text = applyWorkspaceEdit(text, uri(), await edit);
      applied.push(offer.at);
      await client!.connection.sendNotification('textDocument/didChange', { textDocument: { uri: uri(), version: ++version }, contentChanges: [{ text }] });
    }
    // The first suggestion sits on the push-style listRoots() reached from the search-notes tool.
    const pushStyle = scanned.find((s) => textAt(original, lspRange(s)) === 'server.server.listRoots()');
    expect(pushStyle, 'uproot scan reports the listRoots() call').toBeDefined();
    expect(applied[0], client!.transcript()).toEqual(lspRange(pushStyle!));
    expect(client!.appliedEdits).toHaveLength(applied.length);
    expect(text).toBe(migrated);
  });

  it('shuts down cleanly on shutdown + exit', async () => {
    expect(await client!.shutdown()).toBe(0);
  });
});
