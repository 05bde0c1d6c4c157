import { buildShiftReport, type ShiftReportDocument } from '../../../shared/shift-report-document.ts';
import type { ShiftView } from '../../../shared/staff.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { useTerminal } from '../../stores/terminal.ts';

/** The shift's report as the printer prints it (shared/shift-report-document.ts), for this till and language. */
export function useShiftDocument(): (shift: ShiftView, printedAt: string) => ShiftReportDocument {
  const locale = useLocale();
  const { merchantName, posId, terminalReference } = useTerminal();
  return (shift, printedAt) =>
    buildShiftReport({ shift, merchantName, terminal: { posId, terminalReference }, locale, printedAt });
}
