/**
 * Field access on an {@link XmlElement} for the `.nproj` reader: children by name, trimmed text,
 * numbers and booleans with defaults, and the extras (unknown attributes and elements) of a record.
 */
import type { NprojExtras } from './types';
import { isXmlElement, type XmlElement } from './xml';

/** The first child element called `name`. */
export function childElement(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return el?.children.find((c): c is XmlElement => isXmlElement(c) && c.name === name);
}

/** Every child element called `name`, in order. */
export function childElements(el: XmlElement | undefined, name: string): XmlElement[] {
  return (el?.children ?? []).filter((c): c is XmlElement => isXmlElement(c) && c.name === name);
}

/** The element's text (its text children joined, trimmed); undefined when the element is missing. */
export function elementText(el: XmlElement | undefined): string | undefined {
  if (el === undefined) return undefined;
  return el.children
    .filter((c): c is string => typeof c === 'string')
    .join('')
    .trim();
}

/** The text of child `name`, or `fallback` when there is no such child. */
export function childText(el: XmlElement | undefined, name: string, fallback = ''): string {
  return elementText(childElement(el, name)) ?? fallback;
}

/** Parses a number; undefined or blank gives `fallback`; anything not a finite number throws. */
export function toNumber(raw: string | undefined, where: string, fallback = 0): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw.trim());
  if (!Number.isFinite(n)) throw new Error(`nproj: ${where} is not a number: "${raw}"`);
  return n;
}

/** As {@link toNumber}, but undefined stays undefined (an optional attribute). */
export function toOptionalNumber(raw: string | undefined, where: string): number | undefined {
  return raw === undefined ? undefined : toNumber(raw, where);
}

/** `true`/`yes`/`1` and `false`/`no`/`0` (any case); undefined or blank gives `fallback`. */
export function toBoolean(raw: string | undefined, where: string, fallback = false): boolean {
  if (raw === undefined) return fallback;
  const t = raw.trim().toLowerCase();
  if (t === '') return fallback;
  if (t === 'true' || t === 'yes' || t === '1') return true;
  if (t === 'false' || t === 'no' || t === '0') return false;
  throw new Error(`nproj: ${where} is not a boolean: "${raw}"`);
}

/** A comma-separated list of numbers (`crop_margin`, `homography`, custom shape points). */
export function toNumberList(raw: string, where: string): number[] {
  if (raw.trim() === '') return [];
  return raw.split(',').map((part) => {
    if (part.trim() === '') throw new Error(`nproj: ${where} has an empty value: "${raw}"`);
    return toNumber(part, where);
  });
}

/** The attributes and child elements of `el` that are not in the known lists; undefined if none. */
export function extrasOf(
  el: XmlElement | undefined,
  knownAttributes: readonly string[],
  knownChildren: readonly string[] = [],
): NprojExtras | undefined {
  if (el === undefined) return undefined;
  const attributes: Record<string, string> = {};
  let hasAttributes = false;
  for (const [name, value] of Object.entries(el.attributes)) {
    if (knownAttributes.includes(name)) continue;
    attributes[name] = value;
    hasAttributes = true;
  }
  const elements = el.children.filter(
    (c): c is XmlElement => isXmlElement(c) && !knownChildren.includes(c.name),
  );
  if (!hasAttributes && elements.length === 0) return undefined;
  return {
    ...(hasAttributes ? { attributes } : {}),
    ...(elements.length > 0 ? { elements } : {}),
  };
}

/** Returns `record` without its undefined properties (so absent optional fields stay absent). */
export function compact<T extends object>(record: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value;
  return out as T;
}
