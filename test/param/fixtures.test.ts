// `--to param` on the fixture pairs a reviewer reads side by side
// (transforms/jscodeshift/__testfixtures__/param-fixtures/<case>.input/.output): the planner's text
// matches the output, a second run changes nothing, each site gets the decision listed below, and
// the TypeScript outputs type-check against the real SDKs.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../packages/core/src/plan/edits.ts';
import { planParamText } from '../../transforms/param.ts';

const dir = path.resolve(import.meta.dirname, '../../transforms/jscodeshift/__testfixtures__/param-fixtures');
const inputs = readdirSync(dir).filter((f) => f.includes('.input.')).sort();
const caseName = (input: string) => input.slice(0, input.indexOf('.input.'));

/** Per case, each site in source order: kind[:client]:outcome[:reason]. */
const decisions: Record<string, string[]> = {
  'allow-list': ['request:rewritten'],
  'allow-list-suspect': ['request:rewritten'],
  'caught-default': ['request:rewritten'],
  'blocked-handler': ['request:marked:lifecycle', 'request:marked:lifecycle'],
  'client-era-guard': [
    'list-changed:client:rewritten',
    'list-changed:client:rewritten',
    'list-changed:client:rewritten',
    'list-changed:client:marked:list-changed',
    'list-changed:client:rewritten',
  ],
  collision: ['request:rewritten'],
  'dead-refresh': ['list-changed:rewritten', 'request:rewritten'],
  commonjs: ['request:rewritten'],
  'early-exit': ['capability:rewritten', 'request:rewritten'],
  'gate-else': ['capability:rewritten', 'request:rewritten'],
  'helper-optional': ['request:rewritten', 'capability:rewritten'],
  'hybrid-unsure': ['request:marked:unresolved-chain'],
  'low-level': ['request:rewritten', 'capability:rewritten', 'request:rewritten'],
  marks: [
    'request:marked:lifecycle',
    'list-changed:marked:list-changed',
    'request:marked:resource-param',
    'request:marked:resource-param',
    'input-request:marked:unresolved-chain',
  ],
  'mrtr-prompt': ['input-request:rewritten'],
  'not-mcp': [],
  'raw-send-then': ['request:rewritten'],
  'source-closure': ['capability:rewritten', 'request:rewritten', 'capability:rewritten', 'list-changed:rewritten'],
  'source-session-then': ['capability:rewritten', 'request:rewritten'],
  'state-background': ['request:rewritten'],
  'state-configured': ['capability:rewritten', 'request:rewritten'],
  'state-on-first-use': ['capability:rewritten', 'request:rewritten'],
  'state-on-first-use-workspace': ['request:rewritten'],
  'state-sandbox': ['capability:rewritten', 'request:rewritten', 'list-changed:rewritten', 'request:rewritten'],
  'state-session-map': ['request:marked:lifecycle'],
  'state-workspace': ['capability:rewritten', 'request:rewritten'],
  'v1-overloads': ['request:rewritten', 'request:rewritten', 'request:rewritten'],
  'zod-missing': ['request:rewritten'],
};

function migrate(text: string, file: string): string {
  return applyEdits(text, planParamText(text, file).edits);
}

describe('param fixture pairs', () => {
  it('lists a decision for every case and has an output for every input', () => {
    expect(inputs.map(caseName).sort()).toEqual(Object.keys(decisions).sort());
    for (const input of inputs) expect(readdirSync(dir)).toContain(input.replace('.input.', '.output.'));
  });

  for (const input of inputs) {
    const file = path.join(dir, input);
    const source = readFileSync(file, 'utf8');
    const expected = readFileSync(file.replace('.input.', '.output.'), 'utf8');
    it(`${input}: matches its output fixture`, () => {
      expect(migrate(source, file)).toBe(expected);
    });
    it(`${input}: is idempotent`, () => {
      expect(migrate(expected, file)).toBe(expected);
    });
    it(`${input}: decides each site as listed`, () => {
      const { outcomes } = planParamText(source, file);
      expect(outcomes.map((o) => [o.site.kind, o.site.side === 'client' ? 'client' : '', o.outcome, o.reason ?? ''].filter(Boolean).join(':'))).toEqual(decisions[caseName(input)]);
      for (const o of outcomes) {
        if (o.outcome === 'rewritten' && (o.site.kind === 'request' || o.site.kind === 'input-request')) expect(o.detail).toMatch(/trust boundary moved/);
      }
    });
  }

  it('TypeScript outputs type-check (strict, nodenext) against the real SDKs', () => {
    const outputs = readdirSync(dir)
      .filter((f) => /\.output\.[cm]?ts$/.test(f) && !f.startsWith('not-mcp.'))
      .map((f) => path.join(dir, f));
    expect(outputs.length).toBeGreaterThanOrEqual(10);
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts'],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ['node'],
      strict: true,
      skipLibCheck: true,
      noEmit: true,
    };
    const program = ts.createProgram({ rootNames: outputs, options });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : '';
      return `${where} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(problems).toEqual([]);
  });
});
