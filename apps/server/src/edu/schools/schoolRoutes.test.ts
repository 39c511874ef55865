import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, SETUP_TIMEOUT_MS, useTestServer } from '../../../test/harness';
import { buildEduWorld, call, type EduWorld } from '../../../test/matrixFixtures';
import { runImportSchools } from './importSchools';
import {
  decodeRegistryBytes,
  RegistryFormatError,
  readRegistryCsv,
  schoolTypeCodeOf,
} from './schoolRegistry';
import { escapeLike } from './schoolRoutes';

describe('school registry files', () => {
  it('reads our own columns', () => {
    const file = readRegistryCsv(
      'schoolName,eduOfficeCode,schoolTypeCode,schoolCode\r\n한빛초등학교,b10,0,7010001\r\n,B10,0,1\r\nX,B10,0,\r\n한빛초등학교 2,B10,0,7010001\r\n\r\n',
    );
    expect(file.schools).toEqual([
      { name: '한빛초등학교', eduOfficeCode: 'B10', schoolTypeCode: '0', schoolCode: '7010001' },
    ]);
    expect(file.skipped.map((s) => s.line)).toEqual([3, 4, 5]);
  });

  it('reads the public registry columns and derives the type code from the school kind', () => {
    const csv =
      '시도교육청코드,시도교육청명,행정표준코드,학교명,학교종류명\n' +
      'B10,서울특별시교육청,7010057,가락초등학교,초등학교\n' +
      'B10,서울특별시교육청,7130106,가락중학교,중학교\n' +
      'J10,경기도교육청,7531100,가평고등학교,고등학교\n' +
      'J10,경기도교육청,7569999,경기특수학교,특수학교\n';
    const { schools } = readRegistryCsv(csv);
    expect(schools.map((s) => [s.name, s.schoolTypeCode])).toEqual([
      ['가락초등학교', '0'],
      ['가락중학교', '1'],
      ['가평고등학교', '2'],
      ['경기특수학교', '3'],
    ]);
    expect(
      readRegistryCsv('SCHUL_NM,ATPT_OFCDC_SC_CODE,SD_SCHUL_CODE,SCHUL_KND_SC_NM\nA,B10,1,초등학교').schools,
    ).toHaveLength(1);
    expect(schoolTypeCodeOf('Elementary School')).toBe('0');
  });

  it('names the missing columns', () => {
    expect(() => readRegistryCsv('name,code\nA,1')).toThrow(RegistryFormatError);
    expect(() => readRegistryCsv('name,code\nA,1')).toThrow(/education office code, school type code/);
    expect(() => readRegistryCsv('')).toThrow(/empty/);
  });

  it('decodes UTF-8, and EUC-KR exports', () => {
    expect(decodeRegistryBytes(new TextEncoder().encode('학교명'))).toBe('학교명');
    // 학교 in EUC-KR
    expect(decodeRegistryBytes(new Uint8Array([0xc7, 0xd0, 0xb1, 0xb3]))).toBe('학교');
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describeEachDatabase('education API: schools', (kind) => {
  const server = useTestServer(kind);
  let w: EduWorld;
  const dir = mkdtempSync(join(tmpdir(), 'dotink-schools-'));
  beforeAll(async () => {
    w = await buildEduWorld(server().app);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const app = () => server().app;

  const importFile = async (name: string, content: string | Uint8Array) => {
    writeFileSync(join(dir, name), content);
    const lines: string[] = [];
    const code = await runImportSchools({
      argv: [name],
      env: { LOG_LEVEL: 'silent' },
      cwd: dir,
      configCwd: dir,
      log: (l) => lines.push(l),
      open: async () => ({ ...server().database, close: async () => {} }),
    });
    return { code, lines };
  };

  it('imports a registry CSV (added, updated, skipped) and finds its schools by name', async () => {
    const csv =
      'schoolName,eduOfficeCode,schoolTypeCode,schoolCode\n' +
      '푸른솔초등학교,B10,0,9000001\n' +
      '푸른솔중학교,B10,1,9000002\n' +
      'Green Pine 100% School,C10,2,9000003\n' +
      ',C10,2,9000004\n';
    const first = await importFile('registry.csv', csv);
    expect(first.code).toBe(0);
    expect(first.lines[0]).toMatch(/^import-schools: 3 added, 0 updated, 1 skipped/);
    const second = await importFile('registry2.csv', csv.replace('푸른솔중학교', '푸른솔중학교(신)'));
    expect(second.lines[0]).toMatch(/^import-schools: 0 added, 3 updated, 1 skipped/);

    const res = await call(
      app(),
      w.callers.pending,
      'GET',
      `/edu/v1/schools?schoolName=${encodeURIComponent('푸른솔')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, message: 'Success' });
    expect(res.json().data.schools).toEqual([
      expect.objectContaining({
        schoolName: '푸른솔중학교(신)',
        eduOfficeCode: 'B10',
        schoolTypeCode: '1',
        schoolCode: '9000002',
      }),
      expect.objectContaining({ schoolName: '푸른솔초등학교', schoolTypeCode: '0' }),
    ]);
    expect(res.json().data.schools[0].eduSchoolId).toEqual(expect.any(Number));
    // Wildcards are text; names starting with the text come first; case does not matter.
    const pct = await call(app(), w.callers.noSchool, 'GET', '/edu/v1/schools?schoolName=100%25');
    expect(pct.json().data.schools.map((s: { schoolName: string }) => s.schoolName)).toEqual([
      'Green Pine 100% School',
    ]);
    const none = await call(app(), w.callers.noSchool, 'GET', '/edu/v1/schools?schoolName=%25');
    expect(none.json().data.schools.map((s: { schoolName: string }) => s.schoolName)).toEqual([
      'Green Pine 100% School',
    ]);
    const green = await call(app(), w.callers.teacher, 'GET', '/edu/v1/schools?schoolName=green%20PINE');
    expect(green.json().data.schools).toHaveLength(1);
    const blank = await call(app(), w.callers.teacher, 'GET', '/edu/v1/schools?schoolName=%20');
    expect(blank.json().data.schools).toEqual([]);
    expect((await call(app(), w.callers.teacher, 'GET', '/edu/v1/schools')).json().data.schools).toEqual([]);
  });

  it('reports an unreadable file and prints usage without one', async () => {
    const bad = await importFile('bad.csv', 'name\nA');
    expect(bad.code).toBe(1);
    expect(bad.lines[0]).toMatch(/missing columns/);
    const lines: string[] = [];
    expect(
      await runImportSchools({ argv: [], env: {}, cwd: dir, configCwd: dir, log: (l) => lines.push(l) }),
    ).toBe(2);
    expect(lines[0]).toMatch(/^usage: npm run --workspace apps\/server import-schools -- /);
  });

  it('refuses students and anonymous callers', async () => {
    expect((await call(app(), undefined, 'GET', '/edu/v1/schools?schoolName=a')).statusCode).toBe(401);
    expect((await call(app(), w.callers.student, 'GET', '/edu/v1/schools?schoolName=a')).statusCode).toBe(
      403,
    );
  });
});
