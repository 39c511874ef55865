/**
 * The page menu at the head of the page list: add a page, and open the page-order registration
 * again (after printing on pre-printed Ncode paper, until every printed page is registered; a
 * cancelled registration is not lost).
 */
import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useBoardApp, useEditor } from '../app/boardApp';
import { useText } from '../i18n/text';
import type { BoardSession } from '../model/boardSession';
import { BoardPrint } from '../print/BoardPrint';
import { boardPageImage, boardPrintDeps, boardTaps } from '../print/boardPrintAdapters';
import type { RegistrationPage } from '../print/registration';
import { loadPendingRegistration, onPendingRegistrationChange } from '../print/registrationFlow';
import { Menu } from './Menu';

export function PageMenu(props: { session: BoardSession; onAddPage: () => void }) {
  const app = useBoardApp();
  const t = useText();
  const showToast = useEditor((s) => s.showToast);
  const { session } = props;
  const [pending, setPending] = useState<readonly RegistrationPage[] | undefined>(undefined);
  const [open, setOpen] = useState<readonly RegistrationPage[] | undefined>(undefined);
  const target = useCallback(
    () => ({
      boardId: session.board.id,
      loadMeta: async (key: string) => (await app.deps.repo.db.meta.get(key))?.value,
    }),
    [app, session],
  );
  const refresh = useCallback(() => {
    loadPendingRegistration(target()).then(setPending, (error: unknown) => {
      setPending(undefined);
      showToast('pageMenu.registrationUnreadable', { detail: String(error) });
    });
  }, [target, showToast]);
  // looked up when the board opens and whenever a print or a registration stores it
  useEffect(() => {
    refresh();
    return onPendingRegistrationChange((boardId) => {
      if (boardId === session.board.id) refresh();
    });
  }, [refresh, session]);

  return (
    <>
      <Menu
        label={t('pageMenu.label')}
        testId="page-menu"
        items={[
          { id: 'add', label: t('toolbar.addPage'), onSelect: props.onAddPage },
          {
            id: 'register',
            label: t('pageMenu.register'),
            disabled: pending === undefined,
            onSelect: () => setOpen(pending),
          },
        ]}
      />
      {open &&
        createPortal(
          <BoardPrint
            deps={boardPrintDeps(app, session)}
            taps={boardTaps(app, session)}
            pageImage={(pageNo) => boardPageImage(app, session, pageNo)}
            deliver={app.deps.deliver}
            resume={open}
            onClose={() => setOpen(undefined)}
          />,
          document.body,
        )}
    </>
  );
}
