import { useRef, type FormEvent } from 'react';
import type { SettingsView } from '../../../shared/settings.ts';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { CameraFieldset } from './CameraFieldset.tsx';
import { LimitsFieldset } from './LimitsFieldset.tsx';
import { LinkedCustomersFieldset } from './LinkedCustomersFieldset.tsx';
import { PartnerFieldset } from './PartnerFieldset.tsx';
import { PinGate } from './PinGate.tsx';
import { ProviderFieldset } from './ProviderFieldset.tsx';
import { RelockDialog } from './RelockDialog.tsx';
import { ScannerFieldset } from './ScannerFieldset.tsx';
import { SecurityFieldset } from './SecurityFieldset.tsx';
import { TerminalFieldset } from './TerminalFieldset.tsx';
import { useSettingsForm } from './use-settings-form.ts';
import { VaultUnreadable } from './VaultUnreadable.tsx';

// Real settings through settings.get / settings.save. Secrets are write-only. When an admin PIN is set,
// the screen opens only after settings.verifyPin; it locks again when the cashier leaves it. Each fieldset
// edits the one shared draft; the save bar sends what changed.

export function SettingsScreen() {
  const view = useAppStore((state) => state.settingsView);
  const unlocked = useAppStore((state) => state.adminUnlocked);
  const unlock = useAppStore((state) => state.unlockAdmin);
  const t = useT();
  if (!view) return <p>{t('common.loading')}</p>;
  // Fail closed: an unreadable vault may hold an admin PIN; main refuses every save until it is fixed.
  if (view.vaultUnreadable) return <VaultUnreadable />;
  if (view.secrets.adminPin && !unlocked) return <PinGate onUnlock={unlock} />;
  return <SettingsForm view={view} />;
}

function SettingsForm({ view }: { view: SettingsView }) {
  const t = useT();
  const { mode } = useTerminal();
  const form = useSettingsForm(view);
  const saveButtonRef = useRef<HTMLButtonElement>(null);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    void form.save();
  };

  return (
    <section className="screen settings-screen" aria-labelledby="settings-title" data-testid="settings-screen">
      <h1 id="settings-title" tabIndex={-1} className="screen-title">
        {t('settings.title')}
      </h1>
      <form onSubmit={submit} noValidate aria-labelledby="settings-title" data-testid="settings-form">
        <ProviderFieldset draft={form.draft} unsavedChanges={form.dirty} onError={form.reportError} />
        <TerminalFieldset draft={form.draft} />
        <LimitsFieldset draft={form.draft} />
        <SecurityFieldset draft={form.draft} />
        <ScannerFieldset draft={form.draft} />
        <CameraFieldset draft={form.draft} />
        <PartnerFieldset draft={form.draft} />
        <LinkedCustomersFieldset draft={form.draft} />

        <div className="form-footer">
          <ErrorText error={form.error} testId="settings-error" />
          {form.message && (
            <p role="status" data-testid="settings-message">
              {form.message}
            </p>
          )}
          <button type="submit" ref={saveButtonRef} className="button button-primary button-large" disabled={form.busy} data-testid="settings-save">
            {form.busy ? t('settings.saving') : t('settings.save')}
          </button>
        </div>
      </form>
      {form.relocked && (
        <RelockDialog
          keypad={mode === 'kiosk'}
          onUnlocked={() => {
            saveButtonRef.current?.focus();
            form.pinAccepted();
          }}
          onCancel={() => {
            form.pinDialogCancelled();
            saveButtonRef.current?.focus();
          }}
        />
      )}
    </section>
  );
}
