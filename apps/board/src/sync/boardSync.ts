/**
 * Board sync (board.md: boards kept locally and synced to the server when signed in). The local
 * boards in IndexedDB stay the truth the board shows; a sync round pushes boards changed since
 * their last sync as their own .GRIDA file and pulls boards that are newer on the server.
 *
 * Never lost: a failed call leaves every local board as it was (the next round tries again); a
 * board changed both here and on the server keeps both — the server copy becomes a new local
 * board "<title> (from server)" before the local one is pushed over it; a board deleted on the
 * server is kept here; a board deleted for good here is deleted on the server too (a tombstone),
 * unless it changed there since — then it comes back. What was synced is remembered per account and local board in the `meta`
 * table (`sync:<account>:<board>` → {@link SyncLink}).
 */
import { readGridaFile, writeGridaFile } from '@dotink/ink';
import type { BoardRepository } from '../model/boardRepository';
import type { BoardRecord } from '../model/boardTypes';
import { type BoardsApi, type RemoteBoard, RemoteConflict } from './boardsApi';

/** What a local board was last synced as. */
export interface SyncLink {
  readonly remoteId: string;
  /** The server version the local board matched. */
  readonly version: number;
  /** The local board's `updatedMs` when it matched (later = changed here since). */
  readonly syncedUpdatedMs: number;
}

/** What one round did. */
export interface SyncReport {
  readonly pushed: number;
  readonly pulled: number;
  /** Boards changed on both sides (both kept). */
  readonly conflicts: number;
  /** Boards that could not be synced this round (left as they are). */
  readonly failed: number;
  /** The first board's failure of the round, when any failed (what the indicator explains). */
  readonly firstError?: unknown;
}

/** The suffix of a server copy kept beside a conflicting local board. */
export const FROM_SERVER_SUFFIX = ' (from server)';

const linkKey = (accountId: string, localId: string) => `sync:${accountId}:${localId}`;

/** Syncs one account's boards. */
export class BoardSync {
  private firstError: unknown;

  constructor(
    private readonly repo: BoardRepository,
    private readonly api: BoardsApi,
    private readonly accountId: string,
    /** True for the board open in the editor (not replaced under the user's pen). */
    private readonly isOpen: (localId: string) => boolean = () => false,
  ) {}

  /** The link of a local board, if it was synced. */
  async link(localId: string): Promise<SyncLink | undefined> {
    const row = await this.repo.db.meta.get(linkKey(this.accountId, localId));
    return row?.value as SyncLink | undefined;
  }

  private async setLink(localId: string, link: SyncLink): Promise<void> {
    await this.repo.db.meta.put({ key: linkKey(this.accountId, localId), value: link });
  }

  /** Links of this account whose local board no longer exists (deleted for good here). */
  private async orphanLinks(): Promise<[string, SyncLink][]> {
    const prefix = linkKey(this.accountId, '');
    const rows = await this.repo.db.meta.where('key').startsWith(prefix).toArray();
    const orphans: [string, SyncLink][] = [];
    for (const row of rows) {
      const localId = row.key.slice(prefix.length);
      if (!(await this.repo.getBoard(localId))) orphans.push([localId, row.value as SyncLink]);
    }
    return orphans;
  }

  /** One round: push local changes, pull server changes, keep both on a conflict. */
  async syncOnce(): Promise<SyncReport> {
    this.firstError = undefined;
    const remote = await this.api.list();
    const byId = new Map(remote.map((r) => [r.id, r]));
    const linked = new Set<string>();
    let pushed = 0;
    let pulled = 0;
    let conflicts = 0;
    let failed = 0;
    const count = (outcome: Outcome) => {
      if (outcome === 'pushed') pushed++;
      else if (outcome === 'pulled') pulled++;
      else if (outcome === 'conflict') conflicts++;
      else if (outcome === 'failed') failed++;
    };

    for (const board of await this.repo.listBoards()) {
      const link = await this.link(board.id);
      if (link) linked.add(link.remoteId);
      if (board.trashed) continue;
      count(await this.syncLocal(board, link, link ? byId.get(link.remoteId) : byId.get(board.id)));
    }
    // boards deleted here for good: deleted on the server too, unless changed there since
    for (const [localId, link] of await this.orphanLinks()) {
      linked.add(link.remoteId);
      const r = byId.get(link.remoteId);
      count(
        await this.guard(async () => {
          if (r && !r.deleted && r.version === link.version) {
            try {
              await this.api.delete(link.remoteId, link.version);
            } catch (error) {
              if (!(error instanceof RemoteConflict)) throw error;
              linked.delete(link.remoteId); // changed elsewhere meanwhile: pulled again below
            }
          } else if (r && !r.deleted) {
            linked.delete(link.remoteId);
          }
          await this.repo.db.meta.delete(linkKey(this.accountId, localId));
          return 'unchanged';
        }),
      );
    }
    for (const r of remote) {
      if (r.deleted || linked.has(r.id) || (await this.repo.getBoard(r.id))) continue;
      count(await this.guard(() => this.pullNew(r)));
    }
    return {
      pushed,
      pulled,
      conflicts,
      failed,
      ...(this.firstError !== undefined ? { firstError: this.firstError } : {}),
    };
  }

  private async syncLocal(board: BoardRecord, link: SyncLink | undefined, remote: RemoteBoard | undefined) {
    return this.guard(async (): Promise<Outcome> => {
      if (!link) {
        // never synced: a new board on the server under the local id
        if (remote && !remote.deleted) return this.keepBoth(board, remote.id, remote);
        await this.push(board, board.id, remote?.version ?? 0);
        return 'pushed';
      }
      const changedHere = board.updatedMs > link.syncedUpdatedMs;
      const changedThere = remote !== undefined && remote.version !== link.version;
      if (!changedThere) {
        if (!changedHere) return 'unchanged';
        await this.push(board, link.remoteId, remote ? link.version : 0);
        return 'pushed';
      }
      if (remote.deleted) {
        // deleted on the server: the local board stays; pushed again only if changed here
        if (changedHere) await this.push(board, link.remoteId, remote.version);
        else await this.setLink(board.id, { ...link, version: remote.version });
        return changedHere ? 'pushed' : 'unchanged';
      }
      if (changedHere) return this.keepBoth(board, link.remoteId, remote);
      if (this.isOpen(board.id)) return 'unchanged';
      await this.replaceWithRemote(board, remote);
      return 'pulled';
    });
  }

  /** Runs one board's step; a failure leaves it for the next round (a sign-out ends the round). */
  private async guard(step: () => Promise<Outcome>): Promise<Outcome> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof Error && error.name === 'SignedOutError') throw error;
      console.warn('board sync:', error);
      this.firstError ??= error;
      return 'failed';
    }
  }

  private async push(board: BoardRecord, remoteId: string, expectedVersion: number): Promise<void> {
    const loaded = await this.repo.loadBoard(board.id);
    if (!loaded) return;
    const { board: b, pages, pdfs, strokes } = loaded;
    const bytes = writeGridaFile({
      board: { id: remoteId, title: b.title, group: b.group, createdMs: b.createdMs, updatedMs: b.updatedMs },
      pages,
      pdfs,
      strokes,
    });
    const stored = await this.api.put(remoteId, b.title, bytes, expectedVersion);
    await this.setLink(board.id, { remoteId, version: stored.version, syncedUpdatedMs: b.updatedMs });
  }

  /** Changed on both sides: the server copy becomes a new local board, then the local one is pushed. */
  private async keepBoth(board: BoardRecord, remoteId: string, remote: RemoteBoard): Promise<Outcome> {
    const file = await this.api.get(remoteId);
    if (file) {
      const doc = readGridaFile(file.bytes);
      await this.repo.importDocument(doc, `${remote.title}${FROM_SERVER_SUFFIX}`);
    }
    try {
      await this.push(board, remoteId, file?.version ?? remote.version);
    } catch (error) {
      if (!(error instanceof RemoteConflict)) throw error;
    }
    return 'conflict';
  }

  /** A server board not here yet: a new local board linked to it. */
  private async pullNew(remote: RemoteBoard): Promise<Outcome> {
    const file = await this.api.get(remote.id);
    if (!file) return 'unchanged';
    const local = await this.repo.importDocument(readGridaFile(file.bytes), remote.title);
    await this.setLink(local.id, {
      remoteId: remote.id,
      version: file.version,
      syncedUpdatedMs: local.updatedMs,
    });
    return 'pulled';
  }

  /** Unchanged here, newer there: the server's content replaces the local board (group kept). */
  private async replaceWithRemote(board: BoardRecord, remote: RemoteBoard): Promise<void> {
    const file = await this.api.get(remote.id);
    if (!file) return;
    const local = await this.repo.importDocument(readGridaFile(file.bytes), remote.title);
    if (board.group) await this.repo.setGroup([local.id], board.group);
    const fresh = (await this.repo.getBoard(local.id))!;
    await this.setLink(local.id, {
      remoteId: remote.id,
      version: file.version,
      syncedUpdatedMs: fresh.updatedMs,
    });
    await this.repo.db.meta.delete(linkKey(this.accountId, board.id));
    await this.repo.deleteForever([board.id]);
  }
}

type Outcome = 'pushed' | 'pulled' | 'conflict' | 'failed' | 'unchanged';
