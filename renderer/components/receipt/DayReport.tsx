import type { DayReportDocument } from '../../../shared/day-report-document.ts';
import { ReportPaper } from './ReportPaper.tsx';

// The end-of-day report laid out for the 80 mm roll (ReportPaper.tsx): the document
// (shared/day-report-document.ts) holds every word and number.

export function DayReport({ document }: { document: DayReportDocument }) {
  return <ReportPaper document={document} testId="day-report" />;
}
