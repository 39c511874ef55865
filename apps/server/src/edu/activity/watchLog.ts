/**
 * The watch log of a pupil (classroom.md §3 "Content click", §7 "GET watch log"): video watches
 * and content clicks, grouped in files the apps name after the book. The file is answered as
 * plain JSON (it stands for a file in storage, read through `requestUri`).
 */

import type { WatchEventsBody as WatchEvents, WatchLogFile } from '@dotink/contracts/edu';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Appends events to a pupil's log file; answers how many were stored. */
export async function appendWatchEvents(
  db: Kysely<Database>,
  studentId: string,
  fileName: string,
  events: WatchEvents,
): Promise<{ watches: number; clicks: number }> {
  const watches = events.watches ?? [];
  const clicks = events.clicks ?? [];
  const rows = [
    ...watches.map((w) => ({
      student_id: studentId,
      file_name: fileName,
      kind: 'watch' as const,
      at: w.watch_time,
      category: w.category ?? '',
      content_id: w.id,
      url: w.url ?? '',
      duration_ms: w.duration ?? null,
    })),
    ...clicks.map((c) => ({
      student_id: studentId,
      file_name: fileName,
      kind: 'click' as const,
      at: c.click_time,
      category: c.category ?? '',
      content_id: c.id,
      content_type: c.type ?? '',
      url: c.url ?? '',
    })),
  ];
  if (rows.length > 0) await db.insertInto('watch_events').values(rows).execute();
  return { watches: watches.length, clicks: clicks.length };
}

/** A pupil's log file, events by time. */
export async function readWatchLog(
  db: Kysely<Database>,
  studentId: string,
  fileName: string,
): Promise<WatchLogFile> {
  const rows = await db
    .selectFrom('watch_events')
    .selectAll()
    .where('student_id', '=', studentId)
    .where('file_name', '=', fileName)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return {
    studentId,
    fileName,
    watches: rows
      .filter((r) => r.kind === 'watch')
      .map((r) => ({
        watch_time: r.at.toISOString(),
        category: r.category,
        id: r.content_id,
        url: r.url,
        duration: r.duration_ms,
      })),
    clicks: rows
      .filter((r) => r.kind === 'click')
      .map((r) => ({
        click_time: r.at.toISOString(),
        category: r.category,
        id: r.content_id,
        type: r.content_type,
        url: r.url,
      })),
  };
}
