// Shared by the CLI suites: run `uproot` in-process or as the real bin, and build throwaway trees in
// the OS temp directory.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../../packages/uproot/src/cli.ts';

export const fixtureProject = fileURLToPath(new URL('../fixtures/cli/project/', import.meta.url));
export const bin = fileURLToPath(new URL('../../packages/uproot/bin/uproot.js', import.meta.url));

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** `main()` as bin/uproot.js calls it, with stdout and stderr captured. */
export async function uproot(argv: string[], cwd: string): Promise<CliRun> {
  let out = '';
  let err = '';
  const io = {
    out: (s: string) => ((out += s), true),
    err: (s: string) => ((err += s), true),
    cwd,
  };
  const code = await main(argv, io);
  return { code, out, err };
}

/** The real executable in a child process (tsx loader, process.exitCode, real stdout). */
export function uprootProcess(argv: string[], cwd: string, env: NodeJS.ProcessEnv): CliRun {
  const r = spawnSync(process.execPath, [bin, ...argv], { cwd, env, encoding: 'utf8', timeout: 30_000 });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

/** The environment minus everything that decides colour, so each test says what it wants. */
export function colourlessEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['NO_COLOR', 'FORCE_COLOR', 'CI', 'TERM']) delete env[key];
  return { ...env, ...extra };
}

/** A fresh directory under os.tmpdir() holding `files` (relative path → content). */
export function tempTree(files: Record<string, string | Buffer> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-cli-'));
  for (const [rel, content] of Object.entries(files)) writeTree(dir, rel, content);
  return dir;
}

export function writeTree(dir: string, rel: string, content: string | Buffer): string {
  const file = path.join(dir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

export function removeTree(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A v2 server whose tool handler sends a roots request migrate can rewrite: one `request` site. */
export const toolServer = [
  "import { McpServer } from '@modelcontextprotocol/server';",
  "const server = new McpServer({ name: 'x', version: '1.0.0' });",
  "server.registerTool('read', { description: 'Count the roots' }, async (ctx) => {",
  "  const { roots } = await ctx.mcpReq.send({ method: 'roots/list' });",
  "  return { content: [{ type: 'text', text: String(roots.length) }] };",
  '});',
  '',
].join('\n');

/** 1-based line and column (UTF-16 code units, like the reports) → offset into `text`. */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) throw new Error(`line ${line} is past the end of the text`);
    offset = nl + 1;
  }
  return offset + column - 1;
}
