import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ShiftView } from '../../../shared/staff.ts';
import { useT } from '../../i18n/i18n.tsx';
import { ShiftReportView } from './ShiftReportView.tsx';

// Prints a shift's report on the 80 mm roll as the day report does in the browser: the report goes into the
// print-only area outside the app and the print dialog opens on it (in the app, the receipt printer when it is
// the system's default).

export function PrintShiftReportButton({ shift, label, testId }: { shift: ShiftView; label: string; testId: string }) {
  const t = useT();
  const [printedAt, setPrintedAt] = useState<string | null>(null);
  useEffect(() => {
    if (!printedAt) return;
    const done = (): void => setPrintedAt(null);
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printedAt]);
  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => setPrintedAt(new Date().toISOString())}
        data-testid={testId}
      >
        {label}
      </button>
      {printedAt &&
        createPortal(
          <div className="receipt-print-area" aria-label={t('shiftSheet.label')} data-testid="receipt-print-area">
            <ShiftReportView shift={shift} printedAt={printedAt} />
          </div>,
          document.body,
        )}
    </>
  );
}
