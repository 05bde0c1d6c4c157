import './receipt.css';

// A report laid out for the 80 mm roll, like a receipt: the merchant, the title, the facts (terminal, day, when
// printed…) and tables of count and amount. The end-of-day report and a shift's X or Z report are both such a
// document (shared/day-report-document.ts, shared/shift-report-document.ts, the same ones the ESC/POS printer
// prints): the document holds every word and number; this only arranges it. `testId` names the report and
// prefixes each fact's and section's test id.

interface ReportRow {
  readonly key: string;
  readonly label: string;
  readonly count: string;
  readonly amount: string;
  readonly part: boolean;
}

export interface ReportDocument {
  readonly title: string;
  readonly merchantName: string;
  readonly facts: readonly { readonly key: string; readonly label: string; readonly value: string }[];
  readonly countLabel: string;
  readonly amountLabel: string;
  readonly sections: readonly { readonly key: string; readonly title: string; readonly rows: readonly ReportRow[] }[];
}

export function ReportPaper({
  document,
  testId,
  className = '',
  kind,
}: {
  document: ReportDocument;
  testId: string;
  className?: string;
  /** For a shift's report: X or Z. */
  kind?: string;
}) {
  return (
    <article className={`receipt day-report ${className}`.trim()} data-testid={testId} data-kind={kind}>
      {document.merchantName && <h1 className="receipt-merchant">{document.merchantName}</h1>}
      <h2 className="receipt-title" data-testid={`${testId}-title`}>
        {document.title}
      </h2>
      <dl className="receipt-facts">
        {document.facts.map((fact) => (
          <div key={fact.key} className="receipt-fact">
            <dt>{fact.label}</dt>
            <dd data-testid={`${testId}-${fact.key}`}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {document.sections.map((section) => (
        <section
          key={section.key}
          className="receipt-refunds day-report-section"
          data-testid={`${testId}-${section.key}`}
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
