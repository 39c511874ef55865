import { beforeAll, expect, it } from 'vitest';
import {
  describeEachDatabase,
  SETUP_TIMEOUT_MS,
  TEST_PUBLIC_URL,
  useTestServer,
} from '../../../test/harness';
import { buildEduWorld, call, type EduWorld } from '../../../test/matrixFixtures';

describeEachDatabase('education API: the attachments of a built-in textbook page', (kind) => {
  const server = useTestServer(kind);
  let w: EduWorld;
  beforeAll(async () => {
    w = await buildEduWorld(server().app);
  }, SETUP_TIMEOUT_MS);
  const lookup = (q: string) =>
    call(server().app, w.callers.teacher, 'GET', `/edu/v1/curriculum/textbook?${q}`);

  it('answers the PDF and touch map of a semester-1 textbook page, downloadable from the vendor routes', async () => {
    const res = await lookup('section=3&owner=1012&book=1191&page=12');
    expect(res.statusCode).toBe(200);
    const base = `${TEST_PUBLIC_URL}/vendor/v1/books/3.1012.1191`;
    expect(res.json().data.resultElements).toEqual([
      {
        textbookId: null,
        curriculumId: null,
        type: 'pdf',
        mimeType: 'application/pdf',
        downloadUri: `${base}/pdf`,
        originalName: '수학 3-1.pdf',
      },
      {
        textbookId: null,
        curriculumId: null,
        type: 'xml',
        mimeType: 'application/xml',
        downloadUri: `${base}/nproj`,
        originalName: '수학 3-1.nproj',
      },
    ]);
    const pdf = await call(server().app, w.callers.teacher, 'GET', new URL(`${base}/pdf`).pathname);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const nproj = await call(server().app, w.callers.teacher, 'GET', new URL(`${base}/nproj`).pathname);
    expect(nproj.statusCode).toBe(200);
    expect(nproj.body).toContain('<nproj');
  });

  it('answers the last page of a book and nothing past it', async () => {
    expect((await lookup('section=3&owner=1012&book=1194&page=118')).json().data.resultElements).toHaveLength(
      2,
    );
    expect((await lookup('section=3&owner=1012&book=1194&page=119')).json().data.resultElements).toEqual([]);
  });

  it('answers an empty list for the books without background files (semester 2, the notebook)', async () => {
    for (const q of ['section=3&owner=1012&book=3033&page=5', 'section=2050&owner=1&book=1&page=1']) {
      const res = await lookup(q);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.resultElements).toEqual([]);
    }
  });
});

describeEachDatabase('education API: the category info names the built-in textbook files', (kind) => {
  const server = useTestServer(kind);
  let w: EduWorld;
  beforeAll(async () => {
    w = await buildEduWorld(server().app);
  }, SETUP_TIMEOUT_MS);

  it('gives the vendor-route files of the books with backgrounds, none for the others', async () => {
    const res = await call(server().app, w.callers.teacher, 'GET', '/edu/v1/math/category-info');
    const { textbooks } = res.json();
    expect(textbooks[0]).toMatchObject({
      pdfUrl: `${TEST_PUBLIC_URL}/vendor/v1/books/3.1012.1191/pdf`,
      nprojUrl: `${TEST_PUBLIC_URL}/vendor/v1/books/3.1012.1191/nproj`,
    });
    expect(textbooks[4]).toMatchObject({ pdfUrl: null, nprojUrl: null });
    expect(textbooks[8]).toMatchObject({ pdfUrl: null, nprojUrl: null });
  });
});
