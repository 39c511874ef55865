import { encodeBase64, encodePageArray, pageAddress, pageId } from '@dotink/ncode';
import fc from 'fast-check';
import { strToU8, zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseReplayQuery, type ReplayQuery } from './replayQuery';

const q = (s: string) => parseReplayQuery(new URLSearchParams(s));
const ok = (s: string): ReplayQuery => {
  const r = q(s);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.problem)}`);
  return r.query;
};
const ids = (query: ReplayQuery) => query.pages.map(pageId);

describe('the replay query (classroom.md §2)', () => {
  it('reads every parameter; the lesson tag is courseId_sessionId', () => {
    const query = ok(
      'eduClassId=3&curriculumId=4&studentId=s1&sessionId=session-4-1&courseId=7&section=3&owner=1012&book=1191&ncodeStartPage=10&ncodeEndPage=13',
    );
    expect(query).toMatchObject({
      studentId: 's1',
      eduClassId: 3,
      curriculumId: 4,
      courseId: 7,
      sessionId: 'session-4-1',
      tag: '7_session-4-1',
    });
    expect(ids(query)).toEqual(['3.1012.1191.10', '3.1012.1191.11', '3.1012.1191.12', '3.1012.1191.13']);
    expect(ok('studentId=s1&section=3&owner=1012&book=1191&ncodeStartPage=10').tag).toBeUndefined();
  });

  it('takes the compressed page list over the range', () => {
    const pages = [
      pageAddress(3, 1012, 1191, 20),
      pageAddress(3, 1012, 1191, 21),
      pageAddress(2050, 1, 1, 5),
    ];
    const query = ok(
      `studentId=s1&section=3&owner=1012&book=1191&ncodeStartPage=1&pages=${encodeURIComponent(encodePageArray(pages))}`,
    );
    expect(ids(query)).toEqual(pages.map(pageId));
  });

  it('round-trips any page list of valid sections', () => {
    const section = fc.oneof(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 2048, max: 2063 }));
    const page = fc
      .tuple(
        section,
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 1, max: 200 }),
      )
      .filter(([s]) => s !== 10)
      .map(([s, o, b, p]) => pageAddress(s, o, b, p));
    fc.assert(
      fc.property(fc.uniqueArray(page, { minLength: 1, maxLength: 30, selector: pageId }), (pages) => {
        const query = ok(`studentId=x&pages=${encodeURIComponent(encodePageArray(pages))}`);
        expect(ids(query)).toEqual(pages.map(pageId));
      }),
    );
  });

  it("reports the decoder's 'Page array encoder has not worked' and unreadable lists", () => {
    const noLength = encodeBase64(zlibSync(strToU8(JSON.stringify([{ s: 3, o: 1012, b: 1191, p: 1 }]))));
    expect(q(`studentId=s1&pages=${encodeURIComponent(noLength)}`)).toEqual({
      ok: false,
      problem: { kind: 'pageArray' },
    });
    const r = q('studentId=s1&pages=bm90LXppcA');
    expect(r.ok ? '' : r.problem.kind).toBe('pagesUnreadable');
  });

  it('accepts sections 0–15 and 2048–2063 only', () => {
    for (const s of [0, 15, 2048, 2063])
      expect(q(`studentId=s&section=${s}&owner=1&book=1&ncodeStartPage=1`).ok).toBe(true);
    for (const s of [16, 2047, 2064, 100]) {
      expect(q(`studentId=s&section=${s}&owner=1&book=1&ncodeStartPage=1`)).toEqual({
        ok: false,
        problem: { kind: 'badSection', section: s },
      });
    }
    const listed = encodePageArray([pageAddress(3, 1, 1, 1), pageAddress(17, 1, 1, 1)]);
    expect(q(`studentId=s&pages=${encodeURIComponent(listed)}`)).toEqual({
      ok: false,
      problem: { kind: 'badSection', section: 17 },
    });
  });

  it('treats every page of section 10 as page 1', () => {
    expect(ids(ok('studentId=s&section=10&owner=2&book=3&ncodeStartPage=5&ncodeEndPage=40'))).toEqual([
      '10.2.3.1',
    ]);
    const listed = encodePageArray([
      pageAddress(10, 2, 3, 7),
      pageAddress(10, 2, 3, 9),
      pageAddress(3, 1, 1, 4),
    ]);
    expect(ids(ok(`studentId=s&pages=${encodeURIComponent(listed)}`))).toEqual(['10.2.3.1', '3.1.1.4']);
  });

  it('refuses a query without a pupil, without pages, or with a bad number', () => {
    expect(q('section=3&owner=1&book=1&ncodeStartPage=1')).toEqual({
      ok: false,
      problem: { kind: 'noStudent' },
    });
    expect(q('studentId=s')).toEqual({ ok: false, problem: { kind: 'noPages' } });
    expect(q('studentId=s&section=3&owner=1&book=1&ncodeStartPage=9&ncodeEndPage=2')).toEqual({
      ok: false,
      problem: { kind: 'noPages' },
    });
    expect(q('studentId=s&eduClassId=abc&section=3&owner=1&book=1&ncodeStartPage=1')).toEqual({
      ok: false,
      problem: { kind: 'badNumber', name: 'eduClassId' },
    });
    expect(q('studentId=s&section=3&owner=1&book=1&ncodeStartPage=1&ncodeEndPage=9999')).toEqual({
      ok: false,
      problem: { kind: 'tooManyPages', count: 9999 },
    });
  });
});
