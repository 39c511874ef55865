/**
 * School registration (classroom.md §2, §5, §8): autocomplete on the school name (region and
 * level beside each name), the code field filled from the chosen school, 'input complete', then a
 * confirmation of the school. Entered once; the administrator of a wrongly chosen school can
 * reject the request, and the teacher chooses again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import type { School } from '../../api/contracts';
import { eduKeys, useSchools } from '../../api/queries';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { AlertDialog } from '../../components/Dialog';
import { useT } from '../../i18n/text';
import { errorText, useServices } from '../../lib/services';
import { toast } from '../../lib/toasts';
import { codeMatches, schoolAuthCode, schoolDetails } from './schoolCode';

/** The autocomplete's list, always holding the chosen school (so it stays chosen). */
function choices(found: readonly School[] | undefined, chosen: School | undefined): School[] {
  const list = [...(found ?? [])];
  if (chosen && !list.some((s) => s.eduSchoolId === chosen.eduSchoolId)) list.unshift(chosen);
  return list;
}

export default function SchoolPage() {
  const t = useT();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [school, setSchool] = useState<School | undefined>();
  const [code, setCode] = useState('');
  const [alert, setAlert] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const schools = useSchools(input);
  const toCurriculum = async (message: string) => {
    toast(message, 'success');
    // the gate decides from the teacher's record: read again before moving on, or a stale one
    // (no school yet) sends the teacher back here instead of to notApproval or the curriculum
    // (a failed read does not reject: the gate then reads the record again itself)
    await queryClient.refetchQueries({ queryKey: eduKeys.teacher, type: 'all' });
    navigate('/main/curriculum', { replace: true });
  };
  const register = useMutation({
    mutationFn: () => api.registerSchool(school?.eduSchoolId, code.trim().toUpperCase()),
    onSuccess: () => toCurriculum(t('school.registered')),
    onError: (error) => {
      const e = error as ApiError;
      if (e.status === 409) void toCurriculum(t('school.locked', { message: errorText(t, error) }));
      else if (e.status === 400) setAlert(errorText(t, error));
      else if (e instanceof ApiError && e.status !== 401) void toCurriculum(t('school.updateFailed'));
      else setAlert(errorText(t, error));
    },
  });
  const submit = () => {
    if (!school) return setAlert(t('school.noAffiliation'));
    if (!codeMatches(code, school)) return setAlert(t('school.codeMismatch'));
    setConfirming(true);
  };
  return (
    <section className="page narrow" data-testid="school-page">
      <h1>{t('school.title')}</h1>
      <ComboBox
        className="field"
        inputValue={input}
        onInputChange={(v) => {
          setInput(v);
          if (school && v !== school.schoolName) {
            setSchool(undefined);
            setCode('');
          }
        }}
        items={choices(schools.data, school)}
        selectedKey={school?.eduSchoolId ?? null}
        onSelectionChange={(key) => {
          // the list refreshes as the name changes: only a chosen school changes the choice
          const chosen = schools.data?.find((s) => s.eduSchoolId === key);
          if (!chosen) return;
          setSchool(chosen);
          setCode(schoolAuthCode(chosen));
          setInput(chosen.schoolName);
        }}
        allowsEmptyCollection
      >
        <Label>{t('school.name')}</Label>
        <Input data-testid="school-name-input" />
        <Popover className="popover">
          <ListBox className="menu" renderEmptyState={() => <p className="hint">{t('school.noResults')}</p>}>
            {(s: School) => (
              <ListBoxItem id={s.eduSchoolId} className="listbox-item" textValue={s.schoolName}>
                {s.schoolName} <span className="hint">({schoolDetails(t, s)})</span>
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      <div className="field">
        <label htmlFor="school-code">{t('school.code')}</label>
        <input
          id="school-code"
          data-testid="school-code"
          value={code}
          disabled={!school}
          onChange={(e) => setCode(e.target.value)}
          aria-describedby="school-code-hint"
        />
        <Text id="school-code-hint" className="hint">
          {t('school.codeHint')}
        </Text>
      </div>
      <Button
        className="button primary"
        onPress={submit}
        isDisabled={register.isPending}
        data-testid="school-submit"
      >
        {t('school.submit')}
      </Button>
      <ConfirmDialog
        title={t('school.confirmTitle')}
        message={
          confirming && school
            ? t('school.confirmBody', { name: school.schoolName, details: schoolDetails(t, school) })
            : undefined
        }
        confirm={t('school.submit')}
        cancel={t('common.cancel')}
        onConfirm={() => {
          setConfirming(false);
          register.mutate();
        }}
        onCancel={() => setConfirming(false)}
        testId="school-confirm"
      />
      <AlertDialog
        title={t('school.title')}
        message={alert}
        confirm={t('common.confirm')}
        onClose={() => setAlert(undefined)}
      />
    </section>
  );
}
