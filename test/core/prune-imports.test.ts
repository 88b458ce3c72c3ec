// planPrunes removes the import specifiers whose every use a plan replaced. Neighbouring dead
// specifiers must come out as one clean range, and what is left must still parse.
import { describe, expect, it } from 'vitest';
import { applyEdits, insert } from '../../packages/core/src/plan/edits.ts';
import { planPrunes } from '../../packages/core/src/plan/imports.ts';
import { parseSource } from '../../packages/core/src/parse.ts';
import { Provenance } from '../../packages/core/src/provenance.ts';

const clauses = ['{ a, b, c }', 'd, { a, b }', 'd, * as ns', '{ a }', 'd'];

function namesIn(clause: string): string[] {
  return clause.replace(/[{}]/g, '').split(',').map((s) => s.trim().replace(/^\* as /, '')).filter(Boolean);
}

function subsets<T>(items: T[]): T[][] {
  return items.reduce<T[][]>((all, item) => [...all, ...all.map((s) => [...s, item])], [[]]).filter((s) => s.length > 0);
}

function prune(clause: string, dead: string[]) {
  const names = namesIn(clause);
  const text = `import ${clause} from 'm';\nuse(${names.join(', ')});\n`;
  const { ast, scopeManager } = parseSource(text, 'x.ts');
  const useAt = text.indexOf('use(');
  const removed = dead.map((n): [number, number] => {
    const at = text.indexOf(n, useAt);
    return [at, at + n.length];
  });
  return { text, edits: planPrunes(text, ast, new Provenance(scopeManager), removed) };
}

describe('planPrunes', () => {
  for (const clause of clauses) {
    for (const dead of subsets(namesIn(clause))) {
      it(`import ${clause} without ${dead.join(', ')}`, () => {
        const { text, edits } = prune(clause, dead);
        const out = applyEdits(text, edits);
        const kept = namesIn(clause).filter((n) => !dead.includes(n));
        const firstLine = out.split('\n')[0]!;
        if (kept.length === 0) {
          expect(firstLine).toMatch(/^use\(/);
          return;
        }
        const { ast } = parseSource(out, 'x.ts');
        const decl = ast.body[0]!;
        expect(decl.type).toBe('ImportDeclaration');
        if (decl.type === 'ImportDeclaration') expect(decl.specifiers.map((s) => s.local.name).sort()).toEqual([...kept].sort());
      });
    }
  }

  it('leaves room for another plan to add a name after the last specifier', () => {
    const { text, edits } = prune('{ a, b, c }', ['b', 'c']);
    const last = text.indexOf('c }') + 1;
    expect(applyEdits(text, [insert(last, ', added'), ...edits]).split('\n')[0]).toBe("import { a, added } from 'm';");
  });
});
