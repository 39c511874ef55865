/**
 * InkML (W3C Ink Markup Language) export of strokes: one `<trace>` per stroke with the channels
 * X, Y, F, T, and one `<brush>` per distinct look (colour, width, opacity).
 *
 * Decisions:
 * - X and Y are in mm (nu × 2.370667, 4 decimals, i.e. better than the pen's 0.01 nu); InkML
 *   readers know mm, not Ncode units. Page transforms are not applied: InkML keeps paper
 *   coordinates.
 * - F is the raw pen force (as stored), T whole ms since the `<timestamp>` `t0`, the earliest
 *   stroke start (its `time` is epoch ms, as InkML defines).
 * - Exported strokes: visible ink (normal status; not eraser, pen-UI or erased brush) with at least
 *   one dot, in the given order; dots with a non-finite value are left out. Brush width and colour follow {@link ./strokeStyle}; a marker's
 *   0.3 opacity is written as InkML transparency (0 opaque … 255 clear) 179.
 */
import { NU_TO_MM, pageId } from '@dotink/ncode';
import { isVisibleInk } from '../stroke';
import type { Stroke } from '../types';
import { cssHexColor, formatNumber, MM_PER_PT, strokeOpacity, strokeWidthPt } from './strokeStyle';

/** mm per nu (56/600 in; ncode-paper.md §1.2). */
export const INKML_MM_PER_NU = NU_TO_MM;

/** The InkML namespace. */
export const INKML_NAMESPACE = 'http://www.w3.org/2003/InkML';

/** The InkML document of `strokes`. */
export function exportInkml(strokes: readonly Stroke[]): string {
  const kept = strokes.filter((s) => isVisibleInk(s) && s.dots.count > 0);
  let t0 = Number.POSITIVE_INFINITY;
  for (const s of kept) t0 = Math.min(t0, s.dots.timeMs[0]!, s.startTimeMs);
  if (!Number.isFinite(t0)) t0 = 0;
  t0 = Math.round(t0);

  const brushes = new Map<string, string>();
  const brushLines: string[] = [];
  const traceLines: string[] = [];
  for (const s of kept) {
    const look = brushLook(s);
    let id = brushes.get(look.key);
    if (id === undefined) {
      id = `br${brushes.size}`;
      brushes.set(look.key, id);
      brushLines.push(
        `    <brush xml:id="${id}">`,
        `      <brushProperty name="color" value="${look.color}"/>`,
        `      <brushProperty name="width" value="${look.widthMm}" units="mm"/>`,
        `      <brushProperty name="height" value="${look.widthMm}" units="mm"/>`,
        `      <brushProperty name="tip" value="ellipse"/>`,
        ...(look.transparency > 0
          ? [`      <brushProperty name="transparency" value="${look.transparency}"/>`]
          : []),
        '    </brush>',
      );
    }
    traceLines.push(
      `  <trace contextRef="#ctx0" brushRef="#${id}" xml:id="${traceId(s, traceLines.length)}">${traceText(s, t0)}</trace>`,
    );
  }

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ink xmlns="${INKML_NAMESPACE}">`,
    '  <definitions>',
    '    <context xml:id="ctx0">',
    '      <traceFormat>',
    '        <channel name="X" type="decimal" units="mm"/>',
    '        <channel name="Y" type="decimal" units="mm"/>',
    '        <channel name="F" type="decimal"/>',
    '        <channel name="T" type="integer" units="ms" respectTo="#t0"/>',
    '      </traceFormat>',
    '    </context>',
    `    <timestamp xml:id="t0" time="${t0}"/>`,
    ...brushLines,
    '  </definitions>',
    ...traceLines,
    '</ink>',
    '',
  ].join('\n');
}

function brushLook(s: Stroke): { key: string; color: string; widthMm: string; transparency: number } {
  const color = cssHexColor(s.colorArgb);
  const widthMm = formatNumber(strokeWidthPt(s) * MM_PER_PT, 4);
  const transparency = Math.round((1 - strokeOpacity(s)) * 255);
  return { key: `${color}/${widthMm}/${transparency}`, color, widthMm, transparency };
}

/** An XML id from the stroke's page and index (stroke keys may hold characters ids cannot). */
function traceId(s: Stroke, index: number): string {
  return `tr${index}-${pageId(s.page).replace(/[^0-9A-Za-z_.]/g, '_')}`;
}

function traceText(s: Stroke, t0: number): string {
  const { xNu, yNu, force, timeMs, count } = s.dots;
  const points: string[] = [];
  for (let i = 0; i < count; i++) {
    if (!Number.isFinite(xNu[i]!) || !Number.isFinite(yNu[i]!) || !Number.isFinite(force[i]!)) continue;
    points.push(
      `${formatNumber(xNu[i]! * INKML_MM_PER_NU, 4)} ${formatNumber(yNu[i]! * INKML_MM_PER_NU, 4)} ${formatNumber(force[i]!, 3)} ${Math.round(timeMs[i]! - t0)}`,
    );
  }
  return points.join(', ');
}
