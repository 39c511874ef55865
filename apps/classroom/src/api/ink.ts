/** The ink calls of classroom.md §7, each validating its answer with the shared schema. */
import type { Call } from './client';

/** The calls, bound to one call layer. */
export function inkApi(_call: Call) {
  return {};
}

export type InkApi = ReturnType<typeof inkApi>;
