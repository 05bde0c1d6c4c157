import { useKeyDown } from '../../hooks/use-key.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { homeScreenOf } from '../../components/frame/Nav.tsx';
import { AdminPinForm } from './AdminPinForm.tsx';

/** Settings behind the admin PIN (after every launch, and whenever the admin left the admin screens). */
export function PinGate({ onUnlock }: { onUnlock: () => void }) {
  const t = useT();
  const navigate = useAppStore((state) => state.navigate);
  const { mode } = useTerminal();
  // Esc backs out, as Back does (the cashier, or a kiosk customer, who pressed Settings by mistake).
  useKeyDown((event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    navigate({ name: homeScreenOf(mode) });
  });

  return (
    <section className="screen pin-gate" aria-labelledby="pin-gate-title" data-testid="settings-locked">
      <h1 id="pin-gate-title" tabIndex={-1} className="screen-title">
        {t('settings.title')}
      </h1>
      <p>{t('settings.locked')}</p>
      <AdminPinForm submitLabel={t('settings.unlock')} onUnlocked={onUnlock}>
        {/* A kiosk shows no navigation here: this is the way back for a customer who pressed Admin. */}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => navigate({ name: homeScreenOf(mode) })}
          data-testid="admin-pin-back"
        >
          {t('common.back')}
        </button>
      </AdminPinForm>
    </section>
  );
}
