/**
 * A feature's own slice of the catalogues: English is the reference, the other three languages
 * must name every English key (the compiler checks). Each slice is spread into the four
 * catalogues (en.ts, ko.ts, ja.ts, zhTW.ts), so features add text without touching each other.
 */
export type TextSlice<E extends Record<string, string>> = {
  readonly en: E;
  readonly ko: { readonly [K in keyof E]: string };
  readonly ja: { readonly [K in keyof E]: string };
  readonly 'zh-TW': { readonly [K in keyof E]: string };
};

/** Declares a feature's text slice (see {@link TextSlice}). */
export function textSlice<const E extends Record<string, string>>(slice: TextSlice<E>): TextSlice<E> {
  return slice;
}
