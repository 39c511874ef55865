import { pageAddress, scaleHomography } from '@dotink/ncode';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readGridaFile, writeGridaFile } from './container';
import { GRIDA_FORMAT, GRIDA_MIGRATIONS, GRIDA_VERSION, migrateManifest } from './migrations';
import type { GridaDocument } from './types';

describe('.GRIDA migrations', () => {
  it('are numbered from 1 without gaps up to the current version', () => {
    expect(GRIDA_MIGRATIONS.map((m) => m.from)).toEqual(
      Array.from({ length: GRIDA_VERSION - 1 }, (_, i) => i + 1),
    );
  });

  it('1 → 2: boards get an empty group, pages the BASIC background and no rotation', () => {
    const v1 = {
      format: GRIDA_FORMAT,
      version: 1,
      board: { id: 'b', title: 't', createdMs: 1, updatedMs: 2 },
      pdfs: [],
      pages: [
        {
          id: 'p',
          address: '3.27.168.1',
          source: { kind: 'ncode' },
          sizePt: { widthPt: 1, heightPt: 2 },
          nuToPt: [1, 0, 0, 0, 1, 0, 0, 0, 1],
        },
      ],
    };
    const m = GRIDA_MIGRATIONS[0]!.up(v1);
    expect(m.version).toBe(2);
    expect((m.board as { group: string }).group).toBe('');
    expect((m.pages as { background: string; rotation: number }[])[0]).toMatchObject({
      background: 'basic',
      rotation: 0,
    });
  });

  it('a version-1 file opens as a current board', () => {
    const doc: GridaDocument = {
      board: { id: 'b', title: 't', group: '', createdMs: 1, updatedMs: 2 },
      pdfs: [],
      pages: [
        {
          id: 'p',
          address: pageAddress(3, 27, 168, 1),
          source: { kind: 'ncode' },
          sizePt: { widthPt: 10, heightPt: 20 },
          nuToPt: scaleHomography(6.72),
          rotation: 0,
          background: 'basic',
        },
      ],
      strokes: [],
    };
    const entries = unzipSync(writeGridaFile(doc));
    const m = JSON.parse(strFromU8(entries['manifest.json']!));
    m.version = 1;
    delete m.board.group;
    delete m.pages[0].background;
    delete m.pages[0].rotation;
    entries['manifest.json'] = strToU8(JSON.stringify(m));
    expect(readGridaFile(zipSync(entries))).toEqual(doc);
  });

  it('2 → 3: older files name their dot blob as 17-byte server dots', () => {
    const m = migrateManifest({ format: GRIDA_FORMAT, version: 2, board: {}, pdfs: [], pages: [] });
    expect(m).toMatchObject({ version: 3, dotsLayout: 'server17' });
  });

  it('leaves a current manifest as it is', () => {
    const m = { format: GRIDA_FORMAT, version: GRIDA_VERSION, board: {}, pages: [] };
    expect(migrateManifest(m)).toBe(m);
  });

  it('refuses other formats and bad versions', () => {
    expect(() => migrateManifest({ format: 'x', version: 1 })).toThrow(/manifest/);
    expect(() => migrateManifest({ format: GRIDA_FORMAT, version: 0 })).toThrow(/version/);
    expect(() => migrateManifest({ format: GRIDA_FORMAT, version: GRIDA_VERSION + 1 })).toThrow(/newer/);
  });
});
