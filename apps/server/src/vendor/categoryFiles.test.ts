import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { categoryFilesBanner, readCategoryFiles } from './categoryFiles';

describe('the vendor category files (categories/<section>_<owner>_<book>.json)', () => {
  const dirs: string[] = [];
  const vendorDir = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'dotink-categories-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'categories'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'categories', name), text);
    return dir;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const units = [
    {
      title: 'Unit 1',
      startPage: 3,
      endPage: 20,
      subCategories: [{ title: 'Unit 1.1', startPage: 3, endPage: 9, subCategories: [] }],
    },
  ];

  it('reads valid files by name and reports (and ignores) invalid or mismatched ones', async () => {
    const dir = vendorDir({
      '3_1012_1191.json': JSON.stringify({ section: 3, owner: 1012, book: 1191, categories: units }),
      '3_1012_1192.json': JSON.stringify({ section: 3, owner: 1012, book: 1193, categories: units }),
      '3_1012_1193.json': '{ not json',
      '3_1012_1194.json': JSON.stringify({
        section: 3,
        owner: 1012,
        book: 1194,
        categories: [{ title: '', startPage: 9, endPage: 2, subCategories: [] }],
      }),
      'notes.txt': 'x',
    });
    const files = await readCategoryFiles(dir);
    expect([...files.books.keys()]).toEqual(['3_1012_1191.json']);
    expect(files.books.get('3_1012_1191.json')!.categories).toEqual(units);
    expect(files.problems).toHaveLength(4);
    expect(files.problems.join('\n')).toMatch(/3_1012_1192\.json: describes book 3\.1012\.1193/);
    expect(files.problems.join('\n')).toMatch(/3_1012_1193\.json: not readable JSON/);
    expect(files.problems.join('\n')).toMatch(/3_1012_1194\.json: categories\.0/);
    expect(files.problems.join('\n')).toMatch(/notes\.txt: not named/);
    const banner = categoryFilesBanner(files);
    expect(banner[0]).toContain('category files ignored');
    expect(banner).toHaveLength(5);
  });

  it('has nothing to say without the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dotink-categories-'));
    dirs.push(dir);
    const files = await readCategoryFiles(dir);
    expect(files.books.size).toBe(0);
    expect(categoryFilesBanner(files)).toEqual([]);
  });
});
