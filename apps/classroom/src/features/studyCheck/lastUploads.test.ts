import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/apiError';
import type { WritingFilter } from '../../api/lectures';
import { lastUploads } from './CourseStudyCheckPage';

const filter: WritingFilter = { tag: 'Lesson 1', section: 3, owner: 27, bookCode: 900 };

describe("the study check export's upload times", () => {
  it('reads every pupil (a pupil who never wrote is null)', async () => {
    const api = { lastUploadTime: async (id: string) => (id === 'a' ? '2026-03-04T09:10:00' : undefined) };
    const times = await lastUploads(new QueryClient(), api, [{ id: 'a' }, { id: 'b' }], filter);
    expect([...times]).toEqual([
      ['a', '2026-03-04T09:10:00'],
      ['b', null],
    ]);
  });

  it('fails when one pupil cannot be read, never writing them down as without activity', async () => {
    const api = {
      lastUploadTime: async (id: string) => {
        if (id === 'b') throw new ApiError(0, 'error.network');
        return '2026-03-04T09:10:00';
      },
    };
    await expect(
      lastUploads(new QueryClient(), api, [{ id: 'a' }, { id: 'b' }], filter),
    ).rejects.toMatchObject({
      key: 'error.network',
    });
  });
});
