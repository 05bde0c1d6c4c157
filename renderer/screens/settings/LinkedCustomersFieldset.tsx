import { useT } from '../../i18n/i18n.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { LINKED_APPROVALS } from '../../../shared/settings.ts';
import { NumberField, SecretField, SelectField, TextField } from './fields.tsx';
import { ListenerProblemLine } from './ListenerProblemLine.tsx';

// The linked-customer (tokenized) payments: merchant account, consent callback, and the order-outcome webhook.

export function LinkedCustomersFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  return (
    <fieldset>
      <legend>{t('settings.section.tokenized')}</legend>
      {/* Who says yes before a linked customer's stored wallet is charged (a charge, a hold's capture). */}
      <SelectField
        label={t('settings.linkedApproval')}
        {...draft.field('linkedApproval')}
        options={LINKED_APPROVALS.map((value) => ({ value, label: t(`settings.linkedApproval.${value}`) }))}
        testId="settings-linkedApproval"
      />
      <TextField
        label={t('settings.tokenized.merchantId')}
        maxLength={128}
        {...draft.groupField('tokenized', 'merchantId')}
        testId="settings-tokenized-merchantId"
      />
      <TextField
        label={t('settings.tokenized.callbackUrl')}
        type="url"
        maxLength={300}
        {...draft.groupField('tokenized', 'callbackUrl')}
        testId="settings-tokenized-callbackUrl"
      />
      {draft.settings.environment === 'custom' && (
        <TextField
          label={t('settings.tokenized.customBaseUrl')}
          type="url"
          maxLength={300}
          {...draft.groupField('tokenized', 'customBaseUrl')}
          testId="settings-tokenized-customBaseUrl"
        />
      )}
      <TextField
        label={t('settings.tokenized.webhookUrl')}
        type="url"
        maxLength={300}
        {...draft.groupField('tokenized', 'webhookUrl')}
        testId="settings-tokenized-webhookUrl"
      />
      <NumberField
        label={t('settings.tokenized.webhookListenPort')}
        min={0}
        max={65535}
        {...draft.groupField('tokenized', 'webhookListenPort')}
        testId="settings-tokenized-webhookListenPort"
      />
      <ListenerProblemLine listener="order-webhooks" testId="settings-tokenized-webhookListenPort-problem" />
      <SecretField
        label={t('settings.tokenizedMerchantSecret')}
        {...draft.secret('tokenizedMerchantSecret')}
        testId="settings-tokenizedMerchantSecret"
      />
    </fieldset>
  );
}
