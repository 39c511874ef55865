/**
 * The material print page (`/main/materialPrint?curriculumId=…`): a course's learning materials
 * with their 'material print' buttons — the same button the textbook table shows in its
 * 'material print' column, reachable on its own (and by the browser test) until then.
 */
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useServices } from '../../app/services';
import { useT } from '../../i18n/text';
import { MaterialPrintButton } from './MaterialPrintButton';

export default function MaterialPrintPage() {
  const t = useT();
  const { api } = useServices();
  const [params] = useSearchParams();
  const curriculumId = Number(params.get('curriculumId') ?? '');
  const valid = Number.isInteger(curriculumId) && curriculumId > 0;
  const textbooks = useQuery({
    queryKey: ['materialPrint', 'textbooks', curriculumId],
    queryFn: () => api.printTextbooks(curriculumId),
    enabled: valid,
  });
  return (
    <section className="page">
      <h1>{t('materialPrint.title')}</h1>
      {textbooks.isError ? (
        <p role="alert" data-testid="material-print-list-error">
          {t('materialPrint.lookupFailed', {
            message: (textbooks.error as { serverMessage?: string }).serverMessage ?? textbooks.error.message,
            code: (textbooks.error as { status?: number }).status ?? 0,
          })}
        </p>
      ) : null}
      <div className="table-wrap">
        <table className="table" data-testid="material-print-list">
          <thead>
            <tr>
              <th scope="col">{t('materialPrint.colNumber')}</th>
              <th scope="col">{t('materialPrint.colType')}</th>
              <th scope="col">{t('materialPrint.colName')}</th>
              <th scope="col">{t('materialPrint.colDate')}</th>
              <th scope="col">{t('materialPrint.title')}</th>
            </tr>
          </thead>
          <tbody>
            {(textbooks.data ?? []).map((tb, i) => (
              <tr key={tb.id} data-testid="material-print-row">
                <td>{i + 1}</td>
                <td>{tb.typeDiv}</td>
                <td>{tb.title}</td>
                <td>{tb.createdAt.slice(0, 10)}</td>
                <td>
                  <MaterialPrintButton textbook={tb} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
