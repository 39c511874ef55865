/** The window event sync sends when it added or replaced local boards (the board list reloads). */
export const BOARDS_CHANGED_EVENT = 'dotink-board:boards-changed';

/** Tells the page that boards were added or replaced. */
export function announceBoardsChanged(target: Pick<EventTarget, 'dispatchEvent'> = window): void {
  target.dispatchEvent(new Event(BOARDS_CHANGED_EVENT));
}
