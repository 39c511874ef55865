/** German board text: the set exists but is empty (board.md §1); English fills in. */
import type { BoardMessages } from './en';

export const boardDe: Partial<BoardMessages> = {};
