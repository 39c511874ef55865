/**
 * `CODE_START`: where code issuing begins. The pointer row (migration 0021) starts at the spec's
 * 0.27.667.1; while no code has been issued yet it is moved to the configured start, so a
 * server whose only installed code pages are elsewhere (tests, demos with the shared pages of
 * book 3.27.1068) can print plain paper. Once a block was issued the pointer is never moved back.
 */
import { type PageAddress, pageId } from '@dotink/ncode';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { AppPlugin } from '../platform/types';

/** Moves the pointer to `start` if no code was issued yet; true when it is there now. */
export async function applyCodeStart(db: Kysely<Database>, start: PageAddress): Promise<boolean> {
  const moved = await sql<{ id: number }>`
    update code_pointer
    set section = ${start.section}, owner = ${start.owner}, book = ${start.book}, page = ${start.page},
        updated_at = now()
    where id = 1 and not exists (select 1 from code_issues)
    returning id`.execute(db);
  return moved.rows.length === 1;
}

/** Applies `config.codeStart` when the server starts. */
export const codeStartPlugin: AppPlugin = async (app) => {
  const { db, config } = app.services;
  if (await applyCodeStart(db, config.codeStart)) {
    app.log.debug({ codeStart: pageId(config.codeStart) }, 'code issuing starts at CODE_START');
  }
};
