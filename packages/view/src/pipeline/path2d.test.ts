import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PathSink, SHORT_EDGE_PX, writeOutlinePath } from './path2d';

type Command = [string, ...number[]];

function record(outline: number[][]): Command[] {
  const out: Command[] = [];
  const sink: PathSink = {
    moveTo: (x, y) => out.push(['M', x, y]),
    lineTo: (x, y) => out.push(['L', x, y]),
    quadraticCurveTo: (cx, cy, x, y) => out.push(['Q', cx, cy, x, y]),
    closePath: () => out.push(['Z']),
  };
  writeOutlinePath(outline, sink);
  return out;
}

describe('outline path', () => {
  it('curves around vertices before long edges, draws straight lines along short ones', () => {
    // a square of side 10 with one short edge (1 px) cut into its last corner
    const outline = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 1],
    ];
    expect(record(outline)).toEqual([
      ['M', 5, 0],
      ['Q', 10, 0, 10, 5],
      ['Q', 10, 10, 5, 10],
      ['Q', 0, 10, 0, 5.5],
      ['L', 0, 0.5], // edge (0, 1) → (0, 0) is shorter than SHORT_EDGE_PX
      ['Q', 0, 0, 5, 0],
      ['Z'],
    ]);
    expect(SHORT_EDGE_PX).toBe(2);
  });

  it('is closed, ends where it starts, and stays inside the outline box (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: -1e4, max: 1e4, noNaN: true }),
            fc.double({ min: -1e4, max: 1e4, noNaN: true }),
          ),
          {
            minLength: 2,
            maxLength: 60,
          },
        ),
        (points) => {
          const outline = points.map(([x, y]) => [x, y]);
          const cmds = record(outline);
          expect(cmds).toHaveLength(outline.length + 2);
          expect(cmds[0]![0]).toBe('M');
          expect(cmds.at(-1)).toEqual(['Z']);
          const last = cmds.at(-2)!;
          const end = last.slice(-2);
          expect(end[0]).toBeCloseTo(cmds[0]![1]!, 6);
          expect(end[1]).toBeCloseTo(cmds[0]![2]!, 6);
          const xs = outline.map((p) => p[0]!);
          const ys = outline.map((p) => p[1]!);
          for (const c of cmds) {
            for (let i = 1; i < c.length; i += 2) {
              expect(c[i]!).toBeGreaterThanOrEqual(Math.min(...xs) - 1e-6);
              expect(c[i]!).toBeLessThanOrEqual(Math.max(...xs) + 1e-6);
              expect(c[i + 1]!).toBeGreaterThanOrEqual(Math.min(...ys) - 1e-6);
              expect(c[i + 1]!).toBeLessThanOrEqual(Math.max(...ys) + 1e-6);
            }
          }
        },
      ),
    );
  });
});
