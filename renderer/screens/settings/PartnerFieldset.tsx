import { useT } from '../../i18n/i18n.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { NumberField, TextField } from './fields.tsx';

// Optional partner details sent with each in-store order (none at all without a partner merchant id).

export function PartnerFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  return (
    <fieldset>
      <legend>{t('settings.section.partner')}</legend>
      <TextField
        label={t('settings.partner.merchantId')}
        maxLength={64}
        {...draft.groupField('partner', 'merchantId')}
        testId="settings-partner-merchantId"
      />
      <NumberField
        label={t('settings.partner.merchantCategoryCode')}
        nullable
        min={0}
        max={9999}
        {...draft.groupField('partner', 'merchantCategoryCode')}
        testId="settings-partner-merchantCategoryCode"
      />
      <TextField
        label={t('settings.partner.merchantTradingName')}
        maxLength={100}
        {...draft.groupField('partner', 'merchantTradingName')}
        testId="settings-partner-merchantTradingName"
      />
      <TextField
        label={t('settings.partner.merchantEntityId')}
        maxLength={64}
        {...draft.groupField('partner', 'merchantEntityId')}
        testId="settings-partner-merchantEntityId"
      />
    </fieldset>
  );
}
