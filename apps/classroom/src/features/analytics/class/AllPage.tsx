/**
 * math/all, the whole-textbook class analysis (classroom.md §2): the textbook title with 'whole
 * textbook'; a horizontal bar chart per pupil of the writing rate and content rate (0–105, ticks
 * every 10 %, 30 px a pupil, one decimal), a click on a bar or a name opening math/student of that
 * pupil; the class averages with the pupils above and below average; 'Status per page' and
 * 'Status per unit', each with a Details button that builds its table.
 */
import type { MathSummaryData } from '@dotink/contracts/eduAnalytics';
import { useNavigate } from 'react-router';
import { ExportButtons } from '../../../components/ExportButtons';
import { useT } from '../../../i18n/text';
import { ChartFrame, chartTable } from '../ChartFrame';
import { ReportAction } from '../report/ReportAction';
import type { MathQuery } from '../summaryQueries';
import { ClassPageFrame } from './ClassPageFrame';
import { studentPath, WHOLE_BOOK_AXIS, wholeBookRows } from './classData';
import { mathAllTables, rateTable } from './classExports';
import { PupilBars } from './PupilBars';
import { AverageBox, PageStatus, UnitStatus } from './StatusSections';

export default function AllPage() {
  const t = useT();
  return (
    <ClassPageFrame label={t('analyticsClass.wholeTextbook')} testId="math-all-page">
      {(data, q) => <WholeBook data={data} q={q} />}
    </ClassPageFrame>
  );
}

function WholeBook({ data, q }: { data: MathSummaryData; q: MathQuery }) {
  const t = useT();
  const navigate = useNavigate();
  const rows = wholeBookRows(data);
  const toPupil = (studentId: string) => navigate(studentPath(q, studentId));
  return (
    <>
      <ExportButtons
        what={t('analyticsClass.wholeTextbook')}
        tables={() => mathAllTables(t, data)}
        fileName={[q.textbookTitle, t('analyticsClass.wholeTextbook')]}
        testId="export-math-all"
      />
      <ReportAction
        query={q}
        summary={data}
        scope="class"
        studentIds={data.pupils.map((p) => p.studentId)}
        fileName={[q.textbookTitle, t('analyticsClass.wholeTextbook')]}
        testId="report-class"
      />
      <div className="math-all-top">
        <ChartFrame
          title={t('analyticsClass.rateChart')}
          caption={t('analyticsClass.rateCaption')}
          hasData={rows.length > 0}
          testId="math-all-rates"
          table={chartTable(rateTable(t, t('analyticsClass.rateChart'), rows))}
        >
          <PupilBars
            rows={rows}
            axis={WHOLE_BOOK_AXIS}
            writingLabel={t('analyticsClass.writingRate')}
            contentLabel={t('analyticsClass.contentRate')}
            onPupil={toPupil}
            testId="math-all"
          />
        </ChartFrame>
        <AverageBox data={data} q={q} />
      </div>
      <PageStatus data={data} />
      <UnitStatus data={data} />
    </>
  );
}
