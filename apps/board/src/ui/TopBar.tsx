/**
 * The top bar: back to the board list, the board title, the import and save menus, pen
 * connection with the connected-pen count, links, help, the account (sign in, sync) and the language.
 */
import { LANGUAGES, type Language, useLanguage } from '@dotink/view';
import { PenConnectButton } from '@dotink/view/pens';
import { useBoardApp, useEditor, useSession } from '../app/boardApp';
import { AccountArea, usePrintAuth } from '../auth/AccountArea';
import { useBoardAuth } from '../auth/useBoardAuth';
import { LANGUAGE_CHOICE_KEY, menuLanguages, useText } from '../i18n/text';
import { PrintButton } from '../print/PrintButton';
import { Icons } from './icons';
import { Menu } from './Menu';
import { Overflow } from './Overflow';
import { useLayout } from './useLayout';

const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  ko: '한국어',
  en: 'English',
  ja: '日本語',
  'zh-TW': '繁體中文',
  de: 'Deutsch',
  es: 'Español',
};

export function TopBar(props: { onPickPdf: () => void; onPickGrida: () => void }) {
  const app = useBoardApp();
  const t = useText();
  const language = useLanguage();
  const session = useSession();
  const connected = useEditor((s) => s.connectedPens.length);
  const connecting = useEditor((s) => s.connecting);
  const showDialog = useEditor((s) => s.showDialog);
  const links = app.deps.links;
  const account = useBoardAuth(app);
  const printAuth = usePrintAuth(account);
  const open = (url: string) => window.open(url, '_blank', 'noopener');
  const layout = useLayout();
  const penCount = (
    <span className="pen-count" data-testid="pen-count" aria-live="polite">
      {t('pen.count', { count: connected })}
    </span>
  );

  return (
    <header className="top-bar">
      {session ? (
        <button
          type="button"
          className="icon-text"
          data-testid="back-to-list"
          onClick={() => void app.backToList()}
        >
          {Icons.back}
          <span className="label">{t('app.backToList')}</span>
        </button>
      ) : null}
      <h1 className="app-title" data-testid="board-title">
        {session ? session.board.title : t('app.title')}
      </h1>
      <div className="top-actions">
        <PrintButton auth={printAuth} />
        <PenConnectButton
          className="icon-text primary"
          icon={Icons.bluetooth}
          connecting={connecting}
          onConnect={() => void app.deps.pens.connect()}
        />
        {layout !== 'phone' && penCount}
        <Overflow label={t('layout.more')} inline={layout === 'desktop'} testId="top-more">
          <Menu
            label={t('import.menu')}
            testId="import-menu"
            items={[
              { id: 'pdf', label: t('import.pdf'), onSelect: props.onPickPdf },
              { id: 'grida', label: t('import.grida'), onSelect: props.onPickGrida },
            ]}
          />
          {session && (
            <Menu
              label={t('save.menu')}
              testId="save-menu"
              items={[
                {
                  id: 'pdf',
                  label: t('save.pdf'),
                  onSelect: () => showDialog({ kind: 'save', mode: 'pdf' }),
                },
                {
                  id: 'grida',
                  label: t('save.grida'),
                  onSelect: () => showDialog({ kind: 'save', mode: 'grida' }),
                },
                {
                  id: 'saveAs',
                  label: t('save.saveAs'),
                  onSelect: () => showDialog({ kind: 'save', mode: 'saveAs' }),
                },
                {
                  id: 'overwrite',
                  label: t('save.overwrite'),
                  onSelect: () => showDialog({ kind: 'save', mode: 'overwrite' }),
                },
              ]}
            />
          )}
          {layout === 'phone' && penCount}
          <Menu
            label={t('links.menu')}
            testId="links-menu"
            items={[
              { id: 'old', label: t('links.oldVersion'), url: links.oldVersion },
              { id: 'inquiry', label: t('links.inquiry'), url: links.inquiry },
              { id: 'guide', label: t('links.guide'), url: links.guide },
              { id: 'buy', label: t('links.buyPen'), url: links.buyPen },
              { id: 'start', label: t('links.start'), url: links.start },
            ]
              // a link configured as '' is left out (see app/links.ts)
              .filter((l) => l.url !== '')
              .map((l) => ({ id: l.id, label: l.label, onSelect: () => open(l.url) }))}
          />
          <button
            type="button"
            className="icon-text"
            data-testid="help"
            onClick={() => showDialog({ kind: 'help' })}
          >
            {Icons.help}
            <span>{t('help.open')}</span>
          </button>
          <AccountArea app={app} account={account} />
          <label className="language">
            <span className="sr-only">{t('app.language')}</span>
            <select
              value={language}
              data-testid="language"
              onChange={(e) => {
                app.deps.storage?.setItem(LANGUAGE_CHOICE_KEY, e.target.value); // remembered
                const url = new URL(window.location.href);
                url.searchParams.set('lang', e.target.value);
                window.location.assign(url.toString());
              }}
            >
              {menuLanguages(LANGUAGES).map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
          </label>
        </Overflow>
      </div>
    </header>
  );
}
