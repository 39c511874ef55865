/**
 * Every call of the education API (classroom.md §7) with its method, path and schemas, for a
 * typed client: `path` uses `{name}` placeholders filled from `params`; `data` is the `data` of
 * the `{ ok, message, data }` answer (`file: true` marks calls answered with a plain JSON file
 * instead of an envelope; attachment downloads and the OneRoster export are not listed, they
 * answer the file itself).
 * The server's routes use the same schemas; `apps/server/test/contracts.test.ts` checks that each
 * entry is a route of the server's OpenAPI document.
 */
import type { z } from 'zod';
import {
  categoryInfoSchema,
  classEditBody,
  classesData,
  classesQuery,
  classParams,
  courseBody,
  courseParams,
  courseSchema,
  coursesData,
  curriculumBody,
  curriculumParams,
  curriculumSchema,
  curriculumsData,
  curriculumsQuery,
  deletedData,
  kumiSchema,
  materialFilesData,
  materialFilesQuery,
  newClassBody,
  newClassData,
  printMaterialData,
  printMaterialQuery,
  registerSchoolBody,
  schoolsData,
  schoolsQuery,
  studentCredentialsData,
  studentParams,
  studentsData,
  studentsSaveBody,
  studentsSaveQuery,
  teacherInfoSchema,
  teacherParams,
  teacherStatusBody,
  teacherStatusData,
  teachersData,
  textbookBody,
  textbookParams,
  textbookSchema,
  textbooksData,
  watchEventsBody,
  watchEventsData,
  watchLogFileParams,
  watchLogFileSchema,
  watchLogParams,
  watchLogQuery,
  watchLogUriData,
} from './edu';
import {
  mathSummaryData,
  mathSummaryQuery,
  pupilDetailData,
  pupilDetailParams,
  pupilDetailsData,
  unitsBody,
  unitsData,
} from './eduAnalytics';
import { liveParams, liveRosterData, liveStationData } from './eduLive';
import { oneRosterImportData, oneRosterImportQuery } from './eduOneRoster';

/** One call: method, path template and the schemas of its parts. */
export interface EduCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly data: z.ZodType;
  /** Answered as plain JSON (a file), not inside `{ ok, message, data }`. */
  readonly file?: true;
  /** The body is a zip (`application/zip`), not JSON. */
  readonly zipBody?: true;
}

const call = <const C extends EduCall>(c: C) => c;

export const eduCalls = {
  getTeacher: call({ method: 'GET', path: '/edu/v1/teacher', data: teacherInfoSchema }),
  registerSchool: call({
    method: 'POST',
    path: '/edu/v1/teacher',
    body: registerSchoolBody,
    data: teacherInfoSchema,
  }),
  getTeachers: call({ method: 'GET', path: '/edu/v1/teachers', data: teachersData }),
  setTeacherStatus: call({
    method: 'PUT',
    path: '/edu/v1/teacher/{teacherId}',
    params: teacherParams,
    body: teacherStatusBody,
    data: teacherStatusData,
  }),
  rejectTeacherSchool: call({
    method: 'DELETE',
    path: '/edu/v1/teacher/{teacherId}/school',
    params: teacherParams,
    data: teacherStatusData,
  }),
  searchSchools: call({ method: 'GET', path: '/edu/v1/schools', query: schoolsQuery, data: schoolsData }),
  getClasses: call({ method: 'GET', path: '/edu/v1/classes', query: classesQuery, data: classesData }),
  createClass: call({ method: 'POST', path: '/edu/v1/class', body: newClassBody, data: newClassData }),
  editClass: call({
    method: 'PUT',
    path: '/edu/v1/class/{eduClassId}',
    params: classParams,
    body: classEditBody,
    data: kumiSchema,
  }),
  getStudents: call({
    method: 'GET',
    path: '/edu/v1/class/{eduClassId}/students',
    params: classParams,
    data: studentsData,
  }),
  adminSaveStudents: call({
    method: 'POST',
    path: '/edu/v1/class/admin/{eduClassId}/students',
    params: classParams,
    query: studentsSaveQuery,
    body: studentsSaveBody,
    data: studentsData,
  }),
  saveStudents: call({
    method: 'PUT',
    path: '/edu/v1/class/{eduClassId}/students',
    params: classParams,
    query: studentsSaveQuery,
    body: studentsSaveBody,
    data: studentsData,
  }),
  getStudentCredentials: call({
    method: 'GET',
    path: '/edu/v1/class/{eduClassId}/students/{studentId}/credentials',
    params: studentParams,
    data: studentCredentialsData,
  }),
  resetStudentCredentials: call({
    method: 'POST',
    path: '/edu/v1/class/{eduClassId}/students/{studentId}/credentials/reset',
    params: studentParams,
    data: studentCredentialsData,
  }),
  getCurriculums: call({
    method: 'GET',
    path: '/edu/v1/curriculums',
    query: curriculumsQuery,
    data: curriculumsData,
  }),
  createCurriculum: call({
    method: 'POST',
    path: '/edu/v1/curriculum',
    body: curriculumBody,
    data: curriculumSchema,
  }),
  editCurriculum: call({
    method: 'PUT',
    path: '/edu/v1/curriculum/{curriculumId}',
    params: curriculumParams,
    body: curriculumBody,
    data: curriculumSchema,
  }),
  deleteCurriculum: call({
    method: 'DELETE',
    path: '/edu/v1/curriculum/{curriculumId}',
    params: curriculumParams,
    data: deletedData,
  }),
  deleteTextbook: call({
    method: 'DELETE',
    path: '/edu/v1/curriculum/{curriculumId}/textbook/{textbookId}',
    params: textbookParams,
    data: deletedData,
  }),
  getTextbooks: call({
    method: 'GET',
    path: '/edu/v1/curriculum/{curriculumId}/textbook',
    params: curriculumParams,
    data: textbooksData,
  }),
  addRegularTextbook: call({
    method: 'POST',
    path: '/edu/v1/curriculum/{curriculumId}/textbook/regular',
    params: curriculumParams,
    body: textbookBody,
    data: textbookSchema,
  }),
  addPodTextbook: call({
    method: 'POST',
    path: '/edu/v1/curriculum/{curriculumId}/textbook/pod',
    params: curriculumParams,
    body: textbookBody,
    data: textbookSchema,
  }),
  findMaterialFiles: call({
    method: 'GET',
    path: '/edu/v1/curriculum/textbook',
    query: materialFilesQuery,
    data: materialFilesData,
  }),
  findPrintMaterial: call({
    method: 'GET',
    path: '/edu/v1/curriculum/textbook/print',
    query: printMaterialQuery,
    data: printMaterialData,
  }),
  getCourses: call({
    method: 'GET',
    path: '/edu/v1/curriculum/{curriculumId}/course',
    params: curriculumParams,
    data: coursesData,
  }),
  createCourse: call({
    method: 'POST',
    path: '/edu/v1/curriculum/{curriculumId}/course',
    params: curriculumParams,
    body: courseBody,
    data: courseSchema,
  }),
  getCourse: call({
    method: 'GET',
    path: '/edu/v1/curriculum/{curriculumId}/course/{courseId}',
    params: courseParams,
    data: courseSchema,
  }),
  editCourse: call({
    method: 'PUT',
    path: '/edu/v1/curriculum/{curriculumId}/course/{courseId}',
    params: courseParams,
    body: courseBody,
    data: courseSchema,
  }),
  deleteCourse: call({
    method: 'DELETE',
    path: '/edu/v1/curriculum/{curriculumId}/course/{courseId}',
    params: courseParams,
    data: deletedData,
  }),
  registerCourseSession: call({
    method: 'POST',
    path: '/edu/v1/curriculum/{curriculumId}/course/{courseId}/session',
    params: courseParams,
    data: courseSchema,
  }),
  getWatchLogUri: call({
    method: 'GET',
    path: '/edu/v1/watchlog/{studentId}',
    params: watchLogParams,
    query: watchLogQuery,
    data: watchLogUriData,
  }),
  getWatchLog: call({
    method: 'GET',
    path: '/edu/v1/watchlog/{studentId}/{fileName}',
    params: watchLogFileParams,
    data: watchLogFileSchema,
    file: true,
  }),
  appendWatchLog: call({
    method: 'POST',
    path: '/edu/v1/watchlog/{studentId}/{fileName}',
    params: watchLogFileParams,
    body: watchEventsBody,
    data: watchEventsData,
  }),
  getCategoryInfo: call({
    method: 'GET',
    path: '/edu/v1/math/category-info',
    data: categoryInfoSchema,
    file: true,
  }),
  getMathSummary: call({
    method: 'GET',
    path: '/edu/v1/math/summary',
    query: mathSummaryQuery,
    data: mathSummaryData,
  }),
  getPupilSummary: call({
    method: 'GET',
    path: '/edu/v1/math/summary/student/{studentId}',
    params: pupilDetailParams,
    query: mathSummaryQuery,
    data: pupilDetailData,
  }),
  getPupilSummaries: call({
    method: 'GET',
    path: '/edu/v1/math/summary/students',
    query: mathSummaryQuery,
    data: pupilDetailsData,
  }),
  getMaterialUnits: call({
    method: 'GET',
    path: '/edu/v1/curriculum/{curriculumId}/textbook/{textbookId}/categories',
    params: textbookParams,
    data: unitsData,
  }),
  putMaterialUnits: call({
    method: 'PUT',
    path: '/edu/v1/curriculum/{curriculumId}/textbook/{textbookId}/categories',
    params: textbookParams,
    body: unitsBody,
    data: unitsData,
  }),
  getLiveRoster: call({
    method: 'GET',
    path: '/edu/v1/live/{courseId}',
    params: liveParams,
    data: liveRosterData,
  }),
  getLiveStation: call({
    method: 'GET',
    path: '/edu/v1/live/{courseId}/station',
    params: liveParams,
    data: liveStationData,
  }),
  importOneRoster: call({
    method: 'POST',
    path: '/edu/v1/oneroster',
    query: oneRosterImportQuery,
    zipBody: true,
    data: oneRosterImportData,
  }),
} as const;

export type EduCallName = keyof typeof eduCalls;
