import { useState, type FormEvent } from 'react';
import type { PaymentView } from '../../../shared/payments.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useToday } from '../../hooks/use-today.ts';
import { useT } from '../../i18n/i18n.tsx';
import { FoundCandidates } from './FoundCandidates.tsx';
import { NoReceiptFields } from './NoReceiptFields.tsx';
import { findQueryOf, freshForm, type FormProblem, type NoReceiptForm } from './no-receipt-query.ts';

// "No receipt?": the customer has no receipt, so the payment is found by the provider's order id their wallet app
// shows, by its amount around when they paid, or by who served them on a day (payments.find). The core remembers
// what it showed: a refund of a payment found here needs an approver and its slip says "found without receipt".

export function NoReceiptSearch({ onPick }: { onPick: (referenceId: string) => void }) {
  const t = useT();
  const bridge = useBridge();
  const today = useToday();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<NoReceiptForm>(() => freshForm(new Date(), today));
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [found, setFound] = useState<readonly PaymentView[] | null>(null);
  const change = (patch: Partial<NoReceiptForm>): void => setForm((current) => ({ ...current, ...patch }));

  if (!open) {
    return (
      <button
        type="button"
        className="button button-secondary refund-no-receipt-open"
        onClick={() => setOpen(true)}
        data-testid="refund-no-receipt"
      >
        {t('refund.noReceipt.open')}
      </button>
    );
  }

  const search = (event: FormEvent): void => {
    event.preventDefault();
    const asked = findQueryOf(form);
    if ('problem' in asked) {
      setProblem(asked.problem);
      return;
    }
    setProblem(null);
    void bridge['payments.find'](asked.query).then((result) => {
      setError(result.ok ? null : result.error);
      setFound(result.ok ? result.value.items : null);
    });
  };

  return (
    <section
      className="refund-no-receipt"
      aria-labelledby="refund-no-receipt-title"
      data-testid="refund-no-receipt-panel"
    >
      <h2 id="refund-no-receipt-title">{t('refund.noReceipt.title')}</h2>
      <p className="muted">{t('refund.noReceipt.explain')}</p>
      <form onSubmit={search} noValidate>
        <NoReceiptFields
          form={form}
          onChange={(patch) => {
            change(patch);
            if (patch.way) setProblem(null);
          }}
          problem={problem}
        />
        {problem && form.way !== 'order' && (
          <p className="error-text" role="alert" data-testid="refund-no-receipt-problem">
            {t(problem)}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button button-primary" data-testid="refund-no-receipt-search">
            {t('refund.noReceipt.search')}
          </button>
        </div>
      </form>
      <ErrorText error={error} testId="refund-no-receipt-error" />
      {found && <FoundCandidates items={found} onPick={onPick} />}
    </section>
  );
}
