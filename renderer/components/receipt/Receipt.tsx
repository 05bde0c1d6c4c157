import { useMemo } from 'react';
import type { ReceiptDocument } from '../../../shared/receipt.ts';
import { useT } from '../../i18n/i18n.tsx';
import { qrSvgDataUrl } from './qr-svg.ts';
import './receipt.css';

// A receipt or refund slip laid out for an 80 mm thermal roll. The document (shared/receipt.ts) already holds
// every word and number; this only arranges it. Main prints the same document (core/receipts/receipt-html.ts).

export function Receipt({ document }: { document: ReceiptDocument }) {
  const t = useT();
  const qr = useMemo(() => qrSvgDataUrl(document.qrText), [document.qrText]);
  return (
    <article className="receipt" data-testid="receipt" data-kind={document.kind}>
      {document.merchantName && <h1 className="receipt-merchant">{document.merchantName}</h1>}
      {document.identity.map((text) => (
        <p key={text} className="receipt-identity" data-testid="receipt-identity">
          {text}
        </p>
      ))}
      <h2 className="receipt-title">{document.title}</h2>
      {document.items.length > 0 && (
        <section className="receipt-items" data-testid="receipt-items">
          <h3>{document.itemsTitle}</h3>
          <dl className="receipt-facts">
            {document.items.map((item, index) => (
              <div key={index} className="receipt-fact">
                <dt>
                  {item.description}
                  {item.detail && <span className="receipt-item-detail">{item.detail}</span>}
                </dt>
                <dd>{item.amount}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <dl className="receipt-facts">
        {document.lines.map((line) => (
          <div key={line.field} className="receipt-fact">
            <dt>{line.label}</dt>
            <dd data-testid={`receipt-${line.field}`}>{line.value}</dd>
          </div>
        ))}
      </dl>
      {document.notes.map((text) => (
        <p key={text} className="receipt-note" data-testid="receipt-note">
          {text}
        </p>
      ))}
      {document.refundTotals && (
        <section className="receipt-refunds" data-testid="receipt-refunds">
          <h3>{document.refundsTitle}</h3>
          <ul>
            {document.refunds.map((refund) => (
              <li key={refund.refundId}>
                {refund.time} · {refund.amount} · {refund.state}
                {refund.reason ? ` · ${refund.reason}` : ''}
              </li>
            ))}
          </ul>
          <dl className="receipt-facts">
            <div className="receipt-fact">
              <dt>{document.refundTotals.refundedSoFarLabel}</dt>
              <dd data-testid="receipt-refunded-so-far">{document.refundTotals.refundedSoFar}</dd>
            </div>
            <div className="receipt-fact">
              <dt>{document.refundTotals.refundableNowLabel}</dt>
              <dd data-testid="receipt-refundable-now">{document.refundTotals.refundableNow}</dd>
            </div>
          </dl>
        </section>
      )}
      <img
        className="receipt-qr"
        src={qr}
        alt={t('receipt.qrLabel', { reference: document.qrText })}
        data-testid="receipt-qr"
        data-qr-text={document.qrText}
      />
      <p className="receipt-caption">{document.qrCaption}</p>
      <p className="receipt-footer">{document.footer}</p>
    </article>
  );
}
