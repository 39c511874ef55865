/**
 * Logout (classroom.md §4): revokes the tokens at the server, clears the session, the cached
 * teacher and the selected class, and goes to `to` (the landing page by default).
 */
import { useCallback } from 'react';
import { errorText, useServices } from '../../app/services';
import { toast } from '../../app/toasts';
import { useT } from '../../i18n/text';

export function useLogout(to = '/'): () => void {
  const services = useServices();
  const t = useT();
  return useCallback(() => {
    const { session, queryClient, ui } = services;
    const done = ui.busy();
    void queryClient.cancelQueries();
    void session
      .logout((error) => toast(errorText(t, error), 'error'))
      .finally(() => {
        done();
        queryClient.clear();
        ui.selectClass(undefined);
        services.navigate(to);
      });
  }, [services, t, to]);
}
