/**
 * The 'collect pens' action of a lesson (course page, issue 16): opens the
 * {@link CollectPensDialog} for the lesson's class. Drafts (no session) have nothing to collect.
 */
import type { Course } from '@dotink/contracts/edu';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useT } from '../../i18n/text';
import { CollectPensDialog } from './CollectPensDialog';

export function CollectPensButton(props: { readonly course: Course }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const c = props.course;
  if (c.sessionId === null) return null;
  return (
    <>
      <Button
        className="button small"
        aria-label={t('collect.open', { lesson: c.tag })}
        onPress={() => setOpen(true)}
        data-testid="lesson-collect"
      >
        {t('collect.title')}
      </Button>
      {open ? (
        <CollectPensDialog
          lesson={{
            eduClassId: c.eduClassId,
            title: c.tag,
            startMs: c.startAt === null ? undefined : Date.parse(c.startAt),
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
