/**
 * The school registry: the schools teachers pick from when they register (classroom.md §2
 * "school", §3 School). Read from a CSV with a header row — either our own column names
 * (schoolName, eduOfficeCode, schoolTypeCode, schoolCode) or those of the Korean public school
 * registry (NEIS "학교기본정보": 시도교육청코드 / ATPT_OFCDC_SC_CODE, 행정표준코드 /
 * SD_SCHUL_CODE, 학교명 / SCHUL_NM, 학교종류명 / SCHUL_KND_SC_NM) — and written with upserts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseCsv } from './csv';

/** One school of the registry. */
export interface SchoolRecord {
  readonly name: string;
  readonly eduOfficeCode: string;
  readonly schoolTypeCode: string;
  readonly schoolCode: string;
}

/** A row the registry file holds that could not be read. */
export interface SkippedRow {
  /** 1-based line of the record in the file (header is line 1). */
  readonly line: number;
  readonly reason: string;
}

export interface RegistryFile {
  readonly schools: readonly SchoolRecord[];
  readonly skipped: readonly SkippedRow[];
}

const key = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '');

const COLUMNS = {
  name: ['schoolname', '학교명', 'schulnm', 'name'],
  eduOfficeCode: ['eduofficecode', '시도교육청코드', 'atptofcdcsccode', 'officecode'],
  schoolTypeCode: ['schooltypecode', '학교종류코드', 'typecode'],
  schoolKind: ['학교종류명', 'schulkndscnm', 'schoolkind'],
  schoolCode: ['schoolcode', '행정표준코드', 'sdschulcode', 'code'],
} as const;

/**
 * The school type code of a kind name: elementary 0, middle 1, high 2, any other 3 (the
 * class form offers 6, 3, 3 and 12 grades for them, classroom.md §5).
 */
export function schoolTypeCodeOf(kind: string): string {
  const k = kind.trim().toLowerCase();
  if (k.includes('초등') || k.includes('elementary')) return '0';
  if (k.includes('중학') || k.includes('middle')) return '1';
  if (k.includes('고등') || k.includes('high')) return '2';
  return '3';
}

/** Thrown when the header lacks a needed column. */
export class RegistryFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryFormatError';
  }
}

const CODE = /^[0-9A-Za-z]{1,20}$/;

/** Reads a registry CSV. Throws {@link RegistryFormatError} when a needed column is missing. */
export function readRegistryCsv(text: string): RegistryFile {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new RegistryFormatError('the file is empty');
  const keys = header.map(key);
  const find = (names: readonly string[]) => keys.findIndex((k) => names.includes(k));
  const col = {
    name: find(COLUMNS.name),
    office: find(COLUMNS.eduOfficeCode),
    type: find(COLUMNS.schoolTypeCode),
    kind: find(COLUMNS.schoolKind),
    code: find(COLUMNS.schoolCode),
  };
  const missing = [
    col.name < 0 ? 'school name' : '',
    col.office < 0 ? 'education office code' : '',
    col.type < 0 && col.kind < 0 ? 'school type code (or school kind)' : '',
    col.code < 0 ? 'school code' : '',
  ].filter((m) => m !== '');
  if (missing.length > 0) throw new RegistryFormatError(`missing columns: ${missing.join(', ')}`);

  const schools: SchoolRecord[] = [];
  const skipped: SkippedRow[] = [];
  const seen = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const line = i + 2;
    if (row.every((f) => f.trim() === '')) continue;
    const cell = (c: number) => (c >= 0 ? (row[c] ?? '').trim() : '');
    const record: SchoolRecord = {
      name: cell(col.name),
      eduOfficeCode: cell(col.office).toUpperCase(),
      schoolTypeCode: col.type >= 0 ? cell(col.type).toUpperCase() : schoolTypeCodeOf(cell(col.kind)),
      schoolCode: cell(col.code).toUpperCase(),
    };
    const id = `${record.eduOfficeCode}|${record.schoolTypeCode}|${record.schoolCode}`;
    const reason =
      record.name === '' || record.name.length > 200 || record.name.includes('\u0000')
        ? 'no usable school name'
        : ![record.eduOfficeCode, record.schoolTypeCode, record.schoolCode].every((c) => CODE.test(c))
          ? 'a code is empty or not letters and digits'
          : seen.has(id)
            ? 'the same school appears again'
            : undefined;
    if (reason) {
      skipped.push({ line, reason });
      continue;
    }
    seen.add(id);
    schools.push(record);
  }
  return { schools, skipped };
}

/** Decodes a registry file: UTF-8 when it is valid UTF-8, else EUC-KR (CP949 exports). */
export function decodeRegistryBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('euc-kr').decode(bytes);
  }
}

const BATCH = 500;

/**
 * Writes schools into the registry: new codes are added, known codes get the new name.
 * Answers how many were added and how many were already there.
 */
export async function upsertSchools(
  db: Kysely<Database>,
  schools: readonly SchoolRecord[],
): Promise<{ added: number; updated: number }> {
  const count = async () =>
    Number(
      (
        await db
          .selectFrom('schools')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await count();
  const write = async (tx: Kysely<Database>) => {
    for (let i = 0; i < schools.length; i += BATCH) {
      await tx
        .insertInto('schools')
        .values(
          schools.slice(i, i + BATCH).map((s) => ({
            name: s.name,
            edu_office_code: s.eduOfficeCode,
            school_type_code: s.schoolTypeCode,
            school_code: s.schoolCode,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['edu_office_code', 'school_type_code', 'school_code'])
            .doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })),
        )
        .execute();
    }
  };
  // Inside a caller's transaction (the demo seed) or in one of its own.
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
  const added = (await count()) - before;
  return { added, updated: schools.length - added };
}
