import type { WalkAway } from '../hooks/use-walk-away.ts';
import { useT } from '../i18n/i18n.tsx';

/**
 * A kiosk's "Still there?" while a customer seems to have walked away (hooks/use-walk-away.ts): the seconds left
 * before the screen resets and the button that stops it. `question` says what would be lost (the amount, the QR).
 */
export function WalkAwayBanner({
  walkAway,
  question,
}: {
  walkAway: WalkAway;
  question: 'kiosk.stillThere' | 'kiosk.stillThereQr';
}) {
  const t = useT();
  if (walkAway.secondsLeft === null) return null;
  return (
    <div className="kiosk-still-there" role="alert" data-testid="kiosk-walk-away">
      <p>{t(question, { seconds: walkAway.secondsLeft })}</p>
      <button
        type="button"
        className="button button-primary button-large"
        onClick={walkAway.stillHere}
        data-testid="kiosk-still-here"
      >
        {t('kiosk.stillHere')}
      </button>
    </div>
  );
}
