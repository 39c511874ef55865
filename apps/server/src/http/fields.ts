/** The edge's zod building blocks live in the shared contracts; re-exported for the server. */
export {
  INT32_MAX,
  instantInRange,
  MAX_INSTANT_MS,
  MIN_INSTANT_MS,
  MIN_STROKE_MS,
  STROKE_FUTURE_MS,
  strokeInstantInWindow,
  wholeNumberText,
} from '@dotink/contracts/fields';
