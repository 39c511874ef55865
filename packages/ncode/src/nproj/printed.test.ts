import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nprojEqual } from './equal';
import { createPrintedNproj, newNprojGuid, type PrintedNprojInput, writePrintedNproj } from './printed';
import { parseNproj } from './read';
import type { NprojHomography } from './types';
import { parseXmlElements } from './xml';

/** A deterministic byte source: 0, 1, 2, … */
function counterBytes(): (n: number) => Uint8Array {
  let next = 0;
  return (n) => Uint8Array.from({ length: n }, () => next++ & 0xff);
}

/** A deterministic pseudo-random byte source (a 32-bit LCG). */
function lcgBytes(seed: number): (n: number) => Uint8Array {
  let state = seed >>> 0;
  return (n) =>
    Uint8Array.from({ length: n }, () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state >>> 24;
    });
}

// GRIDA plain-paper A4 print map (fact sheet §5.5).
const H: NprojHomography = [7.27536, 0, 0, 0, 7.27619, -10.2344, 0, 0, 1];

const INPUT: PrintedNprojInput = {
  title: 'Lecture <1> & "notes"',
  section: 3,
  owner: 27,
  book: 1068,
  startPage: 1,
  pdfPath: 'lecture.pdf',
  pages: [
    { widthPt: 595.28, heightPt: 841.89, homography: H },
    {
      widthPt: 841.89,
      heightPt: 595.28,
      homography: H,
      cropMargin: { left: 1, right: 2, top: 3, bottom: 4 },
    },
  ],
  symbols: [{ page: 1, xPt: 10, yPt: -0.5, widthPt: 30, heightPt: 20, param: 'pen' }],
};

describe('newNprojGuid', () => {
  it('makes a braced lower-case version-4 GUID from the injected bytes', () => {
    expect(newNprojGuid(() => new Uint8Array(16).fill(0xff))).toBe('{ffffffff-ffff-4fff-bfff-ffffffffffff}');
    expect(newNprojGuid(counterBytes())).toBe('{00010203-0405-4607-8809-0a0b0c0d0e0f}');
    expect(() => newNprojGuid(() => new Uint8Array(4))).toThrow();
  });

  it('always matches the GUID form', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
        expect(newNprojGuid(() => bytes)).toMatch(
          /^\{[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\}$/,
        );
      }),
    );
  });
});

describe('createPrintedNproj / writePrintedNproj', () => {
  const xml = writePrintedNproj(INPUT, counterBytes());
  const root = parseXmlElements(xml)[0]!;
  const names = (el: typeof root) =>
    el.children.flatMap((c) => (typeof c !== 'string' && 'name' in c ? [c.name] : []));

  it('writes version 2.31 / simple with the §3.4 element order', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE nproj>\n<nproj version="2.31" category="simple">',
      ),
    ).toBe(true);
    expect(names(root)).toEqual([
      'preset',
      'book',
      'ticket',
      'pdf',
      'config',
      'pages',
      'action_table',
      'symbols',
      'resources',
    ]);
    const book = root.children.find((c) => typeof c !== 'string' && 'name' in c && c.name === 'book');
    expect(names(book as typeof root)).toEqual([
      'title',
      'author',
      'section',
      'owner',
      'code',
      'revision',
      'scale',
      'start_page',
      'dot_is_line_segment',
      'line_segment_length',
      'target_dpi',
      'dotsize',
      'segment_info',
      'extra_info',
      'kind',
    ]);
  });

  it('writes the fixed values and the per-page box, crop margin and homography', () => {
    expect(xml).toContain('<pattern>PDS3</pattern>');
    expect(xml).toContain('<title>Lecture &lt;1&gt; &amp; &quot;notes&quot;</title>');
    expect(xml).toContain('<revision>15</revision>');
    expect(xml).toContain('<scale>0.001</scale>');
    expect(xml).toContain('<target_dpi>600</target_dpi>');
    expect(xml).toContain(
      '<segment_info sub_code="" total_size="2" size="2" current_sequence="0" ncode_start_page="1" ncode_end_page="2"/>',
    );
    expect(xml).toContain('<resource_mapping_mode>NORMAL</resource_mapping_mode>');
    expect(xml).toContain('<pages count="2">');
    expect(xml).toContain(
      '<page_item number="1" rotate_angle="0" x1="0" y1="0" x2="841.89" y2="595.28" crop_margin="1,2,3,4" bg_disabled="false" page_type="0" homography="7.27536,0,0,0,7.27619,-10.2344,0,0,1"/>',
    );
    expect(xml).toContain(
      '<symbol page="1" page_name="002" type="Rectangle" x="10" y="-0.5" width="30" height="20" lock="1" xylock="0">',
    );
    expect(xml).toContain('<id>{00010203-0405-4607-8809-0a0b0c0d0e0f}</id>');
    expect(xml).toContain('<command name="" action="Custom" param="pen"/>');
    expect(xml.match(/<language resource_country="(\w+)"/g)).toEqual([
      '<language resource_country="korean"',
      '<language resource_country="english"',
      '<language resource_country="chinese"',
      '<language resource_country="japanese"',
    ]);
    expect(xml).toContain('<matching_symbols previous="" next=""/>');
    expect(xml).toContain('<resources/>');
  });

  it('reads back to the same document, homography included', () => {
    const doc = createPrintedNproj(INPUT, counterBytes());
    const back = parseNproj(writePrintedNproj(INPUT, counterBytes()));
    expect(nprojEqual(doc, back)).toBe(true);
    expect(back.pages.items[0]!.homography).toEqual(H);
    expect(back.book).toMatchObject({ section: 3, owner: 27, code: 1068, startPage: 1, title: INPUT.title });
  });

  it('gives every symbol a different GUID', () => {
    const many = createPrintedNproj(
      { ...INPUT, symbols: Array.from({ length: 20 }, (_, i) => ({ ...INPUT.symbols![0]!, xPt: i })) },
      lcgBytes(7),
    );
    expect(new Set(many.symbols.map((s) => s.id)).size).toBe(20);
  });
});
