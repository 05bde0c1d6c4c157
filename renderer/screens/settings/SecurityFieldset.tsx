import { useT } from '../../i18n/i18n.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { SecretField } from './fields.tsx';

// The supervisor PIN (refunds) and the admin PIN (this screen): write-only, digits only.

export function SecurityFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  return (
    <fieldset>
      <legend>{t('settings.section.security')}</legend>
      <SecretField label={t('settings.supervisorPin')} numeric {...draft.secret('supervisorPin')} testId="settings-supervisorPin" />
      <SecretField label={t('settings.adminPinSecret')} numeric {...draft.secret('adminPin')} testId="settings-adminPin" />
    </fieldset>
  );
}
