import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOT_PLANE_BYTES, decodeDotPlanes, dotRun, encodeDotPlanes } from './dotPlanes';

const f32 = fc.float({ noNaN: true, noDefaultInfinity: true });

const run = fc.integer({ min: 0, max: 30 }).chain((n) =>
  fc.record({
    start: fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
    gaps: fc.array(fc.integer({ min: 0, max: 500 }), { minLength: n, maxLength: n }),
    xs: fc.array(f32, { minLength: n, maxLength: n }),
    ys: fc.array(f32, { minLength: n, maxLength: n }),
    fs: fc.array(f32, { minLength: n, maxLength: n }),
  }),
);

describe('dot planes', () => {
  it('round-trip every dot of every run exactly, 14 bytes a dot (property)', () => {
    fc.assert(
      fc.property(fc.array(run, { maxLength: 5 }), (raw) => {
        const runs = raw.map((r) => {
          let t = r.start;
          return {
            startTimeMs: r.start,
            dots: {
              count: r.xs.length,
              xNu: Float32Array.from(r.xs),
              yNu: Float32Array.from(r.ys),
              force: Float32Array.from(r.fs),
              timeMs: Float64Array.from(r.gaps, (g) => (t += g)),
            },
          };
        });
        const { blob, timesExact } = encodeDotPlanes(runs);
        const total = runs.reduce((n, r) => n + r.dots.count, 0);
        expect(blob.length).toBe(total * DOT_PLANE_BYTES);
        expect(timesExact.every(Boolean)).toBe(true);
        const planes = decodeDotPlanes(blob)!;
        let offset = 0;
        for (const r of runs) {
          expect(dotRun(planes, offset, r.dots.count, r.startTimeMs)).toEqual(r.dots);
          offset += r.dots.count;
        }
      }),
    );
  });

  it('flags runs whose times the whole-ms deltas cannot give back', () => {
    const dots = (timeMs: number[]) => ({
      count: timeMs.length,
      xNu: new Float32Array(timeMs.length),
      yNu: new Float32Array(timeMs.length),
      force: new Float32Array(timeMs.length),
      timeMs: Float64Array.from(timeMs),
    });
    const { timesExact } = encodeDotPlanes([
      { startTimeMs: 0, dots: dots([0, 10, 20]) },
      { startTimeMs: 0, dots: dots([0, 10.5]) },
      { startTimeMs: 0, dots: dots([0, 70_000]) },
      { startTimeMs: 0, dots: dots([10, 5]) },
    ]);
    expect(timesExact).toEqual([true, false, false, false]);
  });

  it('refuses a blob that is not whole dots', () => {
    expect(decodeDotPlanes(new Uint8Array(15))).toBeUndefined();
    expect(decodeDotPlanes(new Uint8Array(0))?.count).toBe(0);
  });
});
