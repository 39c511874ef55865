/** The school's authentication code (classroom.md §3, §5): office + type + school code, upper-cased. */
import type { School } from '../../api/contracts';

export function schoolAuthCode(
  school: Pick<School, 'eduOfficeCode' | 'schoolTypeCode' | 'schoolCode'>,
): string {
  return `${school.eduOfficeCode}${school.schoolTypeCode}${school.schoolCode}`.toUpperCase();
}

/** True when the entered code, upper-cased and trimmed, is the school's code. */
export function codeMatches(entered: string, school: Parameters<typeof schoolAuthCode>[0]): boolean {
  return entered.trim().toUpperCase() === schoolAuthCode(school);
}
