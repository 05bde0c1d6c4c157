import { FIND_LIMIT, type PaymentView } from '../../../shared/payments.ts';
import { shownStaffName } from '../../../shared/staff.ts';
import { dateTime, money } from '../../components/format.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';

// The payments a "No receipt?" search found: when, how much, which till and who took it, so the cashier can tell
// the customer's payment from another of the same amount. Picking one opens its refund; one another till of the
// shop took (atOtherTill, from the head office) names that till and is refunded there.

export function FoundCandidates({
  items,
  onPick,
}: {
  items: readonly PaymentView[];
  onPick: (referenceId: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  if (items.length === 0) {
    return (
      <p className="muted" role="status" data-testid="refund-no-receipt-none">
        {t('refund.noReceipt.none')}
      </p>
    );
  }
  return (
    <>
      {items.length >= FIND_LIMIT && (
        <p className="muted" role="status" data-testid="refund-no-receipt-too-many">
          {t('refund.noReceipt.tooMany', { count: items.length })}
        </p>
      )}
      <table className="data-table" data-testid="refund-no-receipt-results">
        <thead>
          <tr>
            <th scope="col">{t('refund.noReceipt.colTime')}</th>
            <th scope="col">{t('refund.noReceipt.colAmount')}</th>
            <th scope="col">{t('refund.noReceipt.colTill')}</th>
            <th scope="col">{t('refund.noReceipt.colCashier')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('refund.noReceipt.pick')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.referenceId} data-testid="refund-candidate" data-reference-id={item.referenceId}>
              <td>{dateTime(item.createdAt, locale)}</td>
              <td>{money(item.amount, locale)}</td>
              <td>{item.origin === 'looked-up' ? t('refund.noReceipt.anotherTill') : (item.posId ?? '—')}</td>
              <td>
                {item.takenBy
                  ? shownStaffName(item.takenBy, (role) => t(`staff.role.${role}`))
                  : t('refund.noReceipt.nobody')}
              </td>
              <td>
                {/* Another till of the shop took it (found through the head office): its refund is made there. */}
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={item.atOtherTill !== undefined}
                  onClick={() => onPick(item.referenceId)}
                  data-testid="refund-candidate-pick"
                >
                  {item.atOtherTill
                    ? t('refund.noReceipt.atOtherTill', { till: item.atOtherTill.terminalReference })
                    : t('refund.noReceipt.pick')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
