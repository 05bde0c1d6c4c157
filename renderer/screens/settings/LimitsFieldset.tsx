import { FieldProblem } from '../../components/LabelledInput.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { useT } from '../../i18n/i18n.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { CheckboxField, LockedNote, NumberField } from './fields.tsx';

// What the till accepts and how it shows the outcome: the amount limits, the result screen, receipts, and how
// often it may ask the provider for a status.

export function LimitsFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  return (
    <fieldset>
      <legend>{t('settings.section.limits')}</legend>
      <AmountLimitField draft={draft} limit="minMinor" />
      <AmountLimitField draft={draft} limit="maxMinor" />
      <NumberField
        label={t('settings.resultDismissSeconds')}
        min={0}
        max={600}
        {...draft.field('resultDismissSeconds')}
        testId="settings-resultDismissSeconds"
      />
      <CheckboxField
        label={t('settings.printReceiptWhenPaid')}
        {...draft.field('printReceiptWhenPaid')}
        testId="settings-printReceiptWhenPaid"
      />
      <NumberField
        label={t('settings.statusRequestsPerSecond')}
        min={1}
        max={20}
        {...draft.field('statusRequestsPerSecond')}
        testId="settings-statusRequestsPerSecond"
      />
    </fieldset>
  );
}

/** An amount limit is typed like a sale amount, in the draft's currency. */
function AmountLimitField({ draft, limit }: { draft: SettingsDraft; limit: 'minMinor' | 'maxMinor' }) {
  const t = useT();
  const id = `settings-${limit}`;
  const { value, onChange, problem, locked } = draft.groupField('amountLimits', limit);
  return (
    <div className={`field${problem ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {t(`settings.amountLimits.${limit}`)}
      </label>
      <MoneyInput
        id={id}
        valueMinor={value}
        currency={draft.settings.currency}
        maxMinor={1_000_000_000}
        onChange={onChange}
        testId={`settings-amountLimits-${limit}`}
        invalid={Boolean(problem)}
        disabled={locked}
        describedBy={
          [locked ? `${id}-locked` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ') || undefined
        }
      />
      {locked && <LockedNote id={id} testId={`settings-amountLimits-${limit}`} />}
      <FieldProblem id={`${id}-problem`} text={problem} />
    </div>
  );
}
