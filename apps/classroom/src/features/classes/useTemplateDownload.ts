/** The Excel template download (exceljs loaded only when asked for). */
import { useCallback } from 'react';
import { errorText, useServices } from '../../lib/services';
import { toast } from '../../lib/toasts';
import { downloadBytes } from '../../components/download';
import { useT } from '../../i18n/text';

export function useTemplateDownload(language: string): () => void {
  const t = useT();
  const { ui } = useServices();
  return useCallback(() => {
    const done = ui.busy();
    import('../spreadsheet/template')
      .then(async (m) => downloadBytes(await m.templateWorkbook(language), m.TEMPLATE_FILE_NAME, m.XLSX_TYPE))
      .catch((error: unknown) => toast(errorText(t, error), 'error'))
      .finally(done);
  }, [language, t, ui]);
}
