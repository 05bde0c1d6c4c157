import { useEffect, useRef } from 'react';
import type { PaymentView } from '../../../shared/payments.ts';
import { useT } from '../../i18n/i18n.tsx';

// Esc on the payment screen asks before it cancels: on the Sale screen the same key clears the amount, and a
// double Esc out of habit must not kill a payment the customer is confirming in their app. The question names
// the amount and where the customer is; Enter and Esc keep waiting (the focus starts on "Keep waiting"), and only
// the Cancel button or its own key, X, shown on it, cancels.

/** The key that cancels while the question is open: a distinct one, never Esc or Enter. */
export const CONFIRM_CANCEL_KEY = 'x';

export function CancelConfirm({
  view,
  amount,
  cancelling,
  onKeep,
  onCancel,
}: {
  view: PaymentView;
  amount: string;
  cancelling: boolean;
  onKeep: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Whatever had the focus gets it back when the question goes (kept waiting, or the payment ended meanwhile).
    const before = document.activeElement;
    keep.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  return (
    <div
      className="cancel-confirm"
      role="alertdialog"
      aria-modal="false"
      aria-labelledby="cancel-confirm-question"
      aria-describedby="cancel-confirm-state cancel-confirm-keys"
      data-testid="cancel-confirm"
    >
      <p id="cancel-confirm-question" className="cancel-confirm-question">
        {t('payment.confirmCancel.question', { amount })}
      </p>
      <p id="cancel-confirm-state" data-testid="cancel-confirm-state" data-status={view.displayStatus}>
        {view.displayStatus === 'scanned' ? t('payment.confirmCancel.scanned') : t('payment.confirmCancel.waiting')}
      </p>
      <p id="cancel-confirm-keys" className="hint">
        {t('payment.confirmCancel.keys')}
      </p>
      <div className="cancel-confirm-actions">
        <button
          ref={keep}
          type="button"
          className="button button-primary button-large"
          onClick={onKeep}
          data-testid="cancel-confirm-keep"
        >
          {t('payment.confirmCancel.keep')}
        </button>
        <button
          type="button"
          className="button button-danger button-large"
          onClick={onCancel}
          disabled={cancelling}
          aria-keyshortcuts="X"
          data-testid="cancel-confirm-cancel"
        >
          {cancelling ? t('payment.cancelling') : t('payment.confirmCancel.cancel')} <kbd>X</kbd>
        </button>
      </div>
    </div>
  );
}
