/**
 * The textbook page behind the ink of the page shown ({@link pageBackground}), as a query per
 * page. A failure is told once ('The textbook page could not be shown behind the writing.', with
 * the reason) and the ink is shown on plain paper.
 */
import { type PageAddress, pageId } from '@dotink/ncode';
import type { PageImageSource } from '@dotink/view';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useT } from '../../i18n/text';
import { errorText, useServices } from '../../lib/services';
import { toast } from '../../lib/toasts';
import { replayKeys } from './replayKeys';

export function usePageBackground(page: PageAddress | undefined): {
  readonly page: PageAddress | undefined;
  readonly source: PageImageSource | undefined;
} {
  const { api } = useServices();
  const t = useT();
  const q = useQuery({
    queryKey: replayKeys.background(page ? pageId(page) : ''),
    queryFn: async () => {
      if (!page) return null;
      const attachments = await api.pageAttachments(page);
      if (!attachments.some((a) => a.type === 'pdf')) return null;
      const { pageBackground } = await import('./pageBackground');
      return (await pageBackground(page, attachments, api.fileBytes)) ?? null;
    },
    enabled: page !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const failed = q.isError;
  const error = q.error;
  useEffect(() => {
    if (failed) toast(`${t('replay.backgroundFailed')} (${errorText(t, error)})`, 'error');
  }, [failed, error, t]);
  return { page, source: q.data ?? undefined };
}
