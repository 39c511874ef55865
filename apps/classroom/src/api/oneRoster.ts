/**
 * The OneRoster calls (issue 30 item 3, school administrator): a OneRoster 1.2 CSV zip previewed
 * or applied by the server (`POST /edu/v1/oneroster`, the zip as it is), and the school's roster
 * as a OneRoster zip (`GET /edu/v1/oneroster`).
 */
import { answerSchema } from '@dotink/contracts/answer';
import { type OneRosterImportData, oneRosterImportData } from '@dotink/contracts/eduOneRoster';
import type { Call, Download } from './client';

export type { OneRosterImportData, OneRosterImportProblem } from '@dotink/contracts/eduOneRoster';

export const ONE_ROSTER_PATH = '/edu/v1/oneroster';

export function oneRosterApi(call: Call, download: Download) {
  return {
    /** What the roster would do (`apply`: does it); the zip's bytes are sent as they are. */
    oneRosterImport: async (zip: Uint8Array, apply: boolean): Promise<OneRosterImportData> =>
      (
        await call(answerSchema(oneRosterImportData), ONE_ROSTER_PATH, {
          method: 'POST',
          bytes: { data: zip, type: 'application/zip' },
          ...(apply ? { query: { apply: 'true' } } : {}),
        })
      ).data,
    /** The school's classes, class teachers and pupils as a OneRoster zip. */
    oneRosterExport: (): Promise<Uint8Array> => download(ONE_ROSTER_PATH),
  };
}

export type OneRosterApi = ReturnType<typeof oneRosterApi>;
