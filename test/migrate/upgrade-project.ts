// A fixture project copied to a temporary folder, with a node_modules that links the real v1 and v2 SDKs,
// so a test can type-check it before and after `--with-sdk-upgrade`.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { main } from '../../packages/uproot/src/cli.ts';

export const REPO = path.resolve(import.meta.dirname, '../..');
const temps: string[] = [];

export function removeProjects(): void {
  temps.splice(0).forEach((t) => rmSync(t, { recursive: true, force: true }));
}

/** A copy of `fixture` with the SDKs linked; `links` maps extra package names to folders of the copy. */
export function project(fixture: string, links: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-upgrade-'));
  temps.push(dir);
  cpSync(fixture, dir, { recursive: true });
  const modules = path.join(dir, 'node_modules');
  for (const scope of ['@modelcontextprotocol', '@types', ...Object.keys(links).map((n) => n.split('/')[0]!)]) mkdirSync(path.join(modules, scope), { recursive: true });
  for (const pkg of ['@modelcontextprotocol/sdk', '@modelcontextprotocol/server', '@modelcontextprotocol/core', '@modelcontextprotocol/client', '@types/node', 'zod']) {
    symlinkSync(path.join(REPO, 'node_modules', pkg), path.join(modules, pkg), 'dir');
  }
  for (const [name, folder] of Object.entries(links)) symlinkSync(path.join(dir, folder), path.join(modules, name), 'dir');
  return dir;
}

/** `file TScode` for each diagnostic of the project's tsconfig.json. */
export function typeErrors(dir: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(dir, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.relative(dir, d.file.fileName) : ''} TS${d.code}`);
}

export async function cli(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s), cwd });
  return { code, out, err };
}

export const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string> | undefined>;
