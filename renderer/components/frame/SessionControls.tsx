import { useEffect, useRef, useState } from 'react';
import type { PaymentView } from '../../../shared/payments.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useOpenPaymentsStore } from '../../stores/open-payments-store.ts';
import { usePaymentStore } from '../../stores/payment-store.ts';
import { FINAL_DISPLAY, money } from '../format.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { ErrorText } from '../ErrorText.tsx';
import { staffNameOf } from '../attribution.ts';

/**
 * In the header: who is signed in, Switch (the next person signs in over them) and Sign out; and the way to the
 * Shift screen. Never on a screen a customer faces (the frame leaves it out there).
 */
export function SessionControls() {
  const t = useT();
  const bridge = useBridge();
  const staff = useSessionStore((state) => state.session?.staff ?? null);
  const known = useSessionStore((state) => state.session !== null);
  const switching = useSessionStore((state) => state.switching);
  const { startSwitch, setSession } = useSessionStore.getState();
  const navigate = useAppStore((state) => state.navigate);
  const onShift = useAppStore((state) => state.screen.name === 'shift');
  const [error, setError] = useState<AppError | null>(null);
  const [asking, setAsking] = useState<'signOut' | 'switch' | null>(null);
  const openPayment = useOpenPayment();
  const locale = useLocale();
  // A core that does not keep staff yet: the till is as it was.
  if (!known) return null;

  const signOut = async (): Promise<void> => {
    setError(null);
    const result = await bridge['session.signOut']({});
    if (result.ok) setSession(result.value);
    else setError(result.error);
  };

  // A payment still open when the person leaves: asked first, since it stays open with nobody to see it through.
  const leaving = (how: 'signOut' | 'switch'): void => {
    if (openPayment && asking !== how) {
      setAsking(how);
      return;
    }
    setAsking(null);
    if (how === 'switch') startSwitch();
    else void signOut();
  };

  return (
    <div className="session-controls" data-testid="session-controls">
      {staff && (
        <span
          className="signed-in-as"
          title={t('session.signedInAs', { name: staffNameOf(staff, t), role: t(`staff.role.${staff.role}`) })}
          data-testid="signed-in-as"
          data-staff-id={staff.id}
        >
          <span className="signed-in-name">{staffNameOf(staff, t)}</span>
          <span className="signed-in-role">{t('session.signedInRole', { role: t(`staff.role.${staff.role}`) })}</span>
        </span>
      )}
      {staff && !switching && (
        <button
          type="button"
          className="button button-small"
          onClick={() => leaving('switch')}
          data-testid="session-switch"
        >
          {t('session.switch')}
        </button>
      )}
      {staff && (
        <button
          type="button"
          className="button button-small"
          onClick={() => leaving('signOut')}
          data-testid="session-sign-out"
        >
          {t('session.signOut')}
        </button>
      )}
      <button
        type="button"
        className="button button-small"
        onClick={() => navigate({ name: 'shift' })}
        aria-current={onShift ? 'page' : undefined}
        data-testid="nav-shift"
      >
        {t('session.shift')}
      </button>
      <ErrorText error={error} testId="session-error" />
      {asking && openPayment && (
        <LeaveWhileOpen
          question={t(asking === 'signOut' ? 'openPayment.confirmSignOut' : 'openPayment.confirmSwitch', {
            amount: money(openPayment.amount, locale),
          })}
          confirm={asking === 'signOut' ? t('session.signOut') : t('session.switch')}
          onConfirm={() => leaving(asking)}
          onStay={() => setAsking(null)}
        />
      )}
    </div>
  );
}

/** A payment a customer could still pay or is paying: open at the provider, or the one on the payment screen. */
function useOpenPayment(): PaymentView | null {
  const open = useOpenPaymentsStore((state) => state.open);
  const active = usePaymentStore((state) => state.active);
  const first = open.values().next();
  if (!first.done) return first.value;
  return active && !FINAL_DISPLAY.has(active.displayStatus) ? active : null;
}

function LeaveWhileOpen({
  question,
  confirm,
  onConfirm,
  onStay,
}: {
  question: string;
  confirm: string;
  onConfirm: () => void;
  onStay: () => void;
}) {
  const t = useT();
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => stay.current?.focus(), []);
  return (
    <div
      className="leave-while-open"
      role="alertdialog"
      aria-labelledby="leave-while-open-question"
      data-testid="leave-while-open"
    >
      <p id="leave-while-open-question">{question}</p>
      <button ref={stay} type="button" className="button button-small" onClick={onStay} data-testid="leave-stay">
        {t('openPayment.stay')}
      </button>
      <button
        type="button"
        className="button button-small button-danger"
        onClick={onConfirm}
        data-testid="leave-anyway"
      >
        {confirm}
      </button>
    </div>
  );
}
