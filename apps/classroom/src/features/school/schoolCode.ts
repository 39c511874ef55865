/** The school's authentication code (classroom.md §3, §5): office + type + school code, upper-cased. */
import { regionOf, schoolLevelOf } from '@dotink/contracts/schoolKinds';
import type { School } from '../../api/contracts';
import { levelKey, regionKey } from '../../i18n/schools';
import type { T } from '../../i18n/text';

export function schoolAuthCode(
  school: Pick<School, 'eduOfficeCode' | 'schoolTypeCode' | 'schoolCode'>,
): string {
  return `${school.eduOfficeCode}${school.schoolTypeCode}${school.schoolCode}`.toUpperCase();
}

/** True when the entered code, upper-cased and trimmed, is the school's code. */
export function codeMatches(entered: string, school: Parameters<typeof schoolAuthCode>[0]): boolean {
  return entered.trim().toUpperCase() === schoolAuthCode(school);
}

/** What the school choice shows beside a name: region and level ('Seoul · elementary school'). */
export function schoolDetails(t: T, school: Pick<School, 'eduOfficeCode' | 'schoolTypeCode'>): string {
  const region = regionOf(school.eduOfficeCode);
  const level = t(levelKey(schoolLevelOf(school.schoolTypeCode)));
  return region ? `${t(regionKey(region))} · ${level}` : level;
}
