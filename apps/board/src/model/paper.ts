/**
 * The paper of a page written with a pen: its size and transform nu → pt from the Ncode paper
 * catalogue (an unknown book, or no catalogue, gives the dummy A4 paper).
 */
import {
  DUMMY_PAPER,
  type Homography,
  loadPaperCatalogue,
  lookupPaper,
  type PageAddress,
  type PaperCatalogue,
  paperPageSizePt,
  paperTransform,
  type SizePt,
} from '@dotink/ncode';
import { gunzipSync } from 'fflate';

/** Size and transform of a paper page. */
export interface PaperPage {
  readonly sizePt: SizePt;
  readonly nuToPt: Homography;
  readonly title: string | undefined;
}

/** The paper of an Ncode page. */
export type PaperLookup = (address: PageAddress) => PaperPage;

/** A lookup over a catalogue (or the dummy A4 paper for everything). */
export function paperLookup(catalogue: PaperCatalogue | undefined): PaperLookup {
  return (address) => {
    const entry = catalogue ? lookupPaper(catalogue, address) : DUMMY_PAPER;
    return { sizePt: paperPageSizePt(entry), nuToPt: paperTransform(entry), title: entry.title };
  };
}

/**
 * Loads the catalogue (`nbs.json.gz` or plain JSON) from `url`; undefined when it cannot be
 * fetched or read (the board then uses the dummy A4 paper).
 */
export async function fetchPaperCatalogue(
  url: string,
  fetchFn: typeof fetch = fetch,
): Promise<PaperCatalogue | undefined> {
  try {
    const res = await fetchFn(url);
    if (!res.ok) return undefined;
    let bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
    return loadPaperCatalogue(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return undefined;
  }
}
