/**
 * A minimal XML element tree for `.nproj` files: read through `fast-xml-parser` (order kept,
 * entities decoded here) and written by hand with strict escaping.
 *
 * The tree keeps elements, attributes and text. Comments, processing instructions and the
 * DOCTYPE are dropped on reading. Text is trimmed and whitespace-only text is dropped, so the
 * indentation of a file never shows up as content; CDATA is read as plain text.
 */
import { XMLParser } from 'fast-xml-parser';

/** One XML element. */
export interface XmlElement {
  readonly name: string;
  /** Attribute values, decoded (no entities left). */
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlNode[];
}

/** A comment, only ever written (the reader drops comments). */
export interface XmlComment {
  readonly comment: string;
}

/**
 * A child node: an element, a text (a string; decoded, trimmed, never empty when read) or a
 * comment. When writing, an empty string child makes `<a></a>` rather than `<a/>`.
 */
export type XmlNode = XmlElement | XmlComment | string;

/** True when the node is an element. */
export function isXmlElement(node: XmlNode): node is XmlElement {
  return typeof node !== 'string' && 'name' in node;
}

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the five XML entities and numeric character references; leaves anything else as is. */
export function decodeXmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, hex?: string, dec?: string, named?: string) => {
    if (named !== undefined) return NAMED[named] ?? whole;
    const code = hex !== undefined ? Number.parseInt(hex, 16) : Number(dec);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const PARSER_OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: false,
  commentPropName: '#comment',
  cdataPropName: '#cdata',
} as const;

type OrderedNode = Record<string, unknown>;

function textOfCdata(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value.map((n: OrderedNode) => (typeof n['#text'] === 'string' ? n['#text'] : '')).join('');
}

function convertNodes(nodes: unknown): XmlNode[] {
  if (!Array.isArray(nodes)) return [];
  const out: XmlNode[] = [];
  for (const node of nodes as OrderedNode[]) {
    for (const key of Object.keys(node)) {
      if (key === ':@' || key === '#comment' || key.startsWith('?') || key.startsWith('!')) continue;
      const value = node[key];
      if (key === '#text' || key === '#cdata') {
        const raw = key === '#text' ? decodeXmlEntities(String(value)) : textOfCdata(value);
        const text = raw.trim();
        if (text !== '') out.push(text);
        continue;
      }
      const rawAttributes = (node[':@'] ?? {}) as Record<string, unknown>;
      const attributes: Record<string, string> = {};
      for (const [name, v] of Object.entries(rawAttributes)) attributes[name] = decodeXmlEntities(String(v));
      out.push({ name: key, attributes, children: convertNodes(value) });
    }
  }
  return out;
}

/**
 * Parses XML text into its top-level elements (normally one root). Tolerates a DOCTYPE without
 * a DTD and an XML declaration. Does not validate: malformed input gives whatever the parser
 * recovers.
 */
export function parseXmlElements(text: string): XmlElement[] {
  const parsed: unknown = new XMLParser(PARSER_OPTIONS).parse(text);
  return convertNodes(parsed).filter(isXmlElement);
}

// XML 1.0 characters: tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF.
const ILLEGAL_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

function checkXmlChars(value: string): void {
  const bad = ILLEGAL_XML_CHAR.exec(value);
  if (bad) {
    const code = bad[0].codePointAt(0) ?? 0;
    throw new Error(`nproj: U+${code.toString(16).toUpperCase().padStart(4, '0')} cannot be written in XML`);
  }
}

/**
 * Escapes text content: `&`, `<`, `>`, `"` and CR (which a parser would otherwise normalise).
 * Throws for characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates).
 */
export function escapeXmlText(value: string): string {
  checkXmlChars(value);
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;');
}

/** Escapes an attribute value: as text, plus tab and LF (attribute values are normalised otherwise). */
export function escapeXmlAttribute(value: string): string {
  return escapeXmlText(value).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}

/**
 * Formats a finite number as a plain decimal (never exponent notation) that reads back to the
 * same number. Throws a RangeError for NaN and ±Infinity.
 */
export function formatXmlNumber(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`nproj: cannot write the number ${n}`);
  const s = String(n);
  const e = s.indexOf('e');
  if (e < 0) return s;
  const negative = s.startsWith('-');
  const mantissa = s.slice(negative ? 1 : 0, e);
  const exponent = Number(s.slice(e + 1));
  const [intPart = '', fracPart = ''] = mantissa.split('.');
  const digits = intPart + fracPart;
  const point = intPart.length + exponent;
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return (negative ? '-' : '') + out;
}

const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*$/;

function checkName(name: string): void {
  if (!NAME.test(name)) throw new Error(`nproj: "${name}" is not an XML name`);
}

function openTag(el: XmlElement): string {
  checkName(el.name);
  let s = `<${el.name}`;
  for (const [name, value] of Object.entries(el.attributes)) {
    checkName(name);
    s += ` ${name}="${escapeXmlAttribute(value)}"`;
  }
  return s;
}

/** Writes an element and its subtree, one element per line, indented by `indent` spaces per level. */
export function serializeXmlElement(el: XmlElement, depth = 0, indent = 4): string {
  const pad = ' '.repeat(depth * indent);
  const open = openTag(el);
  if (el.children.length === 0) return `${pad}${open}/>`;
  if (el.children.every((c) => typeof c === 'string')) {
    return `${pad}${open}>${(el.children as string[]).map(escapeXmlText).join('')}</${el.name}>`;
  }
  const inner = ' '.repeat((depth + 1) * indent);
  const lines = el.children.map((c) => {
    if (typeof c === 'string') return inner + escapeXmlText(c);
    if (!isXmlElement(c)) {
      if (c.comment.includes('--') || c.comment.endsWith('-')) throw new Error('nproj: invalid XML comment');
      checkXmlChars(c.comment);
      return `${inner}<!--${c.comment}-->`;
    }
    return serializeXmlElement(c, depth + 1, indent);
  });
  return `${pad}${open}>\n${lines.join('\n')}\n${pad}</${el.name}>`;
}
