import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nprojFileNames, readNcodeText } from '../../../test-support/shared';
import { pageAddress } from './address';
import { createPrintedNproj, type NprojDocument, type PrintedNprojSymbol, parseNproj } from './nproj/index';
import {
  controlSymbolContains,
  createPuiRegistry,
  GRIDA_PUI_FILE_ORDER,
  isDroppedPuiPage,
  isPuiGatePage,
  puiControllerCommandAt,
  puiControllerFromNproj,
  toControlSymbol,
} from './pui';

const docs = new Map<string, NprojDocument>(
  nprojFileNames().map((f) => [f.replace(/\.nproj$/, ''), parseNproj(readNcodeText('nproj', f))]),
);
const byName = (name: string) => docs.get(name)!;
const grida = createPuiRegistry(GRIDA_PUI_FILE_ORDER.map(byName));
const bytes = (n: number) => new Uint8Array(n);

/** A one-page controller on 3.{owner}.{book} with the given symbols. */
function sheet(symbols: PrintedNprojSymbol[], owner = 1013, book = 1116): NprojDocument {
  return createPrintedNproj(
    {
      section: 3,
      owner,
      book,
      startPage: 1,
      pdfPath: 'test.pdf',
      pages: [{ widthPt: 600, heightPt: 800, homography: [6.72, 0, 0, 0, 6.72, 0, 0, 0, 1] }],
      symbols,
    },
    bytes,
  );
}
const box = (xPt: number, yPt: number, param: string, size = 72): PrintedNprojSymbol => ({
  page: 0,
  xPt,
  yPt,
  widthPt: size,
  heightPt: size,
  param,
});

describe('GridaBoard controller sheet hits (fact sheet §7 example)', () => {
  const page = pageAddress(3, 1013, 1116, 1);

  it.each([
    [13, 22, 'strokesize_1'],
    [12, 31, 'pen'],
    [16, 42, '#FFE5E5E5'],
    [57, 22, 'strokesize_1'],
    [50, 50, undefined],
  ])('(%d, %d) nu → %s', (x, y, command) => {
    expect(grida.commandAt(page, x, y)).toBe(command);
  });

  it('does not compare the section', () => {
    expect(grida.commandAt(pageAddress(0, 1013, 1116, 1), 13, 22)).toBe('strokesize_1');
  });

  it('answers nothing outside start_page ≤ page < start_page + pages@count', () => {
    expect(grida.commandAt(pageAddress(3, 1013, 1116, 0), 13, 22)).toBeUndefined();
    expect(grida.commandAt(pageAddress(3, 1013, 1116, 2), 13, 22)).toBeUndefined();
  });
});

describe('controller precedence', () => {
  // Page 0 symbol at (227.509, 99.4857) pt: SmartClassKit says erase_all, note_3_1013_1 erase_brush.
  const at = (name: string) =>
    byName(name).symbols.find((s) => s.page === 0 && s.x === 227.509 && s.y === 99.4857)!;

  it('consults note_3_1013_1 before SmartClassKit_Controller', () => {
    const note = at('note_3_1013_1');
    const kit = at('SmartClassKit_Controller');
    expect(note.command.param).toBe('erase_brush');
    expect(kit.command.param).toBe('erase_all');
    const xPt = (Math.max(note.x, kit.x) + Math.min(note.x + note.width, kit.x + kit.width)) / 2;
    const yPt = (Math.max(note.y, kit.y) + Math.min(note.y + note.height, kit.y + kit.height)) / 2;
    const xNu = xPt / 6.72;
    const yNu = yPt / 6.72;
    const page = pageAddress(3, 1013, 1, 1);
    expect(grida.commandAt(page, xNu, yNu)).toBe('erase_brush');
    const reversed = createPuiRegistry([byName('SmartClassKit_Controller'), byName('note_3_1013_1')]);
    expect(reversed.commandAt(page, xNu, yNu)).toBe('erase_all');
  });

  it('falls through to the next controller when the first has no hit or an empty command', () => {
    const page = pageAddress(3, 1013, 1116, 1);
    const empty = sheet([box(504, 504, '')]);
    const miss = sheet([box(0, 0, 'pen')]);
    const hit = sheet([box(504, 504, 'highlighter')]);
    expect(createPuiRegistry([miss, empty, hit]).commandAt(page, 80, 80)).toBe('highlighter');
    expect(createPuiRegistry([hit, sheet([box(504, 504, 'pen')])]).commandAt(page, 80, 80)).toBe(
      'highlighter',
    );
    expect(createPuiRegistry([miss, empty]).commandAt(page, 80, 80)).toBeUndefined();
  });

  it('trusts pages@count over the number of page items (note_1096 style)', () => {
    const base = sheet([{ ...box(504, 504, 'next'), page: 2 }]);
    const doc = { ...base, pages: { ...base.pages, count: 3 } };
    expect(doc.pages.items).toHaveLength(1);
    const reg = createPuiRegistry([doc]);
    expect(reg.commandAt(pageAddress(3, 1013, 1116, 3), 80, 80)).toBe('next');
    expect(reg.commandAt(pageAddress(3, 1013, 1116, 4), 80, 80)).toBeUndefined();
  });

  it('tries symbols in ascending y·10000 + x, whatever the file order', () => {
    const page = pageAddress(3, 1013, 1116, 1);
    const reg = createPuiRegistry([
      sheet([box(510, 510, 'later'), box(520, 500, 'upper'), box(500, 510, 'left')]),
    ]);
    expect(reg.commandAt(page, 80, 80)).toBe('upper');
    const sameRow = createPuiRegistry([sheet([box(510, 500, 'right'), box(500, 500, 'left')])]);
    expect(sameRow.commandAt(page, 80, 80)).toBe('left');
  });
});

describe('strict-inside hit test', () => {
  // 75 nu = 7 in = 504 pt exactly; the box spans 504–576 pt = 75–85.714 nu.
  const symbol = toControlSymbol(sheet([box(504, 504, 'pen')]).symbols[0]!);

  it('excludes the edges', () => {
    expect(controlSymbolContains(symbol, 75, 80)).toBe(false);
    expect(controlSymbolContains(symbol, 80, 75)).toBe(false);
    expect(controlSymbolContains(symbol, 75.01, 75.01)).toBe(true);
    expect(controlSymbolContains(symbol, (576 * 600) / (72 * 56), 80)).toBe(false);
  });

  it('agrees with the pt box for any point', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        (x, y) => {
          const xIn = (x * 56) / 600;
          const yIn = (y * 56) / 600;
          const inside = 7 < xIn && xIn < 8 && 7 < yIn && yIn < 8;
          expect(controlSymbolContains(symbol, x, y)).toBe(inside);
        },
      ),
    );
  });
});

describe('gate and dropped page', () => {
  it('accepts (owner 27, book 161, page 1) and (owner 1013, book 1 or 1116), any section', () => {
    for (const [s, o, b, p] of [
      [3, 27, 161, 1],
      [0, 27, 161, 1],
      [3, 1013, 1, 1],
      [3, 1013, 1, 21],
      [3, 1013, 1116, 7],
      [5, 1013, 1116, 1],
    ] as const) {
      expect(grida.isControlPage(pageAddress(s, o, b, p))).toBe(true);
      expect(isPuiGatePage(pageAddress(s, o, b, p))).toBe(true);
    }
    for (const [s, o, b, p] of [
      [3, 27, 161, 2],
      [3, 27, 1096, 1],
      [3, 1013, 2, 1],
      [3, 27, 1068, 1],
      [3, 1012, 1, 1],
    ] as const) {
      expect(grida.isControlPage(pageAddress(s, o, b, p))).toBe(false);
    }
  });

  it('drops 3.1013.1.15 only', () => {
    expect(grida.isDroppedPage(pageAddress(3, 1013, 1, 15))).toBe(true);
    expect(grida.isControlPage(pageAddress(3, 1013, 1, 15))).toBe(true);
    expect(isDroppedPuiPage(pageAddress(3, 1013, 1, 14))).toBe(false);
    expect(isDroppedPuiPage(pageAddress(0, 1013, 1, 15))).toBe(false);
  });

  it('gives no command on the dropped page even where a symbol is', () => {
    const note = puiControllerFromNproj(byName('note_3_1013_1'));
    const s = note.symbolsByPage.get(14)![0]!;
    const xNu = (s.xPt + s.widthPt / 2) / 6.72;
    const yNu = (s.yPt + s.heightPt / 2) / 6.72;
    const dropped = pageAddress(3, 1013, 1, 15);
    expect(puiControllerCommandAt(note, dropped, xNu, yNu)).toBe(s.command);
    expect(grida.commandAt(dropped, xNu, yNu)).toBeUndefined();
  });

  it('gives no command outside the gate, even for a loaded controller (note_1096)', () => {
    const reg = createPuiRegistry([byName('note_1096')]);
    const s = byName('note_1096').symbols[0]!;
    const page = pageAddress(3, 27, 1096, 1);
    expect(reg.isControlPage(page)).toBe(false);
    expect(reg.commandAt(page, (s.x + s.width / 2) / 6.72, (s.y + s.height / 2) / 6.72)).toBeUndefined();
  });

  it('hits papertube on 3.27.161.1', () => {
    const s = byName('papertube_controller_171117').symbols[0]!;
    expect(grida.commandAt(pageAddress(3, 27, 161, 1), (s.x + 15) / 6.72, (s.y + 15) / 6.72)).toBe('record');
  });
});

describe('control symbols', () => {
  it('exposes exactly isControlPage, isDroppedPage and commandAt', () => {
    expect(Object.keys(grida).sort()).toEqual(['commandAt', 'isControlPage', 'isDroppedPage']);
  });

  it('accepts Rectangle and Ellipse, rejects other types with the spec message', () => {
    const ellipse = byName('note_3_1013_1').symbols.find((s) => s.type === 'Ellipse')!;
    expect(toControlSymbol(ellipse)).toMatchObject({ type: 'Ellipse', command: ellipse.command.param });
    const base = sheet([box(0, 0, 'pen')]);
    for (const type of ['Triangle', 'Custom', 'rectangle']) {
      const doc = { ...base, symbols: [{ ...base.symbols[0]!, type }] };
      expect(() => toControlSymbol(doc.symbols[0]!)).toThrow(
        new Error('symbol type is not Rectangle nor Ellipse'),
      );
      expect(() => createPuiRegistry([doc])).toThrow('symbol type is not Rectangle nor Ellipse');
    }
  });

  it('builds registries from all five real files', () => {
    expect(() => createPuiRegistry([...docs.values()])).not.toThrow();
  });
});
