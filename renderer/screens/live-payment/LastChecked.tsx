import { useNow } from '../../hooks/use-now.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useOnScreen } from './use-on-screen.ts';

// Under the live status of an open payment: how long ago the provider last told the till about it, ticking
// every second, so a status that has not moved is visibly being checked and never looks frozen. When the
// latest lookup got no answer (network, provider down), it says so and how old the last answer is. Before the
// first check of this payment has come back it says that the till is checking, so the line is there from the start.
// Mounting it also tells the core this payment is on screen (useOnScreen), which puts its lookups first.
// While the payment screen already says plainly what is going on (the provider not answering, this attempt being
// cancelled: `noAnswerSaid`), this line does not repeat it: it only keeps the age of the last answer ticking.

/** A status older than this without an answer is worth pointing out. */
const STALE_SECONDS = 10;

/** referenceId null: a charge not answered yet (nothing to mark as shown): "checking" until it is. */
export function LastChecked({
  referenceId,
  noAnswerSaid = false,
}: {
  referenceId: string | null;
  noAnswerSaid?: boolean;
}) {
  const t = useT();
  const check = useOnScreen('payment', referenceId);
  const now = useNow(1_000);
  if (!check && noAnswerSaid) return null;
  if (!check)
    return (
      <p className="last-checked" data-testid="payment-last-checked" data-failing={false} aria-live="off">
        {t('payment.checkingFirst')}
      </p>
    );
  const answeredAt = check.answeredAt === null ? null : Date.parse(check.answeredAt);
  const failing = answeredAt === null || Date.parse(check.checkedAt) > answeredAt;
  const seconds = answeredAt === null ? null : Math.max(0, Math.floor((now - answeredAt) / 1000));
  const ago =
    seconds === null
      ? null
      : seconds < 60
        ? t('payment.secondsAgo', { seconds })
        : t('payment.minutesAgo', { minutes: Math.floor(seconds / 60) });
  if (failing && noAnswerSaid && ago === null) return null;
  const text = failing
    ? ago === null
      ? t('payment.notAnsweringYet')
      : noAnswerSaid
        ? t('payment.lastAnswer', { ago })
        : t('payment.notAnswering', { ago })
    : seconds! < 1
      ? t('payment.checkedJustNow')
      : t('payment.checkedAgo', { ago: ago! });
  const stale = failing || seconds! >= STALE_SECONDS;
  return (
    <p
      className={`last-checked${stale ? ' last-checked-stale' : ''}`}
      data-testid="payment-last-checked"
      data-failing={failing}
      aria-live="off"
    >
      {text}
    </p>
  );
}
