/**
 * The side drawer of the books area (classroom.md §2 "Side drawer", /main/math… and /main/replay):
 * the learning materials of the lecture in the URL. A built-in textbook (REGULAR) opens with the
 * sub-items All (math/all), By unit (math/categories) and By student (math/view); a teacher's own
 * material (POD) opens its study check. The current item is marked; the links carry the chosen
 * pupil, so switching pupil (a new URL) refreshes them.
 */
import type { Textbook } from '@dotink/contracts/edu';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useLectureTextbooks } from '../../api/lecturesQueries';
import {
  type BookScreen,
  bookScreenPath,
  isBookOf,
  screenOfPath,
  studyCheckBookPath,
} from '../../api/mathLinks';
import { useT } from '../../i18n/text';

const wholeNumber = (v: string | null): number | undefined =>
  v !== null && /^\d{1,10}$/.test(v) ? Number(v) : undefined;

const SCREENS: readonly (readonly [
  BookScreen,
  'analyticsClass.navAll' | 'analyticsClass.navByUnit' | 'analyticsClass.navByStudent',
])[] = [
  ['all', 'analyticsClass.navAll'],
  ['categories', 'analyticsClass.navByUnit'],
  ['view', 'analyticsClass.navByStudent'],
];

export function BooksDrawer() {
  const t = useT();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const curriculumId = wholeNumber(params.get('curriculumId'));
  const eduClassId = wholeNumber(params.get('eduClassId'));
  const textbooks = useLectureTextbooks(eduClassId === undefined ? undefined : curriculumId);
  const lecture =
    curriculumId !== undefined && eduClassId !== undefined ? { id: curriculumId, eduClassId } : undefined;
  const screen = screenOfPath(pathname);
  const studentId = params.get('studentId') ?? undefined;
  const books = (textbooks.data ?? []).filter((b) => b.typeDiv === 'REGULAR' || b.typeDiv === 'POD');
  const current = (b: Textbook, s: BookScreen | 'studyCheck') => screen === s && isBookOf(params, b);
  const link = (to: string, label: string, on: boolean, testId: string) => (
    <Link to={to} className={on ? 'active' : ''} aria-current={on ? 'page' : undefined} data-testid={testId}>
      {label}
    </Link>
  );
  return (
    <nav className="drawer" aria-label={t('analyticsClass.books')} data-testid="books-drawer">
      <span className="drawer-group">{t('analyticsClass.books')}</span>
      {lecture && textbooks.isPending ? (
        <p className="drawer-note">{t('analyticsClass.booksLoading')}</p>
      ) : null}
      <ul>
        {lecture
          ? books.map((b) =>
              b.typeDiv === 'POD' ? (
                <li key={b.id}>
                  {link(
                    studyCheckBookPath(lecture, b, studentId),
                    b.title,
                    current(b, 'studyCheck'),
                    'drawer-study-check',
                  )}
                </li>
              ) : (
                <li key={b.id} data-testid="drawer-book">
                  <span className="drawer-book">{b.title}</span>
                  <ul>
                    {SCREENS.map(([s, key]) => (
                      <li key={s}>
                        {link(bookScreenPath(s, lecture, b, studentId), t(key), current(b, s), `drawer-${s}`)}
                      </li>
                    ))}
                  </ul>
                </li>
              ),
            )
          : null}
      </ul>
    </nav>
  );
}
