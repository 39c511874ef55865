/**
 * The OAuth scopes of classroom.md §6 and who may hold them. A token carries the scopes the
 * client asked for that the account may hold; API routes name the scope they need.
 *
 * | scope               | grants                                                             |
 * |---------------------|--------------------------------------------------------------------|
 * | `openid`            | an ID token (OpenID Connect)                                       |
 * | `offline_access`    | a refresh token (issued to every client allowed to refresh)        |
 * | `profile`           | name and login name (`/profile/v1/me`, ID token claims)            |
 * | `userdata`          | the account's own data                                             |
 * | `storage`           | the ink store: upload and read writing                             |
 * | `edu.read`          | read classes, students, lectures, materials, lessons, analytics    |
 * | `edu.write`         | change them                                                        |
 * | `edu.pending`       | what a not-yet-approved teacher may do: own info, school register  |
 * | `admin.read`        | school administration: list teachers, classes, students            |
 * | `admin.write`       | approve teachers, register classes and students                    |
 * | `member.admin.read` | read member (account) records of the school                        |
 * | `print`             | code pages for the account's own prints (the board), a daily quota |
 */
import type { AccountKind, AccountStatus } from '../db/schema';

export const Scope = {
  openid: 'openid',
  offlineAccess: 'offline_access',
  profile: 'profile',
  userdata: 'userdata',
  storage: 'storage',
  eduRead: 'edu.read',
  eduWrite: 'edu.write',
  eduPending: 'edu.pending',
  adminRead: 'admin.read',
  adminWrite: 'admin.write',
  memberAdminRead: 'member.admin.read',
  print: 'print',
} as const;

export type ScopeName = (typeof Scope)[keyof typeof Scope];

/** Every scope the server knows, for the OIDC provider's configuration and discovery. */
export const allScopes: readonly ScopeName[] = Object.values(Scope);

/** The facts about an account that decide its scopes. */
export interface ScopeSubject {
  readonly kind: AccountKind;
  readonly status: AccountStatus;
  readonly isSchoolAdmin: boolean;
}

/**
 * The scopes an account may hold now: every account may print with the pattern (`print`, its
 * own prints within a daily quota); students get profile and storage (the annotation
 * upload logs in as the student); every teacher gets the pending scope; an ACTIVE teacher
 * gets the education scopes; an ACTIVE school administrator also the admin scopes.
 */
export function grantableScopes(subject: ScopeSubject): ReadonlySet<ScopeName> {
  const scopes = new Set<ScopeName>([Scope.openid, Scope.offlineAccess, Scope.profile, Scope.print]);
  if (subject.kind === 'student') {
    scopes.add(Scope.storage);
    return scopes;
  }
  scopes.add(Scope.userdata);
  scopes.add(Scope.eduPending);
  if (subject.status !== 'ACTIVE') return scopes;
  scopes.add(Scope.storage);
  scopes.add(Scope.eduRead);
  scopes.add(Scope.eduWrite);
  if (subject.isSchoolAdmin) {
    scopes.add(Scope.adminRead);
    scopes.add(Scope.adminWrite);
    scopes.add(Scope.memberAdminRead);
  }
  return scopes;
}

/** The requested scopes (space-separated) this subject may hold, in request order. */
export function grantedScopes(requested: string | undefined, subject: ScopeSubject): string[] {
  const allowed = grantableScopes(subject);
  const asked = (requested ?? '').split(' ').filter((s) => s.length > 0);
  return [...new Set(asked)].filter((s) => allowed.has(s as ScopeName));
}
