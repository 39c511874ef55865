/**
 * URL templates with `{name}` parameters (engine spec §5, §7), and the path of a page's code file.
 */
import type { PageAddress } from './address';

/** Values for template parameters. */
export type UrlTemplateParams = Readonly<Record<string, string | number>>;

/** Options of {@link fillUrlTemplate}. */
export interface FillOptions {
  /** Percent-encode each value with `encodeURIComponent` (default false: inserted as given). */
  readonly encode?: boolean;
}

const PARAMETER = /\{([A-Za-z_$][\w$-]*)\}/g;

/**
 * Replaces every `{name}` in the template with its value. A parameter without a value throws
 * `Error('The parameter, X, has not been given.')` (X = the parameter name). Values not named in
 * the template are ignored; text in braces that is not a parameter name is kept as it is.
 */
export function fillUrlTemplate(
  template: string,
  params: UrlTemplateParams,
  options: FillOptions = {},
): string {
  return template.replace(PARAMETER, (_, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (value === undefined) throw new Error(`The parameter, ${name}, has not been given.`);
    return options.encode ? encodeURIComponent(String(value)) : String(value);
  });
}

/** The parameter names a template uses, in order of first use. */
export function urlTemplateParameters(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(PARAMETER), (m) => m[1]!))];
}

/** The code-file path of a page, relative to the code host (engine spec §7). */
export const CODE_FILE_TEMPLATE =
  'ncode_data/s{section}-o{owner}-b{book}/s{section}-o{owner}-b{book}-p{page}.code.gz';

/** `ncode_data/s{s}-o{o}-b{b}/s{s}-o{o}-b{b}-p{p}.code.gz` for the page. */
export function codeFilePath(page: PageAddress): string {
  return fillUrlTemplate(CODE_FILE_TEMPLATE, {
    section: page.section,
    owner: page.owner,
    book: page.book,
    page: page.page,
  });
}
