/**
 * Handwriting scripts for the simulator: what the simulated pen does, item by item (strokes with
 * page changes and error dots, hover runs, pauses, low battery, power off, link loss), and
 * builders for common shapes. Positions are in nu, times in ms.
 */
import type { PageAddress } from '@dotink/ncode';
import type { Prng } from './runtime';

/** Dots per second of a real pen (~96), the default sampling rate. */
export const DOTS_PER_SECOND = 96;

/** A written dot. `dtMs` defaults to the ~96 dots/s cadence (10 or 11 ms). */
export interface ScriptDot {
  readonly kind: 'dot';
  readonly xNu: number;
  readonly yNu: number;
  /** Raw force; default 400. */
  readonly force?: number;
  readonly dtMs?: number;
  readonly tiltX?: number;
  readonly tiltY?: number;
  readonly twist?: number;
}

/** A camera frame the pen could not decode (0x6D / 0x68). */
export interface ScriptErrorDot {
  readonly kind: 'error';
  readonly dtMs?: number;
  readonly force?: number;
  readonly brightness?: number;
  readonly exposureTime?: number;
  readonly ndacProcessTime?: number;
  readonly labelCount?: number;
  readonly ndacErrorCode?: number;
  readonly classType?: number;
}

/** The pen crosses onto another page without lifting (0x6B mid-stroke). */
export interface ScriptPageChange {
  readonly kind: 'page';
  readonly page: PageAddress;
}

export type ScriptSample = ScriptDot | ScriptErrorDot | ScriptPageChange;

/** One stroke: pen down on `page`, the samples, pen up. */
export interface ScriptStroke {
  readonly kind: 'stroke';
  readonly page: PageAddress;
  readonly samples: readonly ScriptSample[];
  /** Idle time before pen down. Default 0. */
  readonly gapBeforeMs?: number;
  /** Time from the last dot to pen up. Default 9 ms. */
  readonly upAfterMs?: number;
  /** 0 pen, 1 eraser. */
  readonly penTipType?: number;
  /** Default 0xFF000000 (black). */
  readonly colorArgb?: number;
  /** Fault: the link drops after this many dots have been sent. */
  readonly dropLinkAfterDots?: number;
}

/** Hovering above the paper (0x6F from 2.18 with hover on; ordinary dots below 2.18). */
export interface ScriptHover {
  readonly kind: 'hover';
  /** Page info sent first, when given. */
  readonly page?: PageAddress;
  readonly points: readonly { readonly xNu: number; readonly yNu: number; readonly dtMs?: number }[];
  readonly gapBeforeMs?: number;
}

export type ScriptItem =
  | ScriptStroke
  | ScriptHover
  | { readonly kind: 'pause'; readonly ms: number }
  | { readonly kind: 'lowBattery'; readonly levelPercent: number }
  /** The pen sends 0x62 with the reason, then drops the link. */
  | { readonly kind: 'powerOff'; readonly reason: number }
  /** The link drops without a word. */
  | { readonly kind: 'dropLink' };

/** The default dt of dot `i` of a run: ~96 dots/s with integer ms (10 or 11). */
export function cadenceDtMs(i: number): number {
  return Math.round(((i + 1) * 1000) / DOTS_PER_SECOND) - Math.round((i * 1000) / DOTS_PER_SECOND);
}

/** A dot sample. */
export function dot(xNu: number, yNu: number, force = 400, dtMs?: number): ScriptDot {
  return dtMs === undefined ? { kind: 'dot', xNu, yNu, force } : { kind: 'dot', xNu, yNu, force, dtMs };
}

/** A stroke through some points (each `[x, y]` or `[x, y, force]`). */
export function strokeThrough(
  page: PageAddress,
  points: readonly (readonly [number, number] | readonly [number, number, number])[],
  extra: Omit<ScriptStroke, 'kind' | 'page' | 'samples'> = {},
): ScriptStroke {
  return { kind: 'stroke', page, samples: points.map((p) => dot(p[0], p[1], p[2] ?? 400)), ...extra };
}

/** A straight stroke of `dots` dots from `from` to `to`, with a gentle force curve. */
export function lineStroke(
  page: PageAddress,
  from: { readonly xNu: number; readonly yNu: number },
  to: { readonly xNu: number; readonly yNu: number },
  dots = 20,
  extra: Omit<ScriptStroke, 'kind' | 'page' | 'samples'> = {},
): ScriptStroke {
  const samples: ScriptDot[] = [];
  for (let i = 0; i < dots; i++) {
    const t = dots === 1 ? 0 : i / (dots - 1);
    const force = Math.round(250 + 350 * Math.sin(Math.PI * t));
    samples.push(dot(from.xNu + (to.xNu - from.xNu) * t, from.yNu + (to.yNu - from.yNu) * t, force));
  }
  return { kind: 'stroke', page, samples, ...extra };
}

/**
 * Synthetic handwriting: `strokes` wavy strokes of `dotsPerStroke` dots on one page, laid out in
 * lines, with short gaps between strokes. Deterministic for a given PRNG.
 */
export function handwriting(
  page: PageAddress,
  rng: Prng,
  strokes: number,
  dotsPerStroke = 60,
  gapMs = 150,
): ScriptStroke[] {
  const out: ScriptStroke[] = [];
  for (let k = 0; k < strokes; k++) {
    const x0 = 10 + (k % 12) * 6 + rng.next();
    const y0 = 10 + Math.floor(k / 12) * 5 + rng.next();
    const phase = rng.next() * Math.PI * 2;
    const samples: ScriptDot[] = [];
    for (let i = 0; i < dotsPerStroke; i++) {
      const t = i / dotsPerStroke;
      samples.push(
        dot(
          x0 + 4 * t + 0.8 * Math.sin(phase + 9 * t),
          y0 + 2.5 * Math.sin(phase + 5 * t) * (1 - t),
          Math.round(200 + 400 * Math.sin(Math.PI * t) + rng.int(0, 40)),
        ),
      );
    }
    out.push({ kind: 'stroke', page, samples, gapBeforeMs: k === 0 ? 0 : gapMs });
  }
  return out;
}
