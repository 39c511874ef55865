import { BrushType } from '@dotink/ink';
import { PEN_COLORS } from '@dotink/view';
import { describe, expect, it } from 'vitest';
import { applyPenChange, brushOf, currentStyle, initialPenSettings } from './penSettings';

describe('pen settings', () => {
  it('new pens get the colour rotation (black, red, blue, …) and thickness 0.2', () => {
    expect([0, 1, 2].map((n) => PEN_COLORS[initialPenSettings(n).pen.colorIndex]!.name)).toEqual([
      'black',
      'red',
      'blue',
    ]);
    expect(brushOf(initialPenSettings(0), 'p', 'pen').thickness).toBe(0.2);
  });

  it('the pen and the highlighter keep their own colour and thickness', () => {
    let s = initialPenSettings(0);
    s = applyPenChange(s, { colorIndex: 5 });
    s = applyPenChange(s, { tool: 'highlighter' });
    expect(currentStyle(s).colorIndex).toBe(2);
    s = applyPenChange(s, { colorIndex: 3, thicknessIndex: 1 });
    s = applyPenChange(s, { tool: 'pen' });
    expect(currentStyle(s)).toEqual({ colorIndex: 5, thicknessIndex: 4 });
    expect(s.highlighter).toEqual({ colorIndex: 3, thicknessIndex: 1 });
  });

  it('brushes: marker colours for the highlighter, the eraser brush for the eraser', () => {
    const s = applyPenChange(initialPenSettings(0), { tool: 'highlighter' });
    const b = brushOf(s, 'p', 'mouse');
    expect(b.brushType).toBe(BrushType.marker);
    expect(b.colorArgb).toBe(PEN_COLORS[2]!.markerArgb);
    expect(brushOf(applyPenChange(s, { tool: 'eraser' }), 'p', 'pen').brushType).toBe(BrushType.eraser);
  });
});
