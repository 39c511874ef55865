/**
 * What a school's registry codes say about it, for the school choice (classroom.md §2 "school"):
 * its level from the school type code (elementary 0, middle 1, high 2, any other 3 — the codes
 * the registry import gives, `apps/server/src/edu/schools/schoolRegistry.ts`) and its region from
 * the education office code of the Korean public registry (NEIS 시도교육청코드).
 */

export const SCHOOL_LEVELS = ['elementary', 'middle', 'high', 'other'] as const;
export type SchoolLevel = (typeof SCHOOL_LEVELS)[number];

/** The level of a school type code. */
export function schoolLevelOf(schoolTypeCode: string): SchoolLevel {
  return SCHOOL_LEVELS[['0', '1', '2'].indexOf(schoolTypeCode.trim())] ?? 'other';
}

/** The education office codes of the public registry, one per region. */
export const REGION_OFFICES = [
  'B10',
  'C10',
  'D10',
  'E10',
  'F10',
  'G10',
  'H10',
  'I10',
  'J10',
  'K10',
  'M10',
  'N10',
  'P10',
  'Q10',
  'R10',
  'S10',
  'T10',
] as const;
export type RegionOffice = (typeof REGION_OFFICES)[number];

/** The region of an education office code (any case), or undefined for a code of no region. */
export function regionOf(eduOfficeCode: string): RegionOffice | undefined {
  const code = eduOfficeCode.trim().toUpperCase();
  return (REGION_OFFICES as readonly string[]).includes(code) ? (code as RegionOffice) : undefined;
}
