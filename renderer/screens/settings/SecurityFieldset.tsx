import { useT } from '../../i18n/i18n.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { SecretField, TextField } from './fields.tsx';
import { PinLockouts } from './PinLockouts.tsx';
import type { PinName } from './settings-form-state.ts';

// The supervisor PIN (refunds) and the admin PIN (this screen): write-only, digits only, and a new one is
// typed twice: a slip of the finger in a PIN nobody can read back would lock the supervisor or the admin out.
// Without an admin PIN anyone at the till can change Settings, so main refuses a supervisor PIN, register
// refunds and register keys until one is set (electron/core/settings/admin-pin-first.ts): said here first.

export interface PinConfirmBinding {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly problem: string | undefined;
}

export function SecurityFieldset({
  draft,
  pinConfirm,
}: {
  draft: SettingsDraft;
  pinConfirm: (name: PinName) => PinConfirmBinding;
}) {
  const t = useT();
  const adminPin = draft.secret('adminPin');
  const noAdminPin = !adminPin.stored && typeof adminPin.draft !== 'string';
  // A till set up before the rule may hold them already: then they are unprotected now, not merely refused.
  const unprotected = draft.secret('supervisorPin').stored || draft.settings.ecr.refundsAllowed;
  return (
    <fieldset>
      <legend>{t('settings.section.security')}</legend>
      {noAdminPin && (
        <p className="hint" role="note" data-testid="admin-pin-first">
          {t(unprotected ? 'settings.adminPinFirst.unprotected' : 'settings.adminPinFirst')}
        </p>
      )}
      {/* The admin PIN first: the supervisor PIN is refused until it is set. */}
      <PinWithConfirm
        draft={draft}
        name="adminPin"
        label={t('settings.adminPinSecret')}
        confirm={pinConfirm('adminPin')}
      />
      <PinWithConfirm
        draft={draft}
        name="supervisorPin"
        label={t('settings.supervisorPin')}
        confirm={pinConfirm('supervisorPin')}
      />
      <PinLockouts />
    </fieldset>
  );
}

function PinWithConfirm({
  draft,
  name,
  label,
  confirm,
}: {
  draft: SettingsDraft;
  name: PinName;
  label: string;
  confirm: PinConfirmBinding;
}) {
  const t = useT();
  const secret = draft.secret(name);
  const typed = typeof secret.draft === 'string' && secret.draft !== '';
  return (
    <>
      <SecretField label={label} numeric {...secret} testId={`settings-${name}`} />
      {typed && (
        <TextField
          label={t('settings.pinConfirm', { name: label })}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={32}
          value={confirm.value}
          onChange={confirm.onChange}
          problem={confirm.problem}
          testId={`settings-${name}-confirm`}
        />
      )}
    </>
  );
}
