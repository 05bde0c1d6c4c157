import { useEffect, useEffectEvent } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { AdminPinForm } from './AdminPinForm.tsx';

/**
 * Main refused a save with admin.pin-required: its admin window lapsed while the form was open. The PIN
 * is asked here, over the form, so the edited settings stay where they are and are saved once it is given.
 */
export function RelockDialog({ onUnlocked, onCancel }: { onUnlocked: () => void; onCancel: () => void }) {
  const t = useT();
  const cancel = useEffectEvent(onCancel);
  useEffect(() => {
    document.querySelector<HTMLElement>('.relock-dialog [data-autofocus]')?.focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      cancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="dialog-backdrop">
      <div
        className="dialog relock-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="relock-title"
        aria-describedby="relock-explain"
        data-testid="settings-relocked"
      >
        <h2 id="relock-title">{t('settings.relockTitle')}</h2>
        <p id="relock-explain">{t('settings.relockExplain')}</p>
        <AdminPinForm submitLabel={t('settings.unlockAndSave')} onUnlocked={onUnlocked}>
          <button type="button" className="button button-secondary" onClick={onCancel} data-testid="relock-cancel">
            {t('common.cancel')}
          </button>
        </AdminPinForm>
      </div>
    </div>
  );
}
