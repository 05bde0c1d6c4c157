import { useState, type FormEvent } from 'react';
import type { ApprovalView } from '../../../shared/approvals.ts';
import { ErrorText } from '../../components/ErrorText.tsx';
import { money } from '../../components/format.ts';
import { LabelledInput } from '../../components/LabelledInput.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import type { CustomerApproval } from './use-customer-approval.ts';

/** What the cashier sees while a charge or capture waits for the customer's yes (or the supervisor's PIN). */
export function ApprovalWait({ approval, view }: { approval: CustomerApproval; view: ApprovalView }) {
  const t = useT();
  const locale = useLocale();
  const [pin, setPin] = useState('');
  const amount = money(view.amount, locale);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (pin === '') return;
    void approval.approveWithPin(pin);
    setPin('');
  };
  return (
    <div className="customers-approval" role="status" aria-live="polite" data-testid="approval-wait" data-by={view.by}>
      {view.by === 'customer-display' ? (
        <p>{t('customers.approval.onDisplay', { amount, id: view.merchantUserId })}</p>
      ) : (
        <form onSubmit={submit}>
          <p>{t('customers.approval.byPin', { amount, id: view.merchantUserId })}</p>
          <LabelledInput
            id="approval-pin"
            label={t('customers.approval.pin')}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={32}
            value={pin}
            onChange={(event) => setPin(event.target.value)}
            data-autofocus
            data-testid="approval-pin"
          />
          <ErrorText error={approval.pinError} testId="approval-pin-error" />
          <button
            type="submit"
            className="button button-primary"
            disabled={pin === ''}
            data-testid="approval-pin-submit"
          >
            {t('customers.approval.approve')}
          </button>
        </form>
      )}
      <button
        type="button"
        className="button button-small"
        onClick={() => void approval.cancel()}
        data-testid="approval-cancel"
      >
        {t('customers.approval.cancel')}
      </button>
    </div>
  );
}
