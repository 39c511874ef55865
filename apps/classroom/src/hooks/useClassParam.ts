/** The class of a student page: `?eduClassId=`, else the selected class; choosing it is remembered. */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useClasses } from '../api/queries';
import { useServices } from '../lib/services';
import { useUi } from '../stores/uiStore';

export function useClassParam() {
  const { ui } = useServices();
  const [params] = useSearchParams();
  const selected = useUi(ui, (s) => s.selectedClassId);
  const fromQuery = Number(params.get('eduClassId'));
  const eduClassId = Number.isInteger(fromQuery) && fromQuery > 0 ? fromQuery : selected;
  const classes = useClasses();
  useEffect(() => {
    if (eduClassId !== undefined && eduClassId !== selected) ui.selectClass(eduClassId);
  }, [eduClassId, selected, ui]);
  return { eduClassId, klass: classes.data?.find((c) => c.eduClassId === eduClassId) };
}
