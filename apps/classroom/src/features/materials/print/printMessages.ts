/** What the material print tells the user (classroom.md §8): progress titles and end messages. */
import { errorText } from '../../../api/errorText';
import type { T } from '../../../i18n/text';
import type { MaterialPrintOutcome, MaterialPrintStage } from './materialPrintFlow';

/** The progress dialog's title and percent for a stage. */
export function stageProgress(t: T, s: MaterialPrintStage): { title: string; percent: number } {
  switch (s.stage) {
    case 'getting':
      return { title: t('materialPrint.getting'), percent: 0 };
    case 'preparing':
      return { title: t('materialPrint.preparing'), percent: 0 };
    case 'rendering':
      return {
        title: t('materialPrint.rendering', { done: Math.min(s.done + 1, s.total), total: s.total }),
        percent: s.total > 0 ? Math.round((s.done / s.total) * 100) : 0,
      };
    case 'printing':
      return { title: t('materialPrint.printing'), percent: 100 };
  }
}

/** The message of an outcome (undefined: a complete print, told by a toast). */
export function outcomeMessage(t: T, o: MaterialPrintOutcome): string | undefined {
  if (o.status === 'cancelled') return t('materialPrint.cancelled');
  if (o.status === 'complete') return o.downloaded ? t('materialPrint.downloaded') : undefined;
  const f = o.failure;
  if (!f) return t('materialPrint.jobFailed', { reason: '' });
  switch (f.kind) {
    case 'lookup':
      return t('materialPrint.lookupFailed', { message: errorText(t, f.error), code: f.status });
    case 'attachment':
      return t('materialPrint.attachmentFailed', {
        message: t(`materialPrint.attachment${f.code}`),
        code: f.code,
      });
    case 'codes':
      return t('materialPrint.codeFailed');
    case 'job':
      return t('materialPrint.jobFailed', { reason: f.reason });
  }
}
