/**
 * The page images behind the tiles' ink (issue 16): each textbook page is rendered once, small
 * (the replay's page background: the material's PDF page of the code page), to a PNG object URL
 * that every tile showing the page uses, so 40 pupils on one page cost one render and one decode.
 * A page without a material's PDF has no image (plain paper); a failure is reported once per page
 * through the returned promise.
 */
import type { MaterialAttachment } from '@dotink/contracts/edu';
import { type PageAddress, pageId, type SizePt } from '@dotink/ncode';

/** Width of the rendered page images in px (tiles are at most ~320 CSS px wide). */
export const TILE_IMAGE_WIDTH_PX = 480;

/** A page's shared image. */
export interface PageImage {
  readonly url: string;
  readonly sizePt: SizePt;
}

const images = new Map<string, Promise<PageImage | null>>();

/** The image of a page (rendered on first ask, then shared), null when the page has none. */
export function pageImage(
  page: PageAddress,
  attachments: (page: PageAddress) => Promise<readonly MaterialAttachment[]>,
  bytesOf: (uri: string) => Promise<Uint8Array>,
): Promise<PageImage | null> {
  const id = pageId(page);
  let image = images.get(id);
  if (!image) {
    image = render(page, attachments, bytesOf);
    images.set(id, image);
    image.catch(() => images.delete(id));
  }
  return image;
}

async function render(
  page: PageAddress,
  attachments: (page: PageAddress) => Promise<readonly MaterialAttachment[]>,
  bytesOf: (uri: string) => Promise<Uint8Array>,
): Promise<PageImage | null> {
  const files = await attachments(page);
  if (!files.some((a) => a.type === 'pdf')) return null;
  const { pageBackground } = await import('../../components/replay/pageBackground');
  const source = await pageBackground(page, files, bytesOf);
  if (!source) return null;
  const scale = TILE_IMAGE_WIDTH_PX / source.sizePt.widthPt;
  const canvas = document.createElement('canvas');
  canvas.width = TILE_IMAGE_WIDTH_PX;
  canvas.height = Math.max(1, Math.round(source.sizePt.heightPt * scale));
  await source.render(canvas, scale, new AbortController().signal);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the page image could not be encoded');
  return { url: URL.createObjectURL(blob), sizePt: source.sizePt };
}

/**
 * Starts pdf.js (module and worker) while the screen waits for the class; a failure is left to
 * the first page that needs it, which reports it.
 */
export function warmPageImages(): void {
  void import('../../components/replay/pageBackground').then((m) => m.warmPdf()).catch(() => undefined);
}
