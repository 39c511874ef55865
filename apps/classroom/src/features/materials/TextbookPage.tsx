/** Placeholder of the Textbook screen (classroom.md §2), built in issue 14. */
export default function TextbookPage() {
  return <section className="page" />;
}
