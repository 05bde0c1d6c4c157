import type { HoldView } from '../../../shared/customer-holds.ts';
import { LabelledInput } from '../../components/LabelledInput.tsx';
import { dateTime, money } from '../../components/format.ts';
import { failureText, useLocale, useT } from '../../i18n/i18n.tsx';
import { holdStaffLines } from './staff-lines.ts';
import { StaffLines } from './StaffLines.tsx';
import { UnresolvedReason } from './UnresolvedReason.tsx';
import type { HoldActions } from './use-hold-actions.ts';

// The customer's holds: when placed, how much, where each stands (and why), when it is expected to lapse, who
// acted, and Capture / Void.

export function HoldsTable({ holds, actions }: { holds: readonly HoldView[]; actions: HoldActions }) {
  const t = useT();
  // Who placed, captured, voided or approved: a column once a hold names someone (a till without sign-in never does).
  const withStaff = holds.some((hold) => holdStaffLines(hold, t).length > 0);
  return (
    <table className="data-table" data-testid="holds-table">
      <thead>
        <tr>
          <th scope="col">{t('customers.hold.colPlaced')}</th>
          <th scope="col" className="num">
            {t('customers.hold.colAmount')}
          </th>
          <th scope="col">{t('customers.hold.colStatus')}</th>
          <th scope="col">{t('customers.hold.colExpires')}</th>
          {withStaff && <th scope="col">{t('customers.staff.col')}</th>}
          <th scope="col">{t('customers.hold.colActions')}</th>
        </tr>
      </thead>
      <tbody>
        {holds.map((hold) => (
          <HoldRow key={hold.merchantRef} hold={hold} withStaff={withStaff} actions={actions} />
        ))}
      </tbody>
    </table>
  );
}

function HoldRow({ hold, withStaff, actions }: { hold: HoldView; withStaff: boolean; actions: HoldActions }) {
  const t = useT();
  const locale = useLocale();
  return (
    <tr data-testid="hold-row" data-merchant-ref={hold.merchantRef} data-status={hold.displayStatus}>
      <td>{dateTime(hold.placedAt, locale)}</td>
      <td className="num" data-amount-minor={hold.amount.amountMinor}>
        {money(hold.amount, locale)}
      </td>
      <td>
        <span className={`badge hold-${hold.displayStatus}`} data-testid="hold-status">
          {t(`holdStatus.${hold.displayStatus}`)}
        </span>
        {hold.failureReason && <span className="hint"> — {failureText(hold.failureReason, t)}</span>}
        {hold.voidReason && <span className="hint"> — {hold.voidReason}</span>}
        {hold.displayStatus === 'captured' && hold.orderUuid && (
          <span className="customers-order" data-testid="hold-order">
            {t('customers.orderId', { id: hold.orderUuid })}
          </span>
        )}
        <UnresolvedReason reason={hold.unresolvedReason} testId="hold-unresolved" />
      </td>
      <td data-testid="hold-expiry">{hold.expiresAt ? dateTime(hold.expiresAt, locale) : '—'}</td>
      {withStaff && (
        <td>
          <StaffLines lines={holdStaffLines(hold, t)} testId="hold-staff" />
        </td>
      )}
      <td>
        {actions.voiding === hold.merchantRef ? (
          <VoidReasonForm hold={hold} actions={actions} />
        ) : (
          <HoldButtons hold={hold} actions={actions} />
        )}
      </td>
    </tr>
  );
}

function VoidReasonForm({ hold, actions }: { hold: HoldView; actions: HoldActions }) {
  const t = useT();
  const busy = actions.working === hold.merchantRef;
  return (
    <div className="customers-void">
      <LabelledInput
        id={`void-reason-${hold.merchantRef}`}
        label={t('customers.hold.voidReason')}
        problem={actions.reasonProblem ? t('customers.hold.voidReasonNeeded') : undefined}
        problemId={`void-problem-${hold.merchantRef}`}
        type="text"
        maxLength={500}
        autoComplete="off"
        value={actions.reason}
        onChange={(event) => actions.typeReason(event.target.value)}
        data-testid="hold-void-reason"
      />
      <div className="actions">
        <button
          type="button"
          className="button button-danger"
          disabled={busy}
          onClick={() => void actions.act(hold, 'void')}
          data-testid="hold-void-confirm"
        >
          {busy ? t('customers.hold.working') : t('customers.hold.voidConfirm')}
        </button>
        <button type="button" className="button button-small" onClick={actions.keepHold} data-testid="hold-void-keep">
          {t('customers.hold.voidKeep')}
        </button>
      </div>
    </div>
  );
}

function HoldButtons({ hold, actions }: { hold: HoldView; actions: HoldActions }) {
  const t = useT();
  const locale = useLocale();
  const amount = money(hold.amount, locale);
  const busy = actions.working === hold.merchantRef;
  return (
    <div className="actions">
      {hold.canCapture && (
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => void actions.act(hold, 'capture')}
          data-testid="hold-capture"
        >
          {busy ? t('customers.hold.working') : t('customers.hold.capture', { amount })}
        </button>
      )}
      {hold.canVoid && (
        <button
          type="button"
          className="button button-small"
          disabled={busy}
          aria-label={t('customers.hold.voidFor', { amount })}
          onClick={() => actions.startVoid(hold)}
          data-testid="hold-void"
        >
          {t('customers.hold.void')}
        </button>
      )}
    </div>
  );
}
