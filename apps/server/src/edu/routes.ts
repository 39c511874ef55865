/**
 * The education API of classroom.md §7: teachers and schools, classes and students, lectures,
 * learning materials and their files, lessons, the watch log and the math category info.
 * Every route answers `{ ok, message, data }` ('Success') unless it stands for a file.
 */
import type { AppPlugin } from '../platform/types';
import { watchLogRoutes } from './activity/watchLogRoutes';
import { mathSummaryRoutes } from './analytics/summaryRoutes';
import { unitsRoutes } from './analytics/unitsRoutes';
import { classRoutes } from './classes/classRoutes';
import { courseRoutes } from './courses/courseRoutes';
import { curriculumRoutes } from './curriculums/curriculumRoutes';
import { liveRoutes } from './live/liveRoutes';
import { oneRosterRoutes } from './oneroster/oneRosterRoutes';
import { schoolRoutes } from './schools/schoolRoutes';
import { credentialRoutes } from './students/credentialRoutes';
import { studentRoutes } from './students/studentRoutes';
import { teacherRoutes } from './teachers/teacherRoutes';
import { attachmentRoutes } from './textbooks/attachmentRoutes';
import { categoryInfoRoutes } from './textbooks/categoryInfoRoutes';
import { materialLookupRoutes } from './textbooks/materialLookupRoutes';
import { textbookRoutes } from './textbooks/textbookRoutes';

export const eduRoutes: AppPlugin = async (app) => {
  for (const routes of [
    teacherRoutes,
    schoolRoutes,
    classRoutes,
    studentRoutes,
    credentialRoutes,
    curriculumRoutes,
    textbookRoutes,
    attachmentRoutes,
    materialLookupRoutes,
    courseRoutes,
    watchLogRoutes,
    categoryInfoRoutes,
    mathSummaryRoutes,
    unitsRoutes,
    liveRoutes,
    oneRosterRoutes,
  ])
    await app.register(routes);
};
