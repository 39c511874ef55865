/** Local calendar parts of an instant, as the lesson forms and the live lesson show them. */

const pad = (n: number) => String(n).padStart(2, '0');

/** The local date (YYYY-MM-DD) and time (HH:mm) of an instant. */
export function localParts(ms: number): { date: string; time: string } {
  const d = new Date(ms);
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}
