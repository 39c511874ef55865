import { manualClock } from '@dotink/ncode';
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../test/harness';
import { call } from '../../test/matrixFixtures';
import { issueAccessToken } from '../../test/oauth';
import { allScopes } from '../identity/scopes';
import { upsertBuiltinTextbooks } from '../seed/builtinTextbooks';
import { seedDemo } from '../seed/demo';
import { DEMO_WATCH_LOG_FILE, demoSchoolRegistry } from './demoData';

describeEachDatabase('demo seed: education data', (kind) => {
  const server = useTestServer(kind);

  it('seeds a searchable school registry and the watch log of the first pupils', async () => {
    const { app } = server();
    await upsertBuiltinTextbooks(app.services.db);
    const seed = await seedDemo(app.services.db, manualClock(Date.UTC(2025, 3, 1, 9)), 6);
    const headers = {
      authorization: `Bearer ${await issueAccessToken(app, seed.adminId, allScopes.join(' '))}`,
    };
    const caller = { id: seed.adminId, headers };

    const found = await call(
      app,
      caller,
      'GET',
      `/edu/v1/schools?schoolName=${encodeURIComponent('초등학교')}`,
    );
    const names = found.json().data.schools.map((s: { schoolName: string }) => s.schoolName);
    expect(names).toEqual(expect.arrayContaining(['한빛초등학교', '도트잉크 초등학교']));
    expect(demoSchoolRegistry.length).toBeGreaterThan(5);

    const log = await call(
      app,
      caller,
      'GET',
      `/edu/v1/watchlog/${seed.studentIds[0]}/${DEMO_WATCH_LOG_FILE}`,
    );
    expect(log.statusCode).toBe(200);
    expect(log.json().watches).toHaveLength(3);
    expect(log.json().clicks.map((c: { type: string }) => c.type)).toEqual([
      'youtube',
      'remedial',
      'youtube',
    ]);
    const pupils = await call(app, caller, 'GET', `/edu/v1/class/${seed.classId}/students`);
    expect(pupils.json().data.students.map((s: { watchCount: number }) => s.watchCount)).toEqual([
      3, 2, 1, 3, 2, 0,
    ]);
    // The demo class can start a lesson: the course list answers with time states.
    const courses = await call(app, caller, 'GET', `/edu/v1/curriculum/${seed.curriculumId}/course`);
    expect(courses.json().data.courses.map((c: { timeState: string }) => c.timeState)).toEqual([
      'ENDED',
      'BEFORE',
    ]);
  });
});
