/**
 * The app's services, made once at start (the composition root): the sign-in session, the typed
 * education API (loaded on its first call), the query client and the little UI store. Features
 * reach them through `lib/services` (React context).
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/apiError';
import type { Api } from '../api/apiLayer';
import { ClassroomSession } from '../auth/session';
import type { Services } from '../lib/services';
import { createUiStore } from '../stores/uiStore';

export { type Services, ServicesProvider, useServices } from '../lib/services';

/**
 * The API, loaded on its first call (`apiLayer.ts`, with zod and the contracts): every call
 * answers a promise (checked there), so a call waits for the module, then runs. A module that
 * cannot be loaded (the network is down) fails the call as a network failure, and the next call
 * tries again.
 */
export function lazyApi(load: () => Promise<Api>): Api {
  let loading: Promise<Api> | undefined;
  const loaded = () => {
    loading ??= load().catch(() => {
      loading = undefined;
      throw new ApiError(0, 'error.network');
    });
    return loading;
  };
  return new Proxy({} as Api, {
    get: (_target, name) =>
      // not a thenable (`await services.api` must not call it)
      typeof name !== 'string' || name === 'then'
        ? undefined
        : async (...args: unknown[]) =>
            ((await loaded())[name as keyof Api] as (...a: unknown[]) => Promise<unknown>)(...args),
  });
}

export interface ServiceDeps {
  readonly serverUrl: string;
  readonly storage: Storage | undefined;
  readonly language: string;
}

const memoryStorage = (): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> => {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
};

/** Makes the services of a browser tab. */
export function createServices(deps: ServiceDeps): Services {
  const storage = deps.storage ?? memoryStorage();
  const session = new ClassroomSession({
    serverUrl: deps.serverUrl,
    storage,
    fetch: (...a) => fetch(...a),
    nowMs: () => Date.now(),
    navigate: (url) => window.location.assign(url),
    language: deps.language,
  });
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: (count, error) => (error as ApiError).status === 0 && count < 2, staleTime: 30_000 },
    },
  });
  const services: Services = {
    session,
    queryClient,
    ui: createUiStore(deps.storage),
    nowMs: () => Date.now(),
    navigate: (to) => window.location.assign(to),
    api: lazyApi(async () =>
      (await import('../api/apiLayer')).bindApi({
        serverUrl: deps.serverUrl,
        fetch: (...a) => fetch(...a),
        accessToken: () => session.accessToken(),
        // classroom.md §4/§8: any 401 logs out and goes to login
        onUnauthorized: () => {
          services.navigate('/login');
          session.clear('unauthorized');
          queryClient.clear();
        },
      }),
    ),
  };
  return services;
}
