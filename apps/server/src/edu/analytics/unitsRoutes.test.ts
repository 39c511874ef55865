import { analyticsMessageKey } from '@dotink/contracts/analyticsMessages';
import { mathSummaryData } from '@dotink/contracts/eduAnalytics';
import { PDFDocument, PDFHexString, PDFName, type PDFRef } from 'pdf-lib';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, SETUP_TIMEOUT_MS, useTestServer } from '../../../test/harness';
import {
  buildEduWorld,
  call,
  type EduWorld,
  insertCurriculum,
  multipartBody,
  unique,
} from '../../../test/matrixFixtures';

/**
 * A 6-page PDF with an outline: 'Chapter A' (page 1, explicit destination) with 'A.1' (page 1)
 * and 'A.2' (page 3); 'Chapter B' (page 4, a GoTo action); 'Chapter C' (page 6, a named
 * destination of the catalogue's /Dests).
 */
async function pdfWithOutline(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const pages = Array.from({ length: 6 }, () => doc.addPage([595, 842]));
  const ctx = doc.context;
  const page = (i: number) => pages[i]!.ref;
  const outlines = ctx.nextRef();
  const [a, a1, a2, b, c] = Array.from({ length: 5 }, () => ctx.nextRef()) as [
    PDFRef,
    PDFRef,
    PDFRef,
    PDFRef,
    PDFRef,
  ];
  const title = (t: string) => PDFHexString.fromText(t);
  ctx.assign(
    a,
    ctx.obj({
      Title: title('Chapter A'),
      Parent: outlines,
      Next: b,
      First: a1,
      Last: a2,
      Count: 2,
      Dest: [page(0), 'Fit'],
    }),
  );
  ctx.assign(a1, ctx.obj({ Title: title('A.1'), Parent: a, Next: a2, Dest: [page(0), 'Fit'] }));
  ctx.assign(a2, ctx.obj({ Title: title('A.2'), Parent: a, Prev: a1, Dest: [page(2), 'Fit'] }));
  ctx.assign(
    b,
    ctx.obj({
      Title: title('Chapter B'),
      Parent: outlines,
      Prev: a,
      Next: c,
      A: { S: 'GoTo', D: [page(3), 'Fit'] },
    }),
  );
  ctx.assign(c, ctx.obj({ Title: title('Chapter C'), Parent: outlines, Prev: b, Dest: 'chapterC' }));
  ctx.assign(outlines, ctx.obj({ Type: 'Outlines', First: a, Last: c, Count: 3 }));
  doc.catalog.set(PDFName.of('Outlines'), outlines);
  doc.catalog.set(PDFName.of('Dests'), ctx.obj({ chapterC: [page(5), 'Fit'] }));
  return doc.save();
}

const unit = (title: string, startPage: number, endPage: number, subCategories: unknown[] = []) => ({
  title,
  startPage,
  endPage,
  subCategories,
});

describeEachDatabase('units of a learning material (GET|PUT …/textbook/{id}/categories)', (kind) => {
  const server = useTestServer(kind);
  const app = () => server().app;
  let w: EduWorld;
  let lecture: number;
  let pod: number;
  let book: number;
  beforeAll(async () => {
    w = await buildEduWorld(app());
    lecture = await insertCurriculum(app(), w.callers.teacher.id, w.classId);
    book = 6000 + unique();
    const row = await app()
      .services.db.insertInto('textbooks')
      .values({
        curriculum_id: lecture,
        type: 'POD',
        title: 'Worksheet',
        section: 3,
        owner: 27,
        book,
        ncode_start_page: 11,
        ncode_end_page: 20,
        num_pages: 10,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    pod = row.id;
  }, SETUP_TIMEOUT_MS);
  const url = (id = pod) => `/edu/v1/curriculum/${lecture}/textbook/${id}/categories`;
  const uploadPdf = async (bytes: Uint8Array) => {
    const form = multipartBody({}, { pdfFile: { name: 'sheet.pdf', type: 'application/pdf', bytes } });
    return call(
      app(),
      w.callers.teacher,
      'POST',
      `/edu/v1/curriculum/${lecture}/textbook/${pod}/attachment`,
      form.payload,
      form.headers,
    );
  };

  it("has no units before a PDF, then its outline's, mapped onto the material's Ncode pages", async () => {
    expect((await call(app(), w.callers.teacher, 'GET', url())).json().data).toEqual({
      categories: [],
      source: 'none',
    });
    expect((await uploadPdf(await pdfWithOutline())).statusCode).toBe(200);
    const res = await call(app(), w.callers.teacher, 'GET', url());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      source: 'outline',
      categories: [
        unit('Chapter A', 11, 13, [unit('A.1', 11, 12), unit('A.2', 13, 13)]),
        unit('Chapter B', 14, 15),
        unit('Chapter C', 16, 16),
      ],
    });
  });

  it("takes the teacher's edit when every page is in the material's range (400 otherwise), and keeps it over a new PDF", async () => {
    const outside = await call(app(), w.callers.teacher, 'PUT', url(), {
      categories: [unit('Part 1', 11, 15, [unit('Part 1.1', 19, 21)])],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(
      "The unit 'Part 1.1' (pages 19–21) is outside the material's pages 11–20.",
    );
    // the classroom reads the unit and its pages back to say it in the teacher's language
    expect(analyticsMessageKey(outside.json().message)).toEqual({
      key: 'unitOutside',
      params: { title: 'Part 1.1', start: 19, end: 21, first: 11, last: 20 },
    });
    const backwards = await call(app(), w.callers.teacher, 'PUT', url(), {
      categories: [unit('Part 1', 15, 12)],
    });
    expect(backwards.statusCode).toBe(400);
    const edited = [unit('Part 1', 11, 15, [unit('Part 1.1', 11, 12)]), unit('Part 2', 16, 20)];
    const ok = await call(app(), w.callers.teacher, 'PUT', url(), { categories: edited });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ source: 'edited', categories: edited });
    expect((await uploadPdf(await pdfWithOutline())).statusCode).toBe(200);
    expect((await call(app(), w.callers.teacher, 'GET', url())).json().data.source).toBe('edited');
    // The class summary of the material (curriculumId given) uses them.
    const q = `eduClassId=${w.classId}&curriculumId=${lecture}&section=3&owner=27&book=${book}&ncodeStartPage=11&ncodeEndPage=20`;
    const summary = await call(app(), w.callers.teacher, 'GET', `/edu/v1/math/summary?${q}`);
    expect(summary.statusCode).toBe(200);
    const data = mathSummaryData.parse(summary.json().data);
    expect(data.units.map((u) => u.title)).toEqual(['Part 1', 'Part 2']);
    expect(data.book.pageNaming).toBe('number');
  });

  it('refuses edits of a built-in book (400) and of callers who may not write the lecture (403)', async () => {
    const regular = await call(
      app(),
      w.callers.teacher,
      'POST',
      `/edu/v1/curriculum/${lecture}/textbook/regular`,
      {
        title: '수학 3-1',
        builtinTextbookId: 1,
      },
    );
    const id = regular.json().data.id as number;
    expect((await call(app(), w.callers.teacher, 'GET', url(id))).json().data.source).toMatch(/none|file/);
    const put = await call(app(), w.callers.teacher, 'PUT', url(id), { categories: [] });
    expect(put.statusCode).toBe(400);
    expect((await call(app(), w.callers.colleague, 'PUT', url(), { categories: [] })).statusCode).toBe(403);
    expect((await call(app(), w.callers.otherSchool, 'GET', url())).statusCode).toBe(403);
  });
});
