// In the editor, a file that no package.json or repository holds is bounded by its project's folder: the
// plugin passes it, so a tool module proven by its caller gets its diagnostic as in the package layout.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseFile, planFileRewrite } from '../../packages/uproot/src/tsserver/analysis.ts';
import { PROJECTS_DIR } from '../detection-corpus.ts';

const temp = mkdtempSync(path.join(os.tmpdir(), 'uproot-tsserver-dir-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('tsserver analysis without a package.json', () => {
  const project = path.join(temp, 'tool-modules-v2-js');
  cpSync(path.join(PROJECTS_DIR, 'tool-modules-v2-js'), project, { recursive: true });
  rmSync(path.join(project, 'package.json'));
  const file = path.join(project, 'tools/folders.js');
  const text = readFileSync(file, 'utf8');

  it('finds the caller-proven request within the project folder, and not without it', () => {
    expect(path.relative(process.cwd(), project).startsWith('..')).toBe(true);
    expect(analyseFile(file, text, project).map((f) => f.rule)).toEqual(['no-roots-request']);
    expect(analyseFile(file, text)).toEqual([]);
  });

  it('rewrites that file with the same boundary', () => {
    expect(planFileRewrite(file, text, project).length).toBeGreaterThan(0);
    expect(planFileRewrite(file, text)).toEqual([]);
  });
});
