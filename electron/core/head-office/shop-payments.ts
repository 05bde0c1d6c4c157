import { PosError } from '../../../shared/errors.ts';
import type { CurrencyCode } from '../../../shared/money.ts';
import type { OrderStatus, PaymentView } from '../../../shared/payments.ts';
import type { ShopPaymentsFinder } from '../core-hooks.ts';
import { problemOf, shopPaymentsFound, type HeadOfficeDb, type ShopPaymentFound } from './pg/index.ts';

// payments.find's answer for the shop's other tills (../payments/find-across-shop.ts asks it): their payments in
// the head office's copy, as candidates naming the till that took them. Refundable only there: that till's
// journal holds the payment, its refunds and its provider's terminal, so this till shows them and cannot refund.
// A head office turned off or not answering finds nothing more: this till's own candidates still stand.

export function shopPaymentsFinder(needs: {
  readonly db: () => Promise<HeadOfficeDb>;
  readonly shopId: () => string;
  readonly tillId: () => string;
  readonly log: (line: string) => void;
}): ShopPaymentsFinder {
  return async (query, limit) => {
    try {
      const found = await shopPaymentsFound(await needs.db(), needs.shopId(), needs.tillId(), query, limit);
      return found.map(viewOf);
    } catch (error) {
      const off =
        error instanceof PosError && (error.code === 'headOffice.off' || error.code === 'headOffice.unavailable');
      if (!off && problemOf(error) === null) throw error;
      if (!(error instanceof PosError && error.code === 'headOffice.off')) {
        needs.log(`head office: the shop's other tills were not searched: ${String(error)}`);
      }
      return [];
    }
  };
}

function viewOf(found: ShopPaymentFound): PaymentView {
  const currency = found.currency as CurrencyCode;
  const money = (amountMinor: number): PaymentView['amount'] => ({ amountMinor, currency });
  return {
    referenceId: found.referenceId,
    method: null,
    amount: money(found.amountMinor),
    state: 'final',
    providerStatus: found.status as OrderStatus,
    displayStatus: found.status === 'REFUNDED' ? 'refunded' : 'paid',
    qrPayload: null,
    expiresAt: null,
    providerOrderId: found.providerOrderId,
    paymentType: null,
    failureReason: null,
    failureNotice: null,
    refunded: money(found.refundedMinor),
    refundedElsewhere: money(0),
    refundable: money(Math.max(0, found.amountMinor - found.refundedMinor)),
    canCancel: false,
    canRefund: false,
    note: null,
    posId: found.terminalReference,
    createdAt: found.createdAt,
    updatedAt: found.updatedAt,
    unresolvedReason: null,
    takenBy: found.takenById === null ? null : { id: found.takenById, name: found.takenBy ?? '' },
    atOtherTill: { tillId: found.tillId, terminalReference: found.terminalReference },
  };
}
