import { useEffect, useState } from 'react';
import type { PaymentDetail, PaymentView } from '../../../shared/payments.ts';
import type { CurrencyCode } from '../../../shared/money.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { FieldProblem, LabelledInput } from '../../components/LabelledInput.tsx';
import { money } from '../../components/format.ts';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { PinPad } from '../../components/PinPad.tsx';
import { failureOf, useLocale, useT, type MessageKey, type Translate } from '../../i18n/i18n.tsx';
import { approvedBy, staffNameOf } from '../../components/attribution.ts';
import type { RefundApproval } from './refund-approval.ts';
import { latestRefund, OTHER, REASONS, useRefundForm, type RefundFormState } from './use-refund-form.ts';

export interface RefundOutcome {
  readonly text: string;
  readonly tone: 'success' | 'pending' | 'failure';
  /** "Approved by …": who approved it with their PIN, when someone had to. */
  readonly approvedBy?: string;
}

/**
 * Amount (defaults to the refundable rest), reason from the list or typed, and a PIN: the supervisor's (nobody
 * signed in), the signed-in person's own (they may refund), an approver's (a cashier), or none (within the limit
 * Settings allow without approval). See refund-approval.ts.
 */
export function RefundForm({
  payment,
  onDone,
  onCancelled,
}: {
  payment: PaymentView;
  /** The refund was sent: the payment as it is now, and the refund this form made (its state may still move). */
  onDone: (detail: PaymentDetail, refundId: string | null) => void;
  onCancelled: (detail: PaymentDetail) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const form = useRefundForm(payment, onDone);
  const refundable = payment.refundable;
  const { amountMinor, setTypedAmountMinor, problems } = form;
  useAmountFirstOnShortScreen();

  if (!payment.canRefund) {
    if (payment.canCancel) return <CancelInstead payment={payment} onCancelled={onCancelled} />;
    return (
      <p className="explain" data-testid="refund-unavailable">
        {payment.displayStatus === 'refunded'
          ? t('refund.fullyRefunded')
          : t('refund.notRefundable', { status: t(`display.${payment.displayStatus}`) })}
      </p>
    );
  }

  // Said before anyone fills the form: without a supervisor PIN no refund can be approved on this till (with
  // people signed in, their own PINs approve).
  if (!form.pinSet && form.approval === 'supervisor-pin') {
    return (
      <p className="explain refund-no-pin" role="alert" data-testid="refund-no-pin">
        {t('refund.noPin')}
      </p>
    );
  }

  const amountText = money({ amountMinor, currency: refundable.currency }, locale);
  const amountId = 'refund-amount';
  return (
    <form
      className="refund-form"
      aria-label={t('refund.form')}
      onSubmit={form.check}
      noValidate
      data-testid="refund-form"
    >
      <label className="field" htmlFor={amountId}>
        <span className="field-label">{t('refund.amount')}</span>
        <MoneyInput
          id={amountId}
          valueMinor={amountMinor}
          currency={refundable.currency}
          maxMinor={refundable.amountMinor}
          onChange={setTypedAmountMinor}
          testId="refund-amount"
          describedBy={problems.amount ? 'refund-amount-problem' : undefined}
          invalid={Boolean(problems.amount)}
        />
      </label>
      <FieldProblem id="refund-amount-problem" text={problems.amount} />
      <RefundReason form={form} />
      <RefundApprovalField form={form} currency={refundable.currency} />
      <ErrorText error={form.error} testId="refund-error" />
      <RefundSubmit form={form} amountText={amountText} />
    </form>
  );
}

/**
 * A short screen (800×480) shows the form first (small-display.css): the amount is then what the cashier
 * types, so it has the cursor. On a taller one the cursor stays where the search left it.
 */
function useAmountFirstOnShortScreen(): void {
  useEffect(() => {
    if (window.matchMedia?.(SHORT_SCREEN).matches) document.getElementById('refund-amount')?.focus();
  }, []);
}
const SHORT_SCREEN = '(max-height: 600px)';

function RefundReason({ form }: { form: RefundFormState }) {
  const t = useT();
  const { reasonChoice, setReasonChoice, otherReason, setOtherReason, problems } = form;
  return (
    <>
      <label className="field" htmlFor="refund-reason">
        <span className="field-label">{t('refund.reason')}</span>
        <select
          id="refund-reason"
          value={reasonChoice}
          onChange={(event) => setReasonChoice(event.target.value)}
          data-testid="refund-reason"
        >
          {REASONS.map((key) => (
            <option key={key} value={key}>
              {t(key)}
            </option>
          ))}
          <option value={OTHER}>{t('refund.reasonOther')}</option>
        </select>
      </label>
      {reasonChoice === OTHER && (
        <LabelledInput
          id="refund-reason-other"
          label={t('refund.reasonOtherLabel')}
          problem={problems.reason}
          problemId="refund-reason-problem"
          type="text"
          maxLength={200}
          value={otherReason}
          onChange={(event) => setOtherReason(event.target.value)}
          data-testid="refund-reason-other"
        />
      )}
    </>
  );
}

/**
 * The PIN the refund's approval needs (whose, and a hint naming the cashier it approves for), or none: typed on
 * the one PIN pad (a touch-only till has no keyboard), and once the core has checked it, whose it is.
 */
function RefundApprovalField({ form, currency }: { form: RefundFormState; currency: CurrencyCode }) {
  const t = useT();
  const locale = useLocale();
  const { approval, staff, limitMinor, problems, pinRef, pin, setPin, approver, busy } = form;
  return (
    <>
      {approval === 'approver-pin' && staff && (
        <p className="hint refund-approver-hint" id="refund-pin-hint" data-testid="refund-approver-hint">
          {t('refund.approverHint', { name: staffNameOf(staff, t) })}
        </p>
      )}
      {approval === 'none' ? (
        <p className="hint" data-testid="refund-no-approval">
          {t('refund.noApprovalNeeded', {
            amount: money({ amountMinor: limitMinor, currency }, locale),
          })}
        </p>
      ) : (
        <>
          <LabelledInput
            id="refund-pin"
            label={t(PIN_LABEL[approval])}
            data-approval={approval}
            aria-describedby={approval === 'approver-pin' && staff ? 'refund-pin-hint' : undefined}
            problem={problems.pin}
            ref={pinRef}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={32}
            value={pin}
            onChange={(event) => setPin(event.target.value)}
            data-testid="refund-pin"
          />
          <p className="hint refund-approver" role="status" data-testid="refund-approver">
            {approver ? t('refund.approves', { name: staffNameOf(approver, t) }) : ''}
          </p>
          {/* Checked and asked: the pad would only invite a stray tap under the question. */}
          {!form.confirming && (
            <PinPad
              disabled={busy}
              onDigit={(digit) => setPin((pin + digit).slice(0, PIN_MAX_DIGITS))}
              onBackspace={() => setPin(pin.slice(0, -1))}
              onClear={() => setPin('')}
            />
          )}
        </>
      )}
    </>
  );
}

/** Refund, then "Refund S$12.34?": money leaves only after the clerk's yes. */
function RefundSubmit({ form, amountText }: { form: RefundFormState; amountText: string }) {
  const t = useT();
  const { confirming, setConfirming, send, busy } = form;
  return confirming ? (
    <div
      className="refund-confirm"
      role="alertdialog"
      aria-labelledby="refund-confirm-question"
      aria-describedby={form.approver ? 'refund-confirm-approver' : undefined}
      data-testid="refund-confirm"
    >
      <p id="refund-confirm-question" className="refund-confirm-question">
        {t('refund.confirmQuestion', { amount: amountText })}
      </p>
      {form.approver && (
        <p id="refund-confirm-approver" className="refund-confirm-approver" data-testid="refund-confirm-approver">
          {t('refund.approves', { name: staffNameOf(form.approver, t) })}
        </p>
      )}
      <button
        type="button"
        className="button button-primary button-large"
        onClick={() => void send()}
        autoFocus
        data-testid="refund-confirm-yes"
      >
        {t('refund.confirmYes', { amount: amountText })}
      </button>
      <button
        type="button"
        className="button button-secondary button-large"
        onClick={() => setConfirming(false)}
        data-testid="refund-confirm-back"
      >
        {t('refund.confirmBack')}
      </button>
    </div>
  ) : (
    <button type="submit" className="button button-primary button-large" disabled={busy} data-testid="refund-submit">
      {form.checkingPin
        ? t('refund.checkingPin')
        : busy
          ? t('refund.refunding')
          : t('refund.submit', { amount: amountText })}
    </button>
  );
}

function CancelInstead({
  payment,
  onCancelled,
}: {
  payment: PaymentView;
  onCancelled: (detail: PaymentDetail) => void;
}) {
  const t = useT();
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const cancel = async (): Promise<void> => {
    setBusy(true);
    const result = await bridge['payments.cancel']({ referenceId: payment.referenceId });
    if (!result.ok) setError(result.error);
    const fresh = await bridge['payments.get']({ referenceId: payment.referenceId });
    setBusy(false);
    if (fresh.ok) onCancelled(fresh.value);
  };
  return (
    <div className="refund-form" data-testid="refund-cancel-instead">
      <p className="explain">{t('refund.cancelInstead')}</p>
      <ErrorText error={error} testId="refund-cancel-error" />
      <button
        type="button"
        className="button button-danger"
        disabled={busy}
        onClick={() => void cancel()}
        data-testid="refund-cancel-payment"
      >
        {t('payment.cancel')}
      </button>
    </div>
  );
}

/** The longest PIN a person has (shared/staff.ts): the pad stops there, as sign-in's does. */
const PIN_MAX_DIGITS = 8;

const PIN_LABEL: Readonly<Record<Exclude<RefundApproval, 'none'>, MessageKey>> = {
  'supervisor-pin': 'refund.pin',
  'own-pin': 'refund.ownPin',
  'approver-pin': 'refund.approverPin',
};
/**
 * What the banner says about the refund this form made, from the payment as it is NOW: a refund that was
 * still being confirmed when it was sent says "confirmed" once it is (the screen re-reads on refund.updated).
 */
export function refundOutcomeOf(
  detail: PaymentDetail,
  refundId: string | null,
  t: Translate,
  locale: ReturnType<typeof useLocale>,
): RefundOutcome | null {
  const latest =
    refundId === null ? latestRefund(detail) : detail.refunds.find((refund) => refund.refundId === refundId);
  if (!latest) return null;
  const amount = money(latest.amount, locale);
  const approver = approvedBy(latest);
  const approved = approver ? { approvedBy: t('refund.approvedBy', { name: staffNameOf(approver, t) }) } : {};
  if (latest.state === 'failed')
    return { text: failureOf(latest, t, locale) ?? t('refundState.failed'), tone: 'failure' };
  if (latest.state !== 'succeeded')
    return { text: t('refund.pendingConfirm', { amount }), tone: 'pending', ...approved };
  if (detail.payment.refundable.amountMinor === 0)
    return { text: t('refund.doneFully', { amount }), tone: 'success', ...approved };
  const rest = money(detail.payment.refundable, locale);
  return { text: t('refund.done', { amount, rest }), tone: 'success', ...approved };
}
