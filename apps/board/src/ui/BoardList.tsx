/**
 * The board list (board.md §2): recent boards, the trash (restore, delete forever), groups with
 * an Add action, the count of unshelved boards, a select mode with its count, a new-board action
 * and when each board was last opened.
 */
import { useLanguage } from '@dotink/view';
import { useCallback, useEffect, useState } from 'react';
import { useBoardApp } from '../app/boardApp';
import { useText } from '../i18n/text';
import type { BoardRecord, GroupRecord } from '../model/boardTypes';
import { BOARDS_CHANGED_EVENT } from '../sync/boardsChanged';

type Filter =
  | { kind: 'recent' }
  | { kind: 'trash' }
  | { kind: 'unshelved' }
  | { kind: 'group'; name: string };

export function BoardList() {
  const app = useBoardApp();
  const t = useText();
  const language = useLanguage();
  const repo = app.deps.repo;
  const [boards, setBoards] = useState<BoardRecord[]>([]);
  const [groups, setGroups] = useState<GroupRecord[]>([]);
  const [filter, setFilter] = useState<Filter>({ kind: 'recent' });
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [newGroup, setNewGroup] = useState('');
  const [adding, setAdding] = useState(false);

  const reload = useCallback(async () => {
    setBoards(await repo.listBoards());
    setGroups(await repo.groups());
  }, [repo]);
  useEffect(() => {
    void app.run(reload);
  }, [reload, app]);
  // boards received by sync (sync/useBoardSync.ts) show without a reload
  useEffect(() => {
    const onChange = () => void app.run(reload);
    window.addEventListener(BOARDS_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(BOARDS_CHANGED_EVENT, onChange);
  }, [reload, app]);

  const live = boards.filter((b) => b.trashed === 0);
  const shown = (() => {
    switch (filter.kind) {
      case 'recent':
        return [...live].sort((a, b) => (b.lastOpenedMs ?? b.updatedMs) - (a.lastOpenedMs ?? a.updatedMs));
      case 'trash':
        return boards.filter((b) => b.trashed === 1);
      case 'unshelved':
        return live.filter((b) => b.group === '');
      case 'group':
        return live.filter((b) => b.group === filter.name);
    }
  })();
  const unshelved = live.filter((b) => b.group === '').length;
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const ids = [...selected];

  const act = (fn: () => Promise<void>) =>
    app.run(async () => {
      await fn();
      setSelected(new Set());
      setSelecting(false);
      await reload();
    });
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const isFilter = (f: Filter) =>
    f.kind === filter.kind && (f.kind !== 'group' || (filter.kind === 'group' && filter.name === f.name));
  const tab = (f: Filter, label: string, testId: string) => (
    <li>
      <button
        type="button"
        aria-current={isFilter(f) ? 'true' : undefined}
        data-testid={testId}
        onClick={() => setFilter(f)}
      >
        {label}
      </button>
    </li>
  );

  return (
    <div className="board-list" data-testid="board-list">
      <nav className="list-nav" aria-label={t('list.groups')}>
        <ul>
          {tab({ kind: 'recent' }, t('list.recent'), 'filter-recent')}
          {tab({ kind: 'unshelved' }, t('list.unshelved', { count: unshelved }), 'filter-unshelved')}
        </ul>
        <h2>{t('list.groups')}</h2>
        <ul>{groups.map((g) => tab({ kind: 'group', name: g.name }, g.name, `filter-group-${g.name}`))}</ul>
        {adding ? (
          <form
            className="add-group"
            onSubmit={(e) => {
              e.preventDefault();
              const name = newGroup.trim();
              if (name) void app.run(() => repo.addGroup(name).then(reload));
              setNewGroup('');
              setAdding(false);
            }}
          >
            <label>
              <span className="sr-only">{t('list.groupName')}</span>
              <input
                value={newGroup}
                placeholder={t('list.groupName')}
                data-testid="group-name"
                onChange={(e) => setNewGroup(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') setAdding(false);
                }}
              />
            </label>
            <button type="submit">{t('list.addGroup')}</button>
          </form>
        ) : (
          <button
            type="button"
            className="add-group-button"
            data-testid="add-group"
            onClick={() => setAdding(true)}
          >
            + {t('list.addGroup')}
          </button>
        )}
        <ul>{tab({ kind: 'trash' }, t('list.trash'), 'filter-trash')}</ul>
      </nav>
      <main className="list-main" aria-label={t('list.recent')} tabIndex={-1}>
        {app.deps.memoryOnly && (
          <p className="memory-only" role="note" data-testid="memory-only">
            {t('storage.memoryOnlyLine')}
          </p>
        )}
        <div className="list-actions">
          <button
            type="button"
            className="primary"
            data-testid="new-board"
            onClick={() =>
              void app.run(() =>
                app.newBoard(t('list.newBoardTitle'), filter.kind === 'group' ? filter.name : ''),
              )
            }
          >
            + {t('list.newBoard')}
          </button>
          <button
            type="button"
            aria-pressed={selecting}
            data-testid="select-mode"
            onClick={() => {
              setSelecting(!selecting);
              setSelected(new Set());
            }}
          >
            {selecting ? t('list.selectDone') : t('list.select')}
          </button>
          {selecting && (
            <>
              <span className="selected-count" data-testid="selected-count" aria-live="polite">
                {t('list.selectedCount', { count: selected.size })}
              </span>
              {filter.kind === 'trash' ? (
                <>
                  <button
                    type="button"
                    data-testid="restore"
                    disabled={ids.length === 0}
                    onClick={() => act(() => repo.restore(ids))}
                  >
                    {t('list.restore')}
                  </button>
                  <button
                    type="button"
                    className="danger"
                    data-testid="delete-forever"
                    disabled={ids.length === 0}
                    onClick={() =>
                      app.deps.editor.getState().showDialog({
                        kind: 'confirm',
                        message: { key: 'list.deleteForeverConfirm', params: { count: ids.length } },
                        confirmLabel: 'list.deleteForever',
                        onConfirm: () => void act(() => repo.deleteForever(ids)),
                      })
                    }
                  >
                    {t('list.deleteForever')}
                  </button>
                </>
              ) : (
                <>
                  <button
                    type="button"
                    data-testid="move-to-trash"
                    disabled={ids.length === 0}
                    onClick={() => act(() => repo.trash(ids))}
                  >
                    {t('list.moveToTrash')}
                  </button>
                  <label className="inline">
                    <span>{t('list.moveToGroup')}</span>
                    <select
                      value=""
                      disabled={ids.length === 0}
                      data-testid="move-to-group"
                      onChange={(e) => {
                        const g = e.target.value;
                        void act(() => repo.setGroup(ids, g === '\u0000' ? '' : g));
                      }}
                    >
                      <option value="" disabled>
                        …
                      </option>
                      <option value={'\u0000'}>{t('list.noGroup')}</option>
                      {groups.map((g) => (
                        <option key={g.name} value={g.name}>
                          {g.name}
                        </option>
                      ))}
                    </select>
                  </label>
                </>
              )}
            </>
          )}
        </div>
        {shown.length === 0 ? (
          <p className="list-empty" data-testid="list-empty">
            {filter.kind === 'trash' ? t('list.trashEmpty') : t('list.empty')}
          </p>
        ) : (
          <ul className="cards">
            {shown.map((b) => (
              <li key={b.id} className="card" data-testid="board-card" data-title={b.title}>
                {selecting && (
                  <input
                    type="checkbox"
                    aria-label={b.title}
                    checked={selected.has(b.id)}
                    data-testid={`select-${b.title}`}
                    onChange={() => toggle(b.id)}
                  />
                )}
                <button
                  type="button"
                  className="card-open"
                  disabled={b.trashed === 1 && !selecting}
                  onClick={() => (selecting ? toggle(b.id) : void app.run(() => app.openBoard(b.id)))}
                >
                  <span className="card-thumb" aria-hidden="true">
                    {b.pageCount}
                  </span>
                  <CardTitle title={b.title} verb={selecting ? 'list.selectCard' : 'list.open'} />
                  <span className="card-meta">
                    {t('list.pageCount', { count: b.pageCount })}
                    {b.group ? ` · ${b.group}` : ''}
                  </span>
                  <span className="card-meta" data-testid="last-opened">
                    {b.lastOpenedMs === null
                      ? t('list.neverOpened')
                      : t('list.lastOpened', { time: format.format(new Date(b.lastOpenedMs)) })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}

/**
 * A card's title; its button is named by what it shows (axe: the name holds the visible text),
 * with the action ("Open …", "Select …") around the title for screen readers only.
 */
function CardTitle(props: { title: string; verb: 'list.open' | 'list.selectCard' }) {
  const t = useText();
  const [before = '', after = ''] = t(props.verb, { title: '\u0000' }).split('\u0000');
  return (
    <span className="card-title">
      {before.trim() && <span className="sr-only">{before.trim()}</span>}
      {before.endsWith(' ') ? ' ' : ''}
      {props.title}
      {after.startsWith(' ') ? ' ' : ''}
      {after.trim() && <span className="sr-only">{after.trim()}</span>}
    </span>
  );
}
