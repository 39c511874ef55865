/**
 * What the education API adds to the demo seed (`seed/demo.ts`): a small registry of made-up
 * schools for the school-name search, and a few days of video watches and content clicks of the
 * first pupils for the watch log. Real registries come in with `import-schools`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type SchoolRecord, upsertSchools } from './schools/schoolRegistry';

/** Made-up schools (the codes follow the shape of the public registry, not real schools). */
export const demoSchoolRegistry: readonly SchoolRecord[] = [
  { name: '도트잉크 중학교', eduOfficeCode: 'B10', schoolTypeCode: '1', schoolCode: '7130001' },
  { name: '도트잉크 고등학교', eduOfficeCode: 'B10', schoolTypeCode: '2', schoolCode: '7010801' },
  { name: '한빛초등학교', eduOfficeCode: 'B10', schoolTypeCode: '0', schoolCode: '7010002' },
  { name: '푸른솔초등학교', eduOfficeCode: 'C10', schoolTypeCode: '0', schoolCode: '7150001' },
  { name: '새싹초등학교', eduOfficeCode: 'D10', schoolTypeCode: '0', schoolCode: '7240001' },
  { name: '은하수초등학교', eduOfficeCode: 'J10', schoolTypeCode: '0', schoolCode: '7530001' },
  { name: '무지개초등학교', eduOfficeCode: 'J10', schoolTypeCode: '0', schoolCode: '7530002' },
  { name: '바다마을중학교', eduOfficeCode: 'C10', schoolTypeCode: '1', schoolCode: '7150101' },
  { name: '별빛중학교', eduOfficeCode: 'E10', schoolTypeCode: '1', schoolCode: '7310101' },
  { name: '하늘고등학교', eduOfficeCode: 'F10', schoolTypeCode: '2', schoolCode: '7380201' },
  { name: 'Dotink International School', eduOfficeCode: 'B10', schoolTypeCode: '3', schoolCode: '7019901' },
];

/** The watch-log file the demo uses for the grade 3 book. */
export const DEMO_WATCH_LOG_FILE = 'math_1191.json';

/** Seeds the registry and the watch log of the first pupils (inside the demo's transaction). */
export async function seedDemoEducation(
  db: Kysely<Database>,
  studentIds: readonly string[],
  nowMs: number,
): Promise<void> {
  await upsertSchools(db, demoSchoolRegistry);
  const day = 86_400_000;
  const rows = studentIds.slice(0, 5).flatMap((studentId, i) =>
    Array.from({ length: 3 - (i % 3) }, (_, k) => {
      const at = new Date(nowMs - (k + 1) * day + i * 600_000);
      const page = 8 + k * 2;
      return [
        {
          student_id: studentId,
          file_name: DEMO_WATCH_LOG_FILE,
          kind: 'watch' as const,
          at,
          category: '1단원 덧셈과 뺄셈',
          content_id: `1191_1_${page}`,
          url: `https://video.demo.dotink.dev/1191/${page}`,
          duration_ms: 300_000 + i * 30_000,
        },
        {
          student_id: studentId,
          file_name: DEMO_WATCH_LOG_FILE,
          kind: 'click' as const,
          at: new Date(at.getTime() + 120_000),
          category: '1단원 덧셈과 뺄셈',
          content_id: `1191_1_${page}`,
          content_type: k === 1 ? 'remedial' : 'youtube',
          url: `https://video.demo.dotink.dev/1191/${page}`,
        },
      ];
    }).flat(),
  );
  if (rows.length > 0) await db.insertInto('watch_events').values(rows).execute();
}
