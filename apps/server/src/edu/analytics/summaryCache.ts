/**
 * Encoded summary answers (issue 15), kept per (kind, class, pupil, units, time zone) under the
 * class's fingerprint (`analyticsInput.ts` `classFingerprint`: pupils, ink versions, watch log),
 * in a bounded least-recently-used map — the search's answer cache (`inkstore/searchCache.ts`)
 * with its own bound. A teacher moving between the math screens asks for the same summary again
 * and again; it is computed once per change of the class's data, and concurrent requests for
 * the same one wait for a single computation.
 */
import { SearchAnswerCache } from '../../inkstore/searchCache';

/** Most bytes of summaries kept. */
export const SUMMARY_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** The summary cache: `getOrBuild(key, fingerprint, build)` as the search's. */
export class SummaryCache extends SearchAnswerCache {
  constructor(maxBytes = SUMMARY_CACHE_MAX_BYTES) {
    super(maxBytes);
  }
}
