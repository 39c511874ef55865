import { describe, expect, it } from 'vitest';
import { ApiError, type Call } from './client';
import { lecturesApi } from './lectures';

type Init = Parameters<Call>[2];

/** A call layer answering from `answer(path, init)` (validated like the real one). */
function fakeCall(answer: (path: string, init: Init) => unknown): {
  call: Call;
  seen: { path: string; init: Init }[];
} {
  const seen: { path: string; init: Init }[] = [];
  const call = (async (schema: { parse: (v: unknown) => unknown }, path: string, init: Init) => {
    seen.push({ path, init });
    return schema.parse(answer(path, init));
  }) as unknown as Call;
  return { call, seen };
}

const element = (uploadDate: string) => ({
  mimeType: 'application/json',
  writer: 's1',
  createDate: uploadDate,
  uploadDate,
  data: 'e30=',
});

describe('the lectures calls', () => {
  it('reads the last upload time through every answer page of the search', async () => {
    const pages: Record<string, unknown> = {
      '': { resultElements: [element('2025-03-03T09:10:00.000Z')], hasMore: true, nextDataPointer: '17' },
      '17': { resultElements: [element('2025-03-03T09:40:00.000Z')], hasMore: false, nextDataPointer: null },
    };
    const { call, seen } = fakeCall((_, init) => ({
      ok: true,
      message: 'Success',
      data: pages[String(init?.query?.dataPointer ?? '')],
    }));
    const api = lecturesApi(call);
    expect(await api.lastUploadTime('s1', { tag: '5_ses', section: 3, owner: 1012, bookCode: 1191 })).toBe(
      '2025-03-03T09:40:00.000Z',
    );
    expect(seen.map((s) => s.path)).toEqual(['/admin/v1/inkstore/search/s1', '/admin/v1/inkstore/search/s1']);
    expect(seen[0]?.init?.query).toEqual({ tag: '5_ses', section: 3, owner: 1012, bookCode: 1191 });
  });

  it('answers undefined when the pupil has no writing', async () => {
    const { call } = fakeCall(() => ({
      ok: true,
      message: 'Success',
      data: { resultElements: [], hasMore: false, nextDataPointer: null },
    }));
    expect(await lecturesApi(call).lastUploadTime('s2', {})).toBeUndefined();
  });

  it('shows the server messages of §8 in the catalogue text', async () => {
    for (const [message, key] of [
      ['already existing class', 'lectures.existingClass'],
      ['The student does not exist.', 'lessons.noStudents'],
      ['There is a value that was not entered', 'lectures.valueMissing'],
    ] as const) {
      const call = (async () => {
        throw new ApiError(400, undefined, {}, message);
      }) as unknown as Call;
      const api = lecturesApi(call);
      await expect(api.createCurriculum({ eduClassId: 1, title: 'x' })).rejects.toMatchObject({
        status: 400,
        key,
      });
      await expect(api.createCourse(1, { tag: 'x' })).rejects.toMatchObject({ key });
    }
    const other = (async () => {
      throw new ApiError(400, undefined, {}, 'Something else.');
    }) as unknown as Call;
    await expect(lecturesApi(other).deleteCurriculum(1)).rejects.toMatchObject({
      key: undefined,
      serverMessage: 'Something else.',
    });
  });
});
