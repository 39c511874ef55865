/**
 * The OneRoster import and export of the education API (issue 30 item 3):
 * `POST /edu/v1/oneroster` takes a OneRoster 1.2 CSV zip (`application/zip`) from the school
 * administrator and answers what it would do (`?apply=true`: does it), and
 * `GET /edu/v1/oneroster` answers the school's classes and pupils as a OneRoster zip.
 */
import { z } from 'zod';

export const oneRosterImportQuery = z.object({
  apply: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** A problem of the roster: the reader's (`@dotink/contracts/oneRoster`) or the import's own. */
export const oneRosterProblemSchema = z.object({
  file: z.enum([
    'manifest',
    'orgs',
    'academicSessions',
    'courses',
    'classes',
    'users',
    'roles',
    'enrollments',
  ]),
  row: z.number().int(),
  code: z.enum([
    'missingFile',
    'missingColumn',
    'missingValue',
    'badValue',
    'badDate',
    'duplicateId',
    'unknownReference',
    'badCsv',
    // the import's own
    'otherSchool',
    'gradeOutOfRange',
    'classNumOutOfRange',
    'classInUse',
    'teacherUnknown',
    'numberTwice',
  ]),
  column: z.string().optional(),
  value: z.string().optional(),
});
export type OneRosterImportProblem = z.infer<typeof oneRosterProblemSchema>;

export const oneRosterClassPlanSchema = z.object({
  sourcedId: z.string(),
  title: z.string(),
  action: z.enum(['create', 'update', 'unchanged']),
  year: z.number().int(),
  grade: z.number().int(),
  classNum: z.number().int(),
  teacherName: z.string().nullable(),
  pupilsNew: z.number().int(),
  pupilsUpdated: z.number().int(),
  pupilsRemoved: z.number().int(),
  pupils: z.number().int(),
});

export const oneRosterImportData = z.object({
  applied: z.boolean(),
  school: z.string(),
  counts: z.object({
    classesNew: z.number().int(),
    classesUpdated: z.number().int(),
    classesUnchanged: z.number().int(),
    teachersAssigned: z.number().int(),
    pupilsNew: z.number().int(),
    pupilsUpdated: z.number().int(),
    pupilsRemoved: z.number().int(),
    pupilsUnchanged: z.number().int(),
  }),
  classes: z.array(oneRosterClassPlanSchema),
  problems: z.array(oneRosterProblemSchema),
});
export type OneRosterImportData = z.infer<typeof oneRosterImportData>;
