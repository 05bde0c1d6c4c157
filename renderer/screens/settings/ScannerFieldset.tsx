import { useT } from '../../i18n/i18n.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { NumberField, SelectField } from './fields.tsx';
import { ScannerTest } from './ScannerTest.tsx';

// How a keyboard-wedge scanner is told apart from typing; the scanner test can fill these in from one scan.

const TERMINATORS = [
  { value: 'Enter', label: 'Enter' },
  { value: 'Tab', label: 'Tab' },
] as const;

export function ScannerFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  const scanner = draft.field('scanner');
  return (
    <fieldset>
      <legend>{t('settings.section.scanner')}</legend>
      <NumberField
        label={t('settings.scanner.maxInterKeyMs')}
        min={5}
        max={200}
        {...draft.groupField('scanner', 'maxInterKeyMs')}
        testId="settings-scanner-maxInterKeyMs"
      />
      <NumberField
        label={t('settings.scanner.minLength')}
        min={4}
        max={64}
        {...draft.groupField('scanner', 'minLength')}
        testId="settings-scanner-minLength"
      />
      <SelectField
        label={t('settings.scanner.terminator')}
        {...draft.groupField('scanner', 'terminator')}
        options={TERMINATORS}
        testId="settings-scanner-terminator"
      />
      <ScannerTest scanner={scanner.value} onApply={scanner.onChange} />
    </fieldset>
  );
}
