/**
 * OneRoster 1.2 CSV rosters (IMS / 1EdTech; issue 30 item 3): reading the zip a student
 * information system exports, and writing one. Pure: bytes in, records and problems out, so the
 * classroom previews in the browser (a worker) and the server and its tests read the same way.
 *
 * What is read: `manifest.csv` (`propertyName,value`; each `file.<name>` is `bulk`, `delta` or
 * `absent`), and of the data files `orgs`, `academicSessions`, `courses`, `classes`, `users`,
 * `enrollments` (plus `roles`, where 1.2 keeps a user's role, when present). Columns are found by
 * header name (unknown columns are ignored); a required column missing from a file makes one
 * problem for the file (row 1, the header); a required value missing or a value out of its
 * vocabulary makes a problem on its row. Rows count as a spreadsheet shows them: the header is row
 * 1, the first record row 2.
 *
 * Bulk files hold every record and `status`/`dateLastModified` may be blank; delta files hold
 * changes, each row with `status` (`active` or `tobedeleted`) and `dateLastModified`.
 *
 * A zip with no `manifest.csv`, or not a zip at all, is not OneRoster: `{ ok: false }`, which the
 * classroom shows as the spec's 'not a file in the prescribed format' (classroom.md §8).
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import Papa from 'papaparse';

/** The data files this reader takes, in the order the standard lists them. */
export const ONE_ROSTER_FILES = [
  'orgs',
  'academicSessions',
  'courses',
  'classes',
  'users',
  'roles',
  'enrollments',
] as const;
export type OneRosterFile = (typeof ONE_ROSTER_FILES)[number];

/** How the manifest says a file is given. */
export type OneRosterMode = 'bulk' | 'delta' | 'absent';
export type OneRosterStatus = 'active' | 'tobedeleted';

/** Largest uncompressed CSV taken from a zip (bytes): a roster of 100,000 users is ~20 MB. */
export const MAX_ONE_ROSTER_FILE_BYTES = 64_000_000;

export const ORG_TYPES = ['department', 'school', 'district', 'local', 'state', 'national'] as const;
export const SESSION_TYPES = ['gradingPeriod', 'semester', 'schoolYear', 'term'] as const;
export const CLASS_TYPES = ['homeroom', 'scheduled'] as const;
/** Enrollment roles of OneRoster 1.2. */
export const ENROLLMENT_ROLES = ['administrator', 'proctor', 'student', 'teacher'] as const;
/** Role values of roles.csv (OneRoster 1.2 RoleEnum). */
export const USER_ROLES = [
  'aide',
  'counselor',
  'districtAdministrator',
  'guardian',
  'parent',
  'principal',
  'proctor',
  'relative',
  'siteAdministrator',
  'student',
  'systemAdministrator',
  'teacher',
] as const;
export type EnrollmentRole = (typeof ENROLLMENT_ROLES)[number];
export type UserRole = (typeof USER_ROLES)[number];

/** What is wrong with a file or a row. */
export type OneRosterProblemCode =
  | 'missingFile'
  | 'missingColumn'
  | 'missingValue'
  | 'badValue'
  | 'badDate'
  | 'duplicateId'
  | 'unknownReference'
  | 'badCsv';

export interface OneRosterProblem {
  readonly file: OneRosterFile | 'manifest';
  /** The spreadsheet row (1: the header, 2: the first record). */
  readonly row: number;
  readonly code: OneRosterProblemCode;
  /** The column concerned, when one is. */
  readonly column?: string;
  /** The value found (cut to 80 characters), when one was. */
  readonly value?: string;
}

interface Base {
  readonly sourcedId: string;
  /** Blank in a bulk file: active. */
  readonly status: OneRosterStatus;
  readonly dateLastModified?: string;
  /** The record's spreadsheet row in its file. */
  readonly row: number;
}
export interface OneRosterOrg extends Base {
  readonly name: string;
  readonly type: (typeof ORG_TYPES)[number];
  readonly identifier?: string;
  readonly parentSourcedId?: string;
}
export interface OneRosterSession extends Base {
  readonly title: string;
  readonly type: (typeof SESSION_TYPES)[number];
  readonly startDate: string;
  readonly endDate: string;
  readonly parentSourcedId?: string;
  readonly schoolYear: number;
}
export interface OneRosterCourse extends Base {
  readonly title: string;
  readonly courseCode?: string;
  readonly grades: readonly string[];
  readonly orgSourcedId: string;
  readonly schoolYearSourcedId?: string;
}
export interface OneRosterClass extends Base {
  readonly title: string;
  readonly grades: readonly string[];
  readonly courseSourcedId: string;
  readonly classCode?: string;
  readonly classType: (typeof CLASS_TYPES)[number];
  readonly schoolSourcedId: string;
  readonly termSourcedIds: readonly string[];
}
export interface OneRosterUser extends Base {
  readonly enabledUser: boolean;
  readonly username: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly middleName?: string;
  readonly identifier?: string;
  readonly email?: string;
  /** OneRoster 1.1's `role` column, when the file still has it. */
  readonly role?: UserRole;
  readonly orgSourcedIds: readonly string[];
}
export interface OneRosterRole extends Base {
  readonly userSourcedId: string;
  readonly roleType: 'primary' | 'secondary';
  readonly role: UserRole;
  readonly orgSourcedId: string;
}
export interface OneRosterEnrollment extends Base {
  readonly classSourcedId: string;
  readonly schoolSourcedId: string;
  readonly userSourcedId: string;
  readonly role: EnrollmentRole;
  readonly primary?: boolean;
}

export interface OneRoster {
  readonly modes: Readonly<Record<OneRosterFile, OneRosterMode>>;
  readonly orgs: readonly OneRosterOrg[];
  readonly academicSessions: readonly OneRosterSession[];
  readonly courses: readonly OneRosterCourse[];
  readonly classes: readonly OneRosterClass[];
  readonly users: readonly OneRosterUser[];
  readonly roles: readonly OneRosterRole[];
  readonly enrollments: readonly OneRosterEnrollment[];
  /** Every problem, file by file, row by row; a row with a problem is left out of the records. */
  readonly problems: readonly OneRosterProblem[];
}

export type OneRosterRead = { readonly ok: true; readonly roster: OneRoster } | { readonly ok: false };

const cut = (v: string) => (v.length > 80 ? `${v.slice(0, 80)}…` : v);

/** Splits CSV text into records of cells (RFC 4180; a leading byte-order mark dropped). */
export function parseCsv(text: string): { rows: string[][]; malformed: boolean } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const result = Papa.parse<string[]>(body, { delimiter: ',', skipEmptyLines: 'greedy' });
  const malformed = result.errors.some((e) => e.type === 'Quotes');
  return { rows: result.data, malformed };
}

/** One cell for CSV: quoted when it holds a comma, a quote, a line break or edge spaces. */
const csvCell = (v: string) => (/[",\r\n]|^\s|\s$/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** CSV text (CRLF line ends, RFC 4180) of a header and its rows. */
export function writeCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((r) => `${r.map(csvCell).join(',')}\r\n`).join('');
}

/** A file's column positions by header name (the first of a name twice). */
type Columns = ReadonlyMap<string, number>;

/**
 * A file's records as their cells with their rows, the column positions, and the problems of its
 * header. Cells stay arrays read by position (no object per row: 10,000 users made 10,000
 * dictionary objects, most of a preview's time).
 */
function tableOf(
  file: OneRosterFile,
  text: string,
  required: readonly string[],
  problems: OneRosterProblem[],
): { columns: Columns; rows: readonly string[][] } {
  const { rows, malformed } = parseCsv(text);
  if (malformed) problems.push({ file, row: 1, code: 'badCsv' });
  const header = (rows[0] ?? []).map((h) => h.trim());
  const columns = new Map<string, number>();
  header.forEach((h, j) => {
    if (h !== '' && !columns.has(h)) columns.set(h, j);
  });
  const missing = required.filter((c) => !columns.has(c));
  for (const column of missing) problems.push({ file, row: 1, code: 'missingColumn', column });
  return { columns, rows: missing.length > 0 ? [] : rows };
}

/** Reads one row's fields; each check adds a problem and marks the row bad. */
class RowReader {
  bad = false;
  row = 0;
  private cells: readonly string[] = [];
  constructor(
    private readonly file: OneRosterFile,
    private readonly columns: Columns,
    private readonly problems: OneRosterProblem[],
  ) {}
  /** Moves to the record of spreadsheet row `row`. */
  at(row: number, cells: readonly string[]): this {
    this.row = row;
    this.cells = cells;
    this.bad = false;
    return this;
  }
  private problem(code: OneRosterProblemCode, column: string, value?: string): void {
    this.bad = true;
    this.problems.push({
      file: this.file,
      row: this.row,
      code,
      column,
      ...(value === undefined ? {} : { value: cut(value) }),
    });
  }
  optional(column: string): string | undefined {
    const j = this.columns.get(column);
    const v = j === undefined ? undefined : this.cells[j]?.trim();
    return v === undefined || v === '' ? undefined : v;
  }
  required(column: string): string {
    const v = this.optional(column);
    if (v === undefined) this.problem('missingValue', column);
    return v ?? '';
  }
  list(column: string, required: boolean): string[] {
    const v = required ? this.required(column) : this.optional(column);
    return v === undefined || v === ''
      ? []
      : v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '');
  }
  oneOf<T extends string>(column: string, values: readonly T[], required: boolean): T | undefined {
    const v = required ? this.required(column) : this.optional(column);
    if (v === undefined || v === '') return undefined;
    if ((values as readonly string[]).includes(v)) return v as T;
    this.problem('badValue', column, v);
    return undefined;
  }
  date(column: string, required: boolean): string | undefined {
    const v = required ? this.required(column) : this.optional(column);
    if (v === undefined || v === '') return undefined;
    if (/^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDate(v)) return v;
    this.problem('badDate', column, v);
    return undefined;
  }
  dateTime(column: string, required: boolean): string | undefined {
    const v = required ? this.required(column) : this.optional(column);
    if (v === undefined || v === '') return undefined;
    const m = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(v);
    if (m && isCalendarDate(m[1]!)) return v;
    this.problem('badDate', column, v);
    return undefined;
  }
  boolean(column: string, required: boolean): boolean | undefined {
    const v = required ? this.required(column) : this.optional(column);
    if (v === undefined || v === '') return undefined;
    const lower = v.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    this.problem('badValue', column, v);
    return undefined;
  }
  year(column: string): number {
    const v = this.required(column);
    if (v === '') return 0;
    if (/^\d{4}$/.test(v)) return Number(v);
    this.problem('badValue', column, v);
    return 0;
  }
  /** sourcedId, status and dateLastModified: in a delta file status and date are required. */
  base(delta: boolean): Omit<Base, 'row'> {
    const sourcedId = this.required('sourcedId');
    const status = this.oneOf<OneRosterStatus>('status', STATUSES, delta) ?? 'active';
    const dateLastModified = this.dateTime('dateLastModified', delta);
    const base: { sourcedId: string; status: OneRosterStatus; dateLastModified?: string } = {
      sourcedId,
      status,
    };
    if (dateLastModified !== undefined) base.dateLastModified = dateLastModified;
    return base;
  }
}

const STATUSES: readonly OneRosterStatus[] = ['active', 'tobedeleted'];

function isCalendarDate(ymd: string): boolean {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
  return d <= days;
}

/**
 * A record: the base fields and the file's own, `undefined` members left out (records hold only
 * what the file gave). Written member by member into the base object: spreading objects and
 * rebuilding them from entries made most of reading 10,000 users.
 */
function defined<B extends object, T extends object>(base: B, own: T): B & T {
  const out = base as Record<string, unknown>;
  for (const k in own) if (own[k] !== undefined) out[k] = own[k];
  return out as B & T;
}

const BASE = ['sourcedId', 'status', 'dateLastModified'] as const;

/** The required columns of each file (OneRoster 1.2 CSV binding; `status`/`dateLastModified` headers are always present). */
export const REQUIRED_COLUMNS: Readonly<Record<OneRosterFile, readonly string[]>> = {
  orgs: [...BASE, 'name', 'type'],
  academicSessions: [...BASE, 'title', 'type', 'startDate', 'endDate', 'schoolYear'],
  courses: [...BASE, 'title', 'orgSourcedId'],
  classes: [...BASE, 'title', 'courseSourcedId', 'classType', 'schoolSourcedId', 'termSourcedIds'],
  users: [...BASE, 'enabledUser', 'username', 'givenName', 'familyName'],
  roles: [...BASE, 'userSourcedId', 'roleType', 'role', 'orgSourcedId'],
  enrollments: [...BASE, 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role'],
};

type Reader<T> = (r: RowReader, delta: boolean) => Omit<T, 'row'>;

const readers: { [F in OneRosterFile]: Reader<OneRoster[F][number]> } = {
  orgs: (r, delta) =>
    defined(r.base(delta), {
      name: r.required('name'),
      type: r.oneOf('type', ORG_TYPES, true) ?? 'school',
      identifier: r.optional('identifier'),
      parentSourcedId: r.optional('parentSourcedId'),
    }),
  academicSessions: (r, delta) =>
    defined(r.base(delta), {
      title: r.required('title'),
      type: r.oneOf('type', SESSION_TYPES, true) ?? 'schoolYear',
      startDate: r.date('startDate', true) ?? '',
      endDate: r.date('endDate', true) ?? '',
      parentSourcedId: r.optional('parentSourcedId'),
      schoolYear: r.year('schoolYear'),
    }),
  courses: (r, delta) =>
    defined(r.base(delta), {
      title: r.required('title'),
      courseCode: r.optional('courseCode'),
      grades: r.list('grades', false),
      orgSourcedId: r.required('orgSourcedId'),
      schoolYearSourcedId: r.optional('schoolYearSourcedId'),
    }),
  classes: (r, delta) =>
    defined(r.base(delta), {
      title: r.required('title'),
      grades: r.list('grades', false),
      courseSourcedId: r.required('courseSourcedId'),
      classCode: r.optional('classCode'),
      classType: r.oneOf('classType', CLASS_TYPES, true) ?? 'homeroom',
      schoolSourcedId: r.required('schoolSourcedId'),
      termSourcedIds: r.list('termSourcedIds', true),
    }),
  users: (r, delta) =>
    defined(r.base(delta), {
      enabledUser: r.boolean('enabledUser', true) ?? true,
      username: r.required('username'),
      givenName: r.required('givenName'),
      familyName: r.required('familyName'),
      middleName: r.optional('middleName'),
      identifier: r.optional('identifier'),
      email: r.optional('email'),
      role: r.oneOf('role', USER_ROLES, false),
      orgSourcedIds: r.list('orgSourcedIds', false),
    }),
  roles: (r, delta) =>
    defined(r.base(delta), {
      userSourcedId: r.required('userSourcedId'),
      roleType: r.oneOf('roleType', ['primary', 'secondary'] as const, true) ?? 'primary',
      role: r.oneOf('role', USER_ROLES, true) ?? 'student',
      orgSourcedId: r.required('orgSourcedId'),
    }),
  enrollments: (r, delta) =>
    defined(r.base(delta), {
      classSourcedId: r.required('classSourcedId'),
      schoolSourcedId: r.required('schoolSourcedId'),
      userSourcedId: r.required('userSourcedId'),
      role: r.oneOf('role', ENROLLMENT_ROLES, true) ?? 'student',
      primary: r.boolean('primary', false),
    }),
};

function readFile<F extends OneRosterFile>(
  file: F,
  text: string,
  delta: boolean,
  problems: OneRosterProblem[],
): OneRoster[F][number][] {
  const out: OneRoster[F][number][] = [];
  const seen = new Set<string>();
  const { columns, rows } = tableOf(file, text, REQUIRED_COLUMNS[file], problems);
  const reader = new RowReader(file, columns, problems);
  for (let i = 1; i < rows.length; i++) {
    const row = i + 1;
    const record = readers[file](reader.at(row, rows[i]!), delta);
    if (!reader.bad && seen.has(record.sourcedId)) {
      problems.push({ file, row, code: 'duplicateId', column: 'sourcedId', value: cut(record.sourcedId) });
      continue;
    }
    if (reader.bad) continue;
    seen.add(record.sourcedId);
    (record as unknown as { row: number }).row = row;
    out.push(record as OneRoster[F][number]);
  }
  return out;
}

/** The manifest's `file.<name>` modes; undefined when the text is no OneRoster manifest. */
function readManifest(text: string): Record<OneRosterFile, OneRosterMode> | undefined {
  const { rows } = parseCsv(text);
  const header = rows[0]?.map((h) => h.trim());
  if (header?.[0] !== 'propertyName' || header[1] !== 'value') return undefined;
  const props = new Map(rows.slice(1).map((r) => [(r[0] ?? '').trim(), (r[1] ?? '').trim()]));
  const modes = {} as Record<OneRosterFile, OneRosterMode>;
  for (const f of ONE_ROSTER_FILES) {
    const v = props.get(`file.${f}`)?.toLowerCase();
    modes[f] = v === 'bulk' || v === 'delta' ? v : 'absent';
  }
  return modes;
}

/** Checks that enrollments, classes and roles name records the roster holds (bulk files only: a delta names records sent before). */
function checkReferences(
  roster: Omit<OneRoster, 'problems'>,
  problems: OneRosterProblem[],
): OneRoster['enrollments'] {
  const ids = (f: OneRosterFile) =>
    roster.modes[f] === 'bulk' ? new Set(roster[f].map((r) => r.sourcedId)) : undefined;
  const classes = ids('classes');
  const users = ids('users');
  const orgs = ids('orgs');
  const ref = (
    file: OneRosterFile,
    row: number,
    column: string,
    value: string,
    set: Set<string> | undefined,
  ) => {
    if (!set || set.has(value)) return true;
    problems.push({ file, row, code: 'unknownReference', column, value: cut(value) });
    return false;
  };
  for (const c of roster.classes) ref('classes', c.row, 'schoolSourcedId', c.schoolSourcedId, orgs);
  return roster.enrollments.filter(
    (e) =>
      e.status === 'tobedeleted' ||
      (ref('enrollments', e.row, 'classSourcedId', e.classSourcedId, classes) &&
        ref('enrollments', e.row, 'userSourcedId', e.userSourcedId, users)),
  );
}

/**
 * Reads a roster from its files (name → CSV text, names as in the zip, folders ignored).
 * Not OneRoster (`ok: false`) without a `manifest.csv` that has the `propertyName,value` header.
 */
export function readOneRosterFiles(files: ReadonlyMap<string, string>): OneRosterRead {
  const byName = new Map<string, string>();
  for (const [path, text] of files) {
    const name = path.split('/').pop() ?? path;
    if (!byName.has(name)) byName.set(name, text);
  }
  const manifest = byName.get('manifest.csv');
  const modes = manifest === undefined ? undefined : readManifest(manifest);
  if (!modes) return { ok: false };
  const problems: OneRosterProblem[] = [];
  const records = {} as { -readonly [F in OneRosterFile]: OneRoster[F][number][] };
  for (const file of ONE_ROSTER_FILES) {
    const text = byName.get(`${file}.csv`);
    if (modes[file] === 'absent') {
      (records[file] as unknown[]) = [];
      continue;
    }
    if (text === undefined) {
      problems.push({ file, row: 0, code: 'missingFile' });
      (records[file] as unknown[]) = [];
      continue;
    }
    (records[file] as unknown[]) = readFile(file, text, modes[file] === 'delta', problems);
  }
  const enrollments = checkReferences({ modes, ...records }, problems);
  problems.sort((a, b) =>
    a.file === b.file ? a.row - b.row : ONE_ROSTER_ORDER[a.file] - ONE_ROSTER_ORDER[b.file],
  );
  return { ok: true, roster: { modes, ...records, enrollments, problems } };
}

const ONE_ROSTER_ORDER: Record<OneRosterProblem['file'], number> = {
  manifest: 0,
  orgs: 1,
  academicSessions: 2,
  courses: 3,
  classes: 4,
  users: 5,
  roles: 6,
  enrollments: 7,
};

/** Reads a OneRoster CSV zip; `ok: false` when the bytes are no zip or hold no OneRoster manifest. */
export function readOneRosterZip(bytes: Uint8Array): OneRosterRead {
  const wanted = new Set(['manifest.csv', ...ONE_ROSTER_FILES.map((f) => `${f}.csv`)]);
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (f) => wanted.has(f.name.split('/').pop() ?? '') && f.originalSize <= MAX_ONE_ROSTER_FILE_BYTES,
    });
  } catch {
    return { ok: false };
  }
  const files = new Map<string, string>();
  for (const [name, data] of Object.entries(entries)) {
    if (data.length > MAX_ONE_ROSTER_FILE_BYTES) return { ok: false };
    files.set(name, strFromU8(data));
  }
  return readOneRosterFiles(files);
}

/** What an export writes: records without rows (bulk, every file but roles). */
export interface OneRosterExport {
  readonly orgs: readonly Omit<OneRosterOrg, 'row'>[];
  readonly academicSessions: readonly Omit<OneRosterSession, 'row'>[];
  readonly courses: readonly Omit<OneRosterCourse, 'row'>[];
  readonly classes: readonly Omit<OneRosterClass, 'row'>[];
  readonly users: readonly Omit<OneRosterUser, 'row'>[];
  readonly enrollments: readonly Omit<OneRosterEnrollment, 'row'>[];
}

/** The full OneRoster 1.2 CSV column order of each file written. */
export const EXPORT_COLUMNS = {
  orgs: [...BASE, 'name', 'type', 'identifier', 'parentSourcedId'],
  academicSessions: [...BASE, 'title', 'type', 'startDate', 'endDate', 'parentSourcedId', 'schoolYear'],
  courses: [
    ...BASE,
    'schoolYearSourcedId',
    'title',
    'courseCode',
    'grades',
    'orgSourcedId',
    'subjects',
    'subjectCodes',
  ],
  classes: [
    ...BASE,
    'title',
    'grades',
    'courseSourcedId',
    'classCode',
    'classType',
    'location',
    'schoolSourcedId',
    'termSourcedIds',
    'subjects',
    'subjectCodes',
    'periods',
  ],
  users: [
    ...BASE,
    'enabledUser',
    'username',
    'userIds',
    'givenName',
    'familyName',
    'middleName',
    'identifier',
    'email',
    'sms',
    'phone',
    'agentSourcedIds',
    'grades',
    'password',
    'userMasterIdentifier',
    'resourceSourcedIds',
    'preferredGivenName',
    'preferredMiddleName',
    'preferredFamilyName',
    'primaryOrgSourcedId',
    'pronouns',
  ],
  enrollments: [
    ...BASE,
    'classSourcedId',
    'schoolSourcedId',
    'userSourcedId',
    'role',
    'primary',
    'beginDate',
    'endDate',
  ],
} as const;

function cellOf(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.join(',');
  return String(v);
}

/** A bulk OneRoster 1.2 CSV zip of the records (`mtime` fixed, so the same roster gives the same bytes). */
export function writeOneRosterZip(roster: OneRosterExport, source: { systemName: string }): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const manifest: string[][] = [
    ['manifest.version', '1.0'],
    ['oneroster.version', '1.2'],
    ...ONE_ROSTER_FILES.map((f) => [`file.${f}`, f in EXPORT_COLUMNS ? 'bulk' : 'absent']),
    ['source.systemName', source.systemName],
  ];
  const mtime = new Date(Date.UTC(2020, 0, 1));
  files['manifest.csv'] = strToU8(writeCsv(['propertyName', 'value'], manifest));
  for (const [file, columns] of Object.entries(EXPORT_COLUMNS)) {
    const records = roster[file as keyof OneRosterExport] as readonly Record<string, unknown>[];
    const rows = records.map((r) => columns.map((c) => cellOf(r[c])));
    files[`${file}.csv`] = strToU8(writeCsv(columns, rows));
  }
  return zipSync(Object.fromEntries(Object.entries(files).map(([n, d]) => [n, [d, { mtime }]])));
}
