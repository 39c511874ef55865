/**
 * Accounts: teachers (status PENDING_ACTIVE or ACTIVE, a school, a school-admin flag) and
 * students (login name = student id). Login names are stored lower-cased.
 */
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { AccountKind, AccountRow, AccountStatus, Database } from '../db/schema';
import { hashPassword, hashPasswords } from './passwords';

/** An account as the rest of the server sees it. */
export interface Account {
  readonly id: string;
  readonly kind: AccountKind;
  readonly username: string;
  readonly name: string;
  readonly email: string | null;
  readonly status: AccountStatus;
  readonly isSchoolAdmin: boolean;
  readonly schoolId: number | null;
  readonly hasPassword: boolean;
}

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    kind: row.kind,
    username: row.username,
    name: row.name,
    email: row.email,
    status: row.status,
    isSchoolAdmin: row.is_school_admin,
    schoolId: row.school_id,
    hasPassword: row.password_hash !== null,
  };
}

/** Login names compare without case and surrounding spaces. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A random id of `length` characters from a lower-case, unambiguous alphabet. */
export function randomId(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ID_ALPHABET[b & 31];
  return out;
}

/** A new teacher account id. */
export const newTeacherId = () => `t${randomId(15)}`;
/** A new student id: the student's login name and (per classroom.md §6) initial password. */
export const newStudentId = () => `s${randomId(11)}`;

/** A student account ready to insert: its id and its password's hash (see `prepareStudents`). */
export interface PreparedStudent {
  readonly id: string;
  readonly passwordHash: string;
}

export interface NewTeacher {
  readonly username: string;
  readonly name: string;
  readonly email?: string | null;
  /** Absent for accounts that only sign in through an upstream provider. */
  readonly password?: string;
  readonly status?: AccountStatus;
  readonly isSchoolAdmin?: boolean;
  readonly schoolId?: number | null;
}

export interface NewStudentAccount {
  /** Defaults to a new random id. */
  readonly id?: string;
  readonly name: string;
  /** Defaults to the student id (classroom.md §6). */
  readonly password?: string;
}

/** Reads and writes accounts. */
export class AccountStore {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: string): Promise<Account | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toAccount(row);
  }

  /** The account and its password hash, for a sign-in. */
  async findForLogin(
    username: string,
  ): Promise<{ account: Account; passwordHash: string | null } | undefined> {
    const row = await this.db
      .selectFrom('accounts')
      .selectAll()
      .where('username', '=', normalizeUsername(username))
      .executeTakeFirst();
    return row && { account: toAccount(row), passwordHash: row.password_hash };
  }

  async usernameTaken(username: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', normalizeUsername(username))
      .executeTakeFirst();
    return row !== undefined;
  }

  async createTeacher(t: NewTeacher): Promise<Account> {
    const row = await this.db
      .insertInto('accounts')
      .values({
        id: newTeacherId(),
        kind: 'teacher',
        username: normalizeUsername(t.username),
        name: t.name.trim(),
        email: t.email ?? null,
        password_hash: t.password === undefined ? null : await hashPassword(t.password),
        status: t.status ?? 'PENDING_ACTIVE',
        is_school_admin: t.isSchoolAdmin ?? false,
        school_id: t.schoolId ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAccount(row);
  }

  /** Creates the account of a student; the class row (`students`) is the caller's to add. */
  async createStudent(s: NewStudentAccount, db: Kysely<Database> = this.db): Promise<Account> {
    const id = normalizeUsername(s.id ?? newStudentId());
    const row = await db
      .insertInto('accounts')
      .values({
        id,
        kind: 'student',
        username: id,
        name: s.name.trim(),
        email: null,
        password_hash: await hashPassword(s.password ?? id),
        status: 'ACTIVE',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAccount(row);
  }

  /**
   * Student accounts made ready before a transaction: new ids and their password hashes (the
   * password is the id, classroom.md §6). Hashing is the slow part (milliseconds each): do it
   * here, outside any transaction, then insert with {@link insertStudents}.
   */
  async prepareStudents(count: number): Promise<PreparedStudent[]> {
    const ids = Array.from({ length: count }, () => normalizeUsername(newStudentId()));
    const hashes = await hashPasswords(ids);
    return ids.map((id, i) => ({ id, passwordHash: hashes[i]! }));
  }

  /**
   * Inserts prepared student accounts with their names in one statement (three array
   * parameters: PGlite pays for every parameter, and 1,000 rows of seven were most of an import's
   * transaction).
   */
  async insertStudents(
    students: readonly { readonly prepared: PreparedStudent; readonly name: string }[],
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    if (students.length === 0) return;
    await sql`
      insert into accounts (id, kind, username, name, email, password_hash, status)
      select t.id, 'student', t.id, t.name, null, t.hash, 'ACTIVE'
      from unnest(${students.map((s) => s.prepared.id)}::text[], ${students.map((s) => s.name.trim())}::text[],
                  ${students.map((s) => s.prepared.passwordHash)}::text[]) as t(id, name, hash)`.execute(db);
  }

  /** Sets an account's password; `now` is the server clock's time (`updated_at`). */
  async setPassword(accountId: string, password: string, now: Date): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set({ password_hash: await hashPassword(password), updated_at: now })
      .where('id', '=', accountId)
      .execute();
  }

  /** The account linked to an upstream identity (issuer + subject), if any. */
  async findByIdentity(issuer: string, subject: string): Promise<Account | undefined> {
    const row = await this.db
      .selectFrom('account_identities')
      .innerJoin('accounts', 'accounts.id', 'account_identities.account_id')
      .selectAll('accounts')
      .where('account_identities.issuer', '=', issuer)
      .where('account_identities.subject', '=', subject)
      .executeTakeFirst();
    return row && toAccount(row);
  }

  async linkIdentity(
    accountId: string,
    issuer: string,
    subject: string,
    email: string | null,
  ): Promise<void> {
    await this.db
      .insertInto('account_identities')
      .values({ account_id: accountId, issuer, subject, email })
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
      .execute();
  }
}
