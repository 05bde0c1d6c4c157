import type { PaymentView } from '../../../shared/payments.ts';
import { PosError } from '../../../shared/errors.ts';
import type { Notice } from '../../../shared/notices.ts';
import type { StaffRef } from '../../../shared/staff.ts';
import type { CoreContext } from '../core-context.ts';
import type { HintThrottle } from '../http/hint-throttle.ts';
import type { CreateOrderInput, InStoreClient, ScanOrderInput } from '../instore/client.ts';
import { toRefundView, type AttemptRow, type Journal } from './journal/index.ts';
import type { ProviderConnection } from '../provider/provider-access.ts';
import type { AnswerAudits } from './audit.ts';
import type { CashierSales } from './cashier-sales.ts';
import type { SendMemory } from './decisions.ts';
import type { NotificationListener } from './notifications.ts';
import type { ResolvedOptions } from './options.ts';
import type { OnScreen } from './on-screen.ts';
import type { ProviderAmountLimits } from './provider-amount-limits.ts';
import type { FoundWithoutReceipt } from './found-without-receipt.ts';
import type { Remembered } from './remembered.ts';
import type { SendingNow } from './sending-now.ts';
import type { SettleEngine } from '../settle/settle-engine.ts';
import type { StatusBudget } from '../status/status-budget.ts';

// What every part of the payment service shares: the journal, the client, the per-terminal status budget,
// which payments are on screen and which sale holds the till, and what this process remembers about requests
// it sent (lost on a crash on purpose: recovery works from the journal alone). One record, built by the facade
// (payment-service.ts) and handed to every handler and order worker; plus the small helpers they all use.

/** A create or scan request as the client takes it: kept in memory so a resend is the same request. */
export type OrderRequest =
  | { readonly kind: 'create'; readonly input: CreateOrderInput }
  | { readonly kind: 'scan'; readonly input: ScanOrderInput };

/** In-memory facts about an attempt sent by this process (or first seen by recovery). */
export interface AttemptMemory extends SendMemory {
  /** The exact request, to send again with the same key. Null after a restart: a scanned code is never stored. */
  request: OrderRequest | null;
  /** Why a resend was refused outright (a notice, see error-reason.ts), shown if the attempt settles as not sent. */
  refusal: Notice | null;
  interactive: boolean;
  canResend: boolean;
  firstSentAt: number;
  lastSentAt: number;
  resends: number;
  existsAtProvider: boolean;
}

/** A cashier's charge from its first check until its answer is back, with its reference once it has one. */
export interface CashierCharge {
  referenceId: string | null;
}

/** The last status lookup of a payment (answeredAt: the last one the provider answered, found or not). */
export interface LastLookup {
  readonly checkedAt: number;
  readonly answeredAt: number | null;
}

export interface PaymentRuntime {
  readonly context: CoreContext;
  readonly journal: Journal;
  readonly options: ResolvedOptions;
  /**
   * When this service started (options.now). A process that died may have kept retrying a request after its
   * last journal write, but not after this moment: recovery counts the settle time from here at the earliest.
   */
  readonly startedAt: number;
  /**
   * The in-store client for the current settings, with our audit callback and timeouts; for a training sale
   * (`training`: a new one, or `isTraining` of its reference) the training sandbox's, whatever the settings say.
   */
  client(training: boolean): Promise<InStoreClient>;
  /** Every status request of this terminal goes through it, in its lane (see status-lookup.ts). */
  readonly statusBudget: StatusBudget;
  /** Which payments the screens show now (their lookups go in the screen lane, more often). */
  readonly onScreen: OnScreen;
  /** A status lookup came back (answered: the provider said something, found or not): payment.checked. */
  noteChecked(referenceId: string, answered: boolean): void;
  /** What this process remembers: attempts it sent, last lookups, when refunds left (remembered.ts). */
  readonly remembered: Remembered;
  /** The payments a search without the receipt just showed: their refunds need an approver (refunds.ts). */
  readonly foundWithoutReceipt: FoundWithoutReceipt;
  /** Audit entries of answered creates and scans, written with the commit that applies the answer (audit.ts). */
  readonly answerAudits: AnswerAudits;
  /** What calls are sending right now: workers leave it alone, registers wait for the cashier (sending-now.ts). */
  readonly sending: SendingNow;
  /** One worker per order that is open or unresolved (workers.ts), in the settle engine (../settle/). */
  readonly settle: SettleEngine;
  /** What the provider's refusals taught about each merchant's amount limits. */
  readonly amountLimits: ProviderAmountLimits;
  /**
   * A notification is a hint to look now. Signed, so only a replay (within the freshness window) can repeat
   * one: the same status of one order makes the worker look at most once per interval (a new status looks at
   * once, so "Paid" is not delayed), and the repeats are dropped, the worker polling anyway.
   */
  readonly hints: HintThrottle;
  /** The cashier's own sale as the cashier's windows say (payments.cashierSale): it holds the till for registers. */
  readonly cashierSales: CashierSales;
  /** When the register's customer-QR sale waiting for its scan expires (at most one waits at a time). */
  saleExpiry: unknown;
  listener: NotificationListener | null;
  /** Set once close() has begun: nothing new starts. */
  closing: Promise<void> | null;
  /** The terminal reference the provider may show (orderMetadata / refundMetadata), if it is a valid one. */
  terminalReference(): string | undefined;
  /** The webhookUrl to give the provider on create/scan, if notifications can reach us. */
  webhookUrl(): string | undefined;
  /** Tell the screens (payment.updated) and the status bar that an attempt changed (publishAttempt below). */
  publishAttempt(referenceId: string): void;
  /** refund.updated for one refund, then payment.updated for its payment (publishRefund below). */
  publishRefund(refundId: string): void;
}

// Both run after the write they announce has committed: the write is kept whatever happens here, so a failure to
// read it back (journal.unavailable on a disk error) or to tell the screens never turns it into an error answer.
// The screens and the status bar read the journal again at their next call and probe.

export function publishAttempt(rt: PaymentRuntime, referenceId: string): void {
  afterCommit(() => {
    const view = rt.journal.viewOf(referenceId);
    if (view) rt.context.emit('payment.updated', view);
    rt.context.countsChanged();
  });
}

export function publishRefund(rt: PaymentRuntime, refundId: string): void {
  afterCommit(() => {
    const refund = rt.journal.getRefund(refundId);
    if (!refund) return;
    rt.context.emit('refund.updated', toRefundView(refund));
    publishAttempt(rt, refund.referenceId);
  });
}

function afterCommit(tell: () => void): void {
  try {
    tell();
  } catch {
    // See above: the committed write is the answer; a screen that missed this event reads it at its next call.
  }
}

/** Who is signed in at the till now, as a record names them (a register's request records them beside its key). */
export function signedInRef(rt: PaymentRuntime): StaffRef | null {
  const signedIn = rt.context.staff.signedIn();
  return signedIn ? { id: signedIn.id, name: signedIn.name } : null;
}

export function requireAttempt(rt: PaymentRuntime, referenceId: string): AttemptRow {
  const row = rt.journal.getAttempt(referenceId);
  if (!row) throw new PosError('payment.not-found', { details: { referenceId } });
  return row;
}

export function requireView(rt: PaymentRuntime, referenceId: string): PaymentView {
  const view = rt.journal.viewOf(referenceId);
  if (!view) throw new PosError('payment.not-found', { details: { referenceId } });
  return view;
}

export function refuseWhenClosing(rt: PaymentRuntime): void {
  if (rt.closing) throw new PosError('internal', { cause: new Error('The app is shutting down.') });
}

/** The provider's amount limits are per merchant: its address and key name one. */
export function merchantKeyOf(connection: ProviderConnection): string {
  return `${connection.profile.baseUrl} ${connection.accessKeyId}`;
}

/** Whether the journal's payment `referenceId` was taken in training (its refunds, cancels and lookups go there too). */
export function isTraining(rt: Pick<PaymentRuntime, 'journal'>, referenceId: string): boolean {
  return rt.journal.getAttempt(referenceId)?.training === true;
}
