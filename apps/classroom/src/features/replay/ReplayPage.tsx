/** Placeholder of the Replay screen (classroom.md §2), built in issue 14. */
export default function ReplayPage() {
  return <section className="page" />;
}
