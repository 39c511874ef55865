/**
 * Pen control sheets (PUI): the four control projects of the vendor data (engine.md §7 "four
 * predefined control project files", fact sheet §7), fetched from the server's
 * `/vendor/v1/controllers/{name}` and read into one registry in GridaBoard's lookup order.
 * Loaded once, when a pen first writes on a control sheet (or a smart pen connects).
 */
import {
  createPuiRegistry,
  GRIDA_PUI_FILE_ORDER,
  type NprojDocument,
  type PuiRegistry,
  parseNproj,
} from '@dotink/ncode';

/** The server has none of the control projects: paper buttons cannot work. */
export class ControlSheetsUnavailable extends Error {
  override readonly name = 'ControlSheetsUnavailable';
  constructor(readonly detail: string) {
    super(`no control sheet could be loaded: ${detail}`);
  }
}

/**
 * Fetches and reads the control projects under `baseUrl` (e.g. `…/vendor/v1/controllers/`).
 * A project the server does not have (404) is left out; none at all, or a network failure,
 * throws ({@link ControlSheetsUnavailable}, or the fetch error).
 */
export async function loadControlSheets(
  baseUrl: string,
  fetchFn: typeof fetch = fetch,
): Promise<PuiRegistry> {
  const docs: NprojDocument[] = [];
  const missing: string[] = [];
  for (const name of GRIDA_PUI_FILE_ORDER) {
    const res = await fetchFn(new URL(encodeURIComponent(name), baseUrl).toString());
    if (res.status === 404) {
      missing.push(name);
      continue;
    }
    if (!res.ok) throw new ControlSheetsUnavailable(`${name}: HTTP ${res.status}`);
    docs.push(parseNproj(await res.text()));
  }
  if (docs.length === 0) throw new ControlSheetsUnavailable(`missing ${missing.join(', ')}`);
  return createPuiRegistry(docs);
}
