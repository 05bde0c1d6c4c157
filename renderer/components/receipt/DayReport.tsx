import type { DayReportDocument } from '../../../shared/day-report-document.ts';
import './receipt.css';

// The end-of-day report laid out for the 80 mm roll, like a receipt: the document (shared/day-report-document.ts)
// holds every word and number; this only arranges it.

export function DayReport({ document }: { document: DayReportDocument }) {
  return (
    <article className="receipt day-report" data-testid="day-report">
      {document.merchantName && <h1 className="receipt-merchant">{document.merchantName}</h1>}
      <h2 className="receipt-title">{document.title}</h2>
      <dl className="receipt-facts">
        {document.facts.map((fact) => (
          <div key={fact.key} className="receipt-fact">
            <dt>{fact.label}</dt>
            <dd data-testid={`day-report-${fact.key}`}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {document.sections.map((section) => (
        <section
          key={section.key}
          className="receipt-refunds day-report-section"
          data-testid={`day-report-${section.key}`}
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
                <tr key={row.key} className={row.part ? 'day-report-part' : undefined} data-key={row.key}>
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
