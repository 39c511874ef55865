import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, SETUP_TIMEOUT_MS, useTestServer } from '../../../test/harness';
import {
  buildEduWorld,
  call,
  type EduWorld,
  insertCurriculum,
  reservePages,
  unique,
} from '../../../test/matrixFixtures';

describeEachDatabase('education API: removing a learning material', (kind) => {
  const server = useTestServer(kind);
  let w: EduWorld;
  let lecture: number;
  beforeAll(async () => {
    w = await buildEduWorld(server().app);
    lecture = await insertCurriculum(server().app, w.callers.teacher.id, w.classId);
  }, SETUP_TIMEOUT_MS);
  const app = () => server().app;

  it('removes a material (a cancelled POD registration) so the same pages can be registered again', async () => {
    const at = { section: 3, owner: 27, book: 7000 + unique() };
    await reservePages(app(), w.callers.teacher.id, at, 1, 3);
    const body = { title: 'Sheet', ...at, ncodeStartPage: 1, numPages: 3 };
    const created = await call(
      app(),
      w.callers.teacher,
      'POST',
      `/edu/v1/curriculum/${lecture}/textbook/pod`,
      body,
    );
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;

    const removed = await call(
      app(),
      w.callers.teacher,
      'DELETE',
      `/edu/v1/curriculum/${lecture}/textbook/${id}`,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ id });
    const list = await call(app(), w.callers.teacher, 'GET', `/edu/v1/curriculum/${lecture}/textbook`);
    expect(list.json().data.textbooks.map((t: { id: number }) => t.id)).not.toContain(id);
    const again = await call(
      app(),
      w.callers.teacher,
      'POST',
      `/edu/v1/curriculum/${lecture}/textbook/pod`,
      body,
    );
    expect(again.statusCode).toBe(200);

    const gone = await call(
      app(),
      w.callers.teacher,
      'DELETE',
      `/edu/v1/curriculum/${lecture}/textbook/${id}`,
    );
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('The learning material does not exist.');
  });
});
