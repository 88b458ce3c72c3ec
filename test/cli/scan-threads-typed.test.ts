// Typed scans over many files hand the probes to the matcher worker (types/probe.ts) while the main thread
// builds the program rooted at every candidate; without a worker (the sources in-process: a worker cannot load
// them), the main thread probes and roots the program only at the files that asked. The report must be the same.
// Here: the typed fixture projects (receivers only their types prove, look-alikes, a global a module declares),
// the detection corpus (syntax finds its sites; some files ask anyway) and filler past POOL_MIN_FILES.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { POOL_MIN_FILES } from '../../packages/uproot/src/worker/match-pool.ts';
import { bin, removeTree, tempTree, uproot, writeTree } from './helpers.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const tree = tempTree();
// One tsconfig over everything: the typed projects' own settings (no @types, so the program stays small).
cpSync(path.join(FIXTURES, 'typed-projects/ambient-context/tsconfig.json'), path.join(tree, 'tsconfig.json'));
writeTree(tree, 'package.json', '{ "name": "typed-threads", "private": true, "type": "module" }\n');
// The MCP packages as the repository installed them (typed mode needs them installed for the tsconfig).
symlinkSync(path.join(REPO, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
for (const project of ['ambient-context', 'global-module', 'jsdoc-context']) cpSync(path.join(FIXTURES, 'typed-projects', project, 'src'), path.join(tree, 'src', project), { recursive: true });
cpSync(path.join(FIXTURES, 'detection'), path.join(tree, 'src/detection'), { recursive: true });
for (let i = 0; i < POOL_MIN_FILES; i++) writeTree(tree, `src/filler/f${String(i).padStart(3, '0')}.ts`, `export const value${i} = ${i};\n`);
const profiles = mkdtempSync(path.join(os.tmpdir(), 'uproot-typed-threads-prof-'));

afterAll(() => {
  removeTree(tree);
  removeTree(profiles);
});

describe('typed scan with a matcher worker', () => {
  it('reports what the main thread alone reports; the worker probed and this thread built the program', async () => {
    const r = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', profiles, '--cpu-prof-interval', '50', bin, 'scan', '.', '--format', 'json', '--types', 'on'], { cwd: tree, encoding: 'utf8', timeout: 120_000 });
    if (r.error) throw r.error;
    const alone = await uproot(['scan', '.', '--format', 'json', '--types', 'on'], tree);
    expect(r.status, r.stderr).toBe(alone.code);
    expect(r.stdout).toBe(alone.out);
    const report = JSON.parse(r.stdout) as { sites: { file: string; line: number; kind: string }[]; summary: { files: number; types: string } };
    expect(report.summary.types).toBe('on');
    expect(report.summary.files).toBeGreaterThan(POOL_MIN_FILES);
    // Sites only the checker proves (their receivers' types are a global ToolContext, a generic, a JSDoc type).
    const typedOnly = report.sites.filter((s) => /^src\/(ambient-context|global-module|jsdoc-context)\//.test(s.file)).map((s) => `${s.file}:${s.line}:${s.kind}`);
    expect(typedOnly).toEqual(expect.arrayContaining(['src/ambient-context/generic.ts:3:request', 'src/ambient-context/tools.ts:3:request', 'src/global-module/tools.ts:3:request']));
    expect(typedOnly.some((s) => s.startsWith('src/ambient-context/lookalikes.ts'))).toBe(false);
    const threads = readdirSync(profiles)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => new Set((JSON.parse(readFileSync(path.join(profiles, f), 'utf8')) as { nodes: { callFrame: { functionName: string } }[] }).nodes.map((n) => n.callFrame.functionName)));
    expect(threads).toHaveLength(2);
    const main = threads.find((names) => names.has('runScan'));
    const worker = threads.find((names) => !names.has('runScan'));
    expect(main?.has('createProgram')).toBe(true);
    expect(worker?.has('findRootsSites')).toBe(true);
    // The worker never loads TypeScript: it only probes.
    expect(worker?.has('createProgram')).toBe(false);
  });
});
