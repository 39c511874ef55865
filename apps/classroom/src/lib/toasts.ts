/**
 * Bottom-right toasts that hide after 2 s (classroom.md §2, §9): one queue for the app
 * (react-aria-components' toast queue; the region lives in the shell root).
 */
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

/** How long a toast stays (classroom.md §9). */
export const TOAST_MS = 2000;

export interface ToastContent {
  readonly text: string;
  readonly kind: 'info' | 'success' | 'error';
}

export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 4 });

/** Shows a toast for 2 s. */
export function toast(text: string, kind: ToastContent['kind'] = 'info'): void {
  toastQueue.add({ text, kind }, { timeout: TOAST_MS });
}
