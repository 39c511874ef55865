/** The answer messages of the education API live in the contracts, shared with the classroom. */
export { EduMessage, type EduMessageKey, eduMessageKey, tooManyPages } from '@dotink/contracts/eduMessages';
