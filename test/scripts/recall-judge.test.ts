// The recall script's judgement: a label is found only by a report of its own rule spanning its line, each
// report accounts for one label, and reports outside the labelled folders are neither hits nor false positives.
import { describe, expect, it } from 'vitest';
import { disagreements, judge } from '../../scripts/recall/compare.ts';
import { kindTable } from '../../scripts/recall/table.ts';
import type { LabelledRepo } from '../../scripts/recall/labels.ts';

const commit = 'a'.repeat(40);
const entry: LabelledRepo = {
  repo: 'o/r',
  commit,
  sites: [
    { file: 'src/a.ts', line: 10, kind: 'request', family: 'direct' },
    { file: 'src/a.ts', line: 12, kind: 'request', family: 'direct' },
    { file: 'src/b.ts', line: 3, kind: 'capability', family: 'client' },
  ],
  outOfScope: [{ file: 'src/raw.ts', line: 5, why: 'hand-rolled JSON-RPC' }],
};

describe('recall judge', () => {
  it('matches a label by file, rule and a span holding its line', () => {
    const out = judge(entry, [
      { file: 'src/a.ts', line: 9, endLine: 11, rule: 'no-roots-request' },
      { file: 'src/b.ts', line: 3, endLine: 3, rule: 'no-roots-list-changed' },
    ]);
    expect(out.found.map((s) => s.line)).toEqual([10]);
    expect(out.missed.map((s) => `${s.file}:${s.line}`)).toEqual(['src/a.ts:12', 'src/b.ts:3']);
    expect(out.falsePositives).toEqual([{ file: 'src/b.ts', line: 3, endLine: 3, rule: 'no-roots-list-changed' }]);
  });

  it('lets one report account for one label only', () => {
    const out = judge(entry, [{ file: 'src/a.ts', line: 10, endLine: 12, rule: 'no-roots-request' }]);
    expect(out.found).toHaveLength(1);
    expect(out.missed).toHaveLength(2);
  });

  it('keeps build output and out-of-scope lines out of the false positives', () => {
    const out = judge(entry, [
      { file: 'dist/a.js', line: 1, endLine: 1, rule: 'no-roots-request' },
      { file: 'pkg/.next/x.js', line: 1, endLine: 1, rule: 'no-roots-request' },
      { file: 'src/raw.ts', line: 5, endLine: 5, rule: 'no-roots-request' },
      { file: 'src/c.ts', line: 1, endLine: 1, rule: 'no-roots-request' },
    ]);
    expect(out.outside).toBe(2);
    expect(out.falsePositives.map((r) => r.file)).toEqual(['src/c.ts']);
  });

  it('counts reports of kinds the labels do not cover apart', () => {
    const out = judge(entry, [{ file: 'src/c.ts', line: 4, endLine: 4, rule: 'no-push-elicitation' }]);
    expect(out.falsePositives).toEqual([]);
    expect(out.unlabelled).toEqual({ 'no-push-elicitation': 1 });
  });

  it('judges elicitation and sampling reports in a repository labelled for them, as hits or false positives', () => {
    const push: LabelledRepo = {
      ...entry,
      pushLabelled: true,
      sites: [...entry.sites, { file: 'src/d.ts', line: 20, kind: 'elicitation-request', family: 'helper' }, { file: 'src/d.ts', line: 30, kind: 'sampling-request', family: 'direct' }],
    };
    const out = judge(push, [
      { file: 'src/d.ts', line: 19, endLine: 22, rule: 'no-push-elicitation' },
      { file: 'src/d.ts', line: 30, endLine: 30, rule: 'no-push-elicitation' },
      { file: 'src/e.ts', line: 1, endLine: 1, rule: 'no-push-sampling' },
    ]);
    expect(out.found.map((s) => s.kind)).toEqual(['elicitation-request']);
    expect(out.missed.map((s) => s.kind)).toEqual(['request', 'request', 'capability', 'sampling-request']);
    expect(out.falsePositives.map((r) => `${r.file}:${r.line} ${r.rule}`)).toEqual(['src/d.ts:30 no-push-elicitation', 'src/e.ts:1 no-push-sampling']);
    expect(out.unlabelled).toEqual({});

    const table = kindTable([['scan', [out, judge(entry, [{ file: 'src/e.ts', line: 1, endLine: 1, rule: 'no-push-sampling' }])]]]);
    // The roots row counts both repositories; the elicitation and sampling rows only the one labelled for them.
    expect(table).toContain('| scan | roots | 2 | 6 | 0 | 0.0% | 0 |');
    expect(table).toContain('| scan | elicitation-request | 1 | 1 | 1 | 100.0% | 1 |');
    expect(table).toContain('| scan | sampling-request | 1 | 1 | 0 | 0.0% | 1 |');
  });

  it('lists what one front end reports and the other does not, over the files both were asked about', () => {
    const scan = [
      { file: 'a.ts', line: 1, endLine: 1, rule: 'no-roots-request' },
      { file: 'b.ts', line: 2, endLine: 2, rule: 'no-roots-capability' },
    ];
    const other = [
      { file: 'a.ts', line: 1, endLine: 1, rule: 'no-roots-request' },
      { file: 'a.ts', line: 7, endLine: 7, rule: 'no-roots-request' },
    ];
    expect(disagreements(scan, other, new Set(['a.ts']))).toEqual({ onlyScan: [], onlyOther: ['a.ts:7 no-roots-request'] });
    expect(disagreements(scan, other, new Set(['a.ts', 'b.ts']))).toEqual({ onlyScan: ['b.ts:2 no-roots-capability'], onlyOther: ['a.ts:7 no-roots-request'] });
  });
});
