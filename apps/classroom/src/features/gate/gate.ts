/**
 * The access gate of classroom.md §4 as a pure decision: where a visitor of `/main` (the gate
 * page) or of a page under `/main/…` must go, from the stored token's scopes and the teacher.
 */
import type { TeacherInfo } from '../../api/contracts';

/** What the gate decided. */
export type GateDecision =
  | { readonly kind: 'stay' }
  | { readonly kind: 'redirect'; readonly to: string }
  /** The 'no school registration info' dialog (its confirm goes to school registration). */
  | { readonly kind: 'noSchoolDialog' }
  /** Admin page for a teacher who is not a school admin: back one page. */
  | { readonly kind: 'notAdmin' }
  /**
   * The teacher was approved since her sign-in (her tokens lack edu.read): new tokens with the
   * scopes her account holds now, by a silent authorization, then the same page again.
   */
  | { readonly kind: 'renew' };

export const PATHS = {
  landing: '/',
  login: '/login',
  curriculum: '/main/curriculum',
  school: '/main/school',
  notApproval: '/main/notApproval',
} as const;

export interface GateInput {
  readonly hasToken: boolean;
  readonly scopes: readonly string[];
  /** The teacher, once loaded. */
  readonly teacher: Pick<TeacherInfo, 'eduSchoolId' | 'eduOfficeCode' | 'status' | 'isSchoolAdmin'>;
  /** The path asked for: `/main` for the gate page itself. */
  readonly path: string;
  /** The tokens may be renewed silently (they did not come from a silent renewal). */
  readonly canRenew?: boolean;
}

/** Pages a teacher reaches without the edu.read scope (§4). */
const OPEN_PAGES: readonly string[] = [PATHS.school, PATHS.notApproval];

/** The decision for a signed-in visitor whose teacher record is loaded. */
export function decideGate(input: GateInput): GateDecision {
  const { teacher, path } = input;
  if (!input.hasToken) return { kind: 'redirect', to: PATHS.landing };
  const approved = input.scopes.includes('edu.read') && teacher.status === 'ACTIVE';
  if (teacher.status === 'ACTIVE' && !approved && input.canRenew) return { kind: 'renew' };
  if (path === '/main' || path === '/main/') {
    if (teacher.eduOfficeCode === '') return { kind: 'noSchoolDialog' };
    return { kind: 'redirect', to: approved ? PATHS.curriculum : PATHS.notApproval };
  }
  if (OPEN_PAGES.includes(path)) return { kind: 'stay' };
  if (teacher.eduSchoolId === null) return { kind: 'redirect', to: PATHS.school };
  if (!approved) return { kind: 'redirect', to: PATHS.notApproval };
  if (path.startsWith('/main/admin') && !teacher.isSchoolAdmin) return { kind: 'notAdmin' };
  return { kind: 'stay' };
}
