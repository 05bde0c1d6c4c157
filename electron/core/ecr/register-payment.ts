import type { RefundView } from '../../../shared/payments.ts';
import { money } from '../../../shared/money.ts';
import type { RegisterSale } from '../../../shared/register.ts';
import type { RegisterPayment, RegisterRefund } from './api-schemas.ts';

// The till's views → what the register reads (api-schemas.ts). A customer-QR sale whose code has not been
// scanned yet has no payment: it reads `waiting` until its expiresAt (or `cancelled`, or `expired` once nobody
// scanned in time), with nothing at the provider.

export function registerPaymentOf(sale: RegisterSale): RegisterPayment {
  const payment = sale.payment;
  if (!payment) {
    const nothing = money(0, sale.amount.currency);
    return {
      referenceId: sale.referenceId,
      status: sale.state === 'started' ? 'waiting' : sale.state,
      providerStatus: null,
      method: sale.method,
      amount: sale.amount,
      qrPayload: null,
      expiresAt: sale.expiresAt,
      providerOrderId: null,
      paymentType: null,
      refunded: nothing,
      refundable: nothing,
      orderReference: sale.orderReference,
      note: sale.note,
      failureReason: null,
      canCancel: sale.state === 'waiting',
      createdAt: sale.createdAt,
      updatedAt: sale.updatedAt,
    };
  }
  return {
    referenceId: payment.referenceId,
    status: payment.displayStatus,
    providerStatus: payment.providerStatus,
    method: sale.method,
    amount: payment.amount,
    qrPayload: payment.qrPayload,
    expiresAt: payment.expiresAt,
    providerOrderId: payment.providerOrderId,
    paymentType: payment.paymentType,
    refunded: payment.refunded,
    refundable: payment.refundable,
    orderReference: sale.orderReference,
    note: payment.note,
    failureReason: payment.failureReason,
    canCancel: payment.canCancel,
    createdAt: payment.createdAt,
    updatedAt: payment.updatedAt,
  };
}

export function registerRefundOf(refund: RefundView, sale: RegisterSale): RegisterRefund {
  return {
    refundId: refund.refundId,
    referenceId: refund.referenceId,
    amount: refund.amount,
    state: refund.state,
    failureReason: refund.failureReason,
    payment: registerPaymentOf(sale),
  };
}
