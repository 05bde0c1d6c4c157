import type { ShiftReportDocument } from '../../../shared/shift-report-document.ts';
import './receipt.css';

// A shift's X or Z report laid out for the 80 mm roll, like the day report: the document
// (shared/shift-report-document.ts, the same one the ESC/POS printer prints) holds every word and number; this
// only arranges it. On screen the "Printed" line is left out: nothing was printed yet.

export function ShiftReportPaper({
  document,
  onScreen = false,
}: {
  document: ShiftReportDocument;
  onScreen?: boolean;
}) {
  const facts = onScreen ? document.facts.filter((fact) => fact.key !== 'printedAt') : document.facts;
  return (
    <article
      className="receipt day-report shift-report"
      data-testid="shift-report"
      data-kind={document.report.toLowerCase()}
    >
      {document.merchantName && <h1 className="receipt-merchant">{document.merchantName}</h1>}
      <h2 className="receipt-title" data-testid="shift-report-title">
        {document.title}
      </h2>
      <dl className="receipt-facts">
        {facts.map((fact) => (
          <div key={fact.key} className="receipt-fact">
            <dt>{fact.label}</dt>
            <dd data-testid={`shift-report-${fact.key}`}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {document.sections.map((section) => (
        <section
          key={section.key}
          className="receipt-refunds day-report-section"
          data-testid={`shift-report-${section.key}`}
        >
          <h3>{section.title}</h3>
          <table className="day-report-table">
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col">{document.countLabel}</th>
                <th scope="col">{document.amountLabel}</th>
              </tr>
            </thead>
            <tbody>
              {section.rows.map((row) => (
                <tr
                  key={row.key}
                  className={row.part ? 'day-report-part' : undefined}
                  data-key={row.key}
                  data-count={row.count}
                  data-amount={row.amount}
                >
                  <th scope="row">{row.label}</th>
                  <td>{row.count}</td>
                  <td>{row.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </article>
  );
}
