import { useEffect, useState } from 'react';
import { shownStaffName, type StaffMember } from '../../../shared/staff.ts';
import { useBridge } from '../../api/bridge.tsx';
import { DayField } from '../../components/DayField.tsx';
import { LabelledInput } from '../../components/LabelledInput.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useTerminal } from '../../stores/terminal.ts';
import { FIND_WAYS, type FormProblem, type NoReceiptForm } from './no-receipt-query.ts';

// The "No receipt?" search's fields: which way, then that way's fields (NoReceiptSearch.tsx sends them).

const MAX_AMOUNT_MINOR = 1_000_000_000;

const WAY_WORDS = {
  order: 'refund.noReceipt.way.order',
  amount: 'refund.noReceipt.way.amount',
  staff: 'refund.noReceipt.way.staff',
} as const;

export function NoReceiptFields({
  form,
  onChange: change,
  problem,
}: {
  form: NoReceiptForm;
  onChange: (patch: Partial<NoReceiptForm>) => void;
  problem: FormProblem | null;
}) {
  const t = useT();
  const { currency } = useTerminal();
  return (
    <>
      <fieldset className="refund-no-receipt-ways">
        <legend className="field-label">{t('refund.noReceipt.way')}</legend>
        {FIND_WAYS.map((way) => (
          <label key={way} className="field field-checkbox">
            <input
              type="radio"
              name="refund-no-receipt-way"
              value={way}
              checked={form.way === way}
              onChange={() => change({ way })}
              data-testid={`refund-no-receipt-way-${way}`}
            />
            {t(WAY_WORDS[way])}
          </label>
        ))}
      </fieldset>
      {form.way === 'order' && (
        <LabelledInput
          id="refund-no-receipt-order-id"
          label={t('refund.noReceipt.orderId')}
          value={form.providerOrderId}
          onChange={(event) => change({ providerOrderId: event.target.value })}
          maxLength={80}
          autoComplete="off"
          problem={problem ? t(problem) : undefined}
          data-testid="refund-no-receipt-order-id"
        />
      )}
      {form.way === 'amount' && (
        <>
          <label className="field" htmlFor="refund-no-receipt-amount">
            <span className="field-label">{t('refund.noReceipt.amount')}</span>
            <MoneyInput
              id="refund-no-receipt-amount"
              valueMinor={form.amountMinor}
              currency={currency}
              maxMinor={MAX_AMOUNT_MINOR}
              onChange={(amountMinor) => change({ amountMinor })}
              testId="refund-no-receipt-amount"
              invalid={problem === 'refund.noReceipt.amountMissing'}
            />
          </label>
          <LabelledInput
            id="refund-no-receipt-from"
            type="datetime-local"
            label={t('refund.noReceipt.from')}
            value={form.from}
            onChange={(event) => change({ from: event.target.value })}
            data-testid="refund-no-receipt-from"
          />
          <LabelledInput
            id="refund-no-receipt-to"
            type="datetime-local"
            label={t('refund.noReceipt.to')}
            value={form.to}
            onChange={(event) => change({ to: event.target.value })}
            data-testid="refund-no-receipt-to"
          />
        </>
      )}
      {form.way === 'staff' && <StaffWayFields form={form} onChange={change} />}
    </>
  );
}

/** Who took it, on which day. */
function StaffWayFields({
  form,
  onChange: change,
}: {
  form: NoReceiptForm;
  onChange: (patch: Partial<NoReceiptForm>) => void;
}) {
  const t = useT();
  const staff = useStaffList();
  return (
    <>
      <label className="field" htmlFor="refund-no-receipt-staff">
        <span className="field-label">{t('refund.noReceipt.takenBy')}</span>
        <select
          id="refund-no-receipt-staff"
          value={form.takenBy}
          onChange={(event) => change({ takenBy: event.target.value })}
          data-testid="refund-no-receipt-staff"
        >
          <option value="">—</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {shownStaffName(member, (role) => t(`staff.role.${role}`))}
            </option>
          ))}
        </select>
      </label>
      <DayField
        id="refund-no-receipt-day"
        label={t('refund.noReceipt.day')}
        value={form.day}
        onChange={(day) => change({ day })}
        testId="refund-no-receipt-day"
      />
    </>
  );
}

/** Everyone who may have taken the payment, to pick who served the customer (staff.list), once this way is chosen. */
function useStaffList(): readonly StaffMember[] {
  const bridge = useBridge();
  const [staff, setStaff] = useState<readonly StaffMember[]>([]);
  useEffect(() => {
    let current = true;
    void bridge['staff.list']({}).then((result) => {
      if (current && result.ok) setStaff(result.value.staff);
    });
    return () => {
      current = false;
    };
  }, [bridge]);
  return staff;
}
