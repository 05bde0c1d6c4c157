import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { buildDayReport, type DayReportDocument } from '../../../shared/day-report-document.ts';
import type { DaySummary } from '../../../shared/payment-history.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { DayReport } from '../../components/receipt/DayReport.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useTerminal } from '../../stores/terminal.ts';

// Prints the end-of-day report on the 80 mm roll: the report goes into the print-only area outside the app
// (as a receipt does in the browser) and the print dialog opens on it. In the app the same dialog prints to
// the receipt printer when it is the default. An ESC/POS printer set in Settings prints it from the core instead
// (printer.printDayReport), with the same document.

export function PrintDayReportButton({ summary }: { summary: DaySummary | null }) {
  const t = useT();
  const locale = useLocale();
  const terminal = useTerminal();
  const bridge = useBridge();
  const [report, setReport] = useState<DayReportDocument | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<AppError | null>(null);

  useEffect(() => {
    if (!report) return;
    const done = (): void => setReport(null);
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [report]);

  const print = async (): Promise<void> => {
    if (!summary) return;
    setBusy(true);
    setSent(false);
    setError(null);
    const outcome = await bridge['printer.printDayReport']({ day: summary.day });
    setBusy(false);
    if (!outcome.ok) return setError(outcome.error);
    if (outcome.value.printed) return setSent(true);
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
        onClick={() => void print()}
        disabled={!summary || busy}
        data-testid="summary-print"
      >
        {t('summary.printReport')}
      </button>
      {sent && (
        <span className="hint" role="status" data-testid="summary-print-sent">
          {t('summary.sentToPrinter')}
        </span>
      )}
      <ErrorText error={error} testId="summary-print-error" />
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
