/**
 * The pens (board.md §2 pen connection): the mouse pen and every connected smart pen, each with
 * its own colour and thickness; choosing one makes the toolbar edit it.
 */
import { PEN_COLORS, PEN_THICKNESSES } from '@dotink/view';
import { useBoardApp, useEditor } from '../app/boardApp';
import { MOUSE_PEN_ID } from '../app/editorStore';
import { currentStyle, initialPenSettings } from '../app/penSettings';
import { useText } from '../i18n/text';

/** `drawer`: shown over the page (phone and tablet); `hidden` while that drawer is closed. */
export function PenPanel(props: { hidden?: boolean; drawer?: boolean }) {
  const app = useBoardApp();
  const t = useText();
  const pens = useEditor((s) => s.connectedPens);
  const settings = useEditor((s) => s.pens);
  const selected = useEditor((s) => s.selectedPen);
  const select = useEditor((s) => s.selectPen);
  const all = [{ id: MOUSE_PEN_ID, name: t('pen.mouse') }, ...pens];
  return (
    <aside
      id="pen-panel"
      className="pen-panel"
      aria-label={t('pen.list')}
      hidden={props.hidden}
      data-drawer={props.drawer ? 'end' : undefined}
    >
      <h2>{t('pen.list')}</h2>
      <ul>
        {all.map((p) => {
          const s = currentStyle(settings[p.id] ?? initialPenSettings(0));
          const color = PEN_COLORS[s.colorIndex]!;
          return (
            <li key={p.id}>
              <button
                type="button"
                className="pen-item"
                aria-pressed={selected === p.id}
                data-testid={`pen-item-${p.id}`}
                onClick={() => select(p.id)}
              >
                <span
                  className="pen-swatch"
                  style={{ background: `#${(color.argb & 0xffffff).toString(16).padStart(6, '0')}` }}
                />
                <span className="pen-name">{p.name}</span>
                <span className="pen-meta">
                  {t(`color.${color.name}`)} · {PEN_THICKNESSES[s.thicknessIndex]}
                </span>
              </button>
              {p.id !== MOUSE_PEN_ID && (
                <button type="button" className="link" onClick={() => app.deps.pens.disconnect(p.id)}>
                  {t('pen.disconnect')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
