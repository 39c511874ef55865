/**
 * The app's services as the features reach them: made once at start by `app/` (createServices)
 * and given through React context — the sign-in session, the typed education API, the query
 * client and the little UI store.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import type { Api } from '../api/apiLayer';
import type { ClassroomSession } from '../auth/session';
import type { UiStore } from '../stores/uiStore';

export type { Api } from '../api/apiLayer';
export { errorText } from '../api/errorText';

export interface Services {
  readonly session: ClassroomSession;
  readonly api: Api;
  readonly queryClient: QueryClient;
  readonly ui: UiStore;
  /** The app's clock (epoch ms): lesson states are computed from it (classroom.md §4). */
  readonly nowMs: () => number;
  /** Where the app goes after a 401 or logout (set by the services layout from the router). */
  navigate: (to: string) => void;
}

const ServicesContext = createContext<Services | undefined>(undefined);

export function ServicesProvider(props: { services: Services; children?: ReactNode }) {
  return <ServicesContext.Provider value={props.services}>{props.children}</ServicesContext.Provider>;
}

/** The app's services (inside {@link ServicesProvider}). */
export function useServices(): Services {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('useServices outside ServicesProvider');
  return s;
}
