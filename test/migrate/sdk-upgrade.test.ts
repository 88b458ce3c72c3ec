// `--with-sdk-upgrade` chains the official v1-to-v2 codemod, then plans MRTR on the upgraded code.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../packages/uproot/src/cli.ts';
import { scanText } from '../../packages/core/src/index.ts';

const example = path.resolve(import.meta.dirname, '../../examples/legacy-server');
const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((t) => rmSync(t, { recursive: true, force: true })));

function copyExample(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uproot-upgrade-test-'));
  temps.push(dir);
  cpSync(example, dir, { recursive: true });
  return dir;
}

async function cli(args: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s), cwd });
  return { code, out, err };
}

describe('migrate --with-sdk-upgrade', () => {
  it('upgrades the v1 tool with the official codemod and rewrites its roots request to MRTR', async () => {
    const dir = copyExample();
    const { code, err } = await cli(['migrate', '.', '--force', '--with-sdk-upgrade'], dir);
    expect(err).toMatch(/codemod v1-to-v2 changed \d+ file/);
    expect(code).toBe(1); // the lifecycle cache in allowed-dirs.ts still needs a person
    const tool = readFileSync(path.join(dir, 'src/v1-tool.js'), 'utf8');
    expect(tool).not.toMatch(/@modelcontextprotocol\/sdk/);
    expect(tool).toMatch(/inputRequired\.listRoots\(\)/);
    const remaining = scanText(tool, 'v1-tool.js').sites.filter((s) => s.kind === 'request');
    expect(remaining).toEqual([]);
  });

  it('writes nothing in a dry run and shows the combined diff', async () => {
    const dir = copyExample();
    const before = readFileSync(path.join(dir, 'src/v1-tool.js'), 'utf8');
    const { out } = await cli(['migrate', '.', '--dry-run', '--with-sdk-upgrade'], dir);
    expect(readFileSync(path.join(dir, 'src/v1-tool.js'), 'utf8')).toBe(before);
    expect(out).toMatch(/-import \{ McpServer \} from '@modelcontextprotocol\/sdk\/server\/mcp\.js';/);
    expect(out).toMatch(/\+.*inputRequired\.listRoots\(\)/);
  });
});
