/**
 * The files of a page's material (classroom.md §5 "Textbook attachments used by type", §8): the
 * per-page lookup, then the PDF background downloaded (the xml touch map named, for who needs
 * it). Each failure is a {@link MaterialAttachmentError} with the spec's code: 1001 the lookup
 * failed, 1002 no usable document is registered for the page, 1003 the download failed. The
 * replay and print screens use {@link loadMaterialAttachments}.
 */
import type { MaterialAttachment } from '@dotink/contracts/edu';
import type { FetchFile } from '../../api/files';
import type { MaterialAddress, MaterialsApi } from '../../api/materials';
import type { ClassroomKey, T } from '../../i18n/text';

export const ATTACHMENT_ERRORS = {
  1001: 'materials.attach1001',
  1002: 'materials.attach1002',
  1003: 'materials.attach1003',
} as const satisfies Record<number, ClassroomKey>;
export type AttachmentErrorCode = keyof typeof ATTACHMENT_ERRORS;

/** A failure of {@link loadMaterialAttachments}, with its §8 code and the cause. */
export class MaterialAttachmentError extends Error {
  override readonly name = 'MaterialAttachmentError';
  readonly key: ClassroomKey;
  constructor(
    readonly code: AttachmentErrorCode,
    override readonly cause?: unknown,
  ) {
    super(`${code}: ${ATTACHMENT_ERRORS[code]}`);
    this.key = ATTACHMENT_ERRORS[code];
  }
}

/** The message of an attachment error in the user's language, with its code. */
export function attachmentErrorText(t: T, e: MaterialAttachmentError): string {
  return t('materials.attachCode', { text: t(e.key), code: e.code });
}

/** The files of a page: the PDF background's bytes, and the attachments as listed. */
export interface LoadedAttachments {
  readonly pdf: MaterialAttachment;
  readonly pdfBytes: Uint8Array;
  /** The touch map (.nproj xml), when the material has one. */
  readonly xml: MaterialAttachment | undefined;
  readonly all: readonly MaterialAttachment[];
}

/** Downloads a file (with the caller's credentials when the URI needs them). */
export type { FetchFile };

/**
 * Looks up the attachments of the material covering `address` and downloads its PDF (the first
 * listed: the newest material of the school, else the built-in textbook's).
 */
export async function loadMaterialAttachments(
  deps: { readonly api: Pick<MaterialsApi, 'materialAttachments'>; readonly fetchFile: FetchFile },
  address: MaterialAddress,
): Promise<LoadedAttachments> {
  let all: readonly MaterialAttachment[];
  try {
    all = await deps.api.materialAttachments(address);
  } catch (error) {
    throw new MaterialAttachmentError(1001, error);
  }
  // png and cover images are ignored (§5)
  const pdf = all.find((a) => a.type === 'pdf' && a.downloadUri !== '');
  if (!pdf) throw new MaterialAttachmentError(1002);
  const xml = all.find(
    (a) => a.type === 'xml' && a.textbookId === pdf.textbookId && a.curriculumId === pdf.curriculumId,
  );
  let pdfBytes: Uint8Array;
  try {
    pdfBytes = await deps.fetchFile(pdf.downloadUri);
  } catch (error) {
    throw new MaterialAttachmentError(1003, error);
  }
  return { pdf, pdfBytes, xml, all };
}
