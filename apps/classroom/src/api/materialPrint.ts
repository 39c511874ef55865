/**
 * The material-print calls of classroom.md §7: the print-material lookup (by section, owner,
 * book and start page: `pdfRet.downloadUri`, `originalName`, `nproj_xml`), validated with the
 * shared schema, and the download of the material's PDF with the §8 attachment codes.
 */
import { answerSchema } from '@dotink/contracts/answer';
import { type PrintMaterialQuery, printMaterialData } from '@dotink/contracts/eduLectures';
import { ApiError, type Call } from './client';

/** The attachment download codes of classroom.md §8. */
export type AttachmentErrorCode = 1001 | 1002 | 1003;

/** A failed download of a material's attachment, with its §8 code. */
export class AttachmentError extends Error {
  override readonly name = 'AttachmentError';
  constructor(
    readonly code: AttachmentErrorCode,
    detail: string,
  ) {
    super(`attachment error ${code}: ${detail}`);
  }
}

/** The calls, bound to one call layer. */
export function materialPrintApi(call: Call) {
  return {
    /** `GET /edu/v1/curriculum/textbook/print`: the printable POD material starting at a page. */
    printMaterial: async (query: PrintMaterialQuery) =>
      (
        await call(answerSchema(printMaterialData), '/edu/v1/curriculum/textbook/print', {
          query,
        })
      ).data,
  };
}

export type MaterialPrintApi = ReturnType<typeof materialPrintApi>;

/**
 * Downloads a material's PDF through `get` (the call layer's file GET: token, 401 → logout) with
 * classroom.md §8's codes: 1001 when the request gets no answer or
 * the server fails (5xx); 1002 when the server has no such document (404, or no address);
 * 1003 when the file cannot be downloaded otherwise (another status, or not a PDF).
 */
export async function downloadMaterialPdf(
  get: (uri: string) => Promise<Response>,
  uri: string,
): Promise<Uint8Array> {
  if (!uri) throw new AttachmentError(1002, 'no download address');
  let res: Response;
  try {
    res = await get(uri);
  } catch (e) {
    // signed out or a 401 (the call layer has logged out): the sign-in failure, not a code
    if (e instanceof ApiError && e.status === 401) throw e;
    throw new AttachmentError(1001, e instanceof Error ? e.message : String(e));
  }
  if (res.status === 404) throw new AttachmentError(1002, `HTTP ${res.status}`);
  if (res.status >= 500) throw new AttachmentError(1001, `HTTP ${res.status}`);
  if (!res.ok) throw new AttachmentError(1003, `HTTP ${res.status}`);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await res.arrayBuffer());
  } catch (e) {
    throw new AttachmentError(1003, e instanceof Error ? e.message : String(e));
  }
  // '%PDF' within the first KiB (as PDF readers accept)
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (!head.includes('%PDF')) throw new AttachmentError(1003, 'not a PDF');
  return bytes;
}
