/**
 * What pure packages need from their host, passed in rather than reached for: a clock and a
 * logger. Tests pass deterministic ones; apps pass the real ones.
 */

/** Reads the time. `nowMs()` is epoch milliseconds. */
export interface Clock {
  nowMs(): number;
}

/** Where pure code reports what a user or developer should know. */
export interface Logger {
  debug(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

/** A logger that drops everything. */
export const silentLogger: Logger = Object.freeze({
  debug() {},
  info() {},
  warn() {},
  error() {},
});

/** A logger that remembers every line, for tests and for a debug panel. */
export interface MemoryLogger extends Logger {
  readonly lines: { level: 'debug' | 'info' | 'warn' | 'error'; message: string; details: unknown[] }[];
}

export function memoryLogger(): MemoryLogger {
  const lines: MemoryLogger['lines'] = [];
  const at =
    (level: MemoryLogger['lines'][number]['level']) =>
    (message: string, ...details: unknown[]) => {
      lines.push({ level, message, details });
    };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A clock a test moves by hand. */
export interface ManualClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

export function manualClock(startMs = 0): ManualClock {
  let t = startMs;
  return {
    nowMs: () => t,
    set: (ms) => {
      t = ms;
    },
    advance: (ms) => {
      t += ms;
    },
  };
}
