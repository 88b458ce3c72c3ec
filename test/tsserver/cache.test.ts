// The plugin's per-version cache: an unchanged file is analysed once, an edited one again.
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../packages/uproot/src/tsserver/analysis.ts';
import { FindingsCache } from '../../packages/uproot/src/tsserver/cache.ts';

const finding = (start: number): Finding => ({ rule: 'no-roots-request', code: 93001, severity: 'error', start, length: 1, message: 'm' });

describe('FindingsCache', () => {
  it('analyses a file once per version', () => {
    const cache = new FindingsCache();
    let runs = 0;
    const analyse = (start: number) => () => (runs++, [finding(start)]);
    expect(cache.get('/a.ts', '1', analyse(1))).toEqual([finding(1)]);
    expect(cache.get('/a.ts', '1', analyse(2))).toEqual([finding(1)]);
    expect(runs).toBe(1);
    expect(cache.get('/a.ts', '2', analyse(3))).toEqual([finding(3)]);
    expect(cache.get('/b.ts', '2', analyse(4))).toEqual([finding(4)]);
    expect(runs).toBe(3);
  });

  it('forgets the least recently analysed file first', () => {
    const cache = new FindingsCache();
    let runs = 0;
    const analyse = () => (runs++, []);
    for (let i = 0; i < 200; i++) cache.get(`/f${i}.ts`, '1', analyse);
    cache.get('/f0.ts', '2', analyse); // re-analysed: now the newest
    cache.get('/extra.ts', '1', analyse); // pushes /f1.ts out
    runs = 0;
    cache.get('/f0.ts', '2', analyse);
    cache.get('/f2.ts', '1', analyse);
    expect(runs).toBe(0);
    cache.get('/f1.ts', '1', analyse);
    expect(runs).toBe(1);
  });
});
