/** The breadcrumb trail of a shell path (classroom.md §2), as catalogue keys. */
import type { ClassroomKey } from '../../i18n/en';

const TITLES: ReadonlyArray<readonly [string, ClassroomKey]> = [
  ['/main/admin/teachers', 'teachers.title'],
  ['/main/admin/eduClass', 'classes.title'],
  ['/main/admin/students', 'students.title'],
  ['/main/curriculum', 'curriculum.title'],
  ['/main/school', 'school.title'],
  ['/main/notApproval', 'notApproval.title'],
  ['/main/student', 'students.title'],
  ['/main/course', 'lessons.title'],
  ['/main/courseStudyCheck', 'studyCheck.title'],
  ['/main/live', 'live.title'],
];

/** The keys of the trail for `path` (home first). */
export function breadcrumbOf(path: string): ClassroomKey[] {
  const own = TITLES.find(([p]) => path === p || path.startsWith(`${p}/`));
  const trail: ClassroomKey[] = ['shell.home'];
  if (path.startsWith('/main/admin/students')) trail.push('classes.title');
  if (path === '/main/course' || path === '/main/live') trail.push('curriculum.title');
  if (path === '/main/courseStudyCheck') trail.push('curriculum.title', 'lessons.title');
  if (own) trail.push(own[1]);
  return trail;
}
