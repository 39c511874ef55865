import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeXmlEntities,
  escapeXmlAttribute,
  escapeXmlText,
  formatXmlNumber,
  parseXmlElements,
  serializeXmlElement,
} from './xml';

const LEGAL = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
const xmlString = fc.string({ unit: 'binary' }).filter((s) => LEGAL.test(s));

function roundTripAttribute(value: string): string | undefined {
  return parseXmlElements(`<a v="${escapeXmlAttribute(value)}"/>`)[0]?.attributes.v;
}

function roundTripText(value: string): string | undefined {
  const el = parseXmlElements(`<a>${escapeXmlText(value)}</a>`)[0];
  return el?.children.join('');
}

describe('XML escaping', () => {
  it('escapes & < > " in text and attributes', () => {
    expect(escapeXmlText('a & b < c > d "e"')).toBe('a &amp; b &lt; c &gt; d &quot;e&quot;');
    expect(escapeXmlAttribute('x\ty\nz\r')).toBe('x&#9;y&#10;z&#13;');
  });

  it('reads back any attribute value exactly', () => {
    fc.assert(
      fc.property(xmlString, (s) => {
        expect(roundTripAttribute(s)).toBe(s);
      }),
      { numRuns: 300 },
    );
  });

  it('reads back any text (trimmed, as the reader trims)', () => {
    fc.assert(
      fc.property(xmlString, (s) => {
        expect(roundTripText(s) ?? '').toBe(s.trim());
      }),
      { numRuns: 300 },
    );
  });

  it('keeps tricky strings', () => {
    for (const s of [
      'Q&A',
      'StartRecord >>TmpFile',
      ']]>',
      '&amp;',
      '&#65;',
      '<!-- x -->',
      '\'"',
      '😀 한국어',
    ]) {
      expect(roundTripAttribute(s)).toBe(s);
      expect(roundTripText(s)).toBe(s);
    }
  });

  it('refuses characters XML cannot carry', () => {
    expect(() => escapeXmlText('a\u0001b')).toThrow('nproj: U+0001 cannot be written in XML');
    expect(() => escapeXmlAttribute('\uFFFE')).toThrow('nproj: U+FFFE cannot be written in XML');
    expect(() => escapeXmlText('\uD800')).toThrow('nproj: U+D800 cannot be written in XML');
  });
});

describe('entity decoding', () => {
  it('decodes the five entities and character references, leaves unknown ones', () => {
    expect(decodeXmlEntities('&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&#x1F600;&nbsp;&#x110000;')).toBe(
      '<>&"\'AB😀&nbsp;&#x110000;',
    );
  });

  it('does not decode twice', () => {
    expect(decodeXmlEntities('&amp;lt;')).toBe('&lt;');
  });
});

describe('formatXmlNumber', () => {
  it('writes plain decimals that read back to the same number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const s = formatXmlNumber(n);
        expect(s).toMatch(/^-?\d+(\.\d+)?$/);
        expect(Number(s)).toBe(n === 0 ? 0 : n);
      }),
      { numRuns: 500 },
    );
  });

  it('formats the values of the real files as written there', () => {
    expect(formatXmlNumber(35.5039)).toBe('35.5039');
    expect(formatXmlNumber(0.001)).toBe('0.001');
    expect(formatXmlNumber(-0.508)).toBe('-0.508');
    expect(formatXmlNumber(1e-7)).toBe('0.0000001');
    expect(formatXmlNumber(1.5e21)).toBe('1500000000000000000000');
    expect(() => formatXmlNumber(Number.NaN)).toThrow(RangeError);
  });
});

describe('XML tree', () => {
  it('drops comments, DOCTYPE and indentation; reads CDATA as text', () => {
    const [root] = parseXmlElements(
      '<?xml version="1.0"?>\n<!DOCTYPE nproj>\n<r a="1">\n  <!-- c -->\n  <s><![CDATA[ x ]]></s>\n  <e/>\n</r>',
    );
    expect(root).toEqual({
      name: 'r',
      attributes: { a: '1' },
      children: [
        { name: 's', attributes: {}, children: ['x'] },
        { name: 'e', attributes: {}, children: [] },
      ],
    });
  });

  it('serialises nested elements, empty text and comments', () => {
    const xml = serializeXmlElement({
      name: 'r',
      attributes: { k: 'a"b' },
      children: [{ comment: ' note ' }, { name: 't', attributes: {}, children: [''] }, 'txt'],
    });
    expect(xml).toBe('<r k="a&quot;b">\n    <!-- note -->\n    <t></t>\n    txt\n</r>');
    expect(() => serializeXmlElement({ name: '1bad', attributes: {}, children: [] })).toThrow(
      'not an XML name',
    );
  });
});
