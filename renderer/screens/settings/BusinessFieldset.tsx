import { useState } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import type { FieldBinding, SettingsDraft } from './draft-bindings.ts';
import { CheckboxField, TextField } from './fields.tsx';

// Who the receipt says sold it (shared/business.ts): with a tax registration number, a receipt is a tax receipt
// (shared/receipt-tax.ts says what each market's must carry).

export function BusinessFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  return (
    <fieldset aria-describedby="settings-business-hint">
      <legend>{t('business.legend')}</legend>
      <p id="settings-business-hint" className="hint">
        {t('business.hint')}
      </p>
      <TextField
        label={t('business.name')}
        maxLength={100}
        {...draft.groupField('business', 'name')}
        testId="settings-business-name"
      />
      <TextField
        label={t('business.address')}
        maxLength={200}
        {...draft.groupField('business', 'address')}
        testId="settings-business-address"
      />
      <TextField
        label={t('business.taxNumber')}
        maxLength={32}
        {...draft.groupField('business', 'taxNumber')}
        testId="settings-business-taxNumber"
      />
      <CheckboxField
        label={t('business.pricesIncludeTax')}
        {...draft.groupField('business', 'pricesIncludeTax')}
        testId="settings-business-pricesIncludeTax"
      />
      <RateField
        label={t('business.taxRatePercent')}
        {...draft.groupField('business', 'taxRatePercent')}
        testId="settings-business-taxRatePercent"
      />
    </fieldset>
  );
}

/** A percent with at most two decimals, kept as typed; anything else is NaN, which the form refuses to save. */
function RateField({ label, testId, ...binding }: FieldBinding<number> & { label: string; testId: string }) {
  const t = useT();
  const [text, setText] = useState(String(binding.value));
  const [shown, setShown] = useState(binding.value);
  // The saved value changed under us (a save, settings.changed): show it, unless it is what was typed.
  if (binding.value !== shown && !(Number.isNaN(binding.value) && Number.isNaN(shown))) {
    setShown(binding.value);
    if (!Number.isNaN(binding.value)) setText(String(binding.value));
  }
  const valid = /^\d{1,3}(?:\.\d{1,2})?$/.test(text.trim());
  return (
    <TextField
      label={label}
      testId={testId}
      value={text}
      hint="0–100"
      locked={binding.locked}
      problem={text.trim() !== '' && !valid ? t('business.rateNotANumber') : binding.problem}
      onChange={(next) => {
        setText(next);
        const parsed = /^\d{1,3}(?:\.\d{1,2})?$/.test(next.trim()) ? Number(next.trim()) : Number.NaN;
        setShown(parsed);
        binding.onChange(parsed);
      }}
    />
  );
}
