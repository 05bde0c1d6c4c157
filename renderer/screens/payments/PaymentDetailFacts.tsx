import type { PaymentDetail } from '../../../shared/payments.ts';
import { PaymentStatusBadge } from '../../components/PaymentStatusBadge.tsx';
import { dateTime, money } from '../../components/format.ts';
import { failureOf, useLocale, useT } from '../../i18n/i18n.tsx';
import { noticeText } from '../../i18n/notices.ts';
import { StaffFacts } from './StaffFacts.tsx';

/** What the till knows of one payment: amount, status, the provider's ids, refunds, who took it, why it failed. */
export function PaymentDetailFacts({ payment }: { payment: PaymentDetail['payment'] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <dl className="facts">
      <dt>{t('detail.amount')}</dt>
      <dd data-testid="detail-amount">{money(payment.amount, locale)}</dd>
      <dt>{t('detail.status')}</dt>
      <dd>
        <PaymentStatusBadge payment={payment} testId="detail-status" />
      </dd>
      <dt>{t('payment.providerOrderId')}</dt>
      <dd data-testid="detail-provider-order-id">{payment.providerOrderId ?? '—'}</dd>
      <dt>{t('detail.paymentType')}</dt>
      <dd data-testid="detail-payment-type">{payment.paymentType ? t(`paymentType.${payment.paymentType}`) : '—'}</dd>
      <dt>{t('payments.colMethod')}</dt>
      <dd>{t(`method.${payment.method ?? 'unknown'}`)}</dd>
      {payment.fromRegister && (
        <>
          <dt>{t('detail.fromRegister')}</dt>
          <dd data-testid="detail-from-register">{payment.fromRegister.keyName}</dd>
          {payment.fromRegister.orderReference && (
            <>
              <dt>{t('detail.registerOrderReference')}</dt>
              <dd data-testid="detail-register-order-reference">{payment.fromRegister.orderReference}</dd>
            </>
          )}
        </>
      )}
      <dt>{t('detail.refunded')}</dt>
      <dd data-testid="detail-refunded">{money(payment.refunded, locale)}</dd>
      {payment.refundedElsewhere && payment.refundedElsewhere.amountMinor > 0 && (
        <>
          <dt>{t('detail.refundedElsewhere')}</dt>
          <dd data-testid="detail-refunded-elsewhere">{money(payment.refundedElsewhere, locale)}</dd>
        </>
      )}
      <dt>{t('detail.refundable')}</dt>
      <dd data-testid="detail-refundable">{money(payment.refundable, locale)}</dd>
      <dt>{t('detail.created')}</dt>
      <dd>{dateTime(payment.createdAt, locale)}</dd>
      <StaffFacts payment={payment} />
      {payment.note && (
        <>
          <dt>{t('detail.note')}</dt>
          <dd>{payment.note}</dd>
        </>
      )}
      {payment.failureReason && (
        <>
          <dt>{t('detail.colReason')}</dt>
          <dd>{failureOf(payment, t, locale)}</dd>
        </>
      )}
      {payment.unresolvedReason && (
        <>
          <dt>{t('unresolved.reason')}</dt>
          <dd>{noticeText(payment.unresolvedReason, locale)}</dd>
        </>
      )}
    </dl>
  );
}
