import { ENVIRONMENT_IDS, type SettingsPatch } from '../../../shared/settings.ts';
import type { AppError } from '../../../shared/result.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useTerminal } from '../../stores/terminal.ts';
import { ConnectionTest } from './ConnectionTest.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { NumberField, SecretField, SelectField, TextField } from './fields.tsx';
import { ListenerProblemLine } from './ListenerProblemLine.tsx';

// Where the in-store payments go and who this till is to the provider: environment, credentials, webhook.

export function ProviderFieldset({
  draft,
  patch,
  onError,
}: {
  draft: SettingsDraft;
  patch: SettingsPatch | null;
  onError: (error: AppError) => void;
}) {
  const t = useT();
  const { currency } = useTerminal();
  const { environment } = draft.settings;
  return (
    <fieldset>
      <legend>{t('settings.section.provider')}</legend>
      <SelectField
        label={t('settings.environment')}
        {...draft.field('environment')}
        options={ENVIRONMENT_IDS.map((id) => ({ value: id, label: t(`env.${id}`) }))}
        // The embedded sandbox signs with its own demo merchant: say so, or an admin who picks a country or
        // types credentials here would expect them to be used.
        hint={environment === 'embedded-sandbox' ? t('settings.demoUsesOwnMerchant', { currency }) : undefined}
        testId="settings-environment"
      />
      {environment === 'custom' && (
        <TextField
          label={t('settings.customBaseUrl')}
          type="url"
          maxLength={300}
          {...draft.field('customBaseUrl')}
          testId="settings-customBaseUrl"
        />
      )}
      <TextField
        label={t('settings.accessKeyId')}
        maxLength={128}
        {...draft.field('accessKeyId')}
        testId="settings-accessKeyId"
      />
      <SecretField
        label={t('settings.accessKeySecret')}
        {...draft.secret('accessKeySecret')}
        testId="settings-accessKeySecret"
      />
      <TextField label={t('settings.posId')} maxLength={64} {...draft.field('posId')} testId="settings-posId" />
      <TextField
        label={t('settings.webhookUrl')}
        type="url"
        maxLength={300}
        {...draft.field('webhookUrl')}
        testId="settings-webhookUrl"
      />
      <NumberField
        label={t('settings.webhookListenPort')}
        min={0}
        max={65535}
        {...draft.field('webhookListenPort')}
        testId="settings-webhookListenPort"
      />
      <ListenerProblemLine listener="payment-notifications" testId="settings-webhookListenPort-problem" />
      <ConnectionTest patch={patch} onError={onError} />
    </fieldset>
  );
}
