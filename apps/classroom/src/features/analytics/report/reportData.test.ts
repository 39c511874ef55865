/**
 * Reading a report's pupils (reportData.ts): sheets reach the sink in the report's order whatever
 * order the reads end in, and a cancel that comes while a request is in flight ends the reading
 * with no progress after it (a late progress put a cancelled report's bar back on the screen).
 */
import type { PupilDetailData } from '@dotink/contracts/eduAnalytics';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { reportText } from '../../../i18n/report';
import { textWith } from '../../../i18n/text';
import type { Services } from '../../../lib/services';
import { FIXTURE_DETAIL, FIXTURE_SUMMARY } from '../pupil/pupilFixture';
import type { MathQuery } from '../summaryQueries';
import { gatherReport, type ReportRequest } from './reportData';
import type { PupilSheet } from './reportModel';

const b = FIXTURE_SUMMARY.book;
const query: MathQuery = {
  eduClassId: 7,
  section: b.section,
  owner: b.owner,
  book: b.book,
  ncodeStartPage: b.startPage,
  ncodeEndPage: b.startPage + 20,
  textbookTitle: 'Math 3-1',
};

/** A pupil's detail: the fixture's, as pupil `id` numbered `num`, with no written page. */
const detailOf = (id: string, num: number): PupilDetailData => ({
  ...FIXTURE_DETAIL,
  pupil: { ...FIXTURE_DETAIL.pupil, studentId: id, num, name: `Pupil ${num}`, pages: [] },
});

/** A promise and its resolver. */
function later<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function services(pupilDetails: () => Promise<PupilDetailData[]>) {
  return {
    api: {
      classes: async () => [{ eduClassId: 7, className: '3-1' }],
      pageAttachments: async () => [],
      pupilDetails,
    },
    queryClient: new QueryClient(),
  } as unknown as Pick<Services, 'api' | 'queryClient'>;
}

const request = (studentIds: string[]): ReportRequest => ({
  query,
  summary: FIXTURE_SUMMARY,
  studentIds,
  paper: 'a4',
  language: 'en',
  t: textWith('en', reportText),
});

describe("reading a report's pupils", () => {
  it('gives the sheets to the sink in the report order, after the textbook', async () => {
    const ids = ['s3', 's1', 's2', 's5', 's4'];
    const events: string[] = [];
    const done: number[] = [];
    const count = await gatherReport(
      services(async () => ids.map((id, i) => detailOf(id, i + 1))),
      request(ids),
      (d) => done.push(d),
      new AbortController().signal,
      {
        open: (pdf) => events.push(`open ${pdf === undefined ? 'no textbook' : 'textbook'}`),
        sheet: (s: PupilSheet) => events.push(s.name),
      },
    );
    expect(count).toBe(5);
    expect(events).toEqual(['open no textbook', ...ids.map((_, i) => `${i + 1}. Pupil ${i + 1}`)]);
    expect(done).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('cancelled while a request is in flight: rejects, and no progress after the cancel', async () => {
    const answer = later<PupilDetailData[]>();
    const controller = new AbortController();
    const progress: number[] = [];
    const sheets: string[] = [];
    const reading = gatherReport(
      services(() => answer.promise),
      request(['a', 'b']),
      (d) => progress.push(d),
      controller.signal,
      { open: () => {}, sheet: (s) => sheets.push(s.name) },
    );
    // its rejection is asserted below, after the cancel
    reading.catch(() => {});
    await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    answer.resolve([detailOf('a', 1), detailOf('b', 2)]);
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress).toEqual([]);
    expect(sheets).toEqual([]);
  });

  it('cancelled while a request hangs: rejects at once, not when the request ends', async () => {
    // the class's details of a busy server do not take the signal: the cancel waited for them
    const answer = later<PupilDetailData[]>();
    const controller = new AbortController();
    const sheets: string[] = [];
    const reading = gatherReport(
      services(() => answer.promise),
      request(['a', 'b']),
      () => {},
      controller.signal,
      { open: () => {}, sheet: (s) => sheets.push(s.name) },
    );
    // its outcome, kept as a value: the rejection is asserted below, after the cancel
    const outcome = reading.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    // the request never answers
    await expect(outcome).resolves.toMatchObject({ name: 'AbortError' });
    expect(sheets).toEqual([]);
  });
});
