/** What the print harness page exposes as `window.harness` (see main.ts). */
export interface HarnessApi {
  connectPen(): Promise<boolean>;
  /** A pen tap (a 3-dot stroke within 1 nu) on an Ncode page, e.g. `3.27.168.10`. */
  tap(page: string, xNu: number, yNu: number): Promise<void>;
  /** A 5 nu stroke (not a tap). */
  swipe(page: string, xNu: number, yNu: number): Promise<void>;
  pages(): string[];
  handed(): { choice: string; bytes: number; head: string }[];
  delivered(): { fileName: string; bytes: number; head: string }[];
  inkPaused: boolean;
  ready: boolean;
}
