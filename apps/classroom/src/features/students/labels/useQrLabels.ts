/**
 * 'QR code print' (classroom.md §2, §5, §9): the checked students with a pen address; none → the
 * 'no student selected' dialog; else each pupil's credentials are fetched, the labels drawn
 * with the progress dialog (cancellable) and the PDF downloaded. The PDF code loads only here.
 * Pupils with a wrong or duplicated pen address are named first, and their labels print once the
 * teacher confirms (`warning`).
 */
import { useState } from 'react';
import type { Student } from '../../../api/contracts';
import { downloadBytes } from '../../../components/download';
import { useT } from '../../../i18n/text';
import { errorText, useServices } from '../../../lib/services';
import { toast } from '../../../lib/toasts';
import { type LabelWarning, labelWarnings } from './labelWarnings';

const NO_PEN = '00:00:00:00:00:00';

export function useQrLabels(eduClassId: number | undefined) {
  const t = useT();
  const { api, ui } = useServices();
  const [noStudent, setNoStudent] = useState(false);
  const [warning, setWarning] = useState<{ list: LabelWarning[]; go: () => void }>();
  /** Prints the labels of `students` (the checked ones) of the class `roster`. */
  const print = (students: readonly Student[], roster: readonly Student[]) => {
    const chosen = students.filter((s) => s.macAddress && s.macAddress !== NO_PEN);
    if (chosen.length === 0 || eduClassId === undefined) return setNoStudent(true);
    const list = labelWarnings(chosen, roster);
    if (list.length === 0) return void make(chosen);
    setWarning({
      list,
      go: () => {
        setWarning(undefined);
        void make(chosen);
      },
    });
  };
  const make = async (chosen: readonly Student[]) => {
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
  return {
    print,
    noStudent,
    closeNoStudent: () => setNoStudent(false),
    warning,
    closeWarning: () => setWarning(undefined),
  };
}
