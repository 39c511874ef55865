/**
 * A large OneRoster 1.2 CSV roster for the benches (issue 30 item 3): one school (by name), one
 * teacher (by e-mail) teaching every class, and `pupils` pupils spread over 3 years × 6 grades ×
 * 20 classes (360 classes), written with the shared writer.
 */
import { type OneRosterExport, writeOneRosterZip } from '@dotink/contracts/oneRoster';

const FAMILY = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임'];
const GIVEN = ['민준', '서연', '도윤', '하은', '시우', '지유', '하준', '서윤', '주원', '지아'];

export function largeRoster(schoolName: string, teacherEmail: string, pupils: number): Uint8Array {
  const org = 'org-1';
  const years = [2026, 2027, 2028];
  const classes: OneRosterExport['classes'][number][] = [];
  for (const y of years)
    for (let g = 1; g <= 6; g++)
      for (let n = 1; n <= 20; n++)
        classes.push({
          sourcedId: `class-${y}-${g}-${n}`,
          status: 'active',
          title: `${y} grade ${g} class ${n}`,
          grades: [String(g).padStart(2, '0')],
          courseSourcedId: `course-${y}-${g}`,
          classCode: String(n),
          classType: 'homeroom',
          schoolSourcedId: org,
          termSourcedIds: [`sy-${y}`],
        });
  const users: OneRosterExport['users'][number][] = [
    {
      sourcedId: 't-1',
      status: 'active',
      enabledUser: true,
      username: 'teacher1',
      givenName: 'Bench',
      familyName: 'Teacher',
      email: teacherEmail,
      orgSourcedIds: [org],
    },
  ];
  const enrollments: OneRosterExport['enrollments'][number][] = classes.map((c) => ({
    sourcedId: `e-t-${c.sourcedId}`,
    status: 'active',
    classSourcedId: c.sourcedId,
    schoolSourcedId: org,
    userSourcedId: 't-1',
    role: 'teacher',
    primary: true,
  }));
  for (let i = 0; i < pupils; i++) {
    const c = classes[i % classes.length]!;
    const num = Math.floor(i / classes.length) + 1;
    users.push({
      sourcedId: `s-${i}`,
      status: 'active',
      enabledUser: true,
      username: `pupil${i}`,
      givenName: GIVEN[i % GIVEN.length]!,
      familyName: FAMILY[Math.floor(i / GIVEN.length) % FAMILY.length]!,
      identifier: String(num),
      orgSourcedIds: [org],
    });
    enrollments.push({
      sourcedId: `e-${i}`,
      status: 'active',
      classSourcedId: c.sourcedId,
      schoolSourcedId: org,
      userSourcedId: `s-${i}`,
      role: 'student',
      primary: false,
    });
  }
  return writeOneRosterZip(
    {
      orgs: [{ sourcedId: org, status: 'active', name: schoolName, type: 'school' }],
      academicSessions: years.map((y) => ({
        sourcedId: `sy-${y}`,
        status: 'active',
        title: String(y),
        type: 'schoolYear',
        startDate: `${y}-03-01`,
        endDate: `${y + 1}-02-28`,
        schoolYear: y,
      })),
      courses: years.flatMap((y) =>
        [1, 2, 3, 4, 5, 6].map((g) => ({
          sourcedId: `course-${y}-${g}`,
          status: 'active' as const,
          title: `${y} grade ${g}`,
          grades: [String(g).padStart(2, '0')],
          orgSourcedId: org,
          schoolYearSourcedId: `sy-${y}`,
        })),
      ),
      classes,
      users,
      enrollments,
    },
    { systemName: 'bench' },
  );
}
