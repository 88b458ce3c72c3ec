// The bytes a scan keeps for its refine pass, in slabs another thread (the matcher worker) touched and handed over
// (run-bytes.ts): a file kept in a supplied slab reads back the same, and so does one kept where no supplied slab was
// ready (a fresh one is made); what is asked for follows the file count and stays within the budget.
import { describe, expect, it } from 'vitest';
import { RunBytes, type SlabSupply } from '../../packages/uproot/src/files/run-bytes.ts';

/** A supply that has `ready` slabs to give, as a worker that touched them would; it counts what it gave. */
function supply(ready: number): SlabSupply & { asked: number; given: number } {
  return {
    asked: 0,
    given: 0,
    ask(count) {
      this.asked += count;
    },
    take(bytes) {
      if (this.given >= ready) return undefined;
      this.given++;
      return Buffer.alloc(bytes);
    },
  };
}

const file = (i: number) => `/repo/src/f${i}.ts`;
const text = (i: number) => `export const value${i} = '${'x'.repeat((i * 7919) % 300_000)}';\n`;

describe('RunBytes with a slab supply', () => {
  it('keeps files in supplied slabs and reads them back', () => {
    const s = supply(100);
    const kept = new RunBytes();
    kept.supplyFrom(s, 40);
    expect(s.asked).toBeGreaterThan(0);
    for (let i = 0; i < 40; i++) kept.keep(file(i), Buffer.from(text(i)));
    expect(s.given).toBeGreaterThan(1);
    for (let i = 0; i < 40; i++) expect(kept.get(file(i))?.toString()).toBe(text(i));
  });

  it('keeps files when no supplied slab is ready', () => {
    const s = supply(1);
    const kept = new RunBytes();
    kept.supplyFrom(s, 40);
    for (let i = 0; i < 40; i++) kept.keep(file(i), Buffer.from(text(i)));
    expect(s.given).toBe(1);
    for (let i = 0; i < 40; i++) expect(kept.get(file(i))?.toString()).toBe(text(i));
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

// An untyped scan keeps nothing until a found request makes the refine pass likely (scan.ts wakes it): fresh memory
// costs page faults, all for nothing on a tree the pass never runs on.
describe('RunBytes, dormant', () => {
  it('keeps nothing and asks for no slabs past the early ones until woken', () => {
    const s = supply(100);
    const kept = new RunBytes(undefined, true);
    kept.supplyFrom(s);
    const early = s.asked;
    expect(early).toBeGreaterThan(0);
    kept.supplyFrom(s, 10_000);
    expect(s.asked).toBe(early);
    for (let i = 0; i < 10; i++) kept.keep(file(i), Buffer.from(text(i)));
    for (let i = 0; i < 10; i++) expect(kept.get(file(i))).toBeUndefined();
    expect(s.given).toBe(0);
  });

  it('once woken, keeps every later file and asks for slabs for the files still to come', () => {
    const s = supply(100);
    const kept = new RunBytes(undefined, true);
    kept.supplyFrom(s, 40);
    for (let i = 0; i < 10; i++) kept.keep(file(i), Buffer.from(text(i)));
    kept.wake();
    expect(s.asked).toBe(Math.ceil((30 * 7 * 1024) / (4 * 1024 * 1024)));
    for (let i = 10; i < 40; i++) kept.keep(file(i), Buffer.from(text(i)));
    for (let i = 0; i < 10; i++) expect(kept.get(file(i))).toBeUndefined();
    for (let i = 10; i < 40; i++) expect(kept.get(file(i))?.toString()).toBe(text(i));
    // Waking again changes nothing.
    const asked = s.asked;
    kept.wake();
    expect(s.asked).toBe(asked);
  });

  it('asks for no more than the budget holds on waking late in a large run', () => {
    const s = supply(0);
    const kept = new RunBytes(8 * 1024 * 1024, true);
    kept.supplyFrom(s, 1_000_000);
    kept.keep(file(0), Buffer.from(text(0)));
    kept.wake();
    expect(s.asked).toBe(2);
  });
});
