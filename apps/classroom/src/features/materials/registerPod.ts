/**
 * Registering a user PDF (POD) material, classroom.md §5, §7: code pages reserved for its pages
 * (`GET /edu/v1/paper/ncode`, page size in mm rounded + 20), the material registered on them,
 * its .nproj written (packages/ncode) and both files uploaded with the multipart call. A cancel
 * or a failure after the material was registered removes it again, so nothing stays registered
 * half-way; the code pages already issued stay issued to the school (they are never issued
 * twice, so nothing else can land on them).
 */
import type { Textbook } from '@dotink/contracts/edu';
import { NU_TO_PT, type RandomBytes, writePrintedNproj } from '@dotink/ncode';
import type { AttachmentForm, MaterialsApi } from '../../api/materials';
import { UploadCancelled } from '../../api/materials';
import { codePaperSize } from './materialForm';
import type { PageSizePt } from './pdfInfo';

/** What the registration calls. */
export interface PodDeps {
  readonly api: Pick<MaterialsApi, 'reserveCodePages' | 'addPodMaterial' | 'removeMaterial'>;
  readonly upload: (
    form: AttachmentForm,
    onProgress: (sent: number, total: number) => void,
    signal: AbortSignal,
  ) => Promise<Textbook>;
  readonly randomBytes: RandomBytes;
}

/** The material to register. */
export interface PodInput {
  readonly curriculumId: number;
  readonly title: string;
  readonly fileName: string;
  readonly pdf: Blob;
  /** The PDF's page sizes (one a page). */
  readonly pages: readonly PageSizePt[];
}

/** Share of the progress bar before the upload starts (reserving codes, registering). */
const BEFORE_UPLOAD = 10;

/** The .nproj of a POD material printed as is on its code pages (code origin at the page's top-left). */
export function podNproj(
  a: { section: number; owner: number; book: number; startPage: number },
  title: string,
  pdfPath: string,
  pages: readonly PageSizePt[],
  randomBytes: RandomBytes,
): string {
  return writePrintedNproj(
    {
      title,
      ...a,
      pdfPath,
      pages: pages.map((p) => ({
        widthPt: p.widthPt,
        heightPt: p.heightPt,
        homography: [NU_TO_PT, 0, 0, 0, NU_TO_PT, 0, 0, 0, 1] as const,
      })),
    },
    randomBytes,
  );
}

const checkCancel = (signal: AbortSignal) => {
  if (signal.aborted) throw new UploadCancelled();
};

/**
 * Runs the registration, reporting 0–100 %; rejects with {@link UploadCancelled} when `signal`
 * aborts. Answers the material with its files.
 */
export async function registerPod(
  input: PodInput,
  deps: PodDeps,
  onPercent: (percent: number) => void,
  signal: AbortSignal,
): Promise<Textbook> {
  const first = input.pages[0];
  if (!first) throw new RangeError('a POD material needs at least one page');
  onPercent(0);
  const size = codePaperSize(first.widthPt, first.heightPt);
  const codes = await deps.api.reserveCodePages(input.pages.length, size.width, size.height);
  checkCancel(signal);
  const start = codes[0];
  if (!start || codes.length !== input.pages.length)
    throw new RangeError(`the server issued ${codes.length} code pages for ${input.pages.length} pages`);
  const at = { section: start.s, owner: start.o, book: start.b };
  const created = await deps.api.addPodMaterial(input.curriculumId, {
    title: input.title,
    ...at,
    ncodeStartPage: start.p,
    numPages: input.pages.length,
  });
  try {
    checkCancel(signal);
    onPercent(BEFORE_UPLOAD / 2);
    const nproj = podNproj(
      { ...at, startPage: start.p },
      input.title,
      input.fileName,
      input.pages,
      deps.randomBytes,
    );
    const nprojName = `${input.fileName.replace(/\.pdf$/i, '')}.nproj`;
    onPercent(BEFORE_UPLOAD);
    return await deps.upload(
      {
        ...at,
        pageStart: created.ncodeStartPage,
        pageEnd: created.ncodeEndPage,
        curriculumId: input.curriculumId,
        textbookId: created.id,
        pdfFile: { blob: input.pdf, name: input.fileName },
        nprojFile: { blob: new Blob([nproj], { type: 'application/xml' }), name: nprojName },
      },
      (sent, total) =>
        onPercent(BEFORE_UPLOAD + Math.floor(((100 - BEFORE_UPLOAD) * sent) / Math.max(1, total))),
      signal,
    );
  } catch (error) {
    // nothing half-way: the material goes again; should that fail too, its failure is the one
    // reported (the material then stays listed, without files, for the teacher to see)
    await deps.api.removeMaterial(input.curriculumId, created.id);
    throw error;
  }
}
