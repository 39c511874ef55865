/**
 * Logout (classroom.md §4): revokes the tokens at the server, clears the session, the cached
 * teacher and the selected class, and ends the server's sign-in (its sign-out page returns to the
 * landing page), so the next sign-in on this computer shows the sign-in form. `otherAccount`
 * ('log in with another account'): the landing page goes on to the server's account chooser.
 * When the server's sign-out cannot be reached the failure is shown and the app goes to the
 * landing page (or the login page) itself.
 */
import { useCallback } from 'react';
import { useT } from '../i18n/text';
import { errorText, useServices } from '../lib/services';
import { toast } from '../lib/toasts';
import type { AfterLogout } from './storedSession';

export function useLogout(then: AfterLogout = 'landing'): () => void {
  const services = useServices();
  const t = useT();
  return useCallback(() => {
    const { session, queryClient, ui } = services;
    const done = ui.busy();
    void queryClient.cancelQueries();
    void session
      .logout(then, (error) => toast(errorText(t, error), 'error'))
      .then((leaving) => {
        queryClient.clear();
        ui.selectClass(undefined);
        if (!leaving) services.navigate(then === 'otherAccount' ? '/login' : '/');
      })
      .finally(done);
  }, [services, t, then]);
}
