import { FieldProblem } from '../../components/LabelledInput.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { useT } from '../../i18n/i18n.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { CheckboxField, LockedNote, NumberField } from './fields.tsx';

// How the till treats the people at it (the `staff` settings group): whether someone must sign in, when an
// idle till signs them out, what a cashier may refund without a supervisor, and the cashier on receipts.

export function StaffFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  const limit = draft.groupField('staff', 'refundWithoutApprovalUpToMinor');
  const limitId = 'settings-staff-refundWithoutApprovalUpToMinor';
  const signIn = draft.groupField('staff', 'signInRequired');
  const shiftRequired = draft.groupField('staff', 'shiftRequired');
  return (
    <fieldset>
      <legend>{t('settings.section.staff')}</legend>
      <CheckboxField
        label={t('settings.staff.signInRequired')}
        {...signIn}
        onChange={(on) => {
          // Selling only in a shift comes on with sign-in (it can be turned off again): a till that asks who is
          // there adds its day up by shift.
          if (on && !signIn.value && !shiftRequired.locked)
            draft.edit({ staff: { ...draft.settings.staff, signInRequired: true, shiftRequired: true } });
          else signIn.onChange(on);
        }}
        testId="settings-staff-signInRequired"
      />
      <p className="hint">{t('settings.staff.signInRequiredHint')}</p>
      <CheckboxField
        label={t('settings.staff.shiftRequired')}
        {...shiftRequired}
        testId="settings-staff-shiftRequired"
      />
      <p className="hint">{t('settings.staff.shiftRequiredHint')}</p>
      <NumberField
        label={t('settings.staff.autoLockMinutes')}
        min={0}
        max={720}
        {...draft.groupField('staff', 'autoLockMinutes')}
        testId="settings-staff-autoLockMinutes"
      />
      <div className={`field${limit.problem ? ' field-invalid' : ''}`}>
        <label className="field-label" htmlFor={limitId}>
          {t('settings.staff.refundWithoutApprovalUpToMinor')}
        </label>
        <MoneyInput
          id={limitId}
          valueMinor={limit.value}
          currency={draft.settings.currency}
          maxMinor={100_000_000}
          onChange={limit.onChange}
          testId={limitId}
          invalid={Boolean(limit.problem)}
          disabled={limit.locked}
          describedBy={[
            `${limitId}-hint`,
            limit.locked ? `${limitId}-locked` : '',
            limit.problem ? `${limitId}-problem` : '',
          ]
            .filter(Boolean)
            .join(' ')}
        />
        {limit.locked && <LockedNote id={limitId} testId={limitId} />}
        <p id={`${limitId}-hint`} className="hint">
          {t('settings.staff.refundWithoutApprovalHint')}
        </p>
        <FieldProblem id={`${limitId}-problem`} text={limit.problem} />
      </div>
      <CheckboxField
        label={t('settings.staff.cashierOnReceipt')}
        {...draft.groupField('staff', 'cashierOnReceipt')}
        testId="settings-staff-cashierOnReceipt"
      />
    </fieldset>
  );
}
