import { useState } from 'react';
import type { HoldView } from '../../../shared/domain.ts';
import type { CurrencyCode } from '../../../shared/money.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { LabelledInput } from '../../components/LabelledInput.tsx';
import { dateTime, money } from '../../components/format.ts';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { failureText, useLocale, useT } from '../../i18n/i18n.tsx';
import { holdOutcome } from './outcome.ts';
import { holdStaffLines } from './staff-lines.ts';
import { StaffLines } from './StaffLines.tsx';
import { UnresolvedReason } from './UnresolvedReason.tsx';
import { ApprovalWait } from './ApprovalWait.tsx';
import { useAmountSubmit, type PanelActor } from './use-amount-submit.ts';
import { useCustomerApproval } from './use-customer-approval.ts';

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
  const locale = useLocale();
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
  const { error, setError, outcome, setOutcome } = placing;
  const approval = useCustomerApproval();
  const [working, setWorking] = useState<string | null>(null);
  const [voiding, setVoiding] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState(false);
  // Who placed, captured, voided or approved: a column once a hold names someone (a till without sign-in never does).
  const withStaff = holds.some((hold) => holdStaffLines(hold, t).length > 0);

  const act = async (hold: HoldView, action: 'capture' | 'void'): Promise<void> => {
    if (working) return;
    if (action === 'void' && reason.trim() === '') {
      setReasonProblem(true);
      return;
    }
    setWorking(hold.merchantRef);
    actor?.acted();
    setError(null);
    setOutcome(null);
    // A capture takes the customer's money: their yes first (their display, or the supervisor's PIN).
    const approved =
      action === 'capture'
        ? await approval.ask({ action: 'capture', merchantUserId, merchantRef: hold.merchantRef })
        : null;
    if (approved && !approved.ok) {
      setWorking(null);
      setError(approved.error);
      return;
    }
    const result =
      approved?.ok === true
        ? await bridge['customers.capture']({ merchantRef: hold.merchantRef, approvalId: approved.approvalId })
        : await bridge['customers.void']({ merchantRef: hold.merchantRef, reason: reason.trim() });
    setWorking(null);
    if (!result.ok) {
      setError(result.error);
    } else {
      setOutcome(holdOutcome(result.value, t, locale));
      setVoiding(null);
      setReason('');
    }
    onChanged();
  };

  return (
    <section className="customers-card" aria-labelledby="holds-title" data-testid="holds-section">
      <h3 id="holds-title">{t('customers.hold.title')}</h3>
      {canPlace && (
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
      )}
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
        <table className="data-table" data-testid="holds-table">
          <thead>
            <tr>
              <th scope="col">{t('customers.hold.colPlaced')}</th>
              <th scope="col" className="num">
                {t('customers.hold.colAmount')}
              </th>
              <th scope="col">{t('customers.hold.colStatus')}</th>
              <th scope="col">{t('customers.hold.colExpires')}</th>
              {withStaff && <th scope="col">{t('customers.staff.col')}</th>}
              <th scope="col">{t('customers.hold.colActions')}</th>
            </tr>
          </thead>
          <tbody>
            {holds.map((hold) => {
              const amount = money(hold.amount, locale);
              const busy = working === hold.merchantRef;
              return (
                <tr
                  key={hold.merchantRef}
                  data-testid="hold-row"
                  data-merchant-ref={hold.merchantRef}
                  data-status={hold.displayStatus}
                >
                  <td>{dateTime(hold.placedAt, locale)}</td>
                  <td className="num" data-amount-minor={hold.amount.amountMinor}>
                    {amount}
                  </td>
                  <td>
                    <span className={`badge hold-${hold.displayStatus}`} data-testid="hold-status">
                      {t(`holdStatus.${hold.displayStatus}`)}
                    </span>
                    {hold.failureReason && <span className="hint"> — {failureText(hold.failureReason, t)}</span>}
                    {hold.voidReason && <span className="hint"> — {hold.voidReason}</span>}
                    {hold.displayStatus === 'captured' && hold.orderUuid && (
                      <span className="customers-order" data-testid="hold-order">
                        {t('customers.orderId', { id: hold.orderUuid })}
                      </span>
                    )}
                    <UnresolvedReason reason={hold.unresolvedReason} testId="hold-unresolved" />
                  </td>
                  <td data-testid="hold-expiry">{hold.expiresAt ? dateTime(hold.expiresAt, locale) : '—'}</td>
                  {withStaff && (
                    <td>
                      <StaffLines lines={holdStaffLines(hold, t)} testId="hold-staff" />
                    </td>
                  )}
                  <td>
                    {voiding === hold.merchantRef ? (
                      <div className="customers-void">
                        <LabelledInput
                          id={`void-reason-${hold.merchantRef}`}
                          label={t('customers.hold.voidReason')}
                          problem={reasonProblem ? t('customers.hold.voidReasonNeeded') : undefined}
                          problemId={`void-problem-${hold.merchantRef}`}
                          type="text"
                          maxLength={500}
                          autoComplete="off"
                          value={reason}
                          onChange={(event) => {
                            setReason(event.target.value);
                            setReasonProblem(false);
                          }}
                          data-testid="hold-void-reason"
                        />
                        <div className="actions">
                          <button
                            type="button"
                            className="button button-danger"
                            disabled={busy}
                            onClick={() => void act(hold, 'void')}
                            data-testid="hold-void-confirm"
                          >
                            {busy ? t('customers.hold.working') : t('customers.hold.voidConfirm')}
                          </button>
                          <button
                            type="button"
                            className="button button-small"
                            onClick={() => {
                              setVoiding(null);
                              setReasonProblem(false);
                            }}
                            data-testid="hold-void-keep"
                          >
                            {t('customers.hold.voidKeep')}
                          </button>
                        </div>
                      </div>
                    ) : (
                      <div className="actions">
                        {hold.canCapture && (
                          <button
                            type="button"
                            className="button button-primary"
                            disabled={busy}
                            onClick={() => void act(hold, 'capture')}
                            data-testid="hold-capture"
                          >
                            {busy ? t('customers.hold.working') : t('customers.hold.capture', { amount })}
                          </button>
                        )}
                        {hold.canVoid && (
                          <button
                            type="button"
                            className="button button-small"
                            disabled={busy}
                            aria-label={t('customers.hold.voidFor', { amount })}
                            onClick={() => {
                              setVoiding(hold.merchantRef);
                              setReason('');
                              setReasonProblem(false);
                            }}
                            data-testid="hold-void"
                          >
                            {t('customers.hold.void')}
                          </button>
                        )}
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
