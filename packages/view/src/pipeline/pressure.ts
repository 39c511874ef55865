/**
 * Real pen pressure for outlines: raw force divided by the pen's max pressure (engine.md §9:
 * 852 for a real pen, 800 for the mouse pen), clamped to 0 … 1. perfect-freehand runs with
 * `simulatePressure: false`, so what the pen measured is what is drawn.
 */
import type { DotColumns, InputType } from '@dotink/ink';
import { MOUSE_PEN_MAX_PRESSURE, REAL_PEN_MAX_PRESSURE } from '@dotink/pen';

/** The max pressure of the pen kind a stroke came from: 800 for the mouse pen, else 852. */
export function maxPressureFor(inputType: InputType): number {
  return inputType === 'mouse' ? MOUSE_PEN_MAX_PRESSURE : REAL_PEN_MAX_PRESSURE;
}

/** Raw force → 0 … 1 (non-finite or negative force gives 0). */
export function normalizedPressure(force: number, maxPressure: number): number {
  if (!(force > 0) || !(maxPressure > 0)) return 0;
  return force >= maxPressure ? 1 : force / maxPressure;
}

/** The first `count` dots' pressures, 0 … 1. */
export function dotPressures(dots: DotColumns, maxPressure: number, count = dots.count): Float32Array {
  const n = Math.max(0, Math.min(count, dots.count));
  const out = new Float32Array(n);
  for (let k = 0; k < n; k++) out[k] = normalizedPressure(dots.force[k]!, maxPressure);
  return out;
}
