import { useKeyDown } from '../../hooks/use-key.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useCanShowCode } from './can-show-code.ts';

/** The kiosk at rest: what it is for, and one big place to touch to begin. */
export function KioskAttract({ merchantName, onStart }: { merchantName: string; onStart: () => void }) {
  const t = useT();
  // The camera is named only where the customer will be offered it (the sale's "Show my payment code").
  const how = useCanShowCode() ? 'kiosk.how' : 'kiosk.howQrOnly';
  useKeyDown((event) => {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onStart();
    }
  });
  return (
    <section className="screen kiosk-attract" aria-labelledby="kiosk-attract-title" data-testid="kiosk-attract">
      <p className="kiosk-merchant">{merchantName}</p>
      <h1 id="kiosk-attract-title" tabIndex={-1} className="kiosk-welcome">
        {t('kiosk.welcome')}
      </h1>
      <button
        type="button"
        className="button button-primary kiosk-start"
        onClick={onStart}
        data-autofocus
        data-testid="kiosk-start"
      >
        {t('kiosk.start')}
      </button>
      <p className="kiosk-how">{t(how)}</p>
    </section>
  );
}
