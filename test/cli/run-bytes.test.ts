// The bytes a scan keeps for its refine pass, in slabs another thread supplies and reads (run-bytes.ts): every
// file kept in a supplied slab is listed where it lies, and the other thread's view gives back the same bytes;
// a file kept where no supplied slab was ready is kept all the same, and left for that thread to read from disk.
import { describe, expect, it } from 'vitest';
import { KeptView, RunBytes, type SlabSupply } from '../../packages/uproot/src/files/run-bytes.ts';

/** A supply that has `ready` slabs to give, as a worker that touched them would. */
function supply(ready: number): SlabSupply & { slabs: Map<number, SharedArrayBuffer>; asked: number } {
  const slabs = new Map<number, SharedArrayBuffer>();
  let given = 0;
  return {
    slabs,
    asked: 0,
    ask(count) {
      this.asked += count;
    },
    take(bytes) {
      if (given >= ready) return undefined;
      const slab = new SharedArrayBuffer(bytes);
      const id = given++;
      slabs.set(id, slab);
      return { slab: Buffer.from(slab), id };
    },
  };
}

const file = (i: number) => `/repo/src/f${i}.ts`;
const text = (i: number) => `export const value${i} = '${'x'.repeat((i * 7919) % 300_000)}';\n`;

describe('RunBytes with a slab supply', () => {
  it('lists every file kept in a supplied slab, and the other thread reads the same bytes there', () => {
    const s = supply(100);
    const kept = new RunBytes();
    kept.supplyFrom(s, 40);
    expect(s.asked).toBeGreaterThan(0);
    for (let i = 0; i < 40; i++) kept.keep(file(i), Buffer.from(text(i)));
    const entries = kept.sharedEntries();
    expect(entries).toHaveLength(40);
    const view = new KeptView(s.slabs, entries);
    for (let i = 0; i < 40; i++) {
      expect(kept.get(file(i))?.toString()).toBe(text(i));
      expect(view.get(file(i))?.toString()).toBe(text(i));
    }
  });

  it('keeps files when no supplied slab is ready, without listing them for the other thread', () => {
    const s = supply(1);
    const kept = new RunBytes();
    kept.supplyFrom(s, 40);
    for (let i = 0; i < 40; i++) kept.keep(file(i), Buffer.from(text(i)));
    const entries = kept.sharedEntries();
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThan(40);
    const view = new KeptView(s.slabs, entries);
    for (let i = 0; i < 40; i++) {
      expect(kept.get(file(i))?.toString()).toBe(text(i));
      const seen = view.get(file(i));
      expect(seen === undefined || seen.toString() === text(i)).toBe(true);
    }
    expect(entries.every(([, id]) => id === 0)).toBe(true);
  });

  it('asks for no more slabs than its budget holds', () => {
    const s = supply(0);
    new RunBytes(8 * 1024 * 1024).supplyFrom(s, 1_000_000);
    expect(s.asked).toBe(2);
  });

  it('asks for a few slabs before the files are counted, then only for the rest', () => {
    const s = supply(0);
    const kept = new RunBytes();
    kept.supplyFrom(s);
    const early = s.asked;
    expect(early).toBeGreaterThan(0);
    kept.supplyFrom(s, 10_000);
    expect(s.asked).toBeGreaterThan(early);
    const total = s.asked;
    kept.supplyFrom(s, 10_000);
    expect(s.asked).toBe(total);
    // No supply (the run turned out too small for the worker): nothing more is asked of anyone.
    kept.supplyFrom(undefined, 20_000);
    expect(s.asked).toBe(total);
  });
});
