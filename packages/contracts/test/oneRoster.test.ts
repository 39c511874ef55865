/**
 * The OneRoster 1.2 CSV reader against rosters written by hand from the standard's CSV field tables
 * (test/fixtures/oneroster: bulk, delta, problems, not-oneroster), and property tests of the CSV
 * layer and of the writer → reader round trip.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  type OneRosterExport,
  type OneRosterProblem,
  parseCsv,
  readOneRosterFiles,
  readOneRosterZip,
  writeCsv,
  writeOneRosterZip,
} from '../src/oneRoster';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'oneroster');

function folder(name: string): Map<string, string> {
  const dir = join(FIXTURES, name);
  return new Map(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

function zipOf(files: Map<string, string>, prefix = ''): Uint8Array {
  return zipSync(Object.fromEntries([...files].map(([n, t]) => [prefix + n, strToU8(t)])));
}

function read(name: string) {
  const result = readOneRosterZip(zipOf(folder(name)));
  if (!result.ok) throw new Error(`${name} was not read as OneRoster`);
  return result.roster;
}

describe('a bulk roster', () => {
  const roster = read('bulk');

  it('reads every file the manifest gives, with no problems', () => {
    expect(roster.problems).toEqual([]);
    expect(roster.modes).toMatchObject({ orgs: 'bulk', users: 'bulk', enrollments: 'bulk', roles: 'bulk' });
    expect(roster.orgs.map((o) => [o.sourcedId, o.type, o.identifier])).toEqual([
      ['org-district', 'district', undefined],
      ['org-school', 'school', 'B10E00000001'],
    ]);
    expect(roster.academicSessions.map((s) => [s.sourcedId, s.schoolYear, s.startDate])).toEqual([
      ['sy-2026', 2026, '2026-03-01'],
      ['term-2026-1', 2026, '2026-03-01'],
    ]);
    expect(roster.courses).toHaveLength(1);
  });

  it('reads quoted cells, lists and blank status as active', () => {
    const [c1, c2] = roster.classes;
    expect(c1).toMatchObject({
      sourcedId: 'class-3-1',
      status: 'active',
      title: 'Grade 3, class 1',
      grades: ['03'],
      classCode: '1',
      termSourcedIds: ['sy-2026', 'term-2026-1'],
      row: 2,
    });
    expect(c2?.termSourcedIds).toEqual(['sy-2026']);
    expect(roster.users.find((u) => u.sourcedId === 's-002')).toMatchObject({
      givenName: 'Seo-yeon "Sunny"',
      familyName: 'Choi',
      identifier: '2',
    });
  });

  it('reads roles and enrollments with their role values', () => {
    expect(roster.roles.map((r) => r.role)).toEqual(['teacher', 'teacher', 'student', 'student', 'student']);
    expect(roster.enrollments.map((e) => [e.userSourcedId, e.role, e.primary])).toEqual([
      ['t-kim', 'teacher', true],
      ['t-lee', 'teacher', true],
      ['s-001', 'student', false],
      ['s-002', 'student', false],
      ['s-003', 'student', false],
    ]);
  });

  it('finds the files inside one folder of the zip too', () => {
    const result = readOneRosterZip(zipOf(folder('bulk'), 'export-2026/'));
    expect(result.ok && result.roster.users.length).toBe(5);
  });
});

describe('a delta roster', () => {
  const roster = read('delta');

  it('keeps each row with its status and date; absent files give no records', () => {
    expect(roster.problems).toEqual([]);
    expect(roster.modes).toMatchObject({ classes: 'delta', orgs: 'absent', users: 'delta' });
    expect(roster.orgs).toEqual([]);
    expect(roster.classes.map((c) => [c.sourcedId, c.status, c.dateLastModified])).toEqual([
      ['class-3-2', 'active', '2026-04-02T08:00:00Z'],
      ['class-3-3', 'tobedeleted', '2026-04-02T08:00:00Z'],
    ]);
    // a delta names records sent before: its references are not checked against itself
    expect(roster.enrollments.map((e) => [e.sourcedId, e.status])).toEqual([
      ['e-004', 'active'],
      ['e-002', 'tobedeleted'],
    ]);
  });
});

describe('a roster with problems', () => {
  const roster = read('problems');
  const brief = (p: OneRosterProblem) => `${p.file}:${p.row}:${p.code}:${p.column ?? ''}:${p.value ?? ''}`;

  it('names every problem by file, row and column, and leaves out the rows that have one', () => {
    expect(roster.problems.map(brief)).toEqual([
      'orgs:2:badValue:type:campus',
      'academicSessions:2:badDate:startDate:2026-02-30',
      'academicSessions:2:badValue:schoolYear:26',
      'classes:1:missingColumn:classType:',
      'users:3:duplicateId:sourcedId:u-1',
      'users:4:badValue:enabledUser:yes',
      'users:5:badValue:status:deleted',
      'users:5:missingValue:givenName:',
      'enrollments:2:unknownReference:classSourcedId:class-1',
      'enrollments:3:missingValue:status:',
      'enrollments:3:missingValue:dateLastModified:',
      'enrollments:4:badValue:role:pupil',
    ]);
    expect(roster.orgs.map((o) => o.sourcedId)).toEqual(['org-2']);
    expect(roster.users.map((u) => u.username)).toEqual(['one']);
    expect(roster.classes).toEqual([]);
    expect(roster.enrollments).toEqual([]);
  });

  it('says a file the manifest gives but the zip lacks is missing', () => {
    const files = folder('bulk');
    files.delete('users.csv');
    const result = readOneRosterFiles(files);
    expect(result.ok && result.roster.problems.filter((p) => p.code === 'missingFile')).toEqual([
      { file: 'users', row: 0, code: 'missingFile' },
    ]);
  });
});

describe('not OneRoster', () => {
  it('refuses a zip without a manifest, bytes that are no zip, and a manifest of another shape', () => {
    expect(readOneRosterZip(zipOf(folder('not-oneroster')))).toEqual({ ok: false });
    expect(readOneRosterZip(strToU8('number,name,mac\n1,Hana,\n'))).toEqual({ ok: false });
    expect(readOneRosterZip(new Uint8Array())).toEqual({ ok: false });
    expect(readOneRosterZip(zipOf(new Map([['manifest.csv', 'a,b\n1,2\n']])))).toEqual({ ok: false });
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        expect(() => readOneRosterZip(bytes)).not.toThrow();
      }),
    );
  });
});

// Cells as a student information system writes them: any text, commas, quotes and line breaks
// included, but no edge spaces (the reader trims cells).
const cell = fc
  .string({
    unit: fc.constantFrom('a', 'Z', '9', ' ', ',', '"', '\n', '\r\n', '한', '名', '-', '.'),
    maxLength: 12,
  })
  .map((s) => s.trim());

describe('CSV', () => {
  it('reads back what it writes, cell for cell', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }).chain((width) =>
          fc.tuple(
            fc.array(
              cell.filter((c) => c !== ''),
              { minLength: width, maxLength: width },
            ),
            fc.array(
              fc.array(cell, { minLength: width, maxLength: width }).filter((r) => r.some((c) => c !== '')),
              { maxLength: 8 },
            ),
          ),
        ),
        ([header, rows]) => {
          const { rows: read, malformed } = parseCsv(writeCsv(header, rows));
          expect(malformed).toBe(false);
          expect(read).toEqual([header, ...rows]);
        },
      ),
    );
  });

  it('drops a byte-order mark and blank lines', () => {
    expect(parseCsv('\uFEFFa,b\r\n\r\n1,2\r\n').rows).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});

const id = fc.stringMatching(/^[A-Za-z0-9-]{1,12}$/);
const name = cell.filter((c) => c !== '');

describe('writing a roster', () => {
  it('reads back as the same records (writer → zip → reader)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ sourcedId: id, givenName: name, familyName: name, identifier: fc.option(id) }),
          {
            selector: (u) => u.sourcedId,
            maxLength: 12,
          },
        ),
        (people) => {
          const roster: OneRosterExport = {
            orgs: [{ sourcedId: 'org', status: 'active', name: 'School', type: 'school' }],
            academicSessions: [],
            courses: [],
            classes: [],
            users: people.map((p) => ({
              sourcedId: p.sourcedId,
              status: 'active',
              enabledUser: true,
              username: p.sourcedId,
              givenName: p.givenName,
              familyName: p.familyName,
              ...(p.identifier === null ? {} : { identifier: p.identifier }),
              orgSourcedIds: [],
            })),
            enrollments: [],
          };
          const result = readOneRosterZip(writeOneRosterZip(roster, { systemName: 'dotink' }));
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.roster.problems).toEqual([]);
          expect(result.roster.users.map(({ row: _row, ...u }) => u)).toEqual(roster.users);
          expect(result.roster.modes.roles).toBe('absent');
        },
      ),
    );
  });

  it('writes the same bytes for the same roster', () => {
    const roster = read('bulk');
    const a = writeOneRosterZip(roster, { systemName: 'dotink' });
    const b = writeOneRosterZip(roster, { systemName: 'dotink' });
    expect(a).toEqual(b);
  });
});
