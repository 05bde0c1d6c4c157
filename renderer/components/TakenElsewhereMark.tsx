import { useId, useState } from 'react';
import type { PaymentView } from '../../shared/payments.ts';
import { useT } from '../i18n/i18n.tsx';

/**
 * "Taken at another terminal": a payment of this merchant that this till did not take, looked up at the
 * provider by its reference (the refund counter's everyday case). Refunding it here is allowed; it is never
 * this till's takings. Renders nothing for the till's own payments.
 *
 * What that means is said on the screen, never in a tooltip alone (a touch screen and a screen reader never
 * get one): as a line under the mark where there is room (`explain="line"`: the detail and refund screens),
 * behind a small "Why?" button in a list row (`explain="button"`).
 */
export function TakenElsewhereMark({
  payment,
  testId,
  explain = 'button',
}: {
  payment: Pick<PaymentView, 'origin'>;
  testId?: string;
  explain?: 'line' | 'button';
}) {
  const t = useT();
  const whyId = useId();
  const [open, setOpen] = useState(false);
  if (payment.origin !== 'looked-up') return null;
  const shown = explain === 'line' || open;
  return (
    <>
      <span
        className="badge origin-looked-up"
        data-testid={testId}
        data-origin="looked-up"
        aria-describedby={shown ? whyId : undefined}
      >
        {t('origin.takenElsewhere')}
      </span>
      {explain === 'button' && (
        <button
          type="button"
          className="link-button origin-why"
          aria-expanded={open}
          aria-controls={whyId}
          onClick={() => setOpen(!open)}
          data-testid={testId ? `${testId}-why-button` : 'origin-why-button'}
        >
          {t('origin.why')}
        </button>
      )}
      <span
        className="hint origin-why-text"
        id={whyId}
        hidden={!shown}
        data-testid={testId ? `${testId}-why` : 'origin-why'}
      >
        {t('origin.takenElsewhereHint')}
      </span>
    </>
  );
}
