// uproot/tsserver as editors meet it: the packed `uproot` installed in a project outside the repository,
// named in its tsconfig.json, loaded by that project's own tsserver and driven over tsserver's protocol.
// Its diagnostics and code fixes must be the ESLint plugin's, and its rewrite what `uproot migrate` writes.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleCodes } from '../../packages/uproot/src/tsserver/codes.ts';
import { REPO, installConsumer } from '../consumer/project.ts';
import { type ProtocolCodeFix, type ProtocolDiagnostic, TsServer, applyCodeEdits } from './client.ts';

const repoVersions = (JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;
const FILES = ['src/server.ts', 'src/allowed-dirs.ts', 'src/client.ts', 'src/v1-tool.js', 'src/seeded-sdk-server.ts', 'src/count-roots.ts', 'src/push-requests.ts', 'src/not-mcp.ts', 'src/families.ts'];

interface EslintMessage {
  ruleId: string | null;
  severity: 1 | 2;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  suggestions?: { desc: string; fix: { range: [number, number]; text: string } }[];
}

let project: string;
let logFile: string;
let server: TsServer;
let eslint: Map<string, EslintMessage[]>;
const ruleOfCode = new Map(Object.entries(ruleCodes).map(([rule, code]) => [code, rule]));
const abs = (file: string) => path.join(project, file);
const source = (file: string) => readFileSync(abs(file), 'utf8');

beforeAll(() => {
  project = installConsumer(
    { typescript: repoVersions.typescript!, eslint: repoVersions.eslint!, 'typescript-eslint': repoVersions['typescript-eslint']! },
    'tsserver',
  );
  cpSync(path.join(REPO, 'examples/legacy-server/src'), abs('src'), { recursive: true });
  cpSync(path.join(REPO, 'test/fixtures/mrtr-rules/corpus/seeded-sdk-server.ts'), abs('src/seeded-sdk-server.ts'));
  for (const f of ['count-roots.ts', 'push-requests.ts', 'not-mcp.ts', 'families.ts']) cpSync(path.join(REPO, 'test/fixtures/tsserver', f), abs(`src/${f}`));
  // What the README tells users to write.
  writeFileSync(
    abs('tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'es2022', module: 'nodenext', strict: true, allowJs: true, noEmit: true, skipLibCheck: true, plugins: [{ name: 'uproot/tsserver' }] }, include: ['src'] }, null, 2),
  );
  writeFileSync(
    abs('eslint.config.js'),
    "import uproot from 'eslint-plugin-uproot';\nimport tseslint from 'typescript-eslint';\n\nexport default [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, uproot.configs.recommended];\n",
  );
  const run = spawnSync(process.execPath, [abs('node_modules/eslint/bin/eslint.js'), '--format', 'json', ...FILES], { cwd: project, encoding: 'utf8' });
  if (run.status !== 0 && run.status !== 1) throw new Error(`ESLint failed in the consumer project: ${run.stderr}`);
  eslint = new Map((JSON.parse(run.stdout) as { filePath: string; messages: EslintMessage[] }[]).map((r) => [path.relative(project, r.filePath), r.messages.filter((m) => m.ruleId?.startsWith('uproot/'))]));

  logFile = abs('tsserver.log');
  server = new TsServer(project, logFile);
  for (const file of FILES) server.notify('open', { file: abs(file), fileContent: source(file) });
}, 600_000);

afterAll(async () => {
  await server?.close();
});

const uprootDiagnostics = async (file: string) =>
  (await server.request<ProtocolDiagnostic[]>('semanticDiagnosticsSync', { file: abs(file) })).filter((d) => d.source === 'uproot');

const codeFixes = (file: string, d: ProtocolDiagnostic) =>
  server.request<ProtocolCodeFix[]>('getCodeFixes', { file: abs(file), startLine: d.start.line, startOffset: d.start.offset, endLine: d.end.line, endOffset: d.end.offset, errorCodes: [d.code] });

/** The one file edited by a code fix, applied to that file's text. */
function applyFix(file: string, fix: { changes: { fileName: string; textChanges: ProtocolCodeFix['changes'][number]['textChanges'] }[] }): string {
  expect(fix.changes.map((c) => c.fileName)).toEqual([abs(file)]);
  return applyCodeEdits(source(file), fix.changes[0]!.textChanges);
}

describe('uproot/tsserver in an installed project', () => {
  it('is loaded from the installed uproot package', async () => {
    // The project's own copy of the tarball, nothing linked back to the repository.
    expect(realpathSync(abs('node_modules/uproot'))).toBe(abs('node_modules/uproot'));
    await uprootDiagnostics('src/count-roots.ts');
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain('Loading uproot/tsserver from');
    expect(log).toMatch(/\[uproot\] uproot\/tsserver is on[^\n]*\n[^\n]*Plugin validation succeeded/);
  });

  it.each(FILES)('reports what ESLint reports in %s: same rules, severities, messages and ranges', async (file) => {
    const diagnostics = await uprootDiagnostics(file);
    const fromTsserver = diagnostics.map((d) => ({
      rule: `uproot/${ruleOfCode.get(d.code)}`,
      severity: d.category,
      message: d.text,
      range: [d.start.line, d.start.offset, d.end.line, d.end.offset],
    }));
    const fromEslint = eslint.get(file)!.map((m) => ({
      rule: m.ruleId,
      severity: m.severity === 2 ? 'error' : 'warning',
      message: m.message,
      range: [m.line, m.column, m.endLine, m.endColumn],
    }));
    const byPosition = (a: { range: number[] }, b: { range: number[] }) => a.range[0]! - b.range[0]! || a.range[1]! - b.range[1]!;
    expect(fromTsserver.sort(byPosition)).toEqual(fromEslint.sort(byPosition));
  });

  it('finds every kind of finding the fixtures hold, so the comparison above is not of empty lists', () => {
    const rules = new Set([...eslint.values()].flat().map((m) => m.ruleId));
    expect([...rules].sort()).toEqual(
      [
        'uproot/no-roots-request',
        'uproot/no-roots-input-request',
        'uproot/no-roots-list-changed',
        'uproot/no-roots-capability',
        'uproot/no-push-elicitation',
        'uproot/no-push-sampling',
        'uproot/mrtr-allowed-methods',
        'uproot/mrtr-nonempty',
        'uproot/mrtr-request-state',
        'uproot/mrtr-input-responses',
      ].sort(),
    );
  });

  it('reports the detection families (super, capability fields, factories, gateways, frameworks, client list_changed handlers, envelope capabilities) and not a compared value, a test input or a non-MCP retry', () => {
    const lines = eslint.get('src/families.ts')!.map((m) => `${m.line} ${m.ruleId}`);
    const at = (needle: string) => source('src/families.ts').split('\n').findIndex((l) => l.includes(needle)) + 1;
    expect(lines.sort()).toEqual(
      [
        `${at('return super.listRoots(params)')} uproot/no-roots-request`,
        `${at('roots: { listChanged: true } }')} uproot/no-roots-capability`,
        `${at('server.listRoots());')} uproot/no-roots-request`,
        `${at('front.getClientCapabilities()')} uproot/no-roots-capability`,
        `${at('back.setRequestHandler')} uproot/no-roots-capability`,
        `${at('back.setRequestHandler')} uproot/no-roots-request`,
        `${at('client.notification({ method })')} uproot/no-roots-list-changed`,
        `${at('client.setNotificationHandler(RootsListChangedNotificationSchema')} uproot/no-roots-list-changed`,
        `${at("text: declared?.roots ? 'roots'")} uproot/no-roots-capability`,
      ].sort(),
    );
  });

  it('gives a listRoots() on a non-MCP object no diagnostic', async () => {
    expect(source('src/not-mcp.ts')).toContain('workspace.listRoots()');
    expect(await uprootDiagnostics('src/not-mcp.ts')).toEqual([]);
  });

  it('names its codes among the fixable ones, as editors ask before they request fixes', async () => {
    const supported = await server.request<string[]>('getSupportedCodeFixes', { file: abs('src/count-roots.ts') });
    expect(supported).toEqual(expect.arrayContaining(Object.values(ruleCodes).map(String)));
    expect(supported).toContain('2304'); // TypeScript's own fixes are still there
  });

  it('offers each ESLint suggestion as a code fix with the same edits, and no fix where ESLint has none', async () => {
    let offered = 0;
    for (const file of FILES) {
      const messages = eslint.get(file)!;
      for (const d of await uprootDiagnostics(file)) {
        const m = messages.find((x) => x.line === d.start.line && x.column === d.start.offset && x.ruleId === `uproot/${ruleOfCode.get(d.code)}`)!;
        const fixes = await codeFixes(file, d);
        expect(fixes.map((f) => f.description)).toEqual((m.suggestions ?? []).map((s) => s.desc));
        for (const [i, s] of (m.suggestions ?? []).entries()) {
          const text = source(file);
          expect(applyFix(file, fixes[i]!)).toBe(text.slice(0, s.fix.range[0]) + s.fix.text + text.slice(s.fix.range[1]));
          offered++;
        }
      }
    }
    // count-roots.ts and server.ts's two requests (MRTR), seeded-sdk-server.ts's requestState (codec).
    expect(offered).toBe(4);
  });

  it('rewrites a push-style request as `uproot migrate` does, one site or the whole file', async () => {
    const files = ['src/count-roots.ts', 'src/server.ts'];
    mkdirSync(abs('migrated'));
    for (const f of files) cpSync(abs(f), abs(`migrated/${path.basename(f)}`));
    // One file per run, as an editor fix sees one file: a run over both would share the helpers in a module.
    for (const f of files) {
      const migrate = spawnSync('npx', ['--no-install', 'uproot', 'migrate', `migrated/${path.basename(f)}`], { cwd: project, encoding: 'utf8' });
      expect(migrate.status, migrate.stderr).toBe(0);
    }
    const migrated = (f: string) => readFileSync(abs(`migrated/${path.basename(f)}`), 'utf8');

    const [request] = await uprootDiagnostics('src/count-roots.ts');
    const [fix] = await codeFixes('src/count-roots.ts', request!);
    expect(fix!.fixName).toBe('uproot/no-roots-request');
    expect(applyFix('src/count-roots.ts', fix!)).toBe(migrated('src/count-roots.ts'));

    for (const f of files) {
      expect(fix!.fixId).toBeDefined();
      const combined = await server.request<{ changes: ProtocolCodeFix['changes'] }>('getCombinedCodeFix', { scope: { type: 'file', args: { file: abs(f) } }, fixId: fix!.fixId });
      const rewritten = applyFix(f, combined);
      expect(rewritten).not.toBe(source(f));
      expect(rewritten).toBe(migrated(f));
    }
  });

  it('analyses a file again after an edit, and not before', async () => {
    const file = 'src/count-roots.ts';
    const [request] = await uprootDiagnostics(file);
    // Rename the receiver: `client.server.listRoots()` on an undeclared `client` is no MCP site.
    server.notify('change', { file: abs(file), line: request!.start.line, offset: request!.start.offset, endLine: request!.start.line, endOffset: request!.start.offset + 'server'.length, insertString: 'client' });
    expect(await uprootDiagnostics(file)).toEqual([]);
    server.notify('change', { file: abs(file), line: request!.start.line, offset: request!.start.offset, endLine: request!.start.line, endOffset: request!.start.offset + 'client'.length, insertString: 'server' });
    expect(await uprootDiagnostics(file)).toEqual([request]);
  });
});

describe('uproot/tsserver on a Node that cannot require() ES modules', () => {
  it('leaves tsserver working and says in its log why uproot is silent', async () => {
    const log = abs('tsserver-no-require-esm.log');
    // Node 20.19+ can switch require(esm) off: what an editor on an older Node gets.
    const old = new TsServer(project, log, ['--no-experimental-require-module']);
    try {
      old.notify('open', { file: abs('src/count-roots.ts'), fileContent: source('src/count-roots.ts') });
      const diagnostics = await old.request<ProtocolDiagnostic[]>('semanticDiagnosticsSync', { file: abs('src/count-roots.ts') });
      expect(diagnostics.filter((d) => d.source === 'uproot')).toEqual([]);
      // TypeScript's own checks still run: a type error in the same file is reported.
      old.notify('change', { file: abs('src/count-roots.ts'), line: 11, offset: 1, endLine: 11, endOffset: 1, insertString: "const broken: number = 'text';\n" });
      const after = await old.request<ProtocolDiagnostic[]>('semanticDiagnosticsSync', { file: abs('src/count-roots.ts') });
      expect(after.map((d) => d.code)).toContain(2322);
    } finally {
      await old.close();
    }
    expect(readFileSync(log, 'utf8')).toMatch(/\[uproot\] uproot\/tsserver could not load its analysis on Node v[\d.]+ \(require\(\) of ES Module .*; it needs Node 20\.19\+ or 22\.12\+/);
  });
});
