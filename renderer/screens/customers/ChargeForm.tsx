import { useRef, useState } from 'react';
import type { CustomerChargeView } from '../../../shared/customers.ts';
import type { CurrencyCode, Money } from '../../../shared/money.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { money } from '../../components/format.ts';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { chargeOutcome } from './outcome.ts';
import { ApprovalWait } from './ApprovalWait.tsx';
import { useAmountSubmit, type PanelActor } from './use-amount-submit.ts';
import { useCustomerApproval, type CustomerApproval } from './use-customer-approval.ts';

/**
 * "Charge now": an immediate payment from the linked wallet, cashback on or off. An approved charge says how
 * much was paid with cashback and how much with the wallet: the wallet's answer does not say, so the till
 * reads the cashback balance before and after (what it spent, never more than the charge).
 */
export function ChargeForm({
  merchantUserId,
  currency,
  cashback,
  onCharged,
  actor,
}: {
  merchantUserId: string;
  currency: CurrencyCode;
  /** The balance as last read, before this charge. */
  cashback: Money | null;
  onCharged: () => void;
  actor?: PanelActor | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const [useCashback, setUseCashback] = useState(true);
  const approval = useCustomerApproval();
  const { amountMinor, changeAmount, maxMinor, busy, error, outcome, submit } = useCashbackCharge({
    merchantUserId,
    currency,
    cashback,
    useCashback,
    approval,
    onCharged,
    actor,
  });

  // The approval (with its own PIN form) sits outside this form: a form inside a form is invalid HTML, and
  // the PIN's submit would bubble into the charge's.
  return (
    <section className="customers-card" aria-labelledby="charge-title" data-testid="charge-form">
      <h3 id="charge-title">{t('customers.charge.title')}</h3>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="charge-title">
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
        <button
          type="submit"
          className="button button-primary button-large"
          disabled={busy}
          data-testid="charge-submit"
        >
          {busy
            ? t('customers.charge.charging')
            : t('customers.charge.submit', { amount: money({ amountMinor, currency }, locale) })}
        </button>
      </form>
      {approval.waiting && <ApprovalWait approval={approval} view={approval.waiting} />}
      <ErrorText error={error} testId="charge-error" />
      {outcome && (
        <p
          className={`customers-outcome outcome-${outcome.tone}`}
          role="status"
          data-testid="charge-result"
          data-tone={outcome.tone}
        >
          {outcome.text}
        </p>
      )}
    </section>
  );
}

/** Sends the charge once the customer said yes, and tells what it took from cashback and from the wallet. */
function useCashbackCharge({
  merchantUserId,
  currency,
  cashback,
  useCashback,
  approval,
  onCharged,
  actor,
}: {
  merchantUserId: string;
  currency: CurrencyCode;
  cashback: Money | null;
  useCashback: boolean;
  approval: CustomerApproval;
  onCharged: () => void;
  actor?: PanelActor | undefined;
}) {
  const bridge = useBridge();
  // What the last approved charge took from cashback (minor units), found before its outcome is shown.
  const fromCashback = useRef<number | null>(null);
  const submitting = useAmountSubmit({
    currency,
    send: async (amount) => {
      const before = cashback;
      // The customer's yes first (their display, or the supervisor's PIN): nothing is sent to the wallet without it.
      const approved = await approval.ask({ action: 'charge', merchantUserId, amountMinor: amount, currency });
      if (!approved.ok) return approved;
      const charged = await bridge['customers.charge']({
        merchantUserId,
        amountMinor: amount,
        currency,
        useCashback,
        approvalId: approved.approvalId,
      });
      fromCashback.current =
        charged.ok && charged.value.displayStatus === 'approved' ? await cashbackSpent(charged.value, before) : null;
      return charged;
    },
    describe: (charge, translate, locale) => {
      const spent = fromCashback.current;
      if (charge.displayStatus !== 'approved' || spent === null) return chargeOutcome(charge, translate, locale);
      const of = (amountMinor: number): string => money({ amountMinor, currency: charge.amount.currency }, locale);
      return {
        tone: 'success',
        text: translate('customers.charge.approvedSplit', {
          amount: of(charge.amount.amountMinor),
          cashback: of(spent),
          wallet: of(charge.amount.amountMinor - spent),
        }),
      };
    },
    clearsAmount: (charge) => charge.displayStatus === 'approved',
    onSent: onCharged,
    actor,
  });

  /** Cashback the charge spent: none when switched off, else the balance's drop (null when it cannot be told). */
  const cashbackSpent = async (charge: CustomerChargeView, before: Money | null): Promise<number | null> => {
    if (!charge.useCashback) return 0;
    if (!before || before.currency !== charge.amount.currency) return null;
    const after = await bridge['customers.cashback']({ merchantUserId });
    if (!after.ok || after.value.balance.currency !== charge.amount.currency) return null;
    const spent = before.amountMinor - after.value.balance.amountMinor;
    return spent >= 0 && spent <= charge.amount.amountMinor ? spent : null;
  };

  return submitting;
}
