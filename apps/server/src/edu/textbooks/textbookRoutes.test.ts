import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPrintedNproj, writeNproj } from '@dotink/ncode';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeEachDatabase,
  SETUP_TIMEOUT_MS,
  TEST_PUBLIC_URL,
  useTestServer,
} from '../../../test/harness';
import {
  blankPdf,
  buildEduWorld,
  call,
  type EduWorld,
  insertCurriculum,
  multipartBody,
  newTeacher,
  reservePages,
  unique,
} from '../../../test/matrixFixtures';
import { vendorDirWithCodePages } from '../../../test/sharedData';
import { CATEGORY_DIR } from '../../vendor/categoryFiles';
import { vendorDataDir } from '../../vendor/vendorData';
import { countPdfPages } from './pdfPages';

/** The .nproj text of a printed material on `book`, pages from `startPage`. */
function nprojText(
  book: { section: number; owner: number; book: number; startPage: number },
  pages: number,
): string {
  const page = { widthPt: 595, heightPt: 842, homography: [1, 0, 0, 0, 1, 0, 0, 0, 1] as const };
  return writeNproj(
    createPrintedNproj(
      {
        ...book,
        title: 'Worksheet',
        pdfPath: 'worksheet.pdf',
        pages: Array.from({ length: pages }, () => page),
      },
      (n) => new Uint8Array(randomBytes(n)),
    ),
  );
}

it('counts PDF pages and refuses what is not a PDF', async () => {
  expect(await countPdfPages(await blankPdf(3))).toBe(3);
  expect(await countPdfPages(new TextEncoder().encode('hello'))).toBeUndefined();
  expect(await countPdfPages(new TextEncoder().encode('%PDF-1.7\ngarbage'))).toBeUndefined();
});

// Code pages are issued only where their data is installed (placeholders: never printed here).
const vendor = vendorDirWithCodePages([[0, 27, 667, 1, 100]], { shared: false });
afterAll(() => vendor.remove());

describeEachDatabase('education API: learning materials', (kind) => {
  const server = useTestServer(kind, { env: { NCODE_DATA_DIR: vendor.dir } });
  let w: EduWorld;
  let lecture: number;
  beforeAll(async () => {
    w = await buildEduWorld(server().app);
    lecture = await insertCurriculum(server().app, w.callers.teacher.id, w.classId);
  }, SETUP_TIMEOUT_MS);
  const app = () => server().app;
  /** A new book of section 3 whose pages 1–600 are issued to the teacher. */
  const reservedBook = async (owner: number) => {
    const book = unique();
    await reservePages(app(), w.callers.teacher.id, { section: 3, owner, book }, 1, 600);
    return book;
  };
  const post = (kindPath: 'regular' | 'pod', body: unknown, curriculumId = lecture) =>
    call(app(), w.callers.teacher, 'POST', `/edu/v1/curriculum/${curriculumId}/textbook/${kindPath}`, body);
  const upload = (
    curriculumId: number,
    textbookId: number,
    form: ReturnType<typeof multipartBody>,
    caller = w.callers.teacher,
  ) =>
    call(
      app(),
      caller,
      'POST',
      `/edu/v1/curriculum/${curriculumId}/textbook/${textbookId}/attachment`,
      form.payload,
      form.headers,
    );

  it('registers a built-in textbook, whole or a page range, and lists the materials', async () => {
    const whole = await post('regular', { title: '수학 3-1', builtinTextbookId: 1 });
    expect(whole.statusCode).toBe(200);
    expect(whole.json()).toMatchObject({
      ok: true,
      message: 'Success',
      data: {
        curriculumId: lecture,
        eduClassId: w.classId,
        type: 'REGULAR',
        typeDiv: 'REGULAR',
        builtinTextbookId: 1,
        title: '수학 3-1',
        section: 3,
        owner: 1012,
        book: 1191,
        ncodeStartPage: 1,
        ncodeEndPage: 124,
        numPages: 124,
        pdfFile: null,
        nprojFile: null,
        // classroom.md §5: the textbook's pages are labelled page − 2 from its first page
        pageNaming: 'textbook',
        firstPage: 1,
      },
    });
    const part = await post('regular', {
      title: 'Notebook p. 10–20',
      section: 2050,
      owner: 1,
      book: 1,
      ncodeStartPage: 10,
      ncodeEndPage: 20,
    });
    expect(part.json().data).toMatchObject({
      builtinTextbookId: 9,
      ncodeStartPage: 10,
      ncodeEndPage: 20,
      numPages: 11,
      pageNaming: 'number',
      firstPage: 1,
    });
    const list = await call(app(), w.callers.teacher, 'GET', `/edu/v1/curriculum/${lecture}/textbook`);
    expect(list.json().data.textbooks.map((t: { id: number }) => t.id)).toEqual([
      whole.json().data.id,
      part.json().data.id,
    ]);
    expect(list.json().data.textbooks.map((t: { pageNaming: string }) => t.pageNaming)).toEqual([
      'textbook',
      'number',
    ]);
  });

  it("refuses the same textbook twice: 'This learning material is already registered.'", async () => {
    const again = await post('regular', { title: 'Again', section: 3, owner: 1012, book: 1191 });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      ok: false,
      message: 'This learning material is already registered.',
      data: null,
    });
    // The same pages in another lecture are fine.
    const other = await insertCurriculum(app(), w.callers.teacher.id, w.classId);
    expect((await post('regular', { title: 'Math', builtinTextbookId: 1 }, other)).statusCode).toBe(200);
  });

  it("answers 'There is an error in the input values (course / material name / file selection)'", async () => {
    const message = 'There is an error in the input values (course / material name / file selection)';
    for (const body of [
      { builtinTextbookId: 2 },
      { title: ' ', builtinTextbookId: 2 },
      { title: 'No book' },
      { title: 'Unknown', builtinTextbookId: 77 },
      { title: 'Unknown', section: 1, owner: 2, book: 3 },
    ]) {
      const res = await post('regular', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    for (const body of [
      { title: 'No pages', section: 3, owner: 27, book: 1068 },
      { section: 3, owner: 27, book: 1068, ncodeStartPage: 1, numPages: 2 },
      { title: 'Built-in', section: 3, owner: 1012, book: 1191, ncodeStartPage: 1, numPages: 2 },
    ]) {
      const res = await post('pod', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (await post('regular', { title: 'Out', builtinTextbookId: 2, ncodeStartPage: 100, ncodeEndPage: 200 }))
        .statusCode,
    ).toBe(400);
    expect((await post('regular', { title: 'x', builtinTextbookId: 'two' })).statusCode).toBe(400);
    expect((await post('regular', { title: 'x', section: -3, owner: 1, book: 1 })).statusCode).toBe(400);
  });

  it("registers a POD material only on Ncode pages issued to the caller's school", async () => {
    // Pages reserved through the code-issuing route, by the teacher.
    const issued = await call(
      app(),
      w.callers.teacher,
      'GET',
      '/edu/v1/paper/ncode?qty=3&width=210&height=297',
    );
    expect(issued.statusCode).toBe(200);
    const [first, , last] = issued.json() as { s: number; o: number; b: number; p: number }[];
    const at = { section: first!.s, owner: first!.o, book: first!.b };
    const mine = await post('pod', {
      title: 'Issued',
      ...at,
      ncodeStartPage: first!.p,
      ncodeEndPage: last!.p,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const refusal = 'The Ncode pages were not issued to your school: request the print codes first.';
    // A page past the issued block, and a book nobody was issued.
    const past = await post('pod', {
      title: 'Past',
      ...at,
      ncodeStartPage: first!.p,
      ncodeEndPage: last!.p + 1,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(refusal);
    const never = await post('pod', {
      title: 'Never',
      section: 3,
      owner: 29,
      book: 9000 + unique(),
      ncodeStartPage: 1,
      numPages: 4,
    });
    expect(never.json().message).toBe(refusal);
    // Issued to another school's teacher: refused; to a colleague of the same school: the school's.
    const theirs = { section: 3, owner: 29, book: 9000 + unique() };
    await reservePages(app(), w.callers.otherSchool.id, theirs, 1, 10);
    expect(
      (await post('pod', { title: 'Theirs', ...theirs, ncodeStartPage: 1, numPages: 4 })).json().message,
    ).toBe(refusal);
    const colleague = await newTeacher(app(), { status: 'ACTIVE', schoolId: w.schoolA.id });
    const ours = { section: 3, owner: 29, book: 9000 + unique() };
    await reservePages(app(), colleague.id, ours, 1, 5);
    await reservePages(app(), w.callers.admin.id, ours, 6, 10);
    expect((await post('pod', { title: 'Ours', ...ours, ncodeStartPage: 2, numPages: 9 })).statusCode).toBe(
      200,
    );
  });

  it("registers a user material (POD) and refuses over 500 pages with 'too many pages' and the count", async () => {
    for (const book of [1068, 1069, 1070])
      await reservePages(app(), w.callers.teacher.id, { section: 3, owner: 27, book }, 1, 600);
    const ok = await post('pod', {
      title: 'Worksheet',
      section: 3,
      owner: 27,
      book: 1068,
      ncodeStartPage: 1,
      numPages: 500,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      type: 'POD',
      builtinTextbookId: null,
      ncodeEndPage: 500,
      numPages: 500,
      pageNaming: 'number',
      firstPage: 1,
    });
    const big = await post('pod', {
      title: 'Big',
      section: 3,
      owner: 27,
      book: 1069,
      pageStart: 1,
      pageEnd: 501,
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('too many pages (501)');
    const dup = await post('pod', {
      title: 'Dup',
      section: 3,
      owner: 27,
      book: 1068,
      ncodeStartPage: 1,
      ncodeEndPage: 500,
    });
    expect(dup.json().message).toBe('This learning material is already registered.');
    const backwards = await post('pod', {
      title: 'Back',
      section: 3,
      owner: 27,
      book: 1070,
      ncodeStartPage: 5,
      ncodeEndPage: 4,
    });
    expect(backwards.statusCode).toBe(400);
    const edge = await post('pod', {
      title: 'Edge',
      section: 3,
      owner: 27,
      book: 1070,
      ncodeStartPage: 2147483647,
      numPages: 2,
    });
    expect(edge.statusCode).toBe(400);
  });

  it('uploads the PDF and .nproj of a material, serves them, and finds them by page address', async () => {
    const book = { section: 3, owner: 27, book: 2000 + unique(), startPage: 11 };
    await reservePages(app(), w.callers.teacher.id, book, 11, 15);
    const created = await post('pod', { title: '활동지', ...book, ncodeStartPage: 11, numPages: 5 });
    const tb = created.json().data;
    const pdf = await blankPdf(3);
    const nproj = nprojText(book, 3);
    const form = multipartBody(
      {
        section: '3',
        owner: '27',
        book: String(book.book),
        pageStart: '11',
        pageEnd: '15',
        curriculumId: String(lecture),
        textbookId: String(tb.id),
      },
      {
        pdfFile: { name: 'C:\\docs\\활동지 1.pdf', type: 'application/pdf', bytes: pdf },
        nprojFile: {
          name: 'worksheet.nproj',
          type: 'application/xml',
          bytes: new TextEncoder().encode(nproj),
        },
      },
    );
    const res = await upload(lecture, tb.id, form);
    expect(res.statusCode).toBe(200);
    const base = `${TEST_PUBLIC_URL}/edu/v1/curriculum/${lecture}/textbook/${tb.id}/attachment`;
    expect(res.json().data).toMatchObject({
      id: tb.id,
      numPages: 3,
      pdfFile: { originalName: '활동지 1.pdf', mimeType: 'application/pdf', downloadUri: `${base}/pdf` },
      nprojFile: {
        originalName: 'worksheet.nproj',
        mimeType: 'application/xml',
        downloadUri: `${base}/nproj`,
      },
    });

    const download = await call(app(), w.callers.admin, 'GET', new URL(`${base}/pdf`).pathname);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('활동지 1.pdf')}`,
    );
    expect(new Uint8Array(download.rawPayload)).toEqual(pdf);
    expect(
      (await call(app(), w.callers.otherSchool, 'GET', new URL(`${base}/pdf`).pathname)).statusCode,
    ).toBe(403);

    const lookup = await call(
      app(),
      w.callers.teacher,
      'GET',
      `/edu/v1/curriculum/textbook?section=3&owner=27&book=${book.book}&page=12`,
    );
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().data.resultElements).toEqual([
      {
        textbookId: tb.id,
        curriculumId: lecture,
        type: 'pdf',
        mimeType: 'application/pdf',
        downloadUri: `${base}/pdf`,
        originalName: '활동지 1.pdf',
      },
      {
        textbookId: tb.id,
        curriculumId: lecture,
        type: 'xml',
        mimeType: 'application/xml',
        downloadUri: `${base}/nproj`,
        originalName: 'worksheet.nproj',
      },
    ]);
    const outside = await call(
      app(),
      w.callers.teacher,
      'GET',
      `/edu/v1/curriculum/textbook?section=3&owner=27&book=${book.book}&page=16`,
    );
    expect(outside.json().data.resultElements).toEqual([]);
    const otherSchool = await call(
      app(),
      w.callers.otherSchool,
      'GET',
      `/edu/v1/curriculum/textbook?section=3&owner=27&book=${book.book}&page=12`,
    );
    expect(otherSchool.json().data.resultElements).toEqual([]);

    const print = await call(
      app(),
      w.callers.teacher,
      'GET',
      `/edu/v1/curriculum/textbook/print?section=3&owner=27&book=${book.book}&pageStart=11`,
    );
    expect(print.statusCode).toBe(200);
    expect(print.json().data).toEqual({
      textbookId: tb.id,
      pdfRet: { downloadUri: `${base}/pdf`, originalName: '활동지 1.pdf' },
      nproj_xml: nproj,
    });
    const noPrint = await call(
      app(),
      w.callers.teacher,
      'GET',
      `/edu/v1/curriculum/textbook/print?section=3&owner=27&book=${book.book}&pageStart=12`,
    );
    expect(noPrint.statusCode).toBe(404);
    expect(
      (await call(app(), w.callers.teacher, 'GET', '/edu/v1/curriculum/textbook/print?section=3')).statusCode,
    ).toBe(400);
  });

  it("refuses a PDF over 500 pages with 'too many pages' and the count, and bad uploads", async () => {
    const created = await post('pod', {
      title: 'Long',
      section: 3,
      owner: 28,
      book: await reservedBook(28),
      ncodeStartPage: 1,
      numPages: 500,
    });
    const tb = created.json().data;
    const big = multipartBody(
      {},
      { pdfFile: { name: 'big.pdf', type: 'application/pdf', bytes: await blankPdf(501) } },
    );
    const res = await upload(lecture, tb.id, big);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, message: 'too many pages (501)', data: null });

    const notPdf = multipartBody(
      {},
      { pdfFile: { name: 'x.pdf', type: 'application/pdf', bytes: new Uint8Array([1, 2, 3]) } },
    );
    expect((await upload(lecture, tb.id, notPdf)).json().message).toBe('The PDF file could not be read.');
    const wrongBook = multipartBody(
      {},
      {
        nprojFile: {
          name: 'x.nproj',
          type: 'application/xml',
          bytes: new TextEncoder().encode(nprojText({ section: 3, owner: 28, book: 1, startPage: 1 }, 1)),
        },
      },
    );
    expect((await upload(lecture, tb.id, wrongBook)).json().message).toBe(
      'The .nproj file could not be read or is for other pages.',
    );
    const mismatch = multipartBody(
      { pageStart: '2' },
      { pdfFile: { name: 'a.pdf', type: 'application/pdf', bytes: await blankPdf(1) } },
    );
    expect((await upload(lecture, tb.id, mismatch)).json().message).toBe(
      'There is an error in the input values (course / material name / file selection)',
    );
    expect((await upload(lecture, tb.id, multipartBody({ section: '3' }, {}))).json().message).toBe(
      'No file was sent.',
    );
    const json = await call(
      app(),
      w.callers.teacher,
      'POST',
      `/edu/v1/curriculum/${lecture}/textbook/${tb.id}/attachment`,
      { pdfFile: 'x' },
    );
    expect(json.statusCode).toBe(400);
    const noBoundary = await call(
      app(),
      w.callers.teacher,
      'POST',
      `/edu/v1/curriculum/${lecture}/textbook/${tb.id}/attachment`,
      'x',
      {
        'content-type': 'multipart/form-data',
      },
    );
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().message).toBe('The upload could not be read (multipart/form-data expected).');
    const short = await post('pod', {
      title: 'Short',
      section: 3,
      owner: 28,
      book: await reservedBook(28),
      ncodeStartPage: 1,
      numPages: 2,
    });
    const longer = multipartBody(
      {},
      { pdfFile: { name: 'a.pdf', type: 'application/pdf', bytes: await blankPdf(3) } },
    );
    expect((await upload(lecture, short.json().data.id, longer)).json().message).toBe(
      'The PDF has more pages than the Ncode pages reserved for it.',
    );
    // Only the lecture's creator (or the administrator) uploads; other schools never.
    const ok = multipartBody(
      {},
      { pdfFile: { name: 'a.pdf', type: 'application/pdf', bytes: await blankPdf(1) } },
    );
    expect((await upload(lecture, tb.id, ok, w.callers.otherSchool)).statusCode).toBe(403);
    expect((await upload(lecture, 999999, ok)).statusCode).toBe(404);
    expect(
      (
        await call(
          app(),
          w.callers.teacher,
          'GET',
          `/edu/v1/curriculum/${lecture}/textbook/${tb.id}/attachment/nproj`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          app(),
          w.callers.teacher,
          'GET',
          `/edu/v1/curriculum/${lecture}/textbook/${tb.id}/attachment/png`,
        )
      ).statusCode,
    ).toBe(400);
  });

  it('serves the math category info: the nine built-in textbooks, units from the vendor category files', async () => {
    // Book 1191's units from its category file (read on first use); the other books have none.
    const units = [
      {
        title: 'Unit 1',
        startPage: 3,
        endPage: 20,
        subCategories: [{ title: 'Unit 1.1', startPage: 3, endPage: 9, subCategories: [] }],
      },
    ];
    const folder = join(vendorDataDir(server().config), CATEGORY_DIR);
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, '3_1012_1191.json'),
      JSON.stringify({ section: 3, owner: 1012, book: 1191, note: 'test units', categories: units }),
    );
    const res = await call(app(), w.callers.teacher, 'GET', '/edu/v1/math/category-info');
    expect(res.statusCode).toBe(200);
    const { textbooks } = res.json();
    expect(textbooks).toHaveLength(9);
    expect(textbooks[0]).toMatchObject({
      curriculumDescription: { id: 1, year: 2021, semester: 1, grade: 3, subject: 'math', type: 'REGULAR' },
      pageInfo: { section: 3, owner: 1012, book: 1191, firstPage: 1 },
      numPages: 124,
      hasBackground: true,
      pageNaming: 'textbook',
      categories: units,
    });
    expect(textbooks[1].categories).toEqual([]);
    expect(textbooks[8]).toMatchObject({
      pageInfo: { section: 2050, owner: 1, book: 1 },
      numPages: 500,
      pageNaming: 'number',
      pageMarginLeft: 0,
    });
  });
});
