import { manualClock } from '@dotink/ncode';
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../test/harness';
import { call } from '../../test/matrixFixtures';
import { issueAccessToken } from '../../test/oauth';
import { allScopes } from '../identity/scopes';
import { upsertBuiltinTextbooks } from '../seed/builtinTextbooks';
import { seedDemo } from '../seed/demo';
import { DEMO_FIGURES } from '../seed/demoAnalytics';
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
    // the lesson's watch log and the analytics demo's (seed/demoAnalytics.ts, DEMO_FIGURES)
    const first = DEMO_FIGURES[0]!;
    expect(log.json().watches).toHaveLength(first.watches);
    const types = log.json().clicks.map((c: { type: string }) => c.type);
    expect(types).toHaveLength(first.clicks);
    expect(types).toEqual(expect.arrayContaining(['youtube', 'remedial', 'estimate']));
    const pupils = await call(app, caller, 'GET', `/edu/v1/class/${seed.classId}/students`);
    const counts = pupils.json().data.students.map((s: { watchCount: number }) => s.watchCount);
    expect(counts.length).toBeGreaterThan(1);
    expect(counts).toEqual(DEMO_FIGURES.slice(0, counts.length).map((f) => f.watches));
    // The demo class can start a lesson: the course list answers with time states.
    const courses = await call(app, caller, 'GET', `/edu/v1/curriculum/${seed.curriculumId}/course`);
    expect(courses.json().data.courses.map((c: { timeState: string }) => c.timeState)).toEqual([
      'ENDED',
      'BEFORE',
    ]);
  });
});
