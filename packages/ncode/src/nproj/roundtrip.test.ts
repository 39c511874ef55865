import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nprojFileNames, readNcodeText } from '../../../../test-support/shared';
import { nprojEqual } from './equal';
import { parseNproj } from './read';
import type {
  NprojCropMargin,
  NprojDocument,
  NprojExtras,
  NprojHomography,
  NprojResource,
  NprojSymbol,
} from './types';
import { writeNproj } from './write';
import type { XmlElement } from './xml';

describe('round trip of the 5 real files', () => {
  it.each(nprojFileNames())('%s: parse → write → parse gives an equal document', (file) => {
    const first = parseNproj(readNcodeText('nproj', file));
    const text = writeNproj(first);
    const second = parseNproj(text);
    if (!nprojEqual(first, second)) expect(second).toEqual(first);
    expect(nprojEqual(first, second)).toBe(true);
    // A second cycle is byte-stable.
    expect(writeNproj(second)).toBe(text);
  });

  it.each(nprojFileNames())('%s: is written as the original, up to white space between tags', (file) => {
    const original = readNcodeText('nproj', file);
    const written = writeNproj(parseNproj(original));
    const squash = (s: string) => s.replace(/>\s*(?:<!\[CDATA\[\s*\]\]>)?\s*</g, '><').trim();
    expect(squash(written)).toBe(squash(original));
  });
});

// ---- Arbitrary documents -------------------------------------------------------------------

const LEGAL = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
/** Any string XML 1.0 can carry (attribute values keep every character). */
const xmlString = fc
  .oneof(
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.constantFrom('', '&', '<>"\'', 'Q&A', ']]>', ' a\tb\r\nc '),
  )
  .filter((s) => LEGAL.test(s));
/** Element text is trimmed by the reader, so generated text is already trimmed. */
const textString = xmlString.map((s) => s.trim());
const num = fc.double({ noNaN: true, noDefaultInfinity: true });
const int = fc.integer({ min: -1, max: 100_000 });
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const extraName = fc.stringMatching(/^x_[a-z0-9_]{0,6}$/);

const rawElement: fc.Arbitrary<XmlElement> = fc.letrec<{ el: XmlElement }>((tie) => ({
  el: fc.record({
    name: extraName,
    attributes: fc.dictionary(extraName, xmlString, { maxKeys: 2 }),
    children: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant([]),
      textString.filter((s) => s !== '').map((s) => [s]),
      fc.array(tie('el'), { maxLength: 2 }),
    ),
  }),
})).el;

const extrasArb: fc.Arbitrary<NprojExtras | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  fc.dictionary(extraName, xmlString, { minKeys: 1, maxKeys: 2 }).map((attributes) => ({ attributes })),
  fc.array(rawElement, { minLength: 1, maxLength: 2 }).map((elements) => ({ elements })),
);

const cropMargin: fc.Arbitrary<NprojCropMargin> = fc.record({ left: num, right: num, top: num, bottom: num });
const homography = fc.tuple(num, num, num, num, num, num, num, num, num) as fc.Arbitrary<NprojHomography>;

const symbolArb: fc.Arbitrary<NprojSymbol> = fc.record({
  page: int,
  pageName: xmlString,
  type: fc.oneof(fc.constantFrom('Rectangle', 'Ellipse', 'Triangle', 'Custom'), xmlString),
  x: num,
  y: num,
  width: num,
  height: num,
  lock: int,
  xylock: opt(int),
  resourceType: opt(xmlString),
  resourceId: opt(xmlString),
  name: textString,
  id: textString,
  command: fc.record({ name: xmlString, action: xmlString, param: xmlString, extras: extrasArb }),
  languageResources: fc.array(
    fc.record({ country: xmlString, resourceType: xmlString, resourceId: xmlString, extras: extrasArb }),
    { maxLength: 4 },
  ),
  matchingSymbols: fc.record({ previous: xmlString, next: xmlString, extras: extrasArb }),
  customShapePoints: opt(fc.array(num, { maxLength: 6 })),
  extras: extrasArb,
});

const resourceArb: fc.Arbitrary<NprojResource> = fc.letrec<{ r: NprojResource }>((tie) => ({
  r: fc.record({
    type: xmlString,
    editable: xmlString,
    removable: xmlString,
    refCount: int,
    name: textString,
    id: textString,
    path: textString,
    pathType: opt(xmlString),
    file: textString,
    children: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant([]),
      fc.array(tie('r'), { maxLength: 2 }),
    ),
    extras: extrasArb,
  }),
})).r;

const media = fc.record({ set: fc.boolean(), filter: xmlString, extras: extrasArb });

const documentArb: fc.Arbitrary<NprojDocument> = fc.record({
  version: xmlString,
  category: xmlString,
  preset: fc.record({
    pattern: textString,
    sound: media,
    video: media,
    image: media,
    resCount: num,
    defaultResLang: textString,
    exportScript: textString,
    ncp: fc.boolean(),
    relationLink: fc.boolean(),
    dummy: fc.boolean(),
    manualAction: fc.boolean(),
    symbolSetting: fc.record({
      align: num,
      bgcolor: xmlString,
      bgalpha: num,
      outlineAlpha: opt(num),
      textcolor: xmlString,
      textsize: num,
      texton: num,
      extras: extrasArb,
    }),
    margin: fc.record({ left: num, top: num, right: num, bottom: num, extras: extrasArb }),
    extras: extrasArb,
  }),
  book: fc.record({
    title: textString,
    author: textString,
    section: int,
    owner: int,
    code: int,
    revision: num,
    scale: num,
    startPage: int,
    startPageSide: opt(xmlString),
    dotIsLineSegment: fc.boolean(),
    lineSegmentLength: num,
    targetDpi: num,
    dotsize: num,
    segmentInfo: fc.record({
      subCode: xmlString,
      totalSize: int,
      size: int,
      currentSequence: int,
      ncodeStartPage: int,
      ncodeEndPage: int,
      extras: extrasArb,
    }),
    extraInfo: textString,
    kind: num,
    extras: extrasArb,
  }),
  ticket: fc.record({
    section: opt(int),
    ownerStart: opt(int),
    ownerEnd: opt(int),
    bookStart: opt(int),
    bookEnd: opt(int),
    pageStart: opt(int),
    pageEnd: opt(int),
    name: opt(xmlString),
    path: textString,
    pathLocation: opt(xmlString),
    extras: extrasArb,
  }),
  pdfPaths: fc.array(textString, { maxLength: 3 }),
  config: fc.record({
    resourceMappingMode: textString,
    exportConf: opt(
      fc.record({
        paramsForNcode: opt(
          fc.record({
            outputType: xmlString,
            pdfX1a: fc.boolean(),
            isPrintingNcodeInBold: fc.boolean(),
            ncodeFillOption: num,
            printMappingValue: fc.boolean(),
            extras: extrasArb,
          }),
        ),
        paramsForApp: opt(
          fc.record({
            outputResolutionWidth: num,
            outputResolutionHeight: num,
            outputQuality: num,
            partialExport: fc.boolean(),
            includeMp3: fc.boolean(),
            includePagesImage: fc.boolean(),
            includePDF: fc.boolean(),
            includeNPROJ: fc.boolean(),
            includeThumb: fc.boolean(),
            partialItemSize: num,
            namingFormat: xmlString,
            packageId: xmlString,
            targetDevice: xmlString,
            extras: extrasArb,
          }),
        ),
        extras: extrasArb,
      }),
    ),
    extras: extrasArb,
  }),
  pages: fc.record({
    count: int,
    items: fc.array(
      fc.record({
        number: int,
        rotateAngle: fc.constantFrom(0, 90, 180, 270),
        x1: num,
        y1: num,
        x2: num,
        y2: num,
        cropMargin,
        bgDisabled: fc.boolean(),
        pageType: int,
        homography: opt(homography),
        extras: extrasArb,
      }),
      { maxLength: 3 },
    ),
    extras: extrasArb,
  }),
  actionTable: fc.array(textString, { maxLength: 3 }),
  symbols: fc.array(symbolArb, { maxLength: 3 }),
  symbolNames: opt(textString),
  resources: fc.array(resourceArb, { maxLength: 2 }),
  palette: opt(
    fc.record({
      name: fc.constant('palette'),
      attributes: fc.dictionary(extraName, xmlString, { maxKeys: 2 }),
      children: fc.array(rawElement, { maxLength: 2 }),
    }),
  ),
  extras: extrasArb,
});

describe('round trip of generated documents', () => {
  it('write → parse gives an equal document', () => {
    fc.assert(
      fc.property(documentArb, (d) => {
        const back = parseNproj(writeNproj(d));
        if (!nprojEqual(d, back)) expect(back).toEqual(d);
      }),
      { numRuns: 150 },
    );
  });

  it('nprojEqual tells documents apart', () => {
    fc.assert(
      fc.property(documentArb, textString, (d, title) => {
        fc.pre(title !== d.book.title);
        expect(nprojEqual(d, { ...d, book: { ...d.book, title } })).toBe(false);
        expect(nprojEqual(d, { ...d })).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});
