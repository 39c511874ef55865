/**
 * The answer messages of the ink store: their texts live in `@dotink/contracts/inkMessages`, where
 * clients find each by `inkMessageKey` (with its values) to show it in the user's language.
 */
export { InkMessage } from '@dotink/contracts/inkMessages';
