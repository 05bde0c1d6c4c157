import type { PaymentMethod, RefundView } from '../../../shared/domain.ts';
import { money, type CurrencyCode } from '../../../shared/money.ts';
import type { RegisterSale } from '../../../shared/register.ts';
import type { Journal, NewRegisterRequest, RegisterRequestRow, RegisterSaleRow } from '../journal/index.ts';

// The payment service's side of the register connection (electron/core/ecr/ is the register's HTTP API). A
// register sale is a payment like a cashier's, in the same journal, through the same charge, cancel and refund
// paths; what it adds is who started it (the register's key and order reference), the customer-QR sale that
// waits for its scan before any payment exists, and the register's Idempotency-Keys, each written in the same
// commit as what its request recorded.

/** What a register asks for: the amount, how the customer pays, and its own reference and note. */
export interface RegisterSaleInput {
  /** The register key's id (whose sale it is) and its name (for people to read). */
  readonly keyId: string;
  readonly keyName: string;
  readonly method: PaymentMethod;
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
  readonly orderReference?: string | undefined;
  readonly note?: string | undefined;
}

export interface RegisterRefundInput {
  readonly keyId: string;
  readonly amountMinor?: number | undefined;
  readonly reason: string;
}

export interface RegisterRefundResult {
  readonly refund: RefundView;
  readonly sale: RegisterSale;
}

/** What the register connection asks of the payment service (PaymentModule.register). */
export interface RegisterPayments {
  /** The request a register made with this Idempotency-Key, if one was recorded. */
  requestOf(keyId: string, idempotencyKey: string): RegisterRequestRow | null;
  /**
   * Starts a register sale, its request recorded with it: a merchant-QR payment is created at once; a
   * customer-QR sale waits for the customer's code to be scanned at the till. Refused with ecr.busy while the
   * till is busy with another sale (see busyReason).
   */
  startSale(input: RegisterSaleInput, request: NewRegisterRequest): Promise<RegisterSale>;
  /** A sale a register started, as it stands now; null for a reference no register started here. */
  sale(referenceId: string): RegisterSale | null;
  /**
   * Cancels it (the cashier's cancel rules); a customer-QR sale not scanned yet is simply called off. A
   * register's request may cancel only a sale its own key started (another's: payment.not-found).
   */
  cancel(referenceId: string, request: NewRegisterRequest | null): Promise<RegisterSale>;
  /**
   * A refund authorised by the register's key (Settings: refunds allowed), through the service's refund path,
   * of a sale that key started (another's: payment.not-found).
   */
  refund(referenceId: string, input: RegisterRefundInput, request: NewRegisterRequest): Promise<RegisterRefundResult>;
  refundOf(refundId: string): RefundView | null;
  /** The register sale the cashier's screen should show: one waiting for its scan, or a payment still open. */
  openSale(): RegisterSale | null;
}

/** A register sale as it stands in the journal: its payment once one exists, else its waiting or cancelled sale. */
export function registerSaleOf(journal: Journal, referenceId: string): RegisterSale | null {
  const payment = journal.viewOf(referenceId);
  if (payment) {
    const origin = payment.fromRegister;
    if (!origin) return null;
    return {
      referenceId,
      keyId: origin.keyId,
      keyName: origin.keyName,
      orderReference: origin.orderReference,
      method: payment.method ?? 'merchant-qr',
      amount: payment.amount,
      note: payment.note,
      state: 'started',
      payment,
      expiresAt: null,
      createdAt: payment.createdAt,
      updatedAt: payment.updatedAt,
    };
  }
  const sale = journal.register.saleOf(referenceId);
  return sale ? waitingSaleView(sale) : null;
}

/** A customer-QR sale before its scan (or called off, or expired, before it). */
export function waitingSaleView(sale: RegisterSaleRow): RegisterSale {
  return {
    referenceId: sale.referenceId,
    keyId: sale.keyId,
    keyName: sale.keyName,
    orderReference: sale.orderReference,
    method: 'customer-qr',
    amount: money(sale.amountMinor, sale.currency),
    note: sale.note,
    // A scanned sale has its payment, found above: only a row whose attempt is gone could get here.
    state: sale.state === 'scanned' ? 'waiting' : sale.state,
    payment: null,
    expiresAt: new Date(sale.expiresAt).toISOString(),
    createdAt: new Date(sale.createdAt).toISOString(),
    updatedAt: new Date(sale.updatedAt).toISOString(),
  };
}

/** The sale the till is busy with for the registers: the one waiting for its scan, else the oldest still open. */
export function openRegisterSale(journal: Journal): RegisterSale | null {
  const waiting = journal.register.waitingSale();
  if (waiting) return waitingSaleView(waiting);
  const [open] = journal.register.openAttempts();
  return open ? registerSaleOf(journal, open.referenceId) : null;
}
