import { useEffect, useState } from 'react';
import type { ApprovalView } from '../../../shared/approvals.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { money } from '../../components/format.ts';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { useNow } from '../../hooks/use-now.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';

// A linked customer's yes, on their side of the counter: before the till charges their stored wallet (a
// charge, or a hold's capture) they see the amount and approve or decline here. The question goes away once
// answered, used or out of time.

export function useApprovalOffer(): [ApprovalView | null, () => void] {
  const [offer, setOffer] = useState<ApprovalView | null>(null);
  useBridgeEvent('customers.approvalOnDisplay', (view) =>
    setOffer(view.state === 'waiting' ? view : (current) => (current?.approvalId === view.approvalId ? null : current)),
  );
  return [offer, () => setOffer(null)];
}

export function ApprovalOffer({ offer, onDone }: { offer: ApprovalView; onDone: () => void }) {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const now = useNow(1_000);
  const expired = Date.parse(offer.expiresAt) <= now;
  useEffect(() => {
    if (expired) onDone();
  }, [expired, onDone]);

  const answer = async (approve: boolean): Promise<void> => {
    setBusy(true);
    const result = await bridge['customers.answerApproval']({ approvalId: offer.approvalId, approve });
    setBusy(false);
    if (result.ok) onDone();
    else setError(result.error);
  };
  const amount = money(offer.amount, locale);
  return (
    <div
      className="customer-consent"
      role="region"
      aria-labelledby="customer-approval-title"
      data-testid="customer-approval"
    >
      <h1 id="customer-approval-title" className="customer-welcome">
        {t(offer.action === 'capture' ? 'customer.approveCapture' : 'customer.approveCharge', {
          amount,
          merchant: offer.merchantName,
        })}
      </h1>
      <p>{t('customer.approveExplain')}</p>
      <ErrorText error={error} testId="customer-approval-error" />
      <div className="actions">
        <button
          type="button"
          className="button button-primary button-huge"
          disabled={busy}
          onClick={() => void answer(true)}
          data-testid="customer-approve"
        >
          {t('customer.approve', { amount })}
        </button>
        <button
          type="button"
          className="button button-secondary button-huge"
          disabled={busy}
          onClick={() => void answer(false)}
          data-testid="customer-decline"
        >
          {t('customer.decline')}
        </button>
      </div>
    </div>
  );
}
