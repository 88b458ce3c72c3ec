// The tarball checks of the consumer test flag what the build once shipped: links and imports that leave
// the package or name files it lacks; quoted example code and npm's pack-time scripts are not references.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { danglingReferences, unpack } from './tarball.ts';

const temp = mkdtempSync(path.join(os.tmpdir(), 'uproot-tarball-check-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function pack(name: string, files: Record<string, string>): string {
  const dir = path.join(temp, name);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, 'package', rel)), { recursive: true });
    writeFileSync(path.join(dir, 'package', rel), text);
  }
  const tarball = path.join(temp, `${name}.tgz`);
  execFileSync('tar', ['czf', tarball, '-C', dir, 'package']);
  return tarball;
}

describe('danglingReferences', () => {
  it('accepts a package whose references all stay inside and exist', () => {
    const tarball = pack('clean', {
      'package.json': JSON.stringify({ name: 'x', scripts: { prepack: 'node ../../scripts/build.mjs' } }),
      'dist/index.js': "import { a } from './chunks/a.js';\n/** Example: `import { server } from './server.js'` */\nexport default a;\n",
      'dist/chunks/a.js': "export const a = new URL('../../docs/page.md', import.meta.url);\n",
      'dist/index.d.ts': "export * from './chunks/a.js';\n",
      'dist/chunks/a.d.ts': 'export declare const a: URL;\n',
      'docs/page.md': '[other](./other.md)\n',
      'docs/other.md': 'text\n',
    });
    expect(danglingReferences(unpack(tarball))).toEqual([]);
  });

  it('flags links out of the package or to pages it lacks, a missing import and a missing declaration', () => {
    const tarball = pack('dangling', {
      'package.json': JSON.stringify({ name: 'x' }),
      'dist/index.js': "export const load = () => import('./missing.js');\n",
      'dist/index.d.ts': "export * from './types.ts';\n",
      'docs/reasons/lifecycle.md': 'See [the rule](../../rules/no-roots-request.md).\n',
      'docs/README.md': 'Read [the design](../../docs/design.md).\n',
    });
    expect(danglingReferences(unpack(tarball))).toEqual([
      'dist/index.d.ts: ./types.ts names dist/types.ts, which the package does not contain',
      'dist/index.js: ./missing.js names dist/missing.js, which the package does not contain',
      'docs/README.md: ../../docs/design.md leaves the package',
      'docs/reasons/lifecycle.md: ../../rules/no-roots-request.md names rules/no-roots-request.md, which the package does not contain',
    ]);
  });
});
