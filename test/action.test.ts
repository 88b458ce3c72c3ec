// The GitHub Action (action.yml): valid against the Actions metadata schema, every input wired, and its
// shell steps run for real — with `npx uproot@<version>` answered by the repository's own CLI.
import { validateAction } from '@action-validator/core';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const text = readFileSync(path.join(REPO, 'action.yml'), 'utf8');
const action = parse(text) as {
  inputs: Record<string, { default?: string }>;
  runs: { steps: { id?: string; name: string; run?: string; env?: Record<string, string> }[] };
};
const step = (name: string) => action.runs.steps.find((s) => s.name === name)!;

/** A PATH whose `npx` records its arguments and runs the repository's CLI in place of `uproot@<version>`. */
function fakeNpx(): { bin: string; log: string } {
  const bin = mkdtempSync(path.join(os.tmpdir(), 'uproot-npx-'));
  const log = path.join(bin, 'calls.log');
  const npx = path.join(bin, 'npx');
  writeFileSync(npx, `#!/usr/bin/env bash\necho "$*" >> "${log}"\n[ "$1" = --yes ] && shift\ncase "$1" in uproot@*) shift ;; *) echo "unexpected package $1" >&2; exit 99 ;; esac\nexec "${process.execPath}" "${path.join(REPO, 'packages/uproot/bin/uproot.js')}" "$@"\n`);
  chmodSync(npx, 0o755);
  return { bin, log };
}

function runStep(name: string, cwd: string, env: Record<string, string>) {
  const out = mkdtempSync(path.join(os.tmpdir(), 'uproot-gh-'));
  const files = { GITHUB_OUTPUT: path.join(out, 'output'), GITHUB_STEP_SUMMARY: path.join(out, 'summary') };
  for (const f of Object.values(files)) writeFileSync(f, '');
  const npx = fakeNpx();
  const r = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', step(name).run!], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...files, ...env, PATH: `${npx.bin}:${process.env.PATH}`, CI: 'true' },
  });
  const outputs = Object.fromEntries(readFileSync(files.GITHUB_OUTPUT, 'utf8').trim().split('\n').filter(Boolean).map((l) => l.split(/=(.*)/s).slice(0, 2)));
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, outputs, summary: readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8'), calls: existsSync(npx.log) ? readFileSync(npx.log, 'utf8') : '' };
}

const scanEnv = (paths: string) => ({ UPROOT_VERSION: action.inputs.version.default!, UPROOT_PATHS: paths, UPROOT_SARIF: 'uproot.sarif' });

describe('action.yml', () => {
  it('is valid action metadata', () => {
    expect(validateAction(text).errors).toEqual([]);
  });

  it('would catch broken metadata (the validator is not a no-op)', () => {
    expect(validateAction(text.replace('using: composite', 'using: compost')).errors).not.toEqual([]);
  });

  it('uses every input it declares and declares every input it uses', () => {
    const used = new Set([...text.matchAll(/inputs\.([\w-]+)/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual(Object.keys(action.inputs).sort());
  });

  it('runs the uproot version this repository releases', () => {
    const { version } = JSON.parse(readFileSync(path.join(REPO, 'packages/uproot/package.json'), 'utf8')) as { version: string };
    expect(action.inputs.version.default).toBe(version);
  });

  it('scans the example to SARIF, counts what it found, and the last step fails the job', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-action-'));
    cpSync(path.join(REPO, 'examples/legacy-server'), dir, { recursive: true });
    const scan = runStep('uproot scan', dir, scanEnv('src'));
    expect(scan.stderr).toBe('');
    expect(scan.status).toBe(0);
    expect(scan.calls).toContain(`--yes uproot@${action.inputs.version.default} scan src --check --format sarif`);
    const sarif = JSON.parse(readFileSync(path.join(dir, 'uproot.sarif'), 'utf8')) as { version: string; runs: { results: unknown[] }[] };
    expect(sarif.version).toBe('2.1.0');
    expect(scan.outputs).toEqual({ results: String(sarif.runs[0]!.results.length), 'sarif-file': 'uproot.sarif', 'exit-code': '1' });
    expect(Number(scan.outputs.results)).toBeGreaterThan(0);
    expect(scan.summary).toContain('roots sites in');

    const gate = (check: string) => runStep('Fail while roots work remains', dir, { UPROOT_EXIT: scan.outputs['exit-code']!, UPROOT_CHECK: check, UPROOT_RESULTS: scan.outputs.results! });
    expect(gate('true').status).toBe(1);
    expect(gate('true').stdout).toContain(`::error::uproot found ${scan.outputs.results} roots site(s)`);
    expect(gate('false').status).toBe(0);
  });

  it('passes on a clean tree, and fails with exit 2 when a file cannot be scanned', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-action-clean-'));
    writeFileSync(path.join(dir, 'index.ts'), 'export const answer = 42;\n');
    const clean = runStep('uproot scan', dir, scanEnv('.'));
    expect(clean.status).toBe(0);
    expect(clean.outputs).toMatchObject({ results: '0', 'exit-code': '0' });
    expect(runStep('Fail while roots work remains', dir, { UPROOT_EXIT: '0', UPROOT_CHECK: 'true', UPROOT_RESULTS: '0' }).status).toBe(0);

    writeFileSync(path.join(dir, 'broken.ts'), "import { McpServer } from '@modelcontextprotocol/server';\nserver.server.listRoots(\n");
    const broken = runStep('uproot scan', dir, scanEnv('.'));
    expect(broken.outputs['exit-code']).toBe('2');
    const gate = runStep('Fail while roots work remains', dir, { UPROOT_EXIT: '2', UPROOT_CHECK: 'false', UPROOT_RESULTS: '0' });
    expect(gate.status).toBe(2);
  });
});
