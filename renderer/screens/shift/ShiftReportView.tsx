import type { ShiftView } from '../../../shared/staff.ts';
import { ShiftReportPaper } from '../../components/receipt/ShiftReportPaper.tsx';
import { useShiftDocument } from './use-shift-document.ts';

/** The X report (open) or Z report (closed) on screen: the printed document itself, without a "Printed" line. */
export function ShiftReportView({ shift }: { shift: ShiftView }) {
  const documentOf = useShiftDocument();
  return <ShiftReportPaper document={documentOf(shift, shift.report.to)} onScreen />;
}
