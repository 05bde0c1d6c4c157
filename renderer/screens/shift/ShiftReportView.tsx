import type { SummaryLine } from '../../../shared/domain.ts';
import type { ShiftView, StaffRef } from '../../../shared/staff.ts';
import { dateTime, money } from '../../components/format.ts';
import { useLocale, useT, type MessageKey } from '../../i18n/i18n.tsx';
import { useTerminal } from '../../stores/terminal.ts';
import '../../components/receipt/receipt.css';

// A shift's X report (while open) or Z report (closed) laid out for the 80 mm roll, like the day report: the
// same article on screen and on paper. Every figure carries its minor units and count as data attributes, so a
// test reads the printed document itself.

export function ShiftReportView({ shift, printedAt }: { shift: ShiftView; printedAt?: string | undefined }) {
  const t = useT();
  const locale = useLocale();
  const terminal = useTerminal();
  const { report } = shift;
  const closed = shift.closedAt !== null;
  const who = (ref: StaffRef | null): string => ref?.name ?? t('shiftSheet.nobody');
  const facts: Array<[string, string]> = [
    ['terminal', terminal.posId || terminal.terminalReference],
    ['from', dateTime(report.from, locale)],
    ['to', dateTime(report.to, locale)],
    ['openedBy', who(shift.openedBy)],
    ...(closed ? [['closedBy', who(shift.closedBy)] as [string, string]] : []),
    ...(shift.note ? [['note', shift.note] as [string, string]] : []),
    ...(printedAt ? [['printedAt', dateTime(printedAt, locale)] as [string, string]] : []),
  ];
  return (
    <article
      className="receipt shift-report"
      data-testid="shift-report"
      data-kind={closed ? 'z' : 'x'}
      data-number={shift.number}
      data-net-minor={report.net.amountMinor}
    >
      {terminal.merchantName && <h1 className="receipt-merchant">{terminal.merchantName}</h1>}
      <h2 className="receipt-title" data-testid="shift-report-title">
        {closed ? t('shiftSheet.z', { number: shift.number }) : t('shiftSheet.x', { number: shift.number })}
      </h2>
      <dl className="receipt-facts">
        {facts.map(([key, value]) => (
          <div key={key} className="receipt-fact">
            <dt>{t(`shiftSheet.${key}` as MessageKey)}</dt>
            <dd data-testid={`shift-report-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <ReportSection title={t('shiftSheet.totals')} testId="shift-report-totals">
        <LineRow id="paid" label={t('shiftSheet.paid')} line={report.paid} />
        {(['merchant-qr', 'customer-qr'] as const).map((method) => (
          <LineRow key={method} id={method} label={t(`method.${method}`)} line={report.byMethod[method]} part />
        ))}
        <LineRow id="registerSales" label={t('shiftSheet.registerSales')} line={report.registerSales} part />
        <LineRow id="refunds" label={t('shiftSheet.refunds')} line={report.refunds} />
        <tr data-testid="shift-report-row" data-key="cancels" data-count={report.cancels}>
          <th scope="row">{t('shiftSheet.cancels')}</th>
          <td>{report.cancels}</td>
          <td />
        </tr>
        <tr data-testid="shift-report-row" data-key="net" data-total-minor={report.net.amountMinor}>
          <th scope="row">{t('shiftSheet.net')}</th>
          <td />
          <td>{money(report.net, locale)}</td>
        </tr>
      </ReportSection>
      {report.byCashier.map((line) => (
        <ReportSection
          key={line.staff?.id ?? 'nobody'}
          title={who(line.staff)}
          testId="shift-report-cashier"
          staffId={line.staff?.id ?? ''}
        >
          <LineRow id="paid" label={t('shiftSheet.paid')} line={line.paid} />
          <LineRow id="refunds" label={t('shiftSheet.refunds')} line={line.refunds} />
          <tr data-testid="shift-report-row" data-key="cancels" data-count={line.cancels}>
            <th scope="row">{t('shiftSheet.cancels')}</th>
            <td>{line.cancels}</td>
            <td />
          </tr>
        </ReportSection>
      ))}
      {report.openAtClose.length > 0 && (
        <section className="receipt-refunds" data-testid="shift-report-open-at-close">
          <h3>{t('shiftSheet.openAtClose')}</h3>
          <ul>
            {report.openAtClose.map((referenceId) => (
              <li key={referenceId}>{referenceId}</li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

function ReportSection({
  title,
  testId,
  staffId,
  children,
}: {
  title: string;
  testId: string;
  staffId?: string;
  children: React.ReactNode;
}) {
  const t = useT();
  return (
    <section className="receipt-refunds day-report-section" data-testid={testId} data-staff-id={staffId}>
      <h3>{title}</h3>
      <table className="day-report-table">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">{t('summary.count')}</th>
            <th scope="col">{t('summary.total')}</th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

function LineRow({ id, label, line, part }: { id: string; label: string; line: SummaryLine; part?: boolean }) {
  const locale = useLocale();
  return (
    <tr
      className={part ? 'day-report-part' : undefined}
      data-testid="shift-report-row"
      data-key={id}
      data-count={line.count}
      data-total-minor={line.total.amountMinor}
    >
      <th scope="row">{label}</th>
      <td>{line.count}</td>
      <td>{money(line.total, locale)}</td>
    </tr>
  );
}
