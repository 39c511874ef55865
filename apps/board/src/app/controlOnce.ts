/** A memo for the control sheets' load (kept apart so the .nproj reader loads on demand). */
import type { PuiRegistry } from '@dotink/ncode';

/** A loader that fetches once; a failed load is tried again at the next call. */
export function onceLoader(load: () => Promise<PuiRegistry>): () => Promise<PuiRegistry> {
  let loading: Promise<PuiRegistry> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
