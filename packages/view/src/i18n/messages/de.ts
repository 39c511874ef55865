/** German interface text: the set exists but is empty (board.md §1); English fills in. */
import type { Messages } from './en';

export const de: Partial<Messages> = {};
