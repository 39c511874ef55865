import { describe, expect, it } from 'vitest';
import { classroomText, type T } from '../../i18n/text';
import { rosterTable } from './rosterExport';

const t: T = (key, params) => classroomText('ja', key, params);
const pupils = [
  { id: 's-1', num: 1, name: '山田 太郎', macAddress: '9C:7B:D2:00:00:01' },
  { id: 's-2', num: 2, name: 'さくら', macAddress: '00:00:00:00:00:00' },
];

describe('the class list as exported', () => {
  it('has no password column unless passwords are given', () => {
    const table = rosterTable(t, pupils);
    expect(table.columns).toHaveLength(4);
    expect(table.rows).toEqual([
      [1, '山田 太郎', '9C:7B:D2:00:00:01', 's-1'],
      [2, 'さくら', '00:00:00:00:00:00', 's-2'],
    ]);
    expect(JSON.stringify(table)).not.toContain(t('export.password'));
  });

  it('adds each pupil’s password when asked', () => {
    const table = rosterTable(
      t,
      pupils,
      new Map([
        ['s-1', 'pw1'],
        ['s-2', 's-2'],
      ]),
    );
    expect(table.columns.at(-1)!.header).toBe('パスワード');
    expect(table.rows.map((r) => r.at(-1))).toEqual(['pw1', 's-2']);
  });
});
