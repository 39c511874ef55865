import { describe, expect, it } from 'vitest';
import { nprojFileNames, readNcodeText } from '../../../../test-support/shared';
import { parseNproj } from './read';
import type { NprojDocument } from './types';

const docs = new Map<string, NprojDocument>(
  nprojFileNames().map((f) => [f.replace(/\.nproj$/, ''), parseNproj(readNcodeText('nproj', f))]),
);
function doc(name: string): NprojDocument {
  const d = docs.get(name);
  if (d === undefined) throw new Error(`missing ${name}`);
  return d;
}
const params = (d: NprojDocument) => new Set(d.symbols.map((s) => s.command.param));

// Fact sheet §3.2 / §10, per file.
const ORACLE = {
  '3_1013_1116_Grida': { v: '2.31/simple', sob: '3.1013.1116', count: 1, items: 1, symbols: 100, params: 25 },
  SmartClassKit_Controller: {
    v: '2.30/custom',
    sob: '3.1013.1',
    count: 4,
    items: 4,
    symbols: 170,
    params: 35,
  },
  note_1096: { v: '2.31/simple', sob: '3.27.1096', count: 10, items: 1, symbols: 1, params: 1 },
  note_3_1013_1: { v: '2.31/simple', sob: '3.1013.1', count: 21, items: 21, symbols: 349, params: 97 },
  papertube_controller_171117: {
    v: '2.30/custom',
    sob: '3.27.161',
    count: 1,
    items: 1,
    symbols: 168,
    params: 28,
  },
} as const;

describe('parseNproj on the 5 real files', () => {
  it('reads all five', () => {
    expect([...docs.keys()].sort()).toEqual(Object.keys(ORACLE).sort());
  });

  it.each(Object.entries(ORACLE))('%s matches the inventory', (name, o) => {
    const d = doc(name);
    expect(`${d.version}/${d.category}`).toBe(o.v);
    expect(`${d.book.section}.${d.book.owner}.${d.book.code}`).toBe(o.sob);
    expect(d.book.startPage).toBe(1);
    expect(d.pages.count).toBe(o.count);
    expect(d.pages.items).toHaveLength(o.items);
    expect(d.symbols).toHaveLength(o.symbols);
    expect(params(d).size).toBe(o.params);
  });

  it('counts 788 symbols, 2,814 language elements and 98 distinct params in all', () => {
    const all = [...docs.values()];
    expect(all.reduce((n, d) => n + d.symbols.length, 0)).toBe(788);
    expect(all.reduce((n, d) => n + d.symbols.reduce((m, s) => m + s.languageResources.length, 0), 0)).toBe(
      2814,
    );
    expect(new Set(all.flatMap((d) => [...params(d)])).size).toBe(98);
  });

  it('finds the 12 Ellipses only in note_3_1013_1; all other symbols are Rectangles', () => {
    for (const [name, d] of docs) {
      const ellipses = d.symbols.filter((s) => s.type === 'Ellipse').length;
      expect(ellipses).toBe(name === 'note_3_1013_1' ? 12 : 0);
      expect(d.symbols.filter((s) => s.type === 'Rectangle').length).toBe(d.symbols.length - ellipses);
    }
  });

  it('has page_name == page + 1 everywhere', () => {
    for (const d of docs.values()) {
      for (const s of d.symbols) {
        expect(s.pageName).toBe(String(s.page + 1).padStart(3, '0'));
      }
    }
  });

  it("has each of the Grida controller's 25 params exactly 4 times", () => {
    const counts = new Map<string, number>();
    for (const s of doc('3_1013_1116_Grida').symbols) {
      counts.set(s.command.param, (counts.get(s.command.param) ?? 0) + 1);
    }
    expect(counts.size).toBe(25);
    expect([...counts.values()].every((n) => n === 4)).toBe(true);
  });

  it('reads the book, preset and ticket of the Grida controller', () => {
    const d = doc('3_1013_1116_Grida');
    expect(d.book).toMatchObject({
      title: '',
      author: '',
      revision: 7,
      scale: 0.001,
      startPageSide: '',
      dotIsLineSegment: false,
      lineSegmentLength: 1,
      targetDpi: 600,
      dotsize: 1,
      extraInfo: '',
      kind: 0,
      segmentInfo: {
        subCode: '',
        totalSize: 1,
        size: 1,
        currentSequence: 0,
        ncodeStartPage: 1,
        ncodeEndPage: 1,
      },
    });
    expect(d.preset.pattern).toBe('PDS3');
    expect(d.preset.video).toEqual({ set: true, filter: '*.wmv,*.avi' });
    expect(d.preset.symbolSetting.outlineAlpha).toBe(70);
    expect(d.preset.resCount).toBe(4);
    expect(d.ticket).toEqual({ path: '' });
    expect(d.pdfPaths).toEqual(['3_1013_1116_Grida.pdf']);
    expect(d.config).toEqual({ resourceMappingMode: 'NORMAL' });
    expect(d.pages.items[0]).toEqual({
      number: 0,
      rotateAngle: 0,
      x1: 0,
      y1: 0,
      x2: 666.283,
      y2: 912.898,
      cropMargin: { left: 35.5039, right: 35.503, top: 35.504, bottom: 35.5039 },
      bgDisabled: false,
      pageType: 0,
    });
    expect(d.symbols[0]).toEqual({
      page: 0,
      pageName: '001',
      type: 'Rectangle',
      x: 78.3807,
      y: 135.495,
      width: 27.494,
      height: 26.2788,
      lock: 1,
      xylock: 0,
      name: '',
      id: '{526ebe84-f83e-49ac-b459-3b85b5bf37c6}',
      command: { name: '', action: 'Custom', param: 'strokesize_1' },
      languageResources: ['korean', 'english', 'chinese', 'japanese'].map((country) => ({
        country,
        resourceType: '',
        resourceId: '',
      })),
      matchingSymbols: { previous: '', next: '' },
    });
    expect(d.symbolNames).toBeUndefined();
    expect(d.palette).toBeUndefined();
    expect(d.extras).toBeUndefined();
  });

  it('decodes entities in the action table', () => {
    const table = doc('3_1013_1116_Grida').actionTable;
    expect(table).toHaveLength(36);
    expect(table).toContain('StartRecord >>TmpFile');
    expect(table).toContain('Q&A');
    expect(doc('note_3_1013_1').actionTable).toHaveLength(38);
    expect(doc('papertube_controller_171117').actionTable).toEqual([]);
  });

  it('reads the 2.30 custom-file parts (papertube)', () => {
    const d = doc('papertube_controller_171117');
    expect(d.book.targetDpi).toBe(1200);
    expect(d.book.startPageSide).toBeUndefined();
    expect(d.book.dotIsLineSegment).toBe(true);
    expect(d.preset.symbolSetting.outlineAlpha).toBeUndefined();
    expect(d.preset.symbolSetting.bgcolor).toBe('#00FF00');
    expect(d.ticket).toEqual({
      section: -1,
      ownerStart: 0,
      ownerEnd: -1,
      bookStart: 0,
      bookEnd: -1,
      pageStart: 0,
      pageEnd: -1,
      name: '',
      path: '',
      pathLocation: 'local',
    });
    expect(d.config.exportConf?.paramsForNcode).toEqual({
      outputType: 'PDF5',
      pdfX1a: false,
      isPrintingNcodeInBold: false,
      ncodeFillOption: 1,
      printMappingValue: false,
    });
    expect(d.config.exportConf?.paramsForApp).toMatchObject({
      outputResolutionWidth: 1280,
      partialExport: true,
      includeNPROJ: false,
      namingFormat: 'papertube_controller_171117{N1,1}',
      targetDevice: 'None',
    });
    const s = d.symbols[0]!;
    expect(s.xylock).toBeUndefined();
    expect(s.resourceType).toBe('');
    expect(s.resourceId).toBe('');
    expect(s.languageResources.map((l) => l.country)).toEqual(['english', 'chinese', 'japanese']);
    expect(d.symbolNames).toBe('');
    expect(d.palette).toEqual({ name: 'palette', attributes: {}, children: [] });
    expect(d.resources).toHaveLength(1);
    expect(d.resources[0]).toMatchObject({
      type: 'Folder',
      editable: 'yes',
      removable: 'yes',
      refCount: 0,
      name: 'Resources',
      id: '{5e400f31-9acd-4c43-b004-2cb47748ec66}',
      path: '',
      pathType: 'package',
      file: '',
    });
    expect(d.resources[0]!.children).toHaveLength(1);
    expect(d.resources[0]!.children[0]!.pathType).toBeUndefined();
  });

  it('reads SmartClassKit: trimmed whitespace title, margins, ticket path, per-page symbols', () => {
    const d = doc('SmartClassKit_Controller');
    expect(d.book.title).toBe('');
    expect(d.book.extraInfo).toBe('pdf_page_count=4');
    expect(d.preset.margin).toEqual({ left: 11.642, top: 11.642, right: 11.642, bottom: 11.642 });
    expect(d.ticket.name).toBe('Ticket_Neolab_3S_1013O_1B_512S');
    expect(d.ticket.pageEnd).toBe(512);
    expect(d.ticket.path).toBe(
      'D:/191004_Smart Class Kit/3_1013_1_SmartClassKit_Controller(200422)\\Ticket_Neolab_3S_1013O_1B_512S.nkey',
    );
    const perPage = [0, 1, 2, 3].map((p) => d.symbols.filter((s) => s.page === p).length);
    expect(perPage).toEqual([19, 17, 102, 32]);
  });

  it('reads note_1096 (count 10 > 1 page item) and note_3_1013_1 (newline names, negative y)', () => {
    const n1096 = doc('note_1096');
    expect(n1096.pages.items[0]).toMatchObject({ x2: 3798, y2: 2421 });
    expect(n1096.symbols[0]!.command).toEqual({ name: '', action: 'None', param: 'next' });
    const note = doc('note_3_1013_1');
    expect(note.symbols.every((s) => s.name === '')).toBe(true);
    expect(note.symbols.some((s) => s.y < 0)).toBe(true);
    expect(new Set(note.symbols.map((s) => s.command.action))).toEqual(
      new Set(['Custom', 'color', 'thickness']),
    );
  });
});

describe('parseNproj tolerance and errors', () => {
  const minimal = (book: string, rest = '') =>
    `<?xml version="1.0"?>\n<!DOCTYPE nproj>\n<nproj version="2.31" category="simple"><book>${book}</book>${rest}</nproj>`;
  const BOOK = '<section>3</section><owner>27</owner><code>1068</code><start_page>5</start_page>';

  it('fills defaults for missing parts', () => {
    const d = parseNproj(minimal(BOOK));
    expect(d.book.startPage).toBe(5);
    expect(d.book.targetDpi).toBe(600);
    expect(d.book.scale).toBe(0.001);
    expect(d.preset.pattern).toBe('PDS3');
    expect(d.pages).toEqual({ count: 0, items: [] });
    expect(d.symbols).toEqual([]);
    expect(d.actionTable).toEqual([]);
    expect(d.config.resourceMappingMode).toBe('NORMAL');
  });

  it('reads Triangle and Custom symbols with custom shape points', () => {
    const d = parseNproj(
      minimal(
        BOOK,
        `<symbols><symbol page="0" page_name="001" type="Triangle" x="1" y="-2.5" width="3" height="4" lock="1"/>
         <symbol page="0" type="Custom" x="1" y="2" width="3" height="4"><customshape><points>0,0, 1,0.5 ,0,1</points></customshape></symbol></symbols>`,
      ),
    );
    expect(d.symbols.map((s) => s.type)).toEqual(['Triangle', 'Custom']);
    expect(d.symbols[0]!.y).toBe(-2.5);
    expect(d.symbols[1]!.customShapePoints).toEqual([0, 0, 1, 0.5, 0, 1]);
  });

  it('keeps unknown elements and attributes as extras', () => {
    const d = parseNproj(
      minimal(
        `${BOOK}<future a="1">x</future>`,
        '<pages count="1" z="q"><page_item number="0" new_attr="v"/></pages><extension><item k="&amp;"/></extension>',
      ),
    );
    expect(d.book.extras).toEqual({
      elements: [{ name: 'future', attributes: { a: '1' }, children: ['x'] }],
    });
    expect(d.pages.extras).toEqual({ attributes: { z: 'q' } });
    expect(d.pages.items[0]!.extras).toEqual({ attributes: { new_attr: 'v' } });
    expect(d.extras?.elements?.[0]).toEqual({
      name: 'extension',
      attributes: {},
      children: [{ name: 'item', attributes: { k: '&' }, children: [] }],
    });
  });

  it('rejects a file without an nproj root or without a book code', () => {
    expect(() => parseNproj('<other/>')).toThrow('nproj: no <nproj> root element');
    expect(() =>
      parseNproj(minimal('<section>3</section><owner>1</owner><start_page>1</start_page>')),
    ).toThrow('nproj: book/code is missing');
  });

  it('rejects non-numbers in number fields and bad crop margins', () => {
    expect(() => parseNproj(minimal(BOOK, '<pages count="x"/>'))).toThrow('pages@count is not a number');
    expect(() => parseNproj(minimal(BOOK, '<pages><page_item crop_margin="1,2,3"/></pages>'))).toThrow(
      'crop_margin needs 4 numbers',
    );
  });
});
