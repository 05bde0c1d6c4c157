import type { HoldView } from '../../../shared/customer-holds.ts';
import type { CurrencyCode } from '../../../shared/money.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { money } from '../../components/format.ts';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { holdOutcome } from './outcome.ts';
import { HoldsTable } from './HoldsTable.tsx';
import { ApprovalWait } from './ApprovalWait.tsx';
import { useAmountSubmit, type AmountSubmit, type PanelActor } from './use-amount-submit.ts';
import { useCustomerApproval } from './use-customer-approval.ts';
import { useHoldActions } from './use-hold-actions.ts';

// Holds (pre-authorisations): place one now, capture it later for its full amount, or void it with a
// reason. An AUTHORIZED hold shows when it is expected to lapse (the wallet does not publish its TTL: the
// till's estimate).

export function HoldsSection({
  merchantUserId,
  holds,
  currency,
  canPlace,
  onChanged,
  actor,
}: {
  merchantUserId: string;
  holds: readonly HoldView[];
  currency: CurrencyCode;
  canPlace: boolean;
  onChanged: () => void;
  actor?: PanelActor | undefined;
}) {
  const t = useT();
  const bridge = useBridge();
  const placing = useAmountSubmit({
    currency,
    send: (amountMinor) => bridge['customers.placeHold']({ merchantUserId, amountMinor, currency }),
    describe: holdOutcome,
    // Cleared once the wallet has (or may have) the hold: authorised, still approving (PENDING) or being
    // checked. Left in place only when nothing is held (declined, not placed), for a deliberate new try.
    clearsAmount: (hold) => hold.displayStatus !== 'declined' && hold.displayStatus !== 'not-placed',
    onSent: onChanged,
    actor,
  });
  const { error, outcome } = placing;
  const approval = useCustomerApproval();
  const actions = useHoldActions({ merchantUserId, approval, placing, onChanged, actor });

  return (
    <section className="customers-card" aria-labelledby="holds-title" data-testid="holds-section">
      <h3 id="holds-title">{t('customers.hold.title')}</h3>
      {canPlace && <PlaceHoldForm placing={placing} currency={currency} />}
      {approval.waiting && <ApprovalWait approval={approval} view={approval.waiting} />}
      <ErrorText error={error} testId="hold-error" />
      {outcome && (
        <p
          className={`customers-outcome outcome-${outcome.tone}`}
          role="status"
          data-testid="hold-result"
          data-tone={outcome.tone}
        >
          {outcome.text}
        </p>
      )}
      {holds.length === 0 ? (
        <p data-testid="holds-empty">{t('customers.hold.none')}</p>
      ) : (
        <HoldsTable holds={holds} actions={actions} />
      )}
    </section>
  );
}

function PlaceHoldForm({ placing, currency }: { placing: AmountSubmit<HoldView>; currency: CurrencyCode }) {
  const t = useT();
  const locale = useLocale();
  return (
    <form
      className="lookup"
      onSubmit={(event) => void placing.submit(event)}
      noValidate
      aria-describedby="holds-explain"
    >
      <p id="holds-explain" className="hint">
        {t('customers.hold.explain')}
      </p>
      <label className="field" htmlFor="hold-amount">
        <span className="field-label">{t('customers.hold.amount')}</span>
        <MoneyInput
          id="hold-amount"
          valueMinor={placing.amountMinor}
          currency={currency}
          maxMinor={placing.maxMinor}
          onChange={placing.changeAmount}
          testId="hold-amount"
        />
      </label>
      <button type="submit" className="button button-secondary" disabled={placing.busy} data-testid="hold-submit">
        {placing.busy
          ? t('customers.hold.placing')
          : t('customers.hold.submit', { amount: money({ amountMinor: placing.amountMinor, currency }, locale) })}
      </button>
    </form>
  );
}
