import { expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../test/harness';
import { AccountReads } from './accountReads';

describeEachDatabase('coalesced account reads', (kind) => {
  const server = useTestServer(kind);

  it('answers each id its row (undefined when there is none), concurrent reads sharing queries', async () => {
    const { db, accounts } = server().app.services;
    const a = await accounts.createStudent({ name: 'A' });
    const b = await accounts.createStudent({ name: 'B' });
    const reads = new AccountReads(db);
    const ids = Array.from({ length: 50 }, (_, i) => [a.id, b.id, 'nobody'][i % 3]!);
    const got = await Promise.all(ids.map((id) => reads.read(id)));
    got.forEach((account, i) => {
      expect(account?.id).toBe(ids[i] === 'nobody' ? undefined : ids[i]);
    });
    expect(got[0]).toEqual(await accounts.findById(a.id));
  });

  it('sees a change committed before the read was asked for', async () => {
    const { db, accounts } = server().app.services;
    const t = await accounts.createStudent({ name: 'Before' });
    const reads = new AccountReads(db);
    const first = reads.read(t.id);
    await db.updateTable('accounts').set({ name: 'After' }).where('id', '=', t.id).execute();
    const second = reads.read(t.id);
    expect((await second)?.name).toBe('After');
    expect((await first)?.id).toBe(t.id);
    await db.deleteFrom('accounts').where('id', '=', t.id).execute();
    expect(await reads.read(t.id)).toBeUndefined();
  });
});
