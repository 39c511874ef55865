/**
 * Table types for Kysely. Columns are snake_case as in SQL; API shapes are mapped in the routes.
 * Keep in step with `migrations/`.
 */
import type { TextbookCategory } from '@dotink/contracts/eduActivity';
import type { UnitDefinition } from '@dotink/contracts/eduAnalytics';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamptz: read as a Date, written as a Date or ISO text, defaulted by the database. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export type AccountKind = 'teacher' | 'student';
/** Teacher approval status (classroom.md §3). Students are always ACTIVE. */
export type AccountStatus = 'ACTIVE' | 'PENDING_ACTIVE';

export interface SchoolsTable {
  id: Generated<number>;
  name: string;
  edu_office_code: string;
  school_type_code: string;
  school_code: string;
  created_at: CreatedAt;
}

export interface AccountsTable {
  id: string;
  kind: AccountKind;
  /** Lower-cased login name: an e-mail for teachers, the student id for students. */
  username: string;
  name: string;
  email: string | null;
  /** argon2id PHC string; null for accounts that only sign in through an upstream provider. */
  password_hash: string | null;
  status: ColumnType<AccountStatus, AccountStatus | undefined, AccountStatus>;
  is_school_admin: ColumnType<boolean, boolean | undefined, boolean>;
  school_id: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface AccountIdentitiesTable {
  issuer: string;
  subject: string;
  account_id: string;
  email: string | null;
  created_at: CreatedAt;
}

export interface LoginAttemptsTable {
  username: string;
  ip: string;
  failures: number;
  window_started_at: Timestamp;
  locked_until: NullableTimestamp;
}

export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
}

export interface ServerSecretsTable {
  name: string;
  value: Json<unknown>;
  created_at: CreatedAt;
}

/** A unit of a textbook (classroom.md §3 Category), nested. */
export type { TextbookCategory };

export interface BuiltinTextbooksTable {
  id: number;
  title: string;
  year: number;
  semester: number | null;
  grade: number | null;
  subject: string;
  type: string;
  section: number;
  owner: number;
  book: number;
  first_page: number;
  num_pages: number;
  page_margin_left: number;
  has_background: boolean;
  nproj_url: string | null;
  pdf_url: string | null;
  /** 'textbook' (page minus 2, blank for the first two) or 'number' (plain page number). */
  page_naming: 'textbook' | 'number';
  categories: Json<TextbookCategory[]>;
}

export interface ClassesTable {
  id: Generated<number>;
  school_id: number;
  teacher_id: string | null;
  year: number;
  grade: number;
  class_num: number;
  class_name: string;
  semester: number | null;
  /** The spec's kumi `curriculum_id`: the built-in book series for the grade (3 → 1 … 6 → 4). */
  builtin_textbook_id: number | null;
  /** The OneRoster `sourcedId` the class was imported with (migration 0045); null: registered here. */
  oneroster_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface StudentsTable {
  /** The student id (also the student's login name and password, classroom.md §6). */
  account_id: string;
  class_id: number;
  num: number;
  name: string;
  mac_address: ColumnType<string, string | undefined, string>;
  status: ColumnType<string, string | undefined, string>;
  delete_yn: ColumnType<'N' | 'Y', 'N' | 'Y' | undefined, 'N' | 'Y'>;
  /**
   * The pupil's password as printed on the QR label (migration 0032); null: the initial password,
   * the student id. Read only by the credentials route.
   */
  pen_password: ColumnType<string | null, string | null | undefined, string | null>;
  /** The OneRoster `sourcedId` of the pupil's user (migration 0045); null: registered here. */
  oneroster_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface CurriculumsTable {
  id: Generated<number>;
  class_id: number;
  teacher_id: string;
  subject_id: number | null;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  status: ColumnType<string, string | undefined, string>;
  start_at: NullableTimestamp;
  end_at: NullableTimestamp;
  created_at: CreatedAt;
  modified_at: CreatedAt;
}

export type TextbookType = 'REGULAR' | 'POD' | 'SINGLEMENU' | 'MULTIMENU';

export interface TextbooksTable {
  id: Generated<number>;
  curriculum_id: number;
  type: TextbookType;
  builtin_textbook_id: number | null;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  section: number;
  owner: number;
  book: number;
  ncode_start_page: number;
  ncode_end_page: number;
  num_pages: number;
  /** Content address (sha256) of the PDF in the file store. */
  pdf_sha256: string | null;
  nproj_sha256: string | null;
  created_at: CreatedAt;
  /** Original file names of the attachments (migration 0010). */
  pdf_name: ColumnType<string | null, string | null | undefined, string | null>;
  nproj_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0041: a POD material's units (from its PDF's outline, or edited), null before. */
  units: ColumnType<UnitDefinition[] | null, string | null | undefined, string | null>;
  units_source: ColumnType<
    'outline' | 'edited' | null,
    'outline' | 'edited' | null | undefined,
    'outline' | 'edited' | null
  >;
}

export interface CoursesTable {
  id: Generated<number>;
  curriculum_id: number;
  /** The lesson name. */
  tag: string;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  start_at: Timestamp;
  end_at: Timestamp;
  /** B begun/planned, E ended. */
  status: ColumnType<'B' | 'E', 'B' | 'E' | undefined, 'B' | 'E'>;
  session_id: string | null;
  session_status: string | null;
  edu_course_url: string | null;
  created_at: CreatedAt;
  modified_at: CreatedAt;
}

/** A pupil's video watch or content click (migration 0010, classroom.md §3 "Content click"). */
export interface WatchEventsTable {
  id: Generated<string>;
  student_id: string;
  /** The watch-log file the event belongs to (the client names it after the book). */
  file_name: string;
  kind: 'watch' | 'click';
  at: Timestamp;
  category: ColumnType<string, string | undefined, string>;
  content_id: string;
  content_type: ColumnType<string, string | undefined, string>;
  url: ColumnType<string, string | undefined, string>;
  duration_ms: number | null;
  created_at: CreatedAt;
}

/** 0035: a counter per student, raised by triggers whenever the student's strokes change. */
export interface InkVersionsTable {
  student_id: string;
  /** bigint: pg answers it as a string. */
  version: string;
}

/**
 * A stroke in the ink store (migration 0020): one row per stroke, dots in the 17-byte server form.
 * Read it with raw SQL casts (bigints come back as text from `pg`).
 */
export interface InkStrokesTable {
  id: ColumnType<string, never, never>;
  student_id: string;
  section: number;
  owner: number;
  book: number;
  page: number;
  writer_id: string;
  mac: string;
  start_time: ColumnType<string, number, number>;
  upload_id: ColumnType<string, number, number>;
  uploaded_at: Timestamp;
  created_at: Timestamp;
  /** The page record's category as JSON text (a number or a string). */
  category: ColumnType<string, string | undefined, string>;
  color: number;
  pen_tip_type: number;
  stroke_type: number;
  thickness: number;
  updated: ColumnType<string, number, number>;
  delete_flag: number;
  dot_count: number;
  dots: Uint8Array;
  /** Migration 0040: last dot time (epoch ms; null when the dots carry no time), length in nu. */
  end_time: ColumnType<string | null, number | null | undefined, number | null>;
  distance_nu: ColumnType<number, number | undefined, number>;
}

/** The next issuable Ncode page (migration 0021): a single row, id 1. */
export interface CodePointerTable {
  id: number;
  section: number;
  owner: number;
  book: number;
  page: number;
  updated_at: CreatedAt;
}

/** One block of issued code pages (migration 0021). Pages are "s.o.b.p" text. */
export interface CodeIssuesTable {
  id: ColumnType<string, never, never>;
  account_id: string | null;
  client_id: string;
  qty: number;
  width_mm: number;
  height_mm: number;
  first_page: string;
  last_page: string;
  issued_at: CreatedAt;
}

/** One synced board of an account (migration 0030); a tombstone has `deleted_at` and no file. */
export interface BoardsTable {
  account_id: string;
  id: string;
  title: string;
  version: number;
  sha256: string | null;
  size_bytes: number;
  updated_at: Date;
  deleted_at: Date | null;
}

/** The whole database, for `Kysely<Database>`. */
/** Migration 0042: a pupil's stroke facts on a book, packed (`edu/analytics/bookFacts.ts`). */
export interface InkBookFactsTable {
  student_id: string;
  section: number;
  owner: number;
  book: number;
  version: ColumnType<string, number | string, number | string>;
  facts: Uint8Array;
}

export interface Database {
  schools: SchoolsTable;
  accounts: AccountsTable;
  account_identities: AccountIdentitiesTable;
  login_attempts: LoginAttemptsTable;
  oidc_payloads: OidcPayloadsTable;
  server_secrets: ServerSecretsTable;
  builtin_textbooks: BuiltinTextbooksTable;
  classes: ClassesTable;
  students: StudentsTable;
  curriculums: CurriculumsTable;
  textbooks: TextbooksTable;
  courses: CoursesTable;
  watch_events: WatchEventsTable;
  ink_strokes: InkStrokesTable;
  ink_versions: InkVersionsTable;
  ink_book_facts: InkBookFactsTable;
  code_pointer: CodePointerTable;
  code_issues: CodeIssuesTable;
  boards: BoardsTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;
export type SchoolRow = Selectable<SchoolsTable>;
