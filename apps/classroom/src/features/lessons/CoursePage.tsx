/** Placeholder of the Course screen (classroom.md §2), built in issue 14. */
export default function CoursePage() {
  return <section className="page" />;
}
