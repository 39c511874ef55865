import { createStroke, dotsFrom } from '@dotink/ink';
import { type PageAddress, pageAddress, pageId, scaleHomography } from '@dotink/ncode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignedOutError } from '../auth/boardAuth';
import { memoryRepository } from '../model/testSupport';
import { BoardSync, FROM_SERVER_SUFFIX } from './boardSync';
import { BoardsApi } from './boardsApi';
import { type SyncTestServer, startSyncTestServer } from './testServer';

const stroke = (key: string, page: PageAddress) =>
  createStroke(
    { key, page },
    dotsFrom([
      { xNu: 1, yNu: 2, force: 100, timeMs: 1000 },
      { xNu: 3, yNu: 4, force: 200, timeMs: 1010 },
    ]),
  );

describe('board sync against the real server', () => {
  let server: SyncTestServer;
  beforeAll(async () => {
    server = await startSyncTestServer();
  }, 120_000);
  afterAll(async () => server?.close(), 60_000);

  async function device(accountAuth: Awaited<ReturnType<SyncTestServer['signedIn']>>) {
    const local = memoryRepository();
    const sync = new BoardSync(local.repo, new BoardsApi(accountAuth.auth), accountAuth.accountId);
    return { ...local, sync };
  }

  it('pushes a board from one device and pulls it on another, then carries changes across', async () => {
    const account = await server.signedIn('Kim');
    const a = await device(account);
    const b = await device(account);
    const board = await a.repo.createBoard('Lesson notes');
    const page = pageAddress(3, 27, 1068, 1);
    await a.repo.savePages(board.id, [
      {
        id: 'p1',
        address: page,
        source: { kind: 'ncode' },
        sizePt: { widthPt: 595.28, heightPt: 841.89 },
        nuToPt: scaleHomography(6.72, 6.72, -21, -21),
        rotation: 0,
        background: 'basic',
      },
    ]);
    await a.repo.saveInk(board.id, pageId(page), [stroke('k1', page)]);

    expect(await a.sync.syncOnce()).toEqual({ pushed: 1, pulled: 0, conflicts: 0, failed: 0 });
    expect(await a.sync.syncOnce()).toEqual({ pushed: 0, pulled: 0, conflicts: 0, failed: 0 });

    expect(await b.sync.syncOnce()).toEqual({ pushed: 0, pulled: 1, conflicts: 0, failed: 0 });
    const [pulled] = await b.repo.listBoards();
    expect(pulled!.title).toBe('Lesson notes');
    const loaded = await b.repo.loadBoard(pulled!.id);
    expect(loaded!.pages.map((p) => pageId(p.address))).toEqual([pageId(page)]);
    expect(loaded!.strokes.map((s) => s.key)).toEqual(['k1']);

    // a change on B reaches A
    b.advance(1000);
    await b.repo.rename(pulled!.id, 'Lesson notes v2');
    expect((await b.sync.syncOnce()).pushed).toBe(1);
    expect((await a.sync.syncOnce()).pulled).toBe(1);
    expect((await a.repo.listBoards()).map((x) => x.title)).toEqual(['Lesson notes v2']);
  });

  it('keeps both copies when a board changed on both devices', async () => {
    const account = await server.signedIn('Lee');
    const a = await device(account);
    const b = await device(account);
    const board = await a.repo.createBoard('Shared');
    await a.sync.syncOnce();
    await b.sync.syncOnce();
    const [onB] = await b.repo.listBoards();
    a.advance(1000);
    b.advance(1000);
    await a.repo.rename(board.id, 'Shared (A)');
    await b.repo.rename(onB!.id, 'Shared (B)');
    expect((await a.sync.syncOnce()).pushed).toBe(1);
    expect(await b.sync.syncOnce()).toMatchObject({ conflicts: 1, failed: 0 });
    const titles = (await b.repo.listBoards()).map((x) => x.title).sort();
    expect(titles).toEqual([`Shared (A)${FROM_SERVER_SUFFIX}`, 'Shared (B)']);
    // the server now holds B's board, and the kept copy is pushed as a board of its own
    await b.sync.syncOnce();
    const remote = await new BoardsApi(account.auth).list();
    expect(remote.map((r) => r.title).sort()).toEqual([`Shared (A)${FROM_SERVER_SUFFIX}`, 'Shared (B)']);
  });

  it('leaves local boards alone when the server refuses or is gone, and signs out on a 401', async () => {
    const account = await server.signedIn('Park');
    const a = await device(account);
    const board = await a.repo.createBoard('Mine');
    // a server that is not there: the round fails, nothing local changes
    const offline = new BoardsApi({
      authorizedFetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(new BoardSync(a.repo, offline, account.accountId).syncOnce()).rejects.toThrow(
      'fetch failed',
    );
    expect((await a.repo.listBoards()).map((x) => x.id)).toEqual([board.id]);
    expect(await a.sync.link(board.id)).toBeUndefined();

    // a revoked token: 401 → signed out, board kept
    account.storage.setItem(
      'dotink-board.auth',
      JSON.stringify({
        accessToken: 'revoked',
        expiresAtMs: Date.now() + 60_000,
        account: { id: 'x', name: 'x', username: 'x' },
      }),
    );
    const stale = await device({
      ...account,
      auth: new (account.auth.constructor as typeof import('../auth/boardAuth').BoardAuth)({
        serverUrl: server.origin,
        redirectUri: `${server.origin}/board/`,
        storage: account.storage,
        fetch: (...args) => fetch(...args),
        nowMs: () => Date.now(),
        navigate: () => {},
      }),
    });
    await stale.repo.createBoard('Offline work');
    await expect(stale.sync.syncOnce()).rejects.toBeInstanceOf(SignedOutError);
    expect((await stale.repo.listBoards()).map((x) => x.title)).toEqual(['Offline work']);
  });

  it('deletes on the server a board deleted for good here, unless it changed there since', async () => {
    const account = await server.signedIn('Choi');
    const a = await device(account);
    const b = await device(account);
    const gone = await a.repo.createBoard('Old');
    const kept = await a.repo.createBoard('Still wanted');
    await a.sync.syncOnce();
    await b.sync.syncOnce();
    // B changes 'Still wanted' while A deletes both
    const onB = (await b.repo.listBoards()).find((x) => x.title === 'Still wanted')!;
    b.advance(1000);
    await b.repo.rename(onB.id, 'Still wanted (B)');
    await b.sync.syncOnce();
    await a.repo.deleteForever([gone.id, kept.id]);
    await a.sync.syncOnce();
    const remote = await new BoardsApi(account.auth).list();
    expect(remote.filter((r) => !r.deleted).map((r) => r.title)).toEqual(['Still wanted (B)']);
    expect((await a.repo.listBoards()).map((x) => x.title)).toEqual(['Still wanted (B)']);
    // B keeps its own copies (a deletion elsewhere never deletes here)
    await b.sync.syncOnce();
    expect((await b.repo.listBoards()).map((x) => x.title).sort()).toEqual(['Old', 'Still wanted (B)']);
  });

  it("does not see another account's boards", async () => {
    const one = await device(await server.signedIn('One'));
    const two = await device(await server.signedIn('Two'));
    await one.repo.createBoard('Private');
    await one.sync.syncOnce();
    expect(await two.sync.syncOnce()).toEqual({ pushed: 0, pulled: 0, conflicts: 0, failed: 0 });
    expect(await two.repo.listBoards()).toEqual([]);
  });
});
