import { useState } from 'react';
import { REGISTER_NETWORKS } from '../../../shared/register.ts';
import { useT } from '../../i18n/i18n.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { CheckboxField, NumberField, SelectField } from './fields.tsx';
import { RegisterConnectionState } from './RegisterConnectionState.tsx';
import { RegisterKeys } from './RegisterKeys.tsx';

// Settings → Register connection: whether the shop's register program may drive this till, where it
// connects, whether it may refund; where it listens now (and the certificate to pin); and its keys.

export function RegisterFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  const [keysChanged, setKeysChanged] = useState(0);
  return (
    <>
      <fieldset>
        <legend>{t('settings.section.register')}</legend>
        <p className="hint">{t('settings.ecr.explain')}</p>
        <CheckboxField
          label={t('settings.ecr.enabled')}
          {...draft.groupField('ecr', 'enabled')}
          testId="settings-ecr-enabled"
        />
        <NumberField
          label={t('settings.ecr.port')}
          min={1024}
          max={65535}
          {...draft.groupField('ecr', 'port')}
          testId="settings-ecr-port"
        />
        <SelectField
          label={t('settings.ecr.network')}
          {...draft.groupField('ecr', 'network')}
          options={REGISTER_NETWORKS.map((value) => ({ value, label: t(`settings.ecr.network.${value}`) }))}
          testId="settings-ecr-network"
        />
        <CheckboxField
          label={t('settings.ecr.refundsAllowed')}
          {...draft.groupField('ecr', 'refundsAllowed')}
          testId="settings-ecr-refundsAllowed"
        />
        <RegisterConnectionState keysChanged={keysChanged} />
      </fieldset>
      <RegisterKeys onKeysChanged={() => setKeysChanged((n) => n + 1)} />
    </>
  );
}
