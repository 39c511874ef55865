/** The Excel template download (exceljs loaded only when asked for). */
import { useCallback } from 'react';
import { useT } from '../../i18n/text';
import { errorText, useServices } from '../../lib/services';
import { toast } from '../../lib/toasts';
import { downloadBytes } from '../download';

export function useTemplateDownload(language: string): () => void {
  const t = useT();
  const { ui } = useServices();
  return useCallback(() => {
    const done = ui.busy();
    import('./template')
      .then(async (m) => downloadBytes(await m.templateWorkbook(language), m.TEMPLATE_FILE_NAME, m.XLSX_TYPE))
      .catch((error: unknown) => toast(errorText(t, error), 'error'))
      .finally(done);
  }, [language, t, ui]);
}
