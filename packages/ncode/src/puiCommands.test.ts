import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nprojFileNames, readNcodeText } from '../../../test-support/shared';
import { parseNproj } from './nproj/index';
import {
  PUI_COLORS,
  PUI_DEFAULT_COLOR_INDEX,
  PUI_HANDLED_PARAMS,
  PUI_ZOOM_IN_FACTOR,
  PUI_ZOOM_OUT_FACTOR,
  parsePuiCommand,
  stepPuiThickness,
} from './puiCommands';

describe('parsePuiCommand', () => {
  it('maps the tools', () => {
    expect(parsePuiCommand('pen')).toEqual({ kind: 'tool', tool: 'pen' });
    expect(parsePuiCommand('highlighter')).toEqual({ kind: 'tool', tool: 'highlighter' });
    expect(parsePuiCommand('erase_brush')).toEqual({ kind: 'tool', tool: 'eraser' });
  });

  it('maps stroke sizes and their aliases to 0.04 / 0.12 / 0.20', () => {
    for (const [params, level, thickness] of [
      [['strokesize_1', '0.1'], 1, 0.04],
      [['strokesize_2', '0.5'], 3, 0.12],
      [['strokesize_3', '1.7'], 5, 0.2],
    ] as const) {
      for (const p of params) expect(parsePuiCommand(p)).toEqual({ kind: 'thickness', level, thickness });
    }
    expect(parsePuiCommand('strokesize_up')).toEqual({ kind: 'thicknessStep', direction: 'up' });
    expect(parsePuiCommand('strokesize_down')).toEqual({ kind: 'thicknessStep', direction: 'down' });
  });

  it('maps the 10 colours by ARGB hex and by name', () => {
    const rgbOf = (p: string) => {
      const c = parsePuiCommand(p);
      if (c.kind !== 'color') throw new Error(`${p} is not a colour`);
      return [c.color.index, c.color.rgb.r, c.color.rgb.g, c.color.rgb.b];
    };
    expect(rgbOf('#FFFF0200')).toEqual([0, 255, 2, 0]);
    expect(rgbOf('red')).toEqual([0, 255, 2, 0]);
    expect(rgbOf('#FFE5E5E5')).toEqual([1, 229, 229, 229]);
    expect(rgbOf('white')).toEqual([1, 229, 229, 229]);
    expect(rgbOf('#FFAAAAAA')).toEqual([2, 151, 151, 151]);
    expect(rgbOf('#AAAAAA')).toEqual([2, 151, 151, 151]);
    expect(rgbOf('#FF000000')).toEqual([3, 0, 0, 0]);
    expect(rgbOf('black')).toEqual([3, 0, 0, 0]);
    expect(rgbOf('#FF6C00E2')).toEqual([4, 108, 0, 226]);
    expect(rgbOf('#FF012EE2')).toEqual([5, 1, 46, 226]);
    expect(rgbOf('#FF00ABEB')).toEqual([6, 0, 171, 235]);
    expect(rgbOf('lightblue')).toEqual([6, 0, 171, 235]);
    expect(rgbOf('#FF3CDD00')).toEqual([7, 60, 221, 0]);
    expect(rgbOf('green')).toEqual([7, 60, 221, 0]);
    expect(rgbOf('#FFFFD001')).toEqual([8, 255, 208, 1]);
    expect(rgbOf('yellow')).toEqual([8, 255, 208, 1]);
    expect(rgbOf('#FFFF6500')).toEqual([9, 255, 101, 0]);
  });

  it('lists 10 colours with opaque ARGB values; black is the default', () => {
    expect(PUI_COLORS).toHaveLength(10);
    expect(PUI_COLORS.map((c) => c.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(PUI_COLORS[0]!.argb).toBe(0xffff0200);
    expect(PUI_COLORS[2]!.argb).toBe(0xff979797);
    expect(PUI_COLORS[PUI_DEFAULT_COLOR_INDEX]!.name).toBe('black');
    expect(new Set(PUI_COLORS.map((c) => c.name))).toEqual(
      new Set(['white', 'black', 'gray', 'yellow', 'orange', 'red', 'lightblue', 'green', 'purple', 'blue']),
    );
  });

  it('maps the view and page commands', () => {
    expect(parsePuiCommand('pointer')).toEqual({ kind: 'pointer' });
    expect(parsePuiCommand('erase_all')).toEqual({ kind: 'eraseAll' });
    expect(parsePuiCommand('menu_grida')).toEqual({ kind: 'menu' });
    expect(parsePuiCommand('fit')).toEqual({ kind: 'fit', fit: 'width' });
    expect(parsePuiCommand('full_screen')).toEqual({ kind: 'fit', fit: 'height' });
    expect(parsePuiCommand('full')).toEqual({ kind: 'fit', fit: 'height' });
    expect(parsePuiCommand('zoom_in')).toEqual({ kind: 'zoom', direction: 'in', factor: PUI_ZOOM_IN_FACTOR });
    expect(parsePuiCommand('zoom_out')).toEqual({
      kind: 'zoom',
      direction: 'out',
      factor: PUI_ZOOM_OUT_FACTOR,
    });
    expect(PUI_ZOOM_IN_FACTOR).toBeCloseTo(1.162, 3);
    expect(PUI_ZOOM_OUT_FACTOR).toBeCloseTo(0.8605, 3);
    expect(parsePuiCommand('previous')).toEqual({ kind: 'page', direction: 'previous' });
    expect(parsePuiCommand('next')).toEqual({ kind: 'page', direction: 'next' });
    expect(parsePuiCommand('add_page')).toEqual({ kind: 'addPage' });
    expect(parsePuiCommand('rotate_page')).toEqual({ kind: 'rotatePage' });
    expect(parsePuiCommand('hide_stroke')).toEqual({ kind: 'hideStroke' });
  });

  it('keeps every other param as unhandled', () => {
    for (const p of [
      '0.2',
      '0.9',
      'undo',
      'redo',
      'record',
      'camera',
      'PgUp',
      'https://gridaboard.io/',
      'Pen',
      '',
    ]) {
      expect(parsePuiCommand(p)).toEqual({ kind: 'unhandled', param: p });
    }
  });

  it('accepts the whole vocabulary of the real files (98 params)', () => {
    const params = new Set(
      nprojFileNames().flatMap((f) =>
        parseNproj(readNcodeText('nproj', f)).symbols.map((s) => s.command.param),
      ),
    );
    expect(params.size).toBe(98);
    const handled = [...params].filter((p) => parsePuiCommand(p).kind !== 'unhandled');
    // Every handled param occurs in the files.
    expect(new Set(handled)).toEqual(new Set(PUI_HANDLED_PARAMS));
  });

  it('never throws; unknown strings come back as written', () => {
    fc.assert(
      fc.property(fc.string(), (p) => {
        const c = parsePuiCommand(p);
        if (!PUI_HANDLED_PARAMS.includes(p)) expect(c).toEqual({ kind: 'unhandled', param: p });
      }),
    );
  });
});

describe('stepPuiThickness', () => {
  it('steps by 0.04 within 0.04–0.20', () => {
    expect(stepPuiThickness(0.04, 'up')).toBe(0.08);
    expect(stepPuiThickness(0.16, 'up')).toBe(0.2);
    expect(stepPuiThickness(0.2, 'up')).toBe(0.2);
    expect(stepPuiThickness(0.12, 'down')).toBe(0.08);
    expect(stepPuiThickness(0.04, 'down')).toBe(0.04);
  });

  it('stays in range for any start and sequence', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.04, max: 0.2, noNaN: true }),
        fc.array(fc.constantFrom('up' as const, 'down' as const)),
        (start, steps) => {
          const end = steps.reduce(stepPuiThickness, start);
          expect(end).toBeGreaterThanOrEqual(0.04);
          expect(end).toBeLessThanOrEqual(0.2);
        },
      ),
    );
  });
});
