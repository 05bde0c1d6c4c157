import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { dateTime } from '../format.ts';

/** The morning after: a shift still open from an earlier day is said on every screen until it is closed. */
export function OvernightShiftBanner() {
  const t = useT();
  const locale = useLocale();
  const shift = useSessionStore((state) => state.session?.shift ?? null);
  const onShiftScreen = useAppStore((state) => state.screen.name === 'shift');
  const navigate = useAppStore((state) => state.navigate);
  if (!shift || !shift.leftOpenOvernight || shift.closedAt !== null) return null;
  return (
    <div className="open-payment-banner overnight-shift" role="alert" data-testid="overnight-shift">
      <p>{t('shift.overnight', { number: shift.number, openedAt: dateTime(shift.openedAt, locale) })}</p>
      {!onShiftScreen && (
        <button
          type="button"
          className="button button-small"
          onClick={() => navigate({ name: 'shift' })}
          data-testid="overnight-shift-go"
        >
          {t('shift.goToShift')}
        </button>
      )}
    </div>
  );
}
