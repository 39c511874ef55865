/**
 * DEMO units of the grade 3 book (3.1012.1191, 124 pages): our own made-up division of the book
 * into units, clearly labelled 'Demo unit …', so the analytics screens show per-unit figures on
 * `npm start` (issue 15). Not the publisher's units: a vendor category file
 * (`categories/3_1012_1191.json`, see the README) takes their place when there is one.
 * Pages 1–4 and 123–124 are in no unit (they go to the unclassified unit).
 */
import type { UnitDefinition } from '@dotink/contracts/eduAnalytics';

const unit = (
  title: string,
  startPage: number,
  endPage: number,
  sub: UnitDefinition[] = [],
): UnitDefinition => ({
  title,
  startPage,
  endPage,
  subCategories: sub,
});

/** The demo book's id in `builtin_textbooks` (grade 3, semester 1). */
export const DEMO_UNITS_BOOK_ID = 1;

/** The demo units of book 1191. */
export const DEMO_UNITS: readonly UnitDefinition[] = [
  unit('Demo unit 1: Numbers up to 1000', 5, 26, [
    unit('Demo unit 1.1: Reading numbers', 5, 14),
    unit('Demo unit 1.2: Comparing numbers', 15, 26),
  ]),
  unit('Demo unit 2: Adding and subtracting', 27, 46),
  unit('Demo unit 3: Plane shapes', 47, 66),
  unit('Demo unit 4: Sharing and grouping', 67, 86, [
    unit('Demo unit 4.1: Sharing equally', 67, 76),
    unit('Demo unit 4.2: Making groups', 77, 86),
  ]),
  unit('Demo unit 5: Length and time', 87, 104),
  unit('Demo unit 6: Parts of a whole', 105, 122),
];
