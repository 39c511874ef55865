/** The project files of `nproj/`, found by the book their header names (issue 16: cheaply). */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBookId, parseNproj } from '@dotink/ncode';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedNcodeDir } from '../../test/sharedData';
import { VendorData } from './vendorData';

const note1096 = readFileSync(join(sharedNcodeDir, 'nproj', 'note_1096.nproj'), 'utf8');
/** note_1096 made to name another book (and a revision, to tell the files apart). */
const forBook = (code: number, revision: number, text = note1096) =>
  text
    .replace('<code>1096</code>', `<code>${code}</code>`)
    .replace(/<revision>\d+<\/revision>/, `<revision>${revision}</revision>`);
const revisionOf = (xml: string | undefined) =>
  xml === undefined ? undefined : parseNproj(xml).book.revision;

describe('VendorData project files in nproj/', () => {
  const root = mkdtempSync(join(tmpdir(), 'dotink-nproj-index-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'nproj'));
  const files: Record<string, string> = {
    'a.nproj': forBook(501, 1),
    'b.nproj': forBook(501, 2), // same book: a.nproj, first by name, wins
    'c.nproj': '<nproj><book><section>3</section>', // unreadable: skipped
    'd.nproj': 'not xml at all',
    // the header alone cannot tell (text before the root, a DOCTYPE subset, a 40 KB preset): parsed whole
    'e.nproj': `junk${forBook(502, 3)}`,
    'f.nproj': forBook(503, 4).replace('<!DOCTYPE nproj>', '<!DOCTYPE nproj [<!ENTITY s "3">]>'),
    'g.nproj': forBook(504, 5).replace('<preset>', `<preset><x_pad>${'p'.repeat(40_000)}</x_pad>`),
    'h.nproj.bak': forBook(505, 6), // not a .nproj
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'nproj', name), text);
  const vendor = new VendorData(root);
  const nproj = (id: string) => vendor.bookNproj(parseBookId(id)!);

  it('serves the first file (by name) naming a book', async () => {
    expect(revisionOf(await nproj('3.27.501'))).toBe(1);
  });

  it('reads the whole file when the header cannot tell', async () => {
    expect(revisionOf(await nproj('3.27.502'))).toBe(3);
    expect(revisionOf(await nproj('3.27.503'))).toBe(4);
    expect(revisionOf(await nproj('3.27.504'))).toBe(5);
  });

  it('skips unreadable files and other names: no file for other books', async () => {
    expect(await nproj('3.27.505')).toBeUndefined();
    expect(await nproj('3.27.1096')).toBeUndefined();
  });

  it('finds the books of the 5 shared project files', async () => {
    const shared = new VendorData(sharedNcodeDir);
    for (const id of ['3.1013.1116', '3.1013.1', '3.27.1096', '3.27.161']) {
      const xml = await shared.bookNproj(parseBookId(id)!);
      expect(xml, id).toBeDefined();
      const { book } = parseNproj(xml!);
      expect(`${book.section}.${book.owner}.${book.code}`).toBe(id);
    }
    // two files name 3.1013.1: the first by name wins (SmartClassKit_Controller, revision 39)
    expect(parseNproj((await shared.bookNproj(parseBookId('3.1013.1')!))!).book.revision).toBe(39);
  });
});

describe('VendorData.warm', () => {
  it('reads the catalogue and the nproj/ index once, ahead of the requests that need them', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dotink-vendor-warm-'));
    try {
      mkdirSync(join(root, 'nproj'));
      copyFileSync(join(sharedNcodeDir, 'nbs.json.gz'), join(root, 'nbs.json.gz'));
      writeFileSync(join(root, 'nproj', 'a.nproj'), forBook(601, 1));
      const vendor = new VendorData(root);
      await vendor.warm();
      unlinkSync(join(root, 'nbs.json.gz'));
      writeFileSync(join(root, 'nproj', 'b.nproj'), forBook(602, 2)); // after the index was built
      expect((await vendor.catalogue())?.entries.size).toBeGreaterThan(600);
      expect(revisionOf(await vendor.bookNproj(parseBookId('3.27.601')!))).toBe(1);
      expect(await vendor.bookNproj(parseBookId('3.27.602')!)).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('rejects with the read error of a broken catalogue', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dotink-vendor-warm-'));
    try {
      writeFileSync(join(root, 'nbs.json.gz'), 'not gzip');
      await expect(new VendorData(root).warm()).rejects.toThrow();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
