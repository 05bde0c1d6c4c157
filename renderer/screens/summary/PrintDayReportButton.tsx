import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { buildDayReport, type DayReportDocument } from '../../../shared/day-report-document.ts';
import type { DaySummary } from '../../../shared/domain.ts';
import { DayReport } from '../../components/receipt/DayReport.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useTerminal } from '../../stores/terminal.ts';

// Prints the end-of-day report on the 80 mm roll: the report goes into the print-only area outside the app
// (as a receipt does in the browser) and the print dialog opens on it. In the app the same dialog prints to
// the receipt printer when it is the default.

export function PrintDayReportButton({ summary }: { summary: DaySummary | null }) {
  const t = useT();
  const locale = useLocale();
  const terminal = useTerminal();
  const [report, setReport] = useState<DayReportDocument | null>(null);

  useEffect(() => {
    if (!report) return;
    const done = (): void => setReport(null);
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [report]);

  const print = (): void => {
    if (!summary) return;
    const { posId, terminalReference, merchantName } = terminal;
    setReport(
      buildDayReport({
        summary,
        merchantName,
        terminal: { posId, terminalReference },
        locale,
        printedAt: new Date().toISOString(),
      }),
    );
  };

  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        onClick={print}
        disabled={!summary}
        data-testid="summary-print"
      >
        {t('summary.printReport')}
      </button>
      {report &&
        createPortal(
          <div className="receipt-print-area" aria-label={t('summary.reportLabel')} data-testid="receipt-print-area">
            <DayReport document={report} />
          </div>,
          document.body,
        )}
    </>
  );
}
