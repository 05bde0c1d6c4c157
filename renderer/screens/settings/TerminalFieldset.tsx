import { CURRENCIES, COUNTRIES, CURRENCY_OF_COUNTRY } from '../../../shared/money.ts';
import { LANGUAGES } from '../../../shared/locales/index.ts';
import { LOCALES, MODES } from '../../../shared/settings.ts';
import { useT } from '../../i18n/i18n.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { CheckboxField, NumberField, SelectField, TextField } from './fields.tsx';

// The till itself: whose it is, where it sells and in what currency, how it is used, its language.

export function TerminalFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  return (
    <fieldset>
      <legend>{t('settings.section.terminal')}</legend>
      <TextField
        label={t('settings.merchantName')}
        maxLength={80}
        {...draft.field('merchantName')}
        testId="settings-merchantName"
      />
      <TextField
        label={t('settings.terminalReference')}
        maxLength={36}
        {...draft.field('terminalReference')}
        testId="settings-terminalReference"
      />
      <SelectField
        label={t('settings.country')}
        {...draft.field('country')}
        options={COUNTRIES.map((code) => ({ value: code, label: code }))}
        // A country allows exactly one currency; keep them consistent as the admin picks.
        onChange={(country) => draft.edit({ country, currency: CURRENCY_OF_COUNTRY[country] })}
        testId="settings-country"
      />
      {/* Only the currency the provider accepts in the chosen country is offered. */}
      <SelectField
        label={t('settings.currency')}
        {...draft.field('currency')}
        options={CURRENCIES.filter((code) => code === CURRENCY_OF_COUNTRY[draft.settings.country]).map((code) => ({
          value: code,
          label: code,
        }))}
        testId="settings-currency"
      />
      <SelectField
        label={t('settings.mode')}
        {...draft.field('mode')}
        options={MODES.map((mode) => ({ value: mode, label: t(`settings.mode.${mode}`) }))}
        testId="settings-mode"
      />
      {/* One kiosk setting: the mode. A kiosk is always full screen; the lock is for a cashier or refund-counter till. */}
      {draft.settings.mode === 'kiosk' ? (
        <NumberField
          label={t('settings.kioskUnpaidCancelSeconds')}
          min={30}
          max={600}
          {...draft.field('kioskUnpaidCancelSeconds')}
          testId="settings-kioskUnpaidCancelSeconds"
        />
      ) : (
        <CheckboxField label={t('settings.kiosk')} {...draft.field('kiosk')} testId="settings-kiosk" />
      )}
      <SelectField
        label={t('settings.locale')}
        {...draft.field('locale')}
        options={LOCALES.map((locale) => ({ value: locale, label: LANGUAGES[locale].name }))}
        testId="settings-locale"
      />
      {/* What the customer reads (customer display, kiosk): the till's own language unless another is chosen. */}
      <SelectField
        label={t('settings.customerLocale')}
        {...draft.field('customerLocale')}
        options={[
          { value: '', label: t('settings.customerLocale.same', { name: LANGUAGES[draft.settings.locale].name }) },
          ...LOCALES.map((locale) => ({ value: locale, label: LANGUAGES[locale].name })),
        ]}
        testId="settings-customerLocale"
      />
    </fieldset>
  );
}
