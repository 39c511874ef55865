/** The annotation calls of classroom.md §7, each validating its answer with the shared schema. */
import type { Call } from './client';

/** The calls, bound to one call layer. */
export function annotationApi(_call: Call) {
  return {};
}

export type AnnotationApi = ReturnType<typeof annotationApi>;
