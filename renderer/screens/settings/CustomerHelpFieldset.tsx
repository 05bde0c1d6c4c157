import { useT } from '../../i18n/i18n.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { CheckboxField } from './fields.tsx';

// Help for the customer on the screens that face them (the kiosk's and the customer display): larger text, and
// the customer display's sound on paid and on failed. The cashier's screen never changes with these.

export function CustomerHelpFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  return (
    <fieldset aria-describedby="settings-customer-help-hint">
      <legend>{t('access.customerHelp')}</legend>
      <p id="settings-customer-help-hint" className="hint">
        {t('access.customerHelpHint')}
      </p>
      <CheckboxField
        label={t('access.largeText')}
        {...draft.groupField('customerHelp', 'largeText')}
        testId="settings-customerHelp-largeText"
      />
      <CheckboxField
        label={t('access.soundOnResult')}
        {...draft.groupField('customerHelp', 'soundOnResult')}
        testId="settings-customerHelp-soundOnResult"
      />
    </fieldset>
  );
}
