/**
 * Table exports (issue 30 item 1) in Chromium against the real server and the demo school, in
 * Korean: each screen's Excel and CSV downloads are read back (exceljs, papaparse) and compared
 * cell by cell with the figures of the API the screen uses (the page's own token): math/all,
 * math/student (a pupil who wrote), the course study check and the class list (without and with
 * passwords, the warning shown). One server, one sign-in, several exports, to keep CI time small.
 */
import { readFile } from 'node:fs/promises';
import type { MathSummaryData, PupilDetailData, SummaryUnit } from '@dotink/contracts/eduAnalytics';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { oneDecimal, summaryOfPage } from './support/analyticsClassPage';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from './support/classroomPage';
import { apiCall } from './support/lecturesPage';
import { lectureBook, type MathBook, mathQuery } from './support/pupilPage';

let server: RealServer;
let browser: Browser;
let context: BrowserContext;
let app: ClassroomPage;
let book: MathBook;

beforeAll(async () => {
  const dist = await buildClassroom();
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  app = new ClassroomPage(await context.newPage(), server.origin);
  await app.signIn(DEMO_ADMIN);
  book = await lectureBook(app);
}, 240_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

/** A table read back from a file: its title (CSV: the line above its header; xlsx: the sheet name) and its text cells. */
interface ReadTable {
  readonly title: string;
  readonly rows: string[][];
}

/** Presses an export button and returns the downloaded file's name and bytes. */
async function download(testId: string): Promise<{ name: string; bytes: Buffer }> {
  const button = app.testId(testId);
  await button.waitFor();
  const [file] = await Promise.all([app.page.waitForEvent('download'), button.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

/** The tables of a CSV: BOM first, blocks split by empty lines, a block's first line its title when there are several. */
function csvTables(bytes: Buffer): ReadTable[] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<string[]>(bytes.subarray(3).toString('utf8'), {
    delimiter: ',',
    newline: '\r\n',
  });
  expect(parsed.errors).toEqual([]);
  const lines = parsed.data;
  if (lines.at(-1)?.join('') === '') lines.pop();
  const blocks: string[][][] = [[]];
  for (const line of lines) {
    if (line.length === 1 && line[0] === '') blocks.push([]);
    else blocks.at(-1)!.push(line);
  }
  if (blocks.length === 1) return [{ title: '', rows: blocks[0]! }];
  return blocks.map((b) => ({ title: b[0]![0]!, rows: b.slice(1) }));
}

/** The sheets of a workbook as text: a number in a 0.0 cell with one decimal, other numbers as they are. */
async function xlsxTables(bytes: Buffer): Promise<ReadTable[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  return wb.worksheets.map((ws) => {
    const rows: string[][] = [];
    const width = ws.columnCount;
    ws.eachRow({ includeEmpty: true }, (row) => {
      const cells: string[] = [];
      for (let c = 1; c <= width; c++) {
        const cell = row.getCell(c);
        const v = cell.value;
        cells.push(
          typeof v === 'number'
            ? cell.numFmt === '0.0'
              ? v.toFixed(1)
              : String(v)
            : v == null
              ? ''
              : String(v),
        );
      }
      rows.push(cells);
    });
    return { title: ws.name, rows };
  });
}

/** Downloads both formats of an export and reads them back. */
async function bothFormats(
  testId: string,
): Promise<{ xlsx: ReadTable[]; csv: ReadTable[]; names: string[] }> {
  const x = await download(`${testId}-xlsx`);
  const c = await download(`${testId}-csv`);
  return { xlsx: await xlsxTables(x.bytes), csv: csvTables(c.bytes), names: [x.name, c.name] };
}

/** The rows of a read table under its header, as text. */
const body = (t: ReadTable | undefined) => t!.rows.slice(1);

describe('classroom: table exports (Excel and CSV) read back equal the API', () => {
  it('math/all: rates per pupil, class averages, status per page and per unit', async () => {
    await app.goto(`/main/math/all?${mathQuery(book)}`, 'ko');
    await app.testId('math-all-rates').waitFor();
    const data: MathSummaryData = await summaryOfPage(app);
    const { xlsx, csv, names } = await bothFormats('export-math-all');
    expect(names[0]).toMatch(/\.xlsx$/);
    expect(names[1]).toMatch(/\.csv$/);
    for (const tables of [xlsx, csv]) {
      // the pupils' rates, in Korean, one decimal as the screen
      const rates = tables[0]!;
      expect(rates.rows[0]).toEqual(['번호', '학생 이름', '필기 학습률 (%)', '콘텐츠 학습률 (%)']);
      expect(body(rates)).toEqual(
        data.pupils.map((p) => [
          String(p.num),
          p.name,
          oneDecimal(p.progress.writtenRatePct),
          oneDecimal(p.progress.touchedRatePct),
        ]),
      );
      // class averages, then the pupils above and below
      expect(body(tables[1]).map((r) => r[1])).toEqual([
        oneDecimal(data.average.progress.writtenRatePct),
        oneDecimal(data.average.progress.touchedRatePct),
      ]);
      const byId = new Map(data.pupils.map((p) => [p.studentId, p]));
      expect(body(tables[2])).toEqual(
        data.split.above.map((id) => [String(byId.get(id)!.num), byId.get(id)!.name]),
      );
      expect(body(tables[3])).toEqual(
        data.split.below.map((id) => [String(byId.get(id)!.num), byId.get(id)!.name]),
      );
      // status per page: every page, pupils who wrote and who tapped
      expect(body(tables[4]).map((r) => [r[2], r[3]])).toEqual(
        data.pages.map((p) => [String(p.writtenPupils), String(p.touchedPupils)]),
      );
      // status per unit: the class averages of each unit (depth first)
      const flat = (units: readonly SummaryUnit[]): SummaryUnit[] =>
        units.flatMap((u) => [u, ...flat(u.subCategories)]);
      const avg = new Map(data.average.units.map((u) => [u.index, u.progress]));
      expect(body(tables[5]).map((r) => r.slice(1))).toEqual(
        flat(data.units).map((u) => {
          const p = avg.get(u.index);
          return [
            String(u.numPages),
            oneDecimal(p?.writtenRatePct ?? 0),
            oneDecimal(p?.touchedRatePct ?? 0),
            oneDecimal(p?.studyTimeMin ?? 0),
          ];
        }),
      );
      expect(tables).toHaveLength(6);
    }
    expect(xlsx.map((t) => t.title)).toEqual(csv.map((t) => t.title.slice(0, 31)));
    expect(app.errors).toEqual([]);
  }, 120_000);

  it('math/student: a pupil who wrote — daily participation and the per-unit table', async () => {
    await app.goto(`/main/math/all?${mathQuery(book)}`, 'ko');
    await app.testId('math-all-rates').waitFor();
    const summary = await summaryOfPage(app);
    const writer = summary.pupils.find((p) => p.progress.writtenRatePct > 0)!;
    await app.goto(`/main/math/student?${mathQuery(book, { studentId: writer.studentId })}`, 'ko');
    await app.testId('pupil-figures').waitFor();
    const q = new URLSearchParams(mathQuery(book));
    q.delete('textbookTitle');
    q.set('timeZone', await app.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
    const answer = await apiCall<PupilDetailData>(
      app,
      'GET',
      `/edu/v1/math/summary/student/${encodeURIComponent(writer.studentId)}?${q}`,
    );
    expect(answer.status).toBe(200);
    const detail = answer.data;
    const { xlsx, csv } = await bothFormats('export-math-student');
    for (const tables of [xlsx, csv]) {
      expect(tables).toHaveLength(10);
      // the hours 00–01 … 23–24 with their study minutes
      expect(body(tables[0]).map((r) => r[1])).toEqual(detail.pupil.hourStudyMin.map(oneDecimal));
      // overall: this pupil, then the class
      expect(body(tables[2]).map((r) => r.slice(1))).toEqual([
        [oneDecimal(detail.pupil.progress.writtenRatePct), oneDecimal(detail.pupil.progress.touchedRatePct)],
        [
          oneDecimal(detail.average.progress.writtenRatePct),
          oneDecimal(detail.average.progress.touchedRatePct),
        ],
      ]);
      // per unit: pages, written pages, writing rate, content rate, study time
      const figures = new Map(detail.pupil.units.map((u) => [u.index, u]));
      expect(body(tables[7]).map((r) => r.slice(1))).toEqual(
        detail.units.map((u) => {
          const f = figures.get(u.index);
          return [
            String(u.numPages),
            String(f?.analysis.numWrittenPages ?? 0),
            oneDecimal(f?.progress.writtenRatePct ?? 0),
            oneDecimal(f?.progress.touchedRatePct ?? 0),
            oneDecimal(f?.analysis.studyTimeMin ?? 0),
          ];
        }),
      );
      // the study blocks, newest first, minutes one decimal
      expect(body(tables[8]).map((r) => r[2])).toEqual(
        [...detail.blocks]
          .sort((a, b) => b.startTimeMs - a.startTimeMs)
          .map((b) => oneDecimal(b.durationMs / 60_000)),
      );
    }
    expect(detail.blocks.length).toBeGreaterThan(0);
    expect(app.errors).toEqual([]);
  }, 120_000);

  it('the course study check: every pupil’s last writing upload as the screen shows it', async () => {
    const courses = await apiCall<{ courses: { id: number; sessionId: string | null; tag: string }[] }>(
      app,
      'GET',
      `/edu/v1/curriculum/${book.curriculumId}/course`,
    );
    const course = courses.data.courses.find((c) => c.tag.startsWith('1단원') && c.sessionId)!;
    expect(course, 'the demo lesson 1단원').toBeDefined();
    const query = new URLSearchParams({
      eduClassId: String(book.eduClassId),
      sessionId: course.sessionId!,
      courseId: String(course.id),
      courseTitle: course.tag,
      curriculumId: String(book.curriculumId),
      curriculumTitle: 'lecture',
      section: String(book.section),
      owner: String(book.owner),
      book: String(book.book),
      ncodeStartPage: String(book.ncodeStartPage),
      ncodeEndPage: String(book.ncodeEndPage),
    });
    await app.goto(`/main/courseStudyCheck?${query}`, 'ko');
    await app.testId('study-table-row').first().waitFor();
    const { xlsx, csv } = await bothFormats('export-study-check');

    // the API the rows use: each pupil's uploads of the lesson on the book, the latest one
    const students = await apiCall<{
      students: { id: string; num: number; name: string; deleteYn: string }[];
    }>(app, 'GET', `/edu/v1/class/${book.eduClassId}/students`);
    const expected: string[][] = [];
    for (const s of students.data.students.filter((x) => x.deleteYn === 'N')) {
      const search = new URLSearchParams({
        tag: `${course.id}_${course.sessionId}`,
        section: String(book.section),
        owner: String(book.owner),
        bookCode: String(book.book),
      });
      let last: string | undefined;
      for (let page = 0; page < 50; page++) {
        const a = await apiCall<{
          resultElements: { uploadDate: string }[];
          hasMore: boolean;
          nextDataPointer?: string;
        }>(app, 'GET', `/admin/v1/inkstore/search/${encodeURIComponent(s.id)}?${search}`);
        for (const e of a.data.resultElements) if (!last || e.uploadDate > last) last = e.uploadDate;
        if (!a.data.hasMore || !a.data.nextDataPointer) break;
        search.set('dataPointer', a.data.nextDataPointer);
      }
      // the browser's local time, as the screen shows it
      const text = last
        ? await app.page.evaluate((iso) => {
            const d = new Date(iso);
            const p = (n: number) => String(n).padStart(2, '0');
            return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
          }, last)
        : '(활동 없음)';
      expected.push([String(s.num), s.name, text]);
    }
    expect(expected.filter((r) => /^\d{4}-/.test(r[2]!)).length).toBeGreaterThan(0);
    for (const tables of [xlsx, csv]) {
      expect(tables).toHaveLength(1);
      expect(body(tables[0])).toEqual(expected);
    }
    expect(app.errors).toEqual([]);
  }, 120_000);

  it('the class list: no passwords unless asked; asking shows the warning and adds each pupil’s password', async () => {
    await app.goto(`/main/admin/students?eduClassId=${book.eduClassId}`, 'ko');
    await app.testId('students-table-row').first().waitFor();
    const students = (
      await apiCall<{
        students: { id: string; num: number; name: string; macAddress: string; deleteYn: string }[];
      }>(app, 'GET', `/edu/v1/class/${book.eduClassId}/students`)
    ).data.students.filter((s) => s.deleteYn === 'N');
    const plain = students.map((s) => [String(s.num), s.name, s.macAddress, s.id]);

    expect(await app.testId('export-roster-warning').count()).toBe(0);
    const xlsx = await xlsxTables((await download('export-roster-xlsx')).bytes);
    expect(xlsx).toHaveLength(1);
    expect(xlsx[0]!.rows[0]).toHaveLength(4);
    expect(body(xlsx[0])).toEqual(plain);

    // keyboard: the checkbox by Space, the warning at once
    await app.testId('export-roster-passwords').focus();
    await app.page.keyboard.press('Space');
    await app.testId('export-roster-warning').waitFor();
    expect(await app.testId('export-roster-warning').textContent()).toContain('비밀번호');
    const csvFile = await download('export-roster-csv');
    const csv = csvTables(csvFile.bytes);
    expect(csv[0]!.rows[0]).toEqual([
      '번호',
      '학생 이름',
      expect.any(String),
      expect.any(String),
      '비밀번호',
    ]);
    const passwords: string[] = [];
    for (const s of students)
      passwords.push(
        (
          await apiCall<{ password: string }>(
            app,
            'GET',
            `/edu/v1/class/${book.eduClassId}/students/${encodeURIComponent(s.id)}/credentials`,
          )
        ).data.password,
      );
    expect(body(csv[0])).toEqual(plain.map((r, i) => [...r, passwords[i]!]));
    expect(app.errors).toEqual([]);
  }, 120_000);
});
