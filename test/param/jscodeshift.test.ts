// The jscodeshift entry point for --to param, run through jscodeshift's own test utility on the
// same fixture pairs as the planner, plus its --paramName option.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { applyTransform } from 'jscodeshift/src/testUtils.js';
import { describe, expect, it } from 'vitest';
import transform from '../../transforms/jscodeshift/param.ts';

const dir = path.resolve(import.meta.dirname, '../../transforms/jscodeshift/__testfixtures__/param-fixtures');
const cases = readdirSync(dir).filter((f) => f.includes('.input.')).sort();

async function run(source: string, file: string, options: Record<string, unknown> = {}): Promise<string> {
  // applyTransform returns '' when the transform skips the file (returns undefined).
  const out = await applyTransform({ default: transform, parser: 'ts' } as never, options, { source, path: file });
  return out === '' ? source : out;
}

describe('jscodeshift param entry point', () => {
  for (const input of cases) {
    const file = path.join(dir, input);
    const source = readFileSync(file, 'utf8');
    const expected = readFileSync(file.replace('.input.', '.output.'), 'utf8');
    it(`${input}: matches its output fixture`, async () => {
      expect((await run(source, file)).trimEnd()).toBe(expected.trimEnd());
    });
    it(`${input}: is idempotent`, async () => {
      expect((await run(expected, file)).trimEnd()).toBe(expected.trimEnd());
    });
  }

  it('passes --paramName through to the planner', async () => {
    const file = path.join(dir, 'early-exit.input.js');
    const out = await run(readFileSync(file, 'utf8'), file, { paramName: 'workspace' });
    expect(out).toContain("inputSchema: z.object({ workspace: z.string().describe('Absolute path");
    expect(out).toContain("async ({ workspace }, ctx) => {");
    expect(out).toContain("await rootsFromDirectory(workspace, 'workspace');");
    expect(out).not.toContain('directory: z.string()');
    expect(out).not.toContain("'directory'");
  });
});
