import type { RegisterOrigin } from '../../../shared/payments.ts';
import { PosError } from '../../../shared/errors.ts';
import { money } from '../../../shared/money.ts';
import type { RegisterSale } from '../../../shared/register.ts';
import { toRefundView, type NewRegisterRequest } from './journal/index.ts';
import { cancelAtCounter, cancelForRegister } from './cancels.ts';
import { normaliseNote } from './charge-input.ts';
import { chargeForRegister, checkCharge } from './charges.ts';
import { refundForRegister } from './refunds.ts';
import {
  expireWaitingSale,
  openRegisterSale,
  publishRegisterSale,
  refuseWhenBusyForRegister,
  registerSaleOf,
  requireRegisterSale,
  type RegisterPayments,
  type RegisterSaleInput,
} from './register-sales.ts';
import { refuseWhenClosing, type PaymentRuntime } from './runtime.ts';

// What the register connection (electron/core/ecr/) asks of the payment service (PaymentModule.register): the
// register's map of handlers, over the same charge, cancel and refund paths as the cashier's (charges.ts,
// cancels.ts, refunds.ts), plus the customer-QR sale that waits for its scan at the till.

export function registerPayments(rt: PaymentRuntime): RegisterPayments {
  const { journal } = rt;
  return {
    requestOf: (keyId, idempotencyKey) => journal.register.requestOf(keyId, idempotencyKey),
    startSale: async (input, request) => {
      // A sale whose wait just ran out frees the till now, not when its timer gets round to it.
      expireWaitingSale(rt);
      const origin = { keyId: input.keyId, keyName: input.keyName, orderReference: input.orderReference ?? null };
      if (input.method === 'merchant-qr') {
        const view = await chargeForRegister(rt, input, origin, request);
        return registerSaleOf(journal, view.referenceId)!;
      }
      return startScanSale(rt, input, origin, request);
    },
    sale: (referenceId) => {
      expireWaitingSale(rt);
      return registerSaleOf(journal, referenceId);
    },
    cancel: async (referenceId, request) => cancelRegisterSale(rt, referenceId, request),
    refund: async (referenceId, input, request) => {
      requireRegisterSale(rt, referenceId, input.keyId);
      const detail = await refundForRegister(
        rt,
        { referenceId, amountMinor: input.amountMinor, reason: input.reason },
        request,
      );
      const recorded = journal.register.requestOf(request.keyId, request.idempotencyKey);
      const refund = detail.refunds.find((r) => r.refundId === recorded?.refundId);
      if (!refund) throw new PosError('internal', { cause: new Error(`refund of ${referenceId} not recorded`) });
      return { refund, sale: registerSaleOf(journal, referenceId)! };
    },
    refundOf: (refundId) => {
      const refund = journal.getRefund(refundId);
      return refund ? toRefundView(refund) : null;
    },
    openSale: () => {
      expireWaitingSale(rt);
      return openRegisterSale(journal);
    },
  };
}

/**
 * A register's customer-QR sale: checked like a charge, then only recorded (with the register's request),
 * waiting for the customer's code to be scanned at the till (charges.ts: chargeWaitingSale). Nothing goes to
 * the provider until then.
 */
async function startScanSale(
  rt: PaymentRuntime,
  input: RegisterSaleInput,
  origin: RegisterOrigin,
  request: NewRegisterRequest,
): Promise<RegisterSale> {
  const { settings, currency } = await checkCharge(rt, input);
  await rt.client(false);
  const referenceId = rt.journal.newReferenceId(settings.terminalReference);
  rt.journal.atomically(() => {
    refuseWhenBusyForRegister(rt);
    rt.journal.register.recordSale({
      referenceId,
      ...origin,
      amount: money(input.amountMinor, currency),
      note: normaliseNote(input.note),
      // As long as a QR of ours stays payable: the customer has as long to show a code as to scan ours.
      lifetimeMs: rt.options.orderLifetimeMs,
    });
    if (input.lines) rt.journal.register.recordLines(referenceId, input.lines);
    rt.journal.register.recordRequest(request, { referenceId });
  });
  expireWaitingSale(rt);
  return publishRegisterSale(rt, referenceId)!;
}

/**
 * A register's cancel: the cashier's cancel of its payment, or the end of a customer-QR sale still waiting
 * for its scan (nothing was sent for it). The register's request is recorded in the same commit as the
 * cancel (or, when nothing is left to cancel, alone), so a cancel the provider then refuses is still
 * answered as what it made. The cashier's screen cancels a waiting sale the same way (ecr.cancelSale),
 * without a request.
 */
async function cancelRegisterSale(
  rt: PaymentRuntime,
  referenceId: string,
  request: NewRegisterRequest | null,
): Promise<RegisterSale> {
  refuseWhenClosing(rt);
  expireWaitingSale(rt);
  const sale = requireRegisterSale(rt, referenceId, request?.keyId);
  if (sale.state === 'started') {
    if (request) await cancelForRegister(rt, referenceId, request, sale.keyName);
    else await cancelAtCounter(rt, referenceId, undefined);
    return requireRegisterSale(rt, referenceId);
  }
  // Nothing awaited since the sale was read: its scan cannot have slipped in between.
  rt.journal.atomically(() => {
    rt.journal.register.closeSale(referenceId, 'cancelled');
    if (request) rt.journal.register.recordRequest(request, { referenceId });
  });
  return publishRegisterSale(rt, referenceId)!;
}
