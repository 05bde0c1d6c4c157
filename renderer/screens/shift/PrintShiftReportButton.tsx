import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ShiftReportDocument } from '../../../shared/shift-report-document.ts';
import type { AppError } from '../../../shared/result.ts';
import type { ShiftView } from '../../../shared/staff.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { ShiftReportPaper } from '../../components/receipt/ShiftReportPaper.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useShiftDocument } from './use-shift-document.ts';

// Prints a shift's X or Z report on the 80 mm roll, as the day report does: an ESC/POS printer set in Settings
// prints it from the core (printer.printShiftReport, which also checks the right); otherwise the same document
// goes into the print-only area outside the app and the print dialog opens on it.

export function PrintShiftReportButton({ shift, label, testId }: { shift: ShiftView; label: string; testId: string }) {
  const t = useT();
  const bridge = useBridge();
  const documentOf = useShiftDocument();
  const [paper, setPaper] = useState<ShiftReportDocument | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  useEffect(() => {
    if (!paper) return;
    const done = (): void => setPaper(null);
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [paper]);

  const print = async (): Promise<void> => {
    setBusy(true);
    setSent(false);
    setError(null);
    const outcome = await bridge['printer.printShiftReport']({ id: shift.id });
    setBusy(false);
    if (!outcome.ok) return setError(outcome.error);
    if (outcome.value.printed) return setSent(true);
    setPaper(documentOf(shift, new Date().toISOString()));
  };

  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        disabled={busy}
        onClick={() => void print()}
        data-testid={testId}
      >
        {label}
      </button>
      {sent && (
        <span className="hint" role="status" data-testid={`${testId}-sent`}>
          {t('summary.sentToPrinter')}
        </span>
      )}
      <ErrorText error={error} testId={`${testId}-error`} />
      {paper &&
        createPortal(
          <div className="receipt-print-area" aria-label={t('shiftSheet.label')} data-testid="receipt-print-area">
            <ShiftReportPaper document={paper} />
          </div>,
          document.body,
        )}
    </>
  );
}
