import { useState } from 'react';
import type { CurrencyCode } from '../../../shared/money.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { money } from '../../components/format.ts';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { chargeOutcome } from './outcome.ts';
import { useAmountSubmit } from './use-amount-submit.ts';

/** "Charge now": an immediate payment from the linked wallet, cashback on or off. */
export function ChargeForm({ merchantUserId, currency, onCharged }: { merchantUserId: string; currency: CurrencyCode; onCharged: () => void }) {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const [useCashback, setUseCashback] = useState(true);
  const { amountMinor, changeAmount, maxMinor, busy, error, outcome, submit } = useAmountSubmit({
    currency,
    send: (amount) => bridge['customers.charge']({ merchantUserId, amountMinor: amount, currency, useCashback }),
    describe: chargeOutcome,
    clearsAmount: (charge) => charge.displayStatus === 'approved',
    onSent: onCharged,
  });

  return (
    <form className="customers-card" aria-labelledby="charge-title" onSubmit={(event) => void submit(event)} noValidate data-testid="charge-form">
      <h3 id="charge-title">{t('customers.charge.title')}</h3>
      <label className="field" htmlFor="charge-amount">
        <span className="field-label">{t('customers.charge.amount')}</span>
        <MoneyInput
          id="charge-amount"
          valueMinor={amountMinor}
          currency={currency}
          maxMinor={maxMinor}
          onChange={changeAmount}
          testId="charge-amount"
          invalid={error?.code === 'amount.invalid' || error?.code === 'amount.over-limit'}
        />
      </label>
      <label className="field field-checkbox" htmlFor="charge-use-cashback">
        <input
          id="charge-use-cashback"
          type="checkbox"
          role="switch"
          checked={useCashback}
          onChange={(event) => setUseCashback(event.target.checked)}
          data-testid="charge-use-cashback"
        />
        <span className="field-label">{t('customers.charge.useCashback')}</span>
      </label>
      <ErrorText error={error} testId="charge-error" />
      {outcome && (
        <p className={`customers-outcome outcome-${outcome.tone}`} role="status" data-testid="charge-result" data-tone={outcome.tone}>
          {outcome.text}
        </p>
      )}
      <button type="submit" className="button button-primary button-large" disabled={busy} data-testid="charge-submit">
        {busy ? t('customers.charge.charging') : t('customers.charge.submit', { amount: money({ amountMinor, currency }, locale) })}
      </button>
    </form>
  );
}
