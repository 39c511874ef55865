import { pageAddress } from '@dotink/ncode';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../test/harness';
import { type Classroom, createClassroom, host, makeStroke, postInk, uploadOf } from '../../test/inkFixtures';
import { inkVersion, SearchAnswerCache } from './searchCache';

const page1 = pageAddress(3, 1012, 1191, 1);

describeEachDatabase('search answers kept per version of the pupil’s ink', (kind) => {
  const server = useTestServer(kind);
  const app = () => server().app;
  let room: Classroom;
  let pupil: Classroom['students'][number];
  let next = 0;

  const search = () =>
    app().inject({
      url: `/admin/v1/inkstore/search/${pupil.id}?section=3&owner=1012&bookCode=1191&pageNumber=1`,
      headers: { host, ...room.teacher.headers },
    });
  /** The server stroke records of an answer (element data: base64 of the page JSON). */
  const strokesOf = (body: string): { color: number }[] =>
    (JSON.parse(body).data.resultElements as { data: string }[]).flatMap(
      (e) => JSON.parse(Buffer.from(e.data, 'base64').toString('utf8')).page.strokes,
    );
  const upload = async (n: number) => {
    const strokes = Array.from({ length: n }, () =>
      makeStroke({ page: page1, startMs: room.lessonStartMs + 1000 * next++, writerId: pupil.id }),
    );
    expect((await postInk(app(), pupil.headers, [uploadOf(strokes, pupil.id)])).statusCode).toBe(200);
  };

  beforeAll(async () => {
    room = await createClassroom(app(), 2);
    pupil = room.students[0]!;
    await upload(3);
  });

  it('answers a repeated search with the same bytes, as JSON', async () => {
    const first = await search();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(strokesOf(first.body)).toHaveLength(3);
    const again = await search();
    expect(again.body).toBe(first.body);
    expect(again.json()).toMatchObject({ ok: true, message: 'Success', data: { hasMore: false } });
  });

  it('answers the new strokes as soon as the pupil uploads, another pupil’s upload changes nothing', async () => {
    const before = (await search()).body;
    const other = room.students[1]!;
    await postInk(app(), other.headers, [
      uploadOf([makeStroke({ page: page1, startMs: room.lessonStartMs + 7, writerId: other.id })], other.id),
    ]);
    expect((await search()).body).toBe(before);
    await upload(2);
    expect(strokesOf((await search()).body)).toHaveLength(5);
  });

  it('sees strokes changed or deleted by any writer of the database (another server process)', async () => {
    await search();
    await sql`update ink_strokes set color = 255 where student_id = ${pupil.id}`.execute(app().services.db);
    expect(strokesOf((await search()).body).map((s) => s.color)).toEqual([255, 255, 255, 255, 255]);
    await sql`delete from ink_strokes where student_id = ${pupil.id} and color = 255
              and id = (select max(id) from ink_strokes where student_id = ${pupil.id})`.execute(
      app().services.db,
    );
    expect(strokesOf((await search()).body)).toHaveLength(4);
  });

  it('keeps one version counter per student, raised by each statement that changes their strokes', async () => {
    const { db } = app().services;
    const other = room.students[1]!;
    const mine = Number(await inkVersion(db, pupil.id));
    const theirs = Number(await inkVersion(db, other.id));
    await upload(1);
    expect(Number(await inkVersion(db, pupil.id))).toBe(mine + 1);
    expect(Number(await inkVersion(db, other.id))).toBe(theirs);
    await sql`update ink_strokes set color = 1 where student_id in (${pupil.id}, ${other.id})`.execute(db);
    expect(Number(await inkVersion(db, pupil.id))).toBe(mine + 2);
    expect(Number(await inkVersion(db, other.id))).toBe(theirs + 1);
    expect(await inkVersion(db, 'nobody')).toBe('0');
  });
});

describe('SearchAnswerCache', () => {
  const bytes = (n: number) => Buffer.alloc(n, 1);

  it('answers a body only at the version it was stored under', () => {
    const cache = new SearchAnswerCache(1000);
    cache.set('a', '1', bytes(10));
    expect(cache.get('a', '1')?.length).toBe(10);
    expect(cache.get('a', '2')).toBeUndefined();
    expect(cache.get('a', '1')).toBeUndefined(); // the stale one is gone
    expect(cache.size).toBe(0);
  });

  it('holds at most its bound, dropping the least recently used first', () => {
    const cache = new SearchAnswerCache(1000);
    cache.set('a', '1', bytes(200));
    cache.set('b', '1', bytes(200));
    cache.set('c', '1', bytes(200));
    cache.get('a', '1');
    cache.set('d', '1', bytes(200));
    cache.set('e', '1', bytes(200));
    cache.set('f', '1', bytes(200));
    expect(cache.size).toBeLessThanOrEqual(1000);
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBeDefined();
    cache.set('huge', '1', bytes(600)); // over a quarter of the bound: not kept
    expect(cache.get('huge', '1')).toBeUndefined();
  });

  it('builds an answer once for concurrent requests of one version, and not at all when failed', async () => {
    const cache = new SearchAnswerCache(1000);
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 5));
      return bytes(10);
    };
    const bodies = await Promise.all(Array.from({ length: 20 }, () => cache.getOrBuild('k', '1', build)));
    expect(builds).toBe(1);
    expect(new Set(bodies).size).toBe(1);
    await cache.getOrBuild('k', '2', build);
    expect(builds).toBe(2);
    const failing = () => Promise.reject(new Error('database gone'));
    await expect(cache.getOrBuild('x', '1', failing)).rejects.toThrow('database gone');
    expect(cache.get('x', '1')).toBeUndefined();
    expect(await cache.getOrBuild('x', '1', build)).toHaveLength(10);
  });
});
