// On Node 20 (no module.enableCompileCache) v8-compile-cache caches the compiled CommonJS that typed mode
// and migrate load; a scan that finds no request to plan loads none of size, so it must not pay the ~10 ms
// of loading the cache.
// The built bin runs with a preload that records every module Node's CommonJS loader is asked for.
import { spawnSync } from 'node:child_process';
import module from 'node:module';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bin, removeTree, tempTree, toolServer } from './helpers.ts';

const dir = tempTree({ 'src/server.ts': toolServer, 'plain/a.ts': 'export const x = 1;\n', 'plain/b.js': "export const roots = ['not', 'mcp'];\n" });
const hook = path.join(dir, 'record-requires.cjs');
writeFileSync(hook, "const Module = require('node:module');\nconst load = Module._load;\nModule._load = function (request, ...rest) {\n  if (request === 'v8-compile-cache') process.stderr.write('[loaded v8-compile-cache]\\n');\n  return load.call(this, request, ...rest);\n};\n");
afterAll(() => removeTree(dir));

const nodeCaches = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

function loadsCompileCache(...argv: string[]): boolean {
  const r = spawnSync(process.execPath, ['--require', hook, bin, ...argv], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  if (r.error) throw r.error;
  expect(r.status, r.stderr).toBeLessThan(2);
  return r.stderr.includes('[loaded v8-compile-cache]');
}

describe('the compiled-code cache', () => {
  it('a scan with no request to plan does without it', () => {
    expect(loadsCompileCache('scan', 'plain', '--types', 'off', '--format', 'json')).toBe(false);
  });

  it('migrate turns it on where Node does not cache by itself', () => {
    expect(loadsCompileCache('migrate', '.', '--dry-run', '--format', 'json')).toBe(!nodeCaches);
  });
});
