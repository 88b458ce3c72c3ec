// `uproot` on Node 22 and 24 says what it says on Node 20, and nothing else: the same reports from scan (with its
// matcher worker, and oxc's raw transfer, which only Node 22+ takes) and migrate, and an empty stderr. V8 prints an
// "unrecognized flag" line for a V8 flag it does not know; Node 22 and 24 printed one on every scan until
// bin/scan-tuning.js chose the flags by V8 version.
import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { POOL_MIN_FILES } from '../../packages/uproot/src/worker/match-pool.ts';
import { bin, removeTree, tempTree, writeTree } from '../cli/helpers.ts';
import { NEWER_NODES, nodeBinary } from './fetch-node.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const tree = tempTree();
cpSync(path.join(FIXTURES, 'detection'), path.join(tree, 'detection'), { recursive: true });
cpSync(path.join(FIXTURES, 'mrtr-rules/corpus'), path.join(tree, 'mrtr'), { recursive: true });
// Enough files for the matcher worker to start.
for (let i = 0; i < POOL_MIN_FILES; i++) writeTree(tree, `filler/f${String(i).padStart(3, '0')}.ts`, `export const value${i} = ${i};\n`);

afterAll(() => removeTree(tree));

const COMMANDS = [
  ['scan', '.', '--format', 'json', '--types', 'off'],
  ['scan', '.', '--format', 'json', '--types', 'off', '--explain'],
  ['migrate', '.', '--to', 'mrtr', '--dry-run', '--format', 'json', '--types', 'off'],
  ['migrate', '.', '--to', 'param', '--dry-run', '--format', 'json', '--types', 'off'],
];

/** Node 20's report for each command, made once for both newer Nodes to be compared with. */
const onNode20 = new Map<string, ReturnType<typeof run>>();

function run(node: string, args: string[]) {
  const r = spawnSync(node, [bin, ...args], { cwd: tree, encoding: 'utf8', timeout: 120_000, maxBuffer: 1 << 28 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe.each(NEWER_NODES.map((v) => [v]))('Node %s', (version) => {
  it('gives the reports Node 20 gives, with nothing on stderr', () => {
    const node = nodeBinary(version);
    for (const args of COMMANDS) {
      const key = args.join(' ');
      if (!onNode20.has(key)) onNode20.set(key, run(process.execPath, args));
      const here = onNode20.get(key)!;
      const there = run(node, args);
      expect(there.stderr, args.join(' ')).toBe('');
      expect(there.status, args.join(' ')).toBe(here.status);
      expect(there.stdout, args.join(' ')).toBe(here.stdout);
      expect(JSON.parse(there.stdout).summary, args.join(' ')).toBeDefined();
    }
  }, 300_000);
});
