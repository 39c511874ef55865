import { describe, expect, it } from 'vitest';
import { CoalescedReads } from './coalescedReads';

/** Reads that record the ids of each load. */
function recorded() {
  const loads: string[][] = [];
  const reads = new CoalescedReads<string | undefined>(async (ids) => {
    loads.push([...ids]);
    await new Promise((r) => setTimeout(r, 5));
    return new Map(ids.filter((id) => id !== 'nobody').map((id) => [id, `row ${id}`]));
  }, undefined);
  return { loads, reads };
}

describe('coalesced reads', () => {
  it('serves the requests of one turn with one read', async () => {
    const { loads, reads } = recorded();
    const got = await Promise.all(['a', 'b', 'nobody', 'a'].map((id) => reads.read(id)));
    expect(got).toEqual(['row a', 'row b', undefined, 'row a']);
    expect(loads).toEqual([['a', 'b', 'nobody']]);
  });

  it('serves the requests of several I/O callbacks of one turn with one read', async () => {
    const { loads, reads } = recorded();
    // three callbacks of one poll phase, as three requests whose bytes arrived together
    const got = await new Promise<(string | undefined)[]>((resolve) => {
      const out: Promise<string | undefined>[] = [];
      let left = 3;
      for (const id of ['a', 'b', 'c'])
        setImmediate(() => {
          out.push(reads.read(id));
          if (--left === 0) void Promise.all(out).then(resolve);
        });
    });
    expect(got).toEqual(['row a', 'row b', 'row c']);
    expect(loads).toEqual([['a', 'b', 'c']]);
  });

  it('serves what arrives during a read with the next one', async () => {
    const { loads, reads } = recorded();
    const first = reads.read('a');
    await new Promise((r) => setTimeout(r, 1));
    const later = [reads.read('b'), reads.read('c')];
    expect(await Promise.all([first, ...later])).toEqual(['row a', 'row b', 'row c']);
    expect(loads).toEqual([['a'], ['b', 'c']]);
  });
});
