/**
 * Adds one pupil by hand (classroom.md §5 "row appending"), under the admin's student table: the
 * number (the next free one proposed), the name and the pen address; 'add' is enabled when every
 * column is filled, and a refusal says why on the form.
 */
import { type FormEvent, useState } from 'react';
import type { Student, StudentRowInput } from '../../api/contracts';
import { type T, useT } from '../../i18n/text';
import { errorText } from '../../lib/services';
import { checkPupilDraft, type PupilDraftCheck } from './pupilRow';

const problemText = (t: T, problem: Extract<PupilDraftCheck, { ok: false }>['problem']) =>
  ({
    empty: t('students.addEmpty'),
    number: t('students.addBadNumber'),
    takenNumber: t('students.addTakenNumber'),
    pen: t('students.addBadPen'),
    takenPen: t('students.addTakenPen'),
  })[problem];

export function AddPupilForm(props: {
  readonly students: readonly Student[];
  readonly save: (rows: readonly StudentRowInput[]) => Promise<unknown>;
}) {
  const t = useT();
  const next = String(Math.max(0, ...props.students.map((s) => s.num)) + 1);
  const [draft, setDraft] = useState({ num: '', name: '', mac: '' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const filled = { ...draft, num: draft.num === '' ? next : draft.num };
  const check = checkPupilDraft(filled, props.students);
  const shown = check.ok || check.problem === 'empty' ? failure : problemText(t, check.problem);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check.ok) return;
    setBusy(true);
    setFailure(undefined);
    try {
      // 'N': a pupil once removed with this number comes back listed
      await props.save([{ ...check.row, deleteYn: 'N' }]);
      setDraft({ num: '', name: '', mac: '' });
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="add-pupil" onSubmit={submit} aria-labelledby="add-pupil-title" data-testid="add-pupil">
      <h2 id="add-pupil-title">{t('students.addTitle')}</h2>
      <div className="add-pupil-fields">
        <label>
          {t('students.num')}
          <input
            value={filled.num}
            inputMode="numeric"
            onChange={(e) => setDraft({ ...draft, num: e.target.value })}
            data-testid="add-pupil-num"
          />
        </label>
        <label>
          {t('students.name')}
          <input
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            data-testid="add-pupil-name"
          />
        </label>
        <label>
          {t('students.mac')}
          <input
            value={draft.mac}
            onChange={(e) => setDraft({ ...draft, mac: e.target.value })}
            aria-invalid={!check.ok && (check.problem === 'pen' || check.problem === 'takenPen')}
            data-testid="add-pupil-mac"
          />
        </label>
        <button
          type="submit"
          className="button primary"
          disabled={!check.ok || busy}
          data-testid="add-pupil-submit"
        >
          {t('students.add')}
        </button>
      </div>
      {shown ? (
        <p className="error-text" role="alert" data-testid="add-pupil-problem">
          {shown}
        </p>
      ) : null}
    </form>
  );
}
