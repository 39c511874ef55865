/**
 * The toolbar (board.md §2): pen, highlighter, eraser (whole or partial), colour, thickness,
 * pointer, previous / next page, background (BASIC or lined), zoom in / out, fit height / width,
 * add page, undo / redo. Tool, colour and thickness belong to the selected pen.
 */

import { PEN_COLORS, PEN_THICKNESSES } from '@dotink/view';
import type { ButtonHTMLAttributes } from 'react';
import { useEditor } from '../app/boardApp';
import { currentStyle, initialPenSettings, type Tool } from '../app/penSettings';
import { COLOR_KEYS, THICKNESS_KEYS, TOOL_KEYS } from '../app/shortcuts';
import { useText } from '../i18n/text';
import { Icons } from './icons';
import { Overflow } from './Overflow';
import { useLayout } from './useLayout';

export interface ToolbarProps {
  readonly pageIndex: number;
  readonly pageCount: number;
  readonly background: 'basic' | 'lined' | undefined;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly onPage: (delta: -1 | 1) => void;
  readonly onBackground: (b: 'basic' | 'lined') => void;
  readonly onZoom: (factor: number) => void;
  readonly onFit: (fit: 'height' | 'width') => void;
  readonly onAddPage: () => void;
  readonly onUndo: () => void;
  readonly onRedo: () => void;
  /** Drawer toggles (phone and tablet): the page list before the tools, the pens after them. */
  readonly pagesToggle?: React.ReactNode;
  readonly pensToggle?: React.ReactNode;
}

const TOOL_ORDER: readonly Tool[] = ['pen', 'highlighter', 'eraser', 'pointer'];
const TOOL_LABEL = {
  pen: 'toolbar.pen',
  highlighter: 'toolbar.highlighter',
  eraser: 'toolbar.eraser',
  pointer: 'toolbar.pointer',
} as const;

/** A toolbar button showing an icon; its label is both the accessible name and the tooltip. */
function IconButton({ label, ...rest }: { label: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" className="icon" aria-label={label} title={label} {...rest} />;
}

export function Toolbar(props: ToolbarProps) {
  const t = useText();
  const pen = useEditor((s) => s.pens[s.selectedPen] ?? initialPenSettings(0));
  const settings = { tool: pen.tool, ...currentStyle(pen) };
  const update = useEditor((s) => s.updateSelectedPen);
  const eraserMode = useEditor((s) => s.eraserMode);
  const setEraserMode = useEditor((s) => s.setEraserMode);
  const fit = useEditor((s) => s.fit);
  const hasPage = props.pageCount > 0;
  const layout = useLayout();

  const toolsGroup = (
    <fieldset className="tool-group">
      <legend className="sr-only">{t('toolbar.pen')}</legend>
      {TOOL_ORDER.map((tool) => (
        <button
          key={tool}
          type="button"
          className="icon tool"
          aria-pressed={settings.tool === tool}
          aria-label={t('toolbar.shortcut', { label: t(TOOL_LABEL[tool]), key: TOOL_KEYS[tool] })}
          data-testid={`tool-${tool}`}
          title={t('toolbar.shortcut', { label: t(TOOL_LABEL[tool]), key: TOOL_KEYS[tool] })}
          onClick={() => update({ tool })}
        >
          {Icons[tool]}
        </button>
      ))}
    </fieldset>
  );
  const eraserGroup = (
    <fieldset
      className="tool-group eraser-modes"
      hidden={settings.tool !== 'eraser' && layout !== 'desktop'}
      data-reserved={settings.tool !== 'eraser' ? 'true' : undefined}
    >
      <legend className="sr-only">{t('toolbar.eraser')}</legend>
      <IconButton
        label={t('toolbar.eraserWhole')}
        aria-pressed={eraserMode === 'whole'}
        data-testid="eraser-whole"
        onClick={() => setEraserMode('whole')}
      >
        {Icons.eraseWhole}
      </IconButton>
      <IconButton
        label={t('toolbar.eraserPartial')}
        aria-pressed={eraserMode === 'partial'}
        data-testid="eraser-partial"
        onClick={() => setEraserMode('partial')}
      >
        {Icons.erasePartial}
      </IconButton>
    </fieldset>
  );
  const colorsGroup = (
    <fieldset className="tool-group colors">
      <legend className="sr-only">{t('toolbar.color')}</legend>
      {PEN_COLORS.slice(0, 10).map((c, i) => {
        const argb = settings.tool === 'highlighter' ? c.markerArgb : c.argb;
        return (
          <button
            key={c.name}
            type="button"
            className="swatch"
            aria-pressed={settings.colorIndex === i}
            aria-label={t('toolbar.shortcut', { label: t(`color.${c.name}`), key: COLOR_KEYS[i]! })}
            title={t('toolbar.shortcut', { label: t(`color.${c.name}`), key: COLOR_KEYS[i]! })}
            data-testid={`color-${i}`}
            style={{ background: `#${(argb & 0xffffff).toString(16).padStart(6, '0')}` }}
            onClick={() => update({ colorIndex: i })}
          />
        );
      })}
    </fieldset>
  );
  const thicknessGroup = (
    <fieldset className="tool-group">
      <legend className="sr-only">{t('toolbar.thickness')}</legend>
      {PEN_THICKNESSES.map((w, i) => (
        <button
          key={w}
          type="button"
          className="thickness"
          aria-pressed={settings.thicknessIndex === i}
          aria-label={t('toolbar.shortcut', {
            label: t('toolbar.thicknessLevel', { level: i + 1 }),
            key: THICKNESS_KEYS[i]!,
          })}
          title={t('toolbar.shortcut', {
            label: t('toolbar.thicknessLevel', { level: i + 1 }),
            key: THICKNESS_KEYS[i]!,
          })}
          data-testid={`thickness-${i}`}
          onClick={() => update({ thicknessIndex: i })}
        >
          <span className="dot" style={{ width: 3 + i * 3, height: 3 + i * 3 }} />
        </button>
      ))}
    </fieldset>
  );
  const pagesGroup = (
    <fieldset className="tool-group">
      <legend className="sr-only">
        {t('toolbar.pageOf', { current: props.pageIndex + 1, total: props.pageCount })}
      </legend>
      <IconButton
        label={t('toolbar.shortcut', { label: t('toolbar.previousPage'), key: '←' })}
        data-testid="page-prev"
        disabled={props.pageIndex <= 0}
        onClick={() => props.onPage(-1)}
      >
        {Icons.prev}
      </IconButton>
      <span className="page-label" data-testid="page-label" aria-live="polite">
        {hasPage ? t('toolbar.pageOf', { current: props.pageIndex + 1, total: props.pageCount }) : '–'}
      </span>
      <IconButton
        label={t('toolbar.shortcut', { label: t('toolbar.nextPage'), key: '→' })}
        data-testid="page-next"
        disabled={props.pageIndex >= props.pageCount - 1}
        onClick={() => props.onPage(1)}
      >
        {Icons.next}
      </IconButton>
    </fieldset>
  );
  const backgroundGroup = (
    <label className="tool-group select" title={t('toolbar.background')}>
      <span className="sr-only">{t('toolbar.background')}</span>
      <select
        value={props.background ?? 'basic'}
        disabled={!hasPage}
        data-testid="background"
        onChange={(e) => props.onBackground(e.target.value as 'basic' | 'lined')}
      >
        <option value="basic">{t('toolbar.backgroundBasic')}</option>
        <option value="lined">{t('toolbar.backgroundLined')}</option>
      </select>
    </label>
  );
  const zoomGroup = (
    <fieldset className="tool-group">
      <legend className="sr-only">{t('toolbar.zoomIn')}</legend>
      <IconButton
        label={t('toolbar.zoomIn')}
        data-testid="zoom-in"
        disabled={!hasPage}
        onClick={() => props.onZoom(1.25)}
      >
        {Icons.zoomIn}
      </IconButton>
      <IconButton
        label={t('toolbar.zoomOut')}
        data-testid="zoom-out"
        disabled={!hasPage}
        onClick={() => props.onZoom(0.8)}
      >
        {Icons.zoomOut}
      </IconButton>
      <IconButton
        label={t('toolbar.fitHeight')}
        aria-pressed={fit === 'height'}
        data-testid="fit-height"
        disabled={!hasPage}
        onClick={() => props.onFit('height')}
      >
        {Icons.fitHeight}
      </IconButton>
      <IconButton
        label={t('toolbar.fitWidth')}
        aria-pressed={fit === 'width'}
        data-testid="fit-width"
        disabled={!hasPage}
        onClick={() => props.onFit('width')}
      >
        {Icons.fitWidth}
      </IconButton>
      <IconButton label={t('toolbar.addPage')} data-testid="add-page" onClick={props.onAddPage}>
        {Icons.addPage}
      </IconButton>
    </fieldset>
  );
  const historyGroup = (
    <fieldset className="tool-group">
      <legend className="sr-only">{t('toolbar.undo')}</legend>
      <IconButton
        label={t('toolbar.shortcut', { label: t('toolbar.undo'), key: 'Ctrl+Z' })}
        data-testid="undo"
        disabled={!props.canUndo}
        onClick={props.onUndo}
      >
        {Icons.undo}
      </IconButton>
      <IconButton
        label={t('toolbar.shortcut', { label: t('toolbar.redo'), key: 'Ctrl+Shift+Z' })}
        data-testid="redo"
        disabled={!props.canRedo}
        onClick={props.onRedo}
      >
        {Icons.redo}
      </IconButton>
    </fieldset>
  );
  const more = t('layout.moreTools');
  if (layout === 'desktop') {
    return (
      <div role="toolbar" aria-label={t('toolbar.label')} className="toolbar" data-testid="toolbar">
        {toolsGroup}
        {eraserGroup}
        {colorsGroup}
        {thicknessGroup}
        {pagesGroup}
        {backgroundGroup}
        {zoomGroup}
        {historyGroup}
      </div>
    );
  }
  const phone = layout === 'phone';
  return (
    <div role="toolbar" aria-label={t('toolbar.label')} className="toolbar compact" data-testid="toolbar">
      {props.pagesToggle}
      {toolsGroup}
      {!phone && colorsGroup}
      {pagesGroup}
      <span className="toolbar-spacer" />
      <Overflow label={more} inline={false} testId="toolbar-more">
        {eraserGroup}
        {phone && colorsGroup}
        {thicknessGroup}
        {historyGroup}
        {zoomGroup}
        {backgroundGroup}
      </Overflow>
      {props.pensToggle}
    </div>
  );
}
