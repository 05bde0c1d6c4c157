import { useState, type FormEvent } from 'react';
import type { RequestOf } from '../../../shared/contract.ts';
import type { PaymentDetail, PaymentView, RefundView } from '../../../shared/payments.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { money } from '../../components/format.ts';
import { useLocale, useT, type MessageKey } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { refundApprovalOf, type RefundApproval } from './refund-approval.ts';
import { useApproverPin } from './use-approver-pin.ts';

// The refund form's state: the amount (the refundable rest until typed), the reason, the PIN its approval needs,
// the checks before the clerk's "yes", and the refund sent once it is given. The PIN is checked in the core
// (staff.checkApprover, on the refund's own wrong-PIN lock) before the question, which then names the approver.

export const REASONS: readonly MessageKey[] = [
  'refund.reason.returned',
  'refund.reason.wrongAmount',
  'refund.reason.duplicate',
  'refund.reason.service',
  'refund.reason.goodwill',
];
export const OTHER = 'other';

export interface Problems {
  amount?: string;
  reason?: string;
  pin?: string;
}

export type RefundFormState = ReturnType<typeof useRefundForm>;

export function useRefundForm(payment: PaymentView, onDone: (detail: PaymentDetail, refundId: string | null) => void) {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const refundable = payment.refundable;
  // What is left to refund until the clerk types an amount: the default follows the payment as it moves (a
  // refund of another terminal, one of ours confirmed or refused while the form is open).
  const [typedAmountMinor, setTypedAmountMinor] = useState<number | null>(null);
  const amountMinor = typedAmountMinor ?? refundable.amountMinor;
  const [reasonChoice, setReasonChoice] = useState<string>(REASONS[0]!);
  const [otherReason, setOtherReason] = useState('');
  const approverPin = useApproverPin();
  const { pin, setPin, pinRef } = approverPin;
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<AppError | null>(null);
  // Validated and waiting for the clerk's "yes": money leaves only after the question was answered.
  const [confirming, setConfirming] = useState(false);
  // Unknown until settings arrive: assume set, the core refuses anyway.
  const pinSet = useAppStore((state) => state.settingsView?.secrets.supervisorPin ?? true);
  const staff = useSessionStore((state) => state.session?.staff ?? null);
  const limitMinor = useAppStore((state) => state.settingsView?.settings.staff?.refundWithoutApprovalUpToMinor ?? 0);
  // The core refused it without a PIN (it also counts the cashier's refunds of the shift, which this screen does
  // not see): the approver's PIN field shows from then on.
  const [approverAsked, setApproverAsked] = useState(false);
  const refundedBeforeMinor = payment.amount.amountMinor - refundable.amountMinor;
  const judged = refundApprovalOf({ staff, limitMinor, amountMinor, refundedBeforeMinor });
  const approval = approverAsked && judged === 'none' ? 'approver-pin' : judged;

  const reason = reasonChoice === OTHER ? otherReason.trim() : t(reasonChoice as MessageKey);

  const check = (event: FormEvent): void => {
    event.preventDefault();
    if (busy) return;
    const found: Problems = {};
    if (amountMinor <= 0) found.amount = t('refund.amountZero');
    else if (amountMinor > refundable.amountMinor)
      found.amount = t('refund.amountTooBig', { amount: money(refundable, locale) });
    if (reason === '') found.reason = t('refund.reasonMissing');
    if (pin === '' && approval !== 'none') found.pin = t(PIN_MISSING[approval]);
    setProblems(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    if (approval === 'none') setConfirming(true);
    else void checkApprover();
  };

  const checkApprover = async (): Promise<void> => {
    setBusy(true);
    const refused = await approverPin.checkPin();
    setBusy(false);
    if (refused) setError(refused);
    else setConfirming(true);
  };

  const send = async (): Promise<void> => {
    if (busy) return;
    setConfirming(false);
    setBusy(true);
    const result = await bridge['payments.refund'](
      refundRequest({ referenceId: payment.referenceId, amountMinor, reason }, approval, pin),
    );
    setBusy(false);
    // A PIN is typed for one attempt only; it never lingers in the form.
    setPin('');
    if (!result.ok) {
      setError(result.error);
      if (result.error.code === 'supervisor.pin-required') setApproverAsked(true);
      if (result.error.code === 'supervisor.pin-wrong' || result.error.code === 'supervisor.pin-required')
        pinRef.current?.focus();
      return;
    }
    onDone(result.value, latestRefund(result.value)?.refundId ?? null);
  };

  return {
    amountMinor,
    setTypedAmountMinor,
    reasonChoice,
    setReasonChoice,
    otherReason,
    setOtherReason,
    ...approverPin,
    busy,
    problems,
    error,
    confirming,
    setConfirming,
    pinSet,
    staff,
    limitMinor,
    approval,
    check,
    send,
  };
}

const PIN_MISSING: Readonly<Record<Exclude<RefundApproval, 'none'>, MessageKey>> = {
  'supervisor-pin': 'refund.pinMissing',
  'own-pin': 'refund.ownPinMissing',
  'approver-pin': 'refund.approverPinMissing',
};

/**
 * The contract keeps its shape: `supervisorPin` is the approver's own PIN (or the signed-in person's). Within the
 * limit without approval there is none to send, and the field is left out for the core to decide.
 */
function refundRequest(
  base: { referenceId: string; amountMinor: number; reason: string },
  approval: RefundApproval,
  pin: string,
): RequestOf<'payments.refund'> {
  if (approval === 'none') return base;
  return { ...base, supervisorPin: pin };
}

export function latestRefund(detail: PaymentDetail): RefundView | undefined {
  return [...detail.refunds].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).at(-1);
}
