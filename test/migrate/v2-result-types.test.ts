// The type-only repair after the official codemod: a plain-literal const that feeds a v2 handler's result
// gets the result type as its annotation; the output type-checks against the real v2 SDK where the input
// did not, the JavaScript is unchanged, and what uproot cannot prove is named, not changed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { afterEach, describe, expect, it } from 'vitest';
import { repairResultTypes } from '../../packages/uproot/src/sdk-upgrade/v2-result-types.ts';
import { REPO, project, removeProjects, typeErrors } from './upgrade-project.ts';

const fixtures = path.join(REPO, 'test/fixtures/v2-result-types');
const read = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');
afterEach(removeProjects);

/** Repair one fixture text as if it were `src/server.ts`; returns the new text (the same when unchanged) and findings. */
function repair(text: string) {
  const file = '/virtual/src/server.ts';
  const result = repairResultTypes([file], () => text);
  return { text: result.texts.get(file) ?? text, findings: result.findings.map((f) => ({ line: f.line, level: f.level, message: f.message })) };
}

/** Type errors of one file in a project that links the real v2 SDK. */
function errorsOf(text: string): string[] {
  const dir = project(path.join(REPO, 'test/fixtures/sdk-upgrade/root-provided'));
  mkdirSync(path.join(dir, 'packages/server/src'), { recursive: true });
  writeFileSync(path.join(dir, 'packages/server/package.json'), JSON.stringify({ name: 'server', type: 'module' }));
  writeFileSync(path.join(dir, 'packages/server/src/server.ts'), text);
  return typeErrors(dir).filter((e) => e.startsWith('packages/server/'));
}

const emitted = (text: string) => ts.transpileModule(text, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: true } }).outputText;

describe('repairResultTypes', () => {
  for (const name of ['tools-list-literal', 'call-result-literal']) {
    it(`${name}: writes the expected output, which type-checks against v2 where the input did not`, () => {
      const input = read(`${name}.input.ts`);
      const output = read(`${name}.output.ts`);
      const { text, findings } = repair(input);
      expect(text).toBe(output);
      expect(findings).toHaveLength(1);
      expect(findings[0]).toMatchObject({ level: 'info', message: expect.stringContaining('uproot declared it `: ') });
      expect(errorsOf(input).length).toBeGreaterThan(0);
      expect(errorsOf(output)).toEqual([]);
    });

    it(`${name}: changes no emitted JavaScript and is idempotent`, () => {
      const input = read(`${name}.input.ts`);
      const { text } = repair(input);
      expect(emitted(text)).toBe(emitted(input));
      expect(repair(text)).toEqual({ text, findings: [] });
    });
  }

  it('names the tools/list declaration on its line in the message', () => {
    const { findings } = repair(read('tools-list-literal.input.ts'));
    expect(findings[0]!.line).toBe(7);
    expect(findings[0]!.message).toBe(
      "`TOOLS` feeds the 'tools/list' result, which v2 checks against ListToolsResult['tools'], which rejects its literal-typed fields widened to string: uproot declared it `: ListToolsResult['tools']` (the handler results are its only uses; the value and the emitted JavaScript are unchanged)",
    );
  });

  it('changes nothing it cannot prove, names each such declaration, and leaves a list with no literal-typed field alone', () => {
    const input = read('unproven.input.ts');
    const { text, findings } = repair(input);
    expect(text).toBe(input);
    expect(findings).toEqual([
      { line: 10, level: 'warning', message: expect.stringMatching(/^`HELP` feeds the 'tools\/list' result, which v2 checks against ListToolsResult\['tools'\], and v2 rejects it as declared .*it has other uses \(line 11\), so uproot cannot prove it has that type/) },
      { line: 8, level: 'warning', message: expect.stringMatching(/^`TOOLS` feeds the 'tools\/list' result, .*it is not a const of plain literals, so uproot cannot prove it has that type: give it the type \(`: ListToolsResult\['tools'\]`\)/) },
    ]);
  });

  it('leaves JavaScript, declaration files and v1 schema-keyed handlers alone', () => {
    const input = read('tools-list-literal.input.ts');
    expect(repairResultTypes(['/virtual/server.js'], () => input).texts.size).toBe(0);
    expect(repairResultTypes(['/virtual/server.d.ts'], () => input).texts.size).toBe(0);
    const v1 = input.replace("'tools/list'", 'ListToolsRequestSchema');
    expect(repair(v1)).toEqual({ text: v1, findings: [] });
  });
});
