import type { PaymentMethod, RefundView } from '../../../shared/payments.ts';
import { PosError } from '../../../shared/errors.ts';
import { money, type CurrencyCode } from '../../../shared/money.ts';
import type { RegisterSale } from '../../../shared/register.ts';
import type { SaleLine } from '../../../shared/sale-lines.ts';
import type { AttemptRow, Journal, NewRegisterRequest, RegisterRequestRow, RegisterSaleRow } from './journal/index.ts';
import type { PaymentRuntime } from './runtime.ts';

// The payment service's side of the register connection (electron/core/ecr/ is the register's HTTP API). A
// register sale is a payment like a cashier's, in the same journal, through the same charge, cancel and refund
// paths; what it adds is who started it (the register's key and order reference), the customer-QR sale that
// waits for its scan before any payment exists, and the register's Idempotency-Keys, each written in the same
// commit as what its request recorded. This file holds the register sale's own rules: how it reads, when the
// till is busy for registers, and when a waiting sale expires; register-payments.ts is what the register asks.

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
  /** What was sold (shared/sale-lines.ts), already checked against the amount; recorded with the sale. */
  readonly lines?: readonly SaleLine[] | undefined;
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
   * till is busy with another sale (see refuseWhenBusyForRegister).
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

/**
 * The register sale that holds the till: one waiting for its scan, or one whose payment is open while its QR can
 * still be paid (its lifetime and the grace after it). A payment past that whose lookups keep failing (the
 * credentials changed mid-sale) stays in doubt in Unresolved, but no longer keeps every register refused.
 */
function saleHoldingTill(rt: PaymentRuntime): RegisterSale | null {
  const waiting = rt.journal.register.waitingSale();
  if (waiting) return waitingSaleView(waiting);
  const now = rt.options.now();
  const payableUntil = (row: AttemptRow): number =>
    (row.expiresAt ?? row.createdAt + rt.options.orderLifetimeMs) + rt.options.expiryGraceMs;
  const open = rt.journal.register.openAttempts().find((row) => now < payableUntil(row));
  return open ? registerSaleOf(rt.journal, open.referenceId) : null;
}

/** setTimeout's longest delay; a later deadline is reached in several steps. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * One sale on the till at a time: a register's sale is refused while another register sale waits for its
 * scan or is still open, while a cashier's charge is being sent, and while a cashier's window says the
 * cashier's own sale is under way (an amount on the Sale screen, the Scan screen, the cashier's payment or its
 * result on the Payment screen). Runs inside the recording transaction, so two registers cannot both get
 * through. The register reads which sale holds the till from details (problem+json), when it has a reference.
 */
export function refuseWhenBusyForRegister(rt: PaymentRuntime): void {
  const busy = (referenceId: string | null): PosError =>
    new PosError('ecr.busy', referenceId === null ? {} : { details: { referenceId } });
  const open = saleHoldingTill(rt);
  if (open) throw busy(open.referenceId);
  const sending = rt.sending.cashierCharge();
  if (sending) throw busy(sending.referenceId);
  const cashiers = rt.cashierSales.underWay();
  if (cashiers) throw busy(cashiers.surface === 'payment' ? cashiers.referenceId : null);
}

/**
 * A card terminal gives up on "present card" after a while; so does the till on a register's customer-QR sale
 * nobody scanned a code for: at its expiresAt it ends 'expired' (the register hears so, the cashier's scan
 * prompt closes) and the till is free for the next sale. Called by its timer, at start (a sale that expired
 * while the till was down), and before anything reads or needs the waiting sale, so a timer running late
 * never keeps the till busy. Nothing was sent for it, so nothing needs settling with the provider.
 */
export function expireWaitingSale(rt: PaymentRuntime): void {
  if (rt.saleExpiry !== null) rt.options.timers.clearTimeout(rt.saleExpiry);
  rt.saleExpiry = null;
  if (rt.closing) return;
  const waiting = rt.journal.register.waitingSale();
  if (!waiting) return;
  const leftMs = waiting.expiresAt - rt.options.now();
  if (leftMs > 0) {
    const onTime = (): void => {
      try {
        expireWaitingSale(rt);
      } catch {
        // Nobody waits on the timer: a journal refusing now is met again by the next request, which expires it.
      }
    };
    rt.saleExpiry = rt.options.timers.setTimeout(onTime, Math.min(leftMs, MAX_TIMER_MS));
    return;
  }
  rt.journal.register.closeSale(waiting.referenceId, 'expired');
  publishRegisterSale(rt, waiting.referenceId);
}

/** The register's sale waiting for the code now scanned: amount and currency must be what the register sent. */
export function waitingSaleFor(
  rt: PaymentRuntime,
  referenceId: string,
  input: { amountMinor: number; currency: CurrencyCode },
): RegisterSaleRow {
  // A code scanned a moment after the wait ran out is refused: the register has already been told "expired".
  expireWaitingSale(rt);
  const sale = rt.journal.register.saleOf(referenceId);
  if (!sale) throw new PosError('payment.not-found', { details: { referenceId } });
  if (sale.state === 'cancelled')
    throw new PosError('ecr.sale-cancelled', { details: { referenceId: sale.referenceId } });
  if (sale.state === 'expired') throw new PosError('ecr.sale-expired', { details: { referenceId: sale.referenceId } });
  if (sale.state === 'scanned')
    throw new PosError('order.duplicate-reference', { details: { referenceId: sale.referenceId } });
  if (sale.amountMinor !== input.amountMinor || sale.currency !== input.currency) {
    throw new PosError('request.invalid', {
      cause: new Error(`The register sale ${sale.referenceId} is for ${sale.amountMinor} ${sale.currency}.`),
    });
  }
  return sale;
}

/** With a key's id: a sale that key started; another key's is not found (nothing says it exists). */
export function requireRegisterSale(rt: PaymentRuntime, referenceId: string, keyId?: string): RegisterSale {
  const sale = registerSaleOf(rt.journal, referenceId);
  if (!sale || (keyId !== undefined && sale.keyId !== keyId))
    throw new PosError('payment.not-found', { details: { referenceId } });
  return sale;
}

/** ecr.sale: the cashier's screen shows a register's sale at once, and follows it until its payment exists. */
export function publishRegisterSale(rt: PaymentRuntime, referenceId: string): RegisterSale | null {
  const sale = registerSaleOf(rt.journal, referenceId);
  if (sale) rt.context.emit('ecr.sale', sale);
  return sale;
}
