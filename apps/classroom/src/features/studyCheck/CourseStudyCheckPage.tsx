/** Placeholder of the CourseStudyCheck screen (classroom.md §2), built in issue 14. */
export default function CourseStudyCheckPage() {
  return <section className="page" />;
}
