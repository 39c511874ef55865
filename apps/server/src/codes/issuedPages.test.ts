import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, SETUP_TIMEOUT_MS } from '../../test/harness';
import type { DatabaseHandle } from '../db/database';
import { blockPagesInBook, pagesIssuedToSchool } from './issuedPages';

const book = (b: number) => ({ section: 0, owner: 27, book: b });

it('reads the pages of a book an issued block covers, across book changes', () => {
  expect(blockPagesInBook('0.27.667.3', '0.27.667.9', book(667))).toEqual([3, 9]);
  expect(blockPagesInBook('0.27.667.3', '0.27.667.9', book(668))).toBeUndefined();
  // A block longer than a book fills the rest of it, whole books, then the start of the last.
  expect(blockPagesInBook('0.27.667.3', '0.27.669.5', book(667))).toEqual([3, Number.POSITIVE_INFINITY]);
  expect(blockPagesInBook('0.27.667.3', '0.27.669.5', book(668))).toEqual([1, Number.POSITIVE_INFINITY]);
  expect(blockPagesInBook('0.27.667.3', '0.27.669.5', book(669))).toEqual([1, 5]);
  // Another owner or section, or a log row that does not read.
  expect(blockPagesInBook('0.28.667.3', '0.28.667.9', book(667))).toBeUndefined();
  expect(blockPagesInBook('1.27.667.3', '1.27.667.9', book(667))).toBeUndefined();
  // A book before the block's first or after its last.
  expect(blockPagesInBook('0.27.667.3', '0.27.669.5', book(666))).toBeUndefined();
  expect(blockPagesInBook('0.27.667.3', '0.27.669.5', book(670))).toBeUndefined();
  expect(blockPagesInBook('bad', '0.27.667.9', book(667))).toBeUndefined();
});

describeEachDatabase('pages issued to a school', (kind) => {
  let handle: DatabaseHandle;
  let ours = 0;
  let theirs = 0;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const { db } = handle;
    const school = async (code: string) =>
      (
        await db
          .insertInto('schools')
          .values({ name: code, edu_office_code: 'E', school_type_code: 'T', school_code: code })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ours = await school('issued-ours');
    theirs = await school('issued-theirs');
    const teacher = (id: string, schoolId: number | null) => ({
      id,
      kind: 'teacher' as const,
      username: `${id}@example.org`,
      name: id,
      email: null,
      password_hash: null,
      school_id: schoolId,
    });
    await db
      .insertInto('accounts')
      .values([
        teacher('issued-a', ours),
        teacher('issued-b', ours),
        teacher('issued-c', theirs),
        teacher('issued-d', null),
      ])
      .execute();
    const block = (account: string, first: string, last: string) => ({
      account_id: account,
      client_id: 'test',
      qty: 1,
      width_mm: 210,
      height_mm: 297,
      first_page: first,
      last_page: last,
    });
    await db
      .insertInto('code_issues')
      .values([
        // Ours, out of order, from two teachers: pages 10–35 of book 500 in three blocks (the
        // last overlapping the one before), 40–45, and a block from book 500 into book 502.
        block('issued-a', '0.27.500.40', '0.27.500.45'),
        block('issued-b', '0.27.500.20', '0.27.500.29'),
        block('issued-a', '0.27.500.10', '0.27.500.19'),
        block('issued-a', '0.27.500.28', '0.27.500.35'),
        block('issued-a', '0.27.500.4000', '0.27.502.3'),
        // Theirs, and nobody's: pages 36–39 of book 500 are not ours.
        block('issued-c', '0.27.500.36', '0.27.500.39'),
        block('issued-d', '0.27.500.36', '0.27.500.39'),
        // Ours in another section and owner with the same book and pages.
        block('issued-a', '3.27.600.1', '3.27.600.50'),
        block('issued-a', '0.28.600.1', '0.28.600.50'),
      ])
      .execute();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => handle?.close(), SETUP_TIMEOUT_MS);

  const run = (section: number, owner: number, book: number, start: number, end: number) => ({
    section,
    owner,
    book,
    start,
    end,
  });
  const issued = (schoolId: number, r: ReturnType<typeof run>) => pagesIssuedToSchool(handle.db, schoolId, r);

  it('answers true only when every page of the run was issued to the school, over blocks in any order', async () => {
    expect(await issued(ours, run(0, 27, 500, 10, 35))).toBe(true);
    expect(await issued(ours, run(0, 27, 500, 10, 10))).toBe(true);
    expect(await issued(ours, run(0, 27, 500, 35, 35))).toBe(true);
    expect(await issued(ours, run(0, 27, 500, 12, 22))).toBe(true);
    expect(await issued(ours, run(0, 27, 500, 40, 45))).toBe(true);
    // One page before, after, or the gap of theirs and nobody's.
    expect(await issued(ours, run(0, 27, 500, 9, 12))).toBe(false);
    expect(await issued(ours, run(0, 27, 500, 30, 36))).toBe(false);
    expect(await issued(ours, run(0, 27, 500, 40, 46))).toBe(false);
    expect(await issued(ours, run(0, 27, 500, 10, 45))).toBe(false);
    expect(await issued(ours, run(0, 27, 500, 36, 36))).toBe(false);
    expect(await issued(theirs, run(0, 27, 500, 36, 39))).toBe(true);
    expect(await issued(theirs, run(0, 27, 500, 35, 39))).toBe(false);
  });

  it('follows a block into the next books, and tells sections and owners apart', async () => {
    expect(await issued(ours, run(0, 27, 500, 4000, 9999))).toBe(true);
    expect(await issued(ours, run(0, 27, 501, 1, 9999))).toBe(true);
    expect(await issued(ours, run(0, 27, 502, 1, 3))).toBe(true);
    expect(await issued(ours, run(0, 27, 502, 1, 4))).toBe(false);
    expect(await issued(ours, run(0, 27, 500, 3999, 4000))).toBe(false);
    expect(await issued(ours, run(3, 27, 600, 1, 50))).toBe(true);
    expect(await issued(ours, run(0, 28, 600, 1, 50))).toBe(true);
    expect(await issued(ours, run(0, 27, 600, 1, 1))).toBe(false);
    expect(await issued(ours, run(3, 28, 600, 1, 1))).toBe(false);
    expect(await issued(theirs, run(3, 27, 600, 1, 1))).toBe(false);
  });
});
