/**
 * The units (categories) of the built-in books, from the vendor data directory (issue 15):
 * `categories/<section>_<owner>_<book>.json`, one file per book, in the form of
 * `categoryFileSchema` (`@dotink/contracts/eduAnalytics`; documented in the server's README).
 *
 * Files are read once per directory, on first use (restart the server after adding one). A file
 * that is not JSON, does not match the schema, or names another book than its file name is
 * reported (the start banner lists it, {@link categoryFilesBanner}) and ignored: that book's
 * units then come from the database (the demo seed's demo units, or none).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type CategoryFile, categoryFileSchema } from '@dotink/contracts/eduAnalytics';

/** The folder of the vendor data directory holding the category files. */
export const CATEGORY_DIR = 'categories';

/** The file name of a book's category file. */
export function categoryFileName(b: { section: number; owner: number; book: number }): string {
  return `${b.section}_${b.owner}_${b.book}.json`;
}

/** The category files read from a directory: the valid ones by file name, and what was wrong. */
export interface CategoryFiles {
  readonly books: ReadonlyMap<string, CategoryFile>;
  /** One line per ignored file: its path and why. */
  readonly problems: readonly string[];
}

const FILE_NAME = /^(\d{1,9})_(\d{1,9})_(\d{1,9})\.json$/;

/** Reads every category file of the vendor data directory `dir` (none when the folder is missing). */
export async function readCategoryFiles(dir: string): Promise<CategoryFiles> {
  const folder = join(dir, CATEGORY_DIR);
  let names: string[];
  try {
    names = (await readdir(folder)).sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { books: new Map(), problems: [] };
    return { books: new Map(), problems: [`${folder}: ${(error as Error).message}`] };
  }
  const books = new Map<string, CategoryFile>();
  const problems: string[] = [];
  for (const name of names) {
    const path = join(folder, name);
    const match = FILE_NAME.exec(name);
    if (!match) {
      problems.push(`${path}: not named <section>_<owner>_<book>.json`);
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(await readFile(path, 'utf8'));
    } catch (error) {
      problems.push(`${path}: not readable JSON (${(error as Error).message})`);
      continue;
    }
    const parsed = categoryFileSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push(`${path}: ${issue ? `${issue.path.join('.') || 'file'} ${issue.message}` : 'invalid'}`);
      continue;
    }
    const file = parsed.data;
    if (categoryFileName(file) !== name || Number(match[1]) !== file.section) {
      problems.push(
        `${path}: describes book ${file.section}.${file.owner}.${file.book}, not the file's name`,
      );
      continue;
    }
    books.set(name, file);
  }
  return { books, problems };
}

const loaded = new Map<string, Promise<CategoryFiles>>();

/** The category files of `dir`, read on first use and kept. */
export function categoryFilesOf(dir: string): Promise<CategoryFiles> {
  let files = loaded.get(dir);
  if (!files) {
    files = readCategoryFiles(dir);
    loaded.set(dir, files);
  }
  return files;
}

/** The start banner's lines about ignored category files (none when all are fine). */
export function categoryFilesBanner(files: CategoryFiles): string[] {
  if (files.problems.length === 0) return [];
  return ['  vendor data: category files ignored:', ...files.problems.map((p) => `    ${p}`)];
}
