// The jscodeshift entry point, run through jscodeshift's own test utility on the fixture pairs a
// reviewer reads side by side (transforms/jscodeshift/__testfixtures__/<case>.input/.output).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { applyTransform } from 'jscodeshift/src/testUtils.js';
import { describe, expect, it } from 'vitest';
import transform from '../../transforms/jscodeshift/mrtr.ts';

const dir = path.resolve(import.meta.dirname, '../../transforms/jscodeshift/__testfixtures__');
const cases = readdirSync(dir).filter((f) => f.includes('.input.'));

async function run(source: string, file: string): Promise<string> {
  // applyTransform returns '' when the transform skips the file (returns undefined).
  const out = await applyTransform({ default: transform, parser: 'ts' } as never, {}, { source, path: file });
  return out === '' ? source : out;
}

describe('jscodeshift mrtr entry point', () => {
  it('has fixture pairs for every case', () => {
    expect(cases.length).toBeGreaterThanOrEqual(5);
    for (const input of cases) expect(readdirSync(dir)).toContain(input.replace('.input.', '.output.'));
  });

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
});
