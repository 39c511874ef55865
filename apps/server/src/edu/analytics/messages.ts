/**
 * The answer messages of the analytics routes: their texts live in
 * `@dotink/contracts/analyticsMessages`, where clients find each by `analyticsMessageKey`.
 */
export { AnalyticsMessage } from '@dotink/contracts/analyticsMessages';
