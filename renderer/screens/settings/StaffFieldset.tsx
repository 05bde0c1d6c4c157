import { FieldProblem } from '../../components/LabelledInput.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { useT } from '../../i18n/i18n.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { CheckboxField, LockedNote, NumberField } from './fields.tsx';

// How the till treats the people at it (the `staff` settings group): whether someone must sign in, when an
// idle till signs them out, what a cashier may refund without a supervisor (per payment, and per shift), and the
// cashier on receipts.

export function StaffFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  const signIn = draft.groupField('staff', 'signInRequired');
  const shiftRequired = draft.groupField('staff', 'shiftRequired');
  return (
    <fieldset>
      <legend>{t('settings.section.staff')}</legend>
      <CheckboxField
        label={t('settings.staff.signInRequired')}
        {...signIn}
        onChange={(on) => {
          // Sign-in brings its companions (each can be changed again): selling only in a shift (a till that asks
          // who is there adds its day up by shift), and signing out after 10 idle minutes where none was set (a
          // signed-in till left alone is anyone's).
          if (on && !signIn.value) draft.edit({ staff: signInCompanions(draft) });
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
      <StaffMoneyField
        draft={draft}
        name="refundWithoutApprovalUpToMinor"
        label="settings.staff.refundWithoutApprovalUpToMinor"
        hint="settings.staff.refundWithoutApprovalHint"
      />
      <StaffMoneyField
        draft={draft}
        name="unapprovedRefundsPerShiftMinor"
        label="settings.staff.unapprovedRefundsPerShiftMinor"
        hint="settings.staff.unapprovedRefundsPerShiftHint"
      />
      <CheckboxField
        label={t('settings.staff.cashierOnReceipt')}
        {...draft.groupField('staff', 'cashierOnReceipt')}
        testId="settings-staff-cashierOnReceipt"
      />
    </fieldset>
  );
}

/** Proposed idle sign-out when sign-in comes on and none is set (issue 39: the cashier's till is not left open). */
const PROPOSED_AUTO_LOCK_MINUTES = 10;

function signInCompanions(draft: SettingsDraft): SettingsDraft['settings']['staff'] {
  const staff = draft.settings.staff;
  const shiftRequired = draft.groupField('staff', 'shiftRequired').locked ? staff.shiftRequired : true;
  const autoLock = draft.groupField('staff', 'autoLockMinutes');
  const autoLockMinutes =
    !autoLock.locked && staff.autoLockMinutes === 0 ? PROPOSED_AUTO_LOCK_MINUTES : staff.autoLockMinutes;
  return { ...staff, signInRequired: true, shiftRequired, autoLockMinutes };
}

/** An amount of the staff group, typed in the till's currency, with its hint. */
function StaffMoneyField({
  draft,
  name,
  label,
  hint,
}: {
  draft: SettingsDraft;
  name: 'refundWithoutApprovalUpToMinor' | 'unapprovedRefundsPerShiftMinor';
  /** The words named whole, so the unused-words test (renderer/i18n/used-keys.test.ts) sees them asked for. */
  label: 'settings.staff.refundWithoutApprovalUpToMinor' | 'settings.staff.unapprovedRefundsPerShiftMinor';
  hint: 'settings.staff.refundWithoutApprovalHint' | 'settings.staff.unapprovedRefundsPerShiftHint';
}) {
  const t = useT();
  const field = draft.groupField('staff', name);
  const id = `settings-staff-${name}`;
  return (
    <div className={`field${field.problem ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {t(label)}
      </label>
      <MoneyInput
        id={id}
        valueMinor={field.value}
        currency={draft.settings.currency}
        maxMinor={100_000_000}
        onChange={field.onChange}
        testId={id}
        invalid={Boolean(field.problem)}
        disabled={field.locked}
        describedBy={[`${id}-hint`, field.locked ? `${id}-locked` : '', field.problem ? `${id}-problem` : '']
          .filter(Boolean)
          .join(' ')}
      />
      {field.locked && <LockedNote id={id} testId={id} />}
      <p id={`${id}-hint`} className="hint">
        {t(hint)}
      </p>
      <FieldProblem id={`${id}-problem`} text={field.problem} />
    </div>
  );
}
