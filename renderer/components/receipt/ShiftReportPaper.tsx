import type { ShiftReportDocument } from '../../../shared/shift-report-document.ts';
import { ReportPaper } from './ReportPaper.tsx';

// A shift's X or Z report laid out for the 80 mm roll, like the day report (ReportPaper.tsx): the document
// (shared/shift-report-document.ts, the same one the ESC/POS printer prints) holds every word and number. On
// screen the "Printed" line is left out (nothing was printed yet), and it is drawn at the
// screen's size in its font: the roll's look is for paper.

export function ShiftReportPaper({
  document,
  onScreen = false,
}: {
  document: ShiftReportDocument;
  onScreen?: boolean;
}) {
  const shown = onScreen ? { ...document, facts: document.facts.filter((fact) => fact.key !== 'printedAt') } : document;
  return (
    <ReportPaper
      document={shown}
      testId="shift-report"
      className={onScreen ? 'shift-report report-on-screen' : 'shift-report'}
      kind={document.report.toLowerCase()}
    />
  );
}
