// migrate's hint names the formatter the project already uses, found by dependency, package.json key or config file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatterCommand } from '../../packages/uproot/src/report/formatter.ts';

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'uproot-formatter-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('formatterCommand', () => {
  it.each([
    ['eslint.config.cjs', 'npx eslint --fix'],
    ['eslint.config.mts', 'npx eslint --fix'],
    ['.eslintrc.json', 'npx eslint --fix'],
    ['.prettierrc.yaml', 'npx prettier --write'],
    ['prettier.config.cjs', 'npx prettier --write'],
    ['biome.jsonc', 'npx biome format --write'],
  ])('recognises a project configured only by %s', (file, command) => {
    expect(formatterCommand(project({ [file]: '{}' }), ['src/a.ts'])).toBe(`${command} src/a.ts`);
  });

  it('reads the prettier key of package.json', () => {
    expect(formatterCommand(project({ 'package.json': JSON.stringify({ prettier: { semi: false } }) }), ['a.ts'])).toBe('npx prettier --write a.ts');
  });

  it('prefers the formatter over the linter when both are configured', () => {
    const dir = project({ 'eslint.config.js': '', 'package.json': JSON.stringify({ devDependencies: { prettier: '3.0.0', eslint: '9.0.0' } }) });
    expect(formatterCommand(dir, ['a.ts'])).toBe('npx prettier --write a.ts');
  });

  it('quotes paths the shell would split', () => {
    expect(formatterCommand(project({ 'biome.json': '{}' }), ['src/my file.ts'])).toBe('npx biome format --write "src/my file.ts"');
  });

  it('says nothing for a project with no formatter or no changed files', () => {
    expect(formatterCommand(project({ 'package.json': '{}' }), ['a.ts'])).toBeUndefined();
    expect(formatterCommand(project({ 'eslint.config.js': '' }), [])).toBeUndefined();
  });
});
