/**
 * 'QR code print' (classroom.md §2, §5, §9): the checked students with a pen address; none → the
 * 'no student selected' dialog; else each pupil's credentials are fetched, the labels drawn
 * with the progress dialog (cancellable) and the PDF downloaded. The PDF code loads only here.
 */
import { useState } from 'react';
import type { Student } from '../../api/contracts';
import { errorText, useServices } from '../../app/services';
import { toast } from '../../app/toasts';
import { downloadBytes } from '../../components/download';
import { useT } from '../../i18n/text';

const NO_PEN = '00:00:00:00:00:00';

export function useQrLabels(eduClassId: number | undefined) {
  const t = useT();
  const { api, ui } = useServices();
  const [noStudent, setNoStudent] = useState(false);
  const print = async (students: readonly Student[]) => {
    const chosen = students.filter((s) => s.macAddress && s.macAddress !== NO_PEN);
    if (chosen.length === 0 || eduClassId === undefined) return setNoStudent(true);
    let stop = false;
    const show = (percent: number) =>
      ui.progress({ title: t('qr.making'), percent, cancel: () => (stop = true) });
    show(0);
    try {
      const withPasswords = [];
      for (const s of chosen) {
        if (stop) throw new DOMException('cancelled', 'AbortError');
        withPasswords.push({
          id: s.id,
          num: s.num,
          name: s.name,
          mac: s.macAddress,
          password: await passwordOf(s),
        });
      }
      const { labelsPdf } = await import('./labelsPdf');
      const bytes = await labelsPdf(withPasswords, show, () => stop);
      downloadBytes(bytes, `qr-labels-${eduClassId}.pdf`, 'application/pdf');
      toast(t('qr.done'), 'success');
    } catch (error) {
      toast(
        error instanceof DOMException && error.name === 'AbortError'
          ? t('qr.cancelled')
          : errorText(t, error),
        'error',
      );
    } finally {
      ui.progress(undefined);
    }
  };
  /** The pupil's password (readable by the class's teachers and the school admin only). */
  const passwordOf = async (s: Student) => (await api.credentials(eduClassId!, s.id)).password;
  return { print, noStudent, closeNoStudent: () => setNoStudent(false) };
}
