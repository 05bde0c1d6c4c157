import { randomUUID } from 'node:crypto';
import {
  CURRENCY_OF_COUNTRY,
  type DaySummary,
  type LearnedAmountLimits,
  type PaymentMethod,
  type PaymentView,
  type RegisterOrigin,
  type ScreenSurface,
  type StatusCheck,
} from '../../../shared/domain.ts';
import { PosError } from '../../../shared/errors.ts';
import { money, type CurrencyCode } from '../../../shared/money.ts';
import { notice } from '../../../shared/notices.ts';
import type { RegisterSale } from '../../../shared/register.ts';
import { partnerFromSettings } from '../instore/client.ts';
import {
  checkBaselineStillExact,
  isCancellable,
  journalFileIn,
  openJournal,
  toRefundView,
  unresolvedReasonOf,
  type AttemptRow,
  type Journal,
  type NewRegisterRequest,
} from '../journal/index.ts';
import type { CoreContext } from '../core-context.ts';
import { createHintThrottle, DEFAULT_HINT_INTERVAL_MS } from '../http/hint-throttle.ts';
import type { PaymentCounts, PaymentHandlers, PaymentModule, PaymentModuleFactory } from './payment-module.ts';
import type { ClientTuning, ProviderConnection } from '../provider/provider-access.ts';
import { providerAnswered } from '../status/provider-answers.ts';
import { auditOrderExchange } from './audit.ts';
import {
  checkAmount,
  checkConsumerCode,
  checkCurrency,
  normaliseNote,
  orderMetadataFor,
  terminalReferenceFor,
} from './charge-input.ts';
import { ProviderAmountLimits } from './provider-amount-limits.ts';
import { checkDelay, notCancellableReason, providerRefundedMinor } from './decisions.ts';
import { errorReason } from './error-reason.ts';
import { lookupOrder } from './lookup.ts';
import { lookUpAtProvider } from './looked-up.ts';
import { startNotificationListener, type NotificationListener } from './notifications.ts';
import { resolveOptions, type PaymentServiceOptions, type ResolvedOptions } from './options.ts';
import { runOrderPass } from './order-pass.ts';
import { OnScreen } from './on-screen.ts';
import { CashierSales } from './cashier-sales.ts';
import { OrderWorker } from './order-worker.ts';
import { note, recordProviderRefundTotal, updateAttempt } from './records.ts';
import type { OrderRequest, PaymentRuntime } from './runtime.ts';
import {
  applyCancelOutcome,
  applyRefundOutcome,
  otherTerminalError,
  sendCancel,
  sendOrder,
  sendRefund,
} from './sends.ts';
import { createStatusBudget } from '../status/status-budget.ts';
import { openRegisterSale, registerSaleOf, type RegisterPayments, type RegisterSaleInput } from './register-sales.ts';

// The payment service: the payments.* handlers on top of the write-ahead journal, one worker per order that
// is open or unresolved, and recovery of everything unfinished when it starts. Its rules:
// - every create, scan, refund and cancel is in the journal before its request leaves;
// - an answer that got lost is found out (lookup by referenceId), never guessed and never shown to the
//   cashier as "try again";
// - every status change reaches the journal first, then the screens.

export type { PaymentServiceOptions } from './options.ts';

/** What a charge is asked for: the cashier's keypad or scan, or a register's sale (its scan: `registerSale`). */
interface ChargeInput {
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
  readonly note?: string | undefined;
  readonly consumerCode?: string | undefined;
  readonly registerSale?: string | undefined;
}

/** A payment just opened on a screen whose status is at most this old is not looked up in the person lane. */
const FRESH_ENOUGH_MS = 1_000;
/** setTimeout's longest delay; a later deadline is reached in several steps. */
const MAX_TIMER_MS = 2_147_483_647;

/** The factory createCore takes: `createCore({ ..., payments: createPaymentModule() })`. */
export function createPaymentModule(options: PaymentServiceOptions = {}): PaymentModuleFactory {
  return (context) => startPaymentService(context, options);
}

export async function startPaymentService(
  context: CoreContext,
  options: PaymentServiceOptions = {},
): Promise<PaymentModule> {
  const opts = resolveOptions(options);
  const journal = openJournal({
    filePath: opts.journalFile ?? journalFileIn(context.dataDir),
    timeZone: opts.timeZone,
    now: opts.now,
    records: context.journalRecords,
  });
  const service = new PaymentService(context, opts, journal);
  try {
    await service.start();
  } catch (error) {
    await service.close();
    throw error;
  }
  return {
    handlers: service.handlers(),
    daySummary: (day) => service.daySummary(day),
    exportCsv: async (day) => journal.exportCsv(day),
    counts: () => service.counts(),
    learnedAmountLimits: () => service.learnedAmountLimits(),
    register: service.registerPayments(),
    close: () => service.close(),
  };
}

class PaymentService {
  readonly #context: CoreContext;
  readonly #options: ResolvedOptions;
  readonly #journal: Journal;
  readonly #rt: PaymentRuntime;
  readonly #workers = new Map<string, OrderWorker>();
  readonly #amountLimits = new ProviderAmountLimits();
  /** One object for the life of the service: the provider caches our client by it. */
  readonly #tuning: ClientTuning;
  #listener: NotificationListener | null = null;
  /**
   * A notification is a hint to look now. Signed, so only a replay (within the freshness window) can repeat
   * one: the same status of one order makes the worker look at most once per interval (a new status looks at
   * once, so "Paid" is not delayed), and the repeats are dropped, the worker polling anyway.
   */
  readonly #hints = createHintThrottle({ intervalMs: DEFAULT_HINT_INTERVAL_MS, trailing: false });
  #closing: Promise<void> | null = null;
  /** The last status lookup of each payment this process looked up (dropped once nothing about it is open). */
  readonly #checks = new Map<string, { checkedAt: number; answeredAt: number | null }>();
  /** When the register's customer-QR sale waiting for its scan expires (at most one waits at a time). */
  #saleExpiry: unknown = null;
  /** The cashier's own sale as the cashier's windows say (payments.cashierSale): it holds the till for registers. */
  readonly #cashierSales: CashierSales;
  /**
   * The cashier's charges from their first check until their answer is back, each with its reference once it has
   * one: the till is busy for registers meanwhile, whatever the screens have said so far.
   */
  readonly #cashierCharges = new Set<{ referenceId: string | null }>();

  constructor(context: CoreContext, options: ResolvedOptions, journal: Journal) {
    this.#context = context;
    this.#options = options;
    this.#journal = journal;
    this.#tuning = {
      timeouts: options.client.timeouts,
      retry: options.client.retry,
      onExchange: (exchange) => {
        context.providerAnswered?.(providerAnswered(exchange));
        auditOrderExchange(journal, exchange);
      },
    };
    this.#rt = {
      journal,
      options,
      startedAt: options.now(),
      client: () => context.provider.instoreClient(this.#tuning),
      // The terminal's one budget, or (tests only) a fixed rate of this service's own.
      statusBudget:
        options.statusRequestsPerSecond === null
          ? context.statusBudget
          : createStatusBudget({ perSecond: options.statusRequestsPerSecond }),
      onScreen: new OnScreen(options.now),
      noteChecked: (referenceId, answered) => this.#noteChecked(referenceId, answered),
      attempts: new Map(),
      refundSentAt: new Map(),
      busy: new Set(),
      terminalReference: () => terminalReferenceFor(context.settings.current().terminalReference),
      webhookUrl: () => this.#listener?.url(),
      publishAttempt: (referenceId) => this.#publishAttempt(referenceId),
      publishRefund: (refundId) => this.#publishRefund(refundId),
    };
    this.#cashierSales = new CashierSales(options.now);
  }

  async start(): Promise<void> {
    if (this.#options.webhooks) {
      this.#listener = await startNotificationListener({
        settings: this.#context.settings,
        provider: this.#context.provider,
        onNotification: (notification) => {
          // Runs outside any request: a journal failure here must not take the process down. The webhook
          // is only a hint; polling finds the same status.
          try {
            const { referenceId } = notification;
            if (this.#closing || !this.#journal.getAttempt(referenceId)) return;
            const what = `${referenceId} ${notification.status} ${notification.refundAmount ?? 0}`;
            this.#hints.hint(what, () => {
              if (!this.#closing) void this.#watch(referenceId).lookNow('webhook');
            });
          } catch {
            return;
          }
        },
        log: () => {},
      });
    }
    this.#recover();
    // A register's sale that expired while the till was down ends now; one still waiting gets its timer again.
    this.#expireWaitingSale();
  }

  /** Every attempt, refund and cancel that is not settled is picked up again, oldest first. */
  #recover(): void {
    const journal = this.#journal;
    const referenceIds = new Set<string>();
    for (const row of journal.listNonFinal()) referenceIds.add(row.referenceId);
    for (const refund of journal.unsettledRefunds()) referenceIds.add(refund.referenceId);
    for (const cancel of journal.unsettledCancels()) referenceIds.add(cancel.referenceId);
    for (const referenceId of referenceIds) {
      note(this.#rt, referenceId, { kind: 'note', summary: 'resumed after the app started' });
      this.#watch(referenceId);
    }
    if (referenceIds.size > 0) this.#context.countsChanged();
  }

  handlers(): PaymentHandlers {
    return {
      'payments.chargeMerchantQr': (request) => this.#charge('merchant-qr', request),
      'payments.chargeCustomerQr': (request) => this.#charge('customer-qr', request),
      'payments.cancel': (request) => this.#cancel(request.referenceId, request.reason),
      'payments.refund': (request) => this.#refund(request, { supervisorPin: request.supervisorPin }),
      'payments.get': async ({ referenceId }) => {
        const detail = this.#journal.detailOf(referenceId);
        if (detail) return detail;
        // Not taken here: any payment of the merchant can be opened (the refund counter's whole job).
        this.#refuseWhenClosing();
        const payment = await lookUpAtProvider(this.#rt, referenceId);
        return this.#journal.detailOf(payment.referenceId) ?? this.#journal.lookedUpDetail(payment);
      },
      'payments.history': async (query) => this.#journal.history(query),
      'payments.unresolved': async () => this.#unresolved(),
      'payments.checkNow': async ({ referenceId }) => {
        this.#require(referenceId);
        await this.#watch(referenceId).lookNow('check');
        return this.#view(referenceId);
      },
      'payments.onScreen': async ({ surface, referenceId, shown }) => this.#shown(surface, referenceId, shown),
      'payments.cashierSale': async ({ window, sale }) => {
        this.#cashierSales.mark(window, sale);
        return null;
      },
    };
  }

  async daySummary(day: string): Promise<DaySummary> {
    return this.#journal.daySummary(day, await this.#terminalCurrency());
  }

  /** What the provider's refusals taught about the merchant in effect (app.info: the Sale screen's limits). */
  async learnedAmountLimits(): Promise<LearnedAmountLimits> {
    const connection = await this.#context.provider.connection().catch(() => null);
    return connection ? this.#amountLimits.of(merchantKeyOf(connection)) : { minMinor: null, maxMinor: null };
  }

  counts(): PaymentCounts {
    const { pending } = this.#journal.unsettledCounts();
    // The status bar counts what the unresolved list shows: payments, each once, whatever is open about it.
    return { pendingCount: pending, unresolvedCount: this.#unresolvedReferenceIds().size };
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#hints.close();
      if (this.#saleExpiry !== null) this.#options.timers.clearTimeout(this.#saleExpiry);
      const workers = [...this.#workers.values()];
      for (const worker of workers) worker.stop();
      // A request in flight cannot be taken back; give it a moment to land in the journal, then close anyway
      // (whatever it did is found again by recovery on the next start). The grace timer is cleared once the
      // workers are done, so it never holds the process open after close.
      let graceTimer: unknown = null;
      const grace = new Promise<void>(
        (resolve) => (graceTimer = this.#options.timers.setTimeout(resolve, this.#options.closeGraceMs)),
      );
      try {
        await Promise.race([Promise.all(workers.map((w) => w.done)), grace]);
      } finally {
        this.#options.timers.clearTimeout(graceTimer);
      }
      try {
        await this.#listener?.close();
      } finally {
        this.#journal.close();
      }
    })();
    return this.#closing;
  }

  // ---- charges ----

  /** What every charge checks before anything is recorded: refused here, nothing was written or sent. */
  async #checkCharge(input: { amountMinor: number; currency: CurrencyCode }) {
    this.#refuseWhenClosing();
    const settings = this.#context.settings.current();
    const connection = await this.#context.provider.connection();
    const currency = CURRENCY_OF_COUNTRY[connection.country];
    checkCurrency(input.currency, currency);
    checkAmount(input.amountMinor, currency, settings.amountLimits);
    const merchantKey = merchantKeyOf(connection);
    this.#amountLimits.check(merchantKey, input.amountMinor, currency);
    return { settings, connection, currency, merchantKey };
  }

  /**
   * A cashier's charge holds the till for registers from its first check until its answer is back (the screens
   * say so from then on); a register's charge, or the scan of a register's waiting sale, holds it as a register
   * sale (openRegisterSale).
   */
  async #charge(
    method: PaymentMethod,
    input: ChargeInput,
    fromRegister?: { readonly origin: RegisterOrigin; readonly request: NewRegisterRequest },
  ): Promise<PaymentView> {
    if (fromRegister || input.registerSale !== undefined) return this.#chargeNow(method, input, fromRegister, null);
    const sending: { referenceId: string | null } = { referenceId: null };
    this.#cashierCharges.add(sending);
    try {
      return await this.#chargeNow(method, input, undefined, sending);
    } finally {
      this.#cashierCharges.delete(sending);
    }
  }

  async #chargeNow(
    method: PaymentMethod,
    input: ChargeInput,
    fromRegister: { readonly origin: RegisterOrigin; readonly request: NewRegisterRequest } | undefined,
    cashierCharge: { referenceId: string | null } | null,
  ): Promise<PaymentView> {
    // The code scanned for a register's customer-QR sale: the sale's amount, reference and origin, not new ones.
    const waitingSale = input.registerSale === undefined ? null : this.#waitingSaleFor(input);
    const { settings, connection, currency, merchantKey } = await this.#checkCharge(input);
    const consumerCode = method === 'customer-qr' ? checkConsumerCode(input.consumerCode ?? '') : undefined;
    const note = waitingSale ? waitingSale.note : normaliseNote(input.note);
    // No client (no credentials): refused before anything is recorded.
    await this.#rt.client();
    if (settings.mode === 'kiosk' && !fromRegister && !waitingSale) await this.#cancelUnpaidKioskQrs();

    const register =
      fromRegister?.origin ??
      (waitingSale ? { keyName: waitingSale.keyName, orderReference: waitingSale.orderReference } : undefined);
    const referenceId = waitingSale?.referenceId ?? this.#journal.newReferenceId(settings.terminalReference);
    if (cashierCharge) cashierCharge.referenceId = referenceId;
    const amount = money(input.amountMinor, currency);
    const common = {
      referenceId,
      amount,
      partner: partnerFromSettings(settings.partner),
      orderMetadata: orderMetadataFor(settings.terminalReference, note, register?.orderReference ?? null),
      webhookUrl: this.#rt.webhookUrl(),
    };
    const request: OrderRequest =
      consumerCode === undefined
        ? { kind: 'create', input: { ...common, qrType: 'payload' } }
        : { kind: 'scan', input: { ...common, consumerQrPayload: consumerCode } };

    this.#rt.busy.add(referenceId);
    let outcome;
    try {
      // Write-ahead: refused here (consumer code already used, the till busy for a register…) nothing has been
      // sent. A register's request is recorded in the same commit as its payment; a scanned register sale is
      // closed in it.
      this.#journal.atomically(() => {
        if (fromRegister) this.#refuseWhenBusyForRegister();
        this.#journal.recordAttempt({
          referenceId,
          method,
          amount,
          posId: connection.posId,
          idempotencyKey: randomUUID(),
          consumerCode,
          note,
          register,
        });
        if (waitingSale) this.#journal.register.closeSale(referenceId, 'scanned');
        if (fromRegister) this.#journal.register.recordRequest(fromRegister.request, { referenceId });
      });
      const now = this.#options.now();
      this.#rt.attempts.set(referenceId, {
        interactive: true,
        canResend: true,
        request,
        refusal: null,
        firstSentAt: now,
        lastSentAt: now,
        resends: 0,
        existsAtProvider: false,
      });
      this.#publishAttempt(referenceId);
      if (register) this.#publishRegisterSale(referenceId);
      outcome = await sendOrder(this.#rt, referenceId, request);
      switch (outcome.kind) {
        case 'accepted':
          break;
        case 'exists':
          updateAttempt(this.#rt, referenceId, {
            state: 'checking',
            unresolvedReason: notice('unresolved.already-exists'),
          });
          break;
        case 'unknown':
          // The cashier sees "checking", and the worker finds out what happened.
          updateAttempt(this.#rt, referenceId, { state: 'checking', unresolvedReason: errorReason(outcome.error) });
          break;
        case 'refused':
        case 'unavailable':
          // The screens take a limit the provider just taught into account before the next charge.
          if (this.#amountLimits.learn(merchantKey, input.amountMinor, outcome.error))
            this.#context.emit('payments.amountLimitsLearned', this.#amountLimits.of(merchantKey));
          updateAttempt(
            this.#rt,
            referenceId,
            { state: 'final', failureReason: errorReason(outcome.error) },
            { kind: 'status', summary: `refused: ${outcome.error.message}` },
          );
          break;
      }
    } finally {
      this.#rt.busy.delete(referenceId);
    }
    const row = this.#require(referenceId);
    // A cancel tapped while this was sending waits for the worker, even when the charge was refused outright.
    const cancelPending = this.#journal.cancelsOf(referenceId).some((c) => c.state !== 'done');
    if (row.state !== 'final' || cancelPending)
      this.#watch(referenceId, outcome.kind === 'accepted' ? this.#options.schedule.firstDelayMs : 0);
    else this.#forgetSettled(referenceId);
    if (outcome.kind === 'refused' || outcome.kind === 'unavailable') throw outcome.error;
    return this.#view(referenceId);
  }

  // ---- the register connection (register-sales.ts) ----

  registerPayments(): RegisterPayments {
    const journal = this.#journal;
    return {
      requestOf: (keyName, idempotencyKey) => journal.register.requestOf(keyName, idempotencyKey),
      startSale: async (input, request) => {
        // A sale whose wait just ran out frees the till now, not when its timer gets round to it.
        this.#expireWaitingSale();
        const origin = { keyName: input.keyName, orderReference: input.orderReference ?? null };
        if (input.method === 'merchant-qr') {
          const view = await this.#charge('merchant-qr', input, { origin, request });
          return registerSaleOf(journal, view.referenceId)!;
        }
        return this.#startScanSale(input, origin, request);
      },
      sale: (referenceId) => {
        this.#expireWaitingSale();
        return registerSaleOf(journal, referenceId);
      },
      cancel: async (referenceId, request) => this.#cancelRegisterSale(referenceId, request),
      refund: async (referenceId, input, request) => {
        this.#requireRegisterSale(referenceId, input.keyName);
        const detail = await this.#refund(
          { referenceId, amountMinor: input.amountMinor, reason: input.reason },
          { register: request },
        );
        const recorded = journal.register.requestOf(request.registerKey, request.idempotencyKey);
        const refund = detail.refunds.find((r) => r.refundId === recorded?.refundId);
        if (!refund) throw new PosError('internal', { cause: new Error(`refund of ${referenceId} not recorded`) });
        return { refund, sale: registerSaleOf(journal, referenceId)! };
      },
      refundOf: (refundId) => {
        const refund = journal.getRefund(refundId);
        return refund ? toRefundView(refund) : null;
      },
      openSale: () => {
        this.#expireWaitingSale();
        return openRegisterSale(journal);
      },
    };
  }

  /**
   * A register's customer-QR sale: checked like a charge, then only recorded (with the register's request),
   * waiting for the customer's code to be scanned at the till. Nothing goes to the provider until then.
   */
  async #startScanSale(
    input: RegisterSaleInput,
    origin: RegisterOrigin,
    request: NewRegisterRequest,
  ): Promise<RegisterSale> {
    const { settings, currency } = await this.#checkCharge(input);
    await this.#rt.client();
    const referenceId = this.#journal.newReferenceId(settings.terminalReference);
    this.#journal.atomically(() => {
      this.#refuseWhenBusyForRegister();
      this.#journal.register.recordSale({
        referenceId,
        ...origin,
        amount: money(input.amountMinor, currency),
        note: normaliseNote(input.note),
        // As long as a QR of ours stays payable: the customer has as long to show a code as to scan ours.
        lifetimeMs: this.#options.orderLifetimeMs,
      });
      this.#journal.register.recordRequest(request, { referenceId });
    });
    this.#expireWaitingSale();
    return this.#publishRegisterSale(referenceId)!;
  }

  /**
   * A card terminal gives up on "present card" after a while; so does the till on a register's customer-QR sale
   * nobody scanned a code for: at its expiresAt it ends 'expired' (the register hears so, the cashier's scan
   * prompt closes) and the till is free for the next sale. Called by its timer, at start (a sale that expired
   * while the till was down), and before anything reads or needs the waiting sale, so a timer running late
   * never keeps the till busy. Nothing was sent for it, so nothing needs settling with the provider.
   */
  #expireWaitingSale(): void {
    if (this.#saleExpiry !== null) this.#options.timers.clearTimeout(this.#saleExpiry);
    this.#saleExpiry = null;
    if (this.#closing) return;
    const waiting = this.#journal.register.waitingSale();
    if (!waiting) return;
    const leftMs = waiting.expiresAt - this.#options.now();
    if (leftMs > 0) {
      const onTime = (): void => {
        try {
          this.#expireWaitingSale();
        } catch {
          // Nobody waits on the timer: a journal refusing now is met again by the next request, which expires it.
        }
      };
      this.#saleExpiry = this.#options.timers.setTimeout(onTime, Math.min(leftMs, MAX_TIMER_MS));
      return;
    }
    this.#journal.register.closeSale(waiting.referenceId, 'expired');
    this.#publishRegisterSale(waiting.referenceId);
  }

  /** The register's sale waiting for the code now scanned: amount and currency must be what the register sent. */
  #waitingSaleFor(input: { amountMinor: number; currency: CurrencyCode; registerSale?: string | undefined }) {
    // A code scanned a moment after the wait ran out is refused: the register has already been told "expired".
    this.#expireWaitingSale();
    const sale = this.#journal.register.saleOf(input.registerSale!);
    if (!sale) throw new PosError('payment.not-found', { details: { referenceId: input.registerSale! } });
    if (sale.state === 'cancelled')
      throw new PosError('ecr.sale-cancelled', { details: { referenceId: sale.referenceId } });
    if (sale.state === 'expired')
      throw new PosError('ecr.sale-expired', { details: { referenceId: sale.referenceId } });
    if (sale.state === 'scanned')
      throw new PosError('order.duplicate-reference', { details: { referenceId: sale.referenceId } });
    if (sale.amountMinor !== input.amountMinor || sale.currency !== input.currency) {
      throw new PosError('request.invalid', {
        cause: new Error(`The register sale ${sale.referenceId} is for ${sale.amountMinor} ${sale.currency}.`),
      });
    }
    return sale;
  }

  /**
   * One sale on the till at a time: a register's sale is refused while another register sale waits for its
   * scan or is still open, while a cashier's charge is being sent, and while a cashier's window says the
   * cashier's own sale is under way (an amount on the Sale screen, the Scan screen, the cashier's payment or its
   * result on the Payment screen). Runs inside the recording transaction, so two registers cannot both get
   * through. The register reads which sale holds the till from details (problem+json), when it has a reference.
   */
  #refuseWhenBusyForRegister(): void {
    const busy = (referenceId: string | null): PosError =>
      new PosError('ecr.busy', referenceId === null ? {} : { details: { referenceId } });
    const open = openRegisterSale(this.#journal);
    if (open) throw busy(open.referenceId);
    const [sending] = this.#cashierCharges;
    if (sending) throw busy(sending.referenceId);
    const cashiers = this.#cashierSales.underWay();
    if (cashiers) throw busy(cashiers.surface === 'payment' ? cashiers.referenceId : null);
  }

  /** With a key's name: a sale that key started; another key's is not found (nothing says it exists). */
  #requireRegisterSale(referenceId: string, keyName?: string): RegisterSale {
    const sale = registerSaleOf(this.#journal, referenceId);
    if (!sale || (keyName !== undefined && sale.keyName !== keyName))
      throw new PosError('payment.not-found', { details: { referenceId } });
    return sale;
  }

  /**
   * A register's cancel: the cashier's cancel of its payment, or the end of a customer-QR sale still waiting
   * for its scan (nothing was sent for it). The register's request is recorded in the same commit as the
   * cancel (or, when nothing is left to cancel, alone), so a cancel the provider then refuses is still
   * answered as what it made. The cashier's screen cancels a waiting sale the same way (ecr.cancelSale),
   * without a request.
   */
  async #cancelRegisterSale(referenceId: string, request: NewRegisterRequest | null): Promise<RegisterSale> {
    this.#refuseWhenClosing();
    this.#expireWaitingSale();
    const sale = this.#requireRegisterSale(referenceId, request?.registerKey);
    if (sale.state === 'started') {
      await this.#cancel(referenceId, request ? `register ${request.registerKey}` : undefined, request);
      return this.#requireRegisterSale(referenceId);
    }
    // Nothing awaited since the sale was read: its scan cannot have slipped in between.
    this.#journal.atomically(() => {
      this.#journal.register.closeSale(referenceId, 'cancelled');
      if (request) this.#journal.register.recordRequest(request, { referenceId });
    });
    return this.#publishRegisterSale(referenceId)!;
  }

  /** ecr.sale: the cashier's screen shows a register's sale at once, and follows it until its payment exists. */
  #publishRegisterSale(referenceId: string): RegisterSale | null {
    const sale = registerSaleOf(this.#journal, referenceId);
    if (sale) this.#context.emit('ecr.sale', sale);
    return sale;
  }

  // ---- cancel ----

  /**
   * A kiosk serves one customer at a time: a QR still open from a customer who walked away (the screen
   * cancels it itself after the set time; a reload or a crash can skip that) is cancelled, write-ahead like
   * any cancel, before the next customer's is created, so they can never pay it. A QR already scanned or paid
   * is left to finish: its cancel is refused and it settles as usual.
   */
  async #cancelUnpaidKioskQrs(): Promise<void> {
    const open = this.#journal.listNonFinal().filter((row) => row.method === 'merchant-qr');
    await Promise.allSettled(open.map((row) => this.#cancel(row.referenceId, 'kiosk: next customer')));
  }

  /** `register`: a register's request, recorded with the cancel (or alone when there is nothing to cancel). */
  async #cancel(
    referenceId: string,
    reason: string | undefined,
    register: NewRegisterRequest | null = null,
  ): Promise<PaymentView> {
    this.#refuseWhenClosing();
    const cancelled = (): PaymentView => {
      if (register) this.#journal.register.recordRequest(register, { referenceId });
      return this.#view(referenceId);
    };
    // A second tap on "cancel" after it worked is not an error.
    const before = this.#require(referenceId);
    if (before.state === 'final' && before.providerStatus === 'CANCELLED') return cancelled();
    await this.#refuseUnsendable(before.posId);
    // From here to the write-ahead record nothing awaits: two taps cannot both record a cancel.
    const row = this.#require(referenceId);
    if (row.state === 'final' && row.providerStatus === 'CANCELLED') return cancelled();
    const unresolved = row.state === 'sending' || row.state === 'checking';
    if (!unresolved && !isCancellable(row.state, row.providerStatus)) {
      throw new PosError('order.not-cancellable', {
        notice: notCancellableReason(row.state === 'not-sent' ? null : row.providerStatus),
        details: { referenceId, providerStatus: row.providerStatus },
      });
    }
    if (this.#journal.cancelsOf(referenceId).some((c) => c.state !== 'done')) return cancelled();

    const cancel = this.#journal.atomically(() => {
      const recorded = this.#journal.recordCancel(referenceId, { reason: reason?.trim() || null });
      if (register) this.#journal.register.recordRequest(register, { referenceId });
      return recorded;
    });
    this.#publishAttempt(referenceId);
    if (unresolved) {
      // Whether the order exists is not known yet: the worker sends the cancel once it finds it.
      this.#watch(referenceId).wake('cancel');
      return this.#view(referenceId);
    }
    this.#rt.busy.add(cancel.cancelId);
    let outcome;
    try {
      outcome = await sendCancel(this.#rt, cancel);
      applyCancelOutcome(this.#rt, cancel, outcome);
    } finally {
      this.#rt.busy.delete(cancel.cancelId);
    }
    // Read the order's status now: CANCELLED, or what it moved on to (the screen then offers a refund).
    await this.#watch(referenceId).lookNow('cancel');
    if (outcome.kind === 'refused') throw outcome.error;
    return this.#view(referenceId);
  }

  // ---- refund ----

  /**
   * The cashier's refund needs the supervisor PIN; a register's is authorised by its key (an admin allowed
   * refunds over the register connection) and its request is recorded in the same commit as the refund.
   */
  async #refund(
    request: { referenceId: string; amountMinor?: number | undefined; reason: string },
    authority: { readonly supervisorPin: string } | { readonly register: NewRegisterRequest },
  ) {
    this.#refuseWhenClosing();
    // Required, and spaces alone say nothing: checked before the PIN, so a typo costs no PIN attempt.
    const reason = request.reason.trim();
    if (reason === '')
      throw new PosError('request.invalid', { notice: notice('refund.reason-missing'), details: { field: 'reason' } });
    const { referenceId } = request;
    // The clerk waits for the PIN check (a slow hash, by design) and for the provider's refund total: both run
    // at once. The read's result (or error) counts only once the PIN is known to be right.
    const pinChecked =
      'supervisorPin' in authority
        ? this.#context.settings.verifyPin('supervisor', authority.supervisorPin)
        : Promise.resolve('valid' as const);
    const baselineRead = this.#readRefundBaseline(referenceId);
    baselineRead.catch(() => {});
    const pin = await pinChecked;
    if (pin === 'not-set') {
      throw new PosError('supervisor.pin-required', { notice: notice('refund.supervisor-pin-not-set') });
    }
    if (pin !== 'valid') throw new PosError('supervisor.pin-wrong');
    const { client, known, refundsAtRead, providerRefundedBefore, lookedUp } = await baselineRead;
    // From here to the write-ahead record nothing awaits: two clerks cannot both have a refund in flight.
    // (Of a looked-up payment, the journal's recording transaction sees another clerk's record, if any.)
    const current = known ? this.#require(referenceId) : null;
    if (current) checkBaselineStillExact(referenceId, this.#journal.refundsOf(referenceId), refundsAtRead.length);
    if (
      current &&
      (current.state !== 'final' || (current.providerStatus !== 'CAPTURED' && current.providerStatus !== 'REFUNDED'))
    ) {
      throw new PosError('order.not-captured', { details: { referenceId, providerStatus: current.providerStatus } });
    }
    // What the payment screen shows: ours from the journal, or the looked-up one as it would be recorded.
    const view = current ? this.#view(referenceId) : this.#journal.lookedUpDetail(lookedUp!).payment;
    const ourRefundedMinor = current ? current.refundedMinor : 0;
    // Refunds made elsewhere (merchant portal, another terminal) are in the provider's total, not in ours: what
    // is left at the provider caps what this till may refund.
    const refundedElsewhere = providerRefundedBefore > ourRefundedMinor;
    const currency = view.amount.currency;
    const refundableMinor = Math.min(
      view.refundable.amountMinor,
      Math.max(0, view.amount.amountMinor - providerRefundedBefore),
    );
    const amountMinor = request.amountMinor ?? refundableMinor;
    if (refundableMinor === 0) {
      throw new PosError('refund.exceeds-refundable', {
        notice: notice(refundedElsewhere ? 'refund.nothing-left-elsewhere' : 'refund.nothing-left'),
        details: { referenceId, refundableMinor, providerRefundedMinor: providerRefundedBefore },
      });
    }
    if (refundedElsewhere && amountMinor > refundableMinor) {
      throw new PosError('refund.exceeds-refundable', {
        notice: notice('refund.left-after-elsewhere', { left: money(refundableMinor, currency) }),
        details: {
          referenceId,
          refundableMinor,
          requestedMinor: amountMinor,
          providerRefundedMinor: providerRefundedBefore,
        },
      });
    }
    // Write-ahead, in one commit: the payment taken elsewhere (if this is its first refund here) and the refund.
    // The journal checks the amount again inside the transaction that records it (against the baseline too).
    const refund = this.#journal.atomically(() => {
      if (lookedUp) this.#journal.recordLookedUpPayment(lookedUp);
      const recorded = this.#journal.recordRefund(referenceId, {
        amountMinor,
        reason,
        providerRefundedBeforeMinor: providerRefundedBefore,
        refundCountAtBaselineRead: refundsAtRead.length,
        posId: client.posId,
      });
      if ('register' in authority)
        this.#journal.register.recordRequest(authority.register, { referenceId, refundId: recorded.refundId });
      return recorded;
    });
    this.#publishRefund(refund.refundId);

    this.#rt.busy.add(refund.refundId);
    let outcome;
    let settled;
    try {
      outcome = await sendRefund(this.#rt, refund);
      settled = applyRefundOutcome(this.#rt, refund, outcome);
    } finally {
      this.#rt.busy.delete(refund.refundId);
    }
    // Confirmed: read the order again (REFUNDED, or CAPTURED with the new total). Unknown: the worker reconciles.
    if (settled.state === 'checking') this.#watch(referenceId).wake('refund');
    else await this.#watch(referenceId).lookNow('refund');
    if (outcome.kind === 'refused') throw outcome.error;
    return this.#journal.detailOf(referenceId)!;
  }

  /**
   * What a refund is judged against, read just before it is recorded. No client (no credentials): refused
   * before anything is recorded. Any terminal of the merchant may refund any of its payments, sent as this one.
   */
  async #readRefundBaseline(referenceId: string) {
    const client = await this.#rt.client();
    const known = this.#journal.getAttempt(referenceId);
    // The provider's refund total just before this refund leaves: if its answer is lost, the refund is found
    // by the total growing past this baseline (refunds made elsewhere are already in it). It is exact only if
    // none of our own refunds can land while it is read: one refund in flight per order, and none recorded
    // between this read and the record below (the journal checks that again in the recording transaction).
    const refundsAtRead = known ? this.#journal.refundsOf(referenceId) : [];
    checkBaselineStillExact(referenceId, refundsAtRead);
    if (known)
      return {
        client,
        known,
        refundsAtRead,
        providerRefundedBefore: await this.#providerRefundedNow(known),
        lookedUp: null,
      };
    // Taken at another terminal: the lookup that finds it is also the baseline (no refund of ours exists yet).
    const lookedUp = await lookUpAtProvider(this.#rt, referenceId);
    if (lookedUp.providerStatus !== 'CAPTURED' && lookedUp.providerStatus !== 'REFUNDED') {
      throw new PosError('order.not-captured', { details: { referenceId, providerStatus: lookedUp.providerStatus } });
    }
    return { client, known, refundsAtRead, providerRefundedBefore: lookedUp.providerRefundedMinor, lookedUp };
  }

  // ---- what the screens show ----

  /**
   * A screen shows a payment, or stopped showing it. An open payment just put on a screen is looked at now: in the
   * person lane if what the till knows is older than a second (someone opened it to see where it is), else in
   * the screen lane, only so that its sleep is cut to the on-screen pace.
   */
  #shown(surface: ScreenSurface, referenceId: string, shown: boolean): StatusCheck | null {
    const newlyShown = this.#rt.onScreen.mark(surface, referenceId, shown);
    const row = this.#journal.getAttempt(referenceId);
    const worker = this.#workers.get(referenceId);
    if (newlyShown && row && worker && !worker.stopped) {
      const knownSince = Math.max(row.updatedAt, this.#checks.get(referenceId)?.answeredAt ?? 0);
      worker.wake(this.#options.now() - knownSince > FRESH_ENOUGH_MS ? 'shown' : 'screen');
    }
    return this.#lastCheck(referenceId);
  }

  #noteChecked(referenceId: string, answered: boolean): void {
    const checkedAt = this.#options.now();
    const answeredAt = answered ? checkedAt : (this.#checks.get(referenceId)?.answeredAt ?? null);
    this.#checks.set(referenceId, { checkedAt, answeredAt });
    this.#context.emit('payment.checked', this.#lastCheck(referenceId)!);
  }

  #lastCheck(referenceId: string): StatusCheck | null {
    const check = this.#checks.get(referenceId);
    if (!check) return null;
    return {
      referenceId,
      checkedAt: new Date(check.checkedAt).toISOString(),
      answeredAt: check.answeredAt === null ? null : new Date(check.answeredAt).toISOString(),
    };
  }

  /**
   * The provider's refund total for this payment, read now (the same lookup the workers make). Without it a
   * lost refund answer could not be told apart from a refund made elsewhere, so the refund is not sent.
   */
  async #providerRefundedNow(row: AttemptRow): Promise<number> {
    // A person (the clerk with the supervisor) waits for this answer.
    const lookup = await lookupOrder(this.#rt, row, { lane: 'person' });
    switch (lookup.kind) {
      case 'found':
        // Kept too: the payment then shows what was refunded elsewhere even if this refund is refused.
        recordProviderRefundTotal(this.#rt, row.referenceId, lookup.order);
        return providerRefundedMinor(lookup.order);
      case 'not-found':
        throw new PosError('order.not-refundable', {
          notice: notice('refund.payment-not-found-now'),
          retryable: true,
          details: { referenceId: row.referenceId },
        });
      case 'error':
        throw new PosError('provider.unavailable', {
          notice: notice('refund.check-failed', { reason: lookup.reason }),
          retryable: true,
          details: { referenceId: row.referenceId },
        });
    }
  }

  // ---- queries ----

  /** Payments with something not settled yet: the payment itself, or one of its refunds or cancels. */
  #unresolvedReferenceIds(): Set<string> {
    const referenceIds = new Set<string>();
    for (const row of this.#journal.listNonFinal()) if (row.state !== 'active') referenceIds.add(row.referenceId);
    for (const refund of this.#journal.unsettledRefunds()) referenceIds.add(refund.referenceId);
    for (const cancel of this.#journal.unsettledCancels()) referenceIds.add(cancel.referenceId);
    return referenceIds;
  }

  #unresolved(): PaymentView[] {
    return [...this.#unresolvedReferenceIds()].map((referenceId) => {
      const view = this.#view(referenceId);
      return {
        ...view,
        unresolvedReason: unresolvedReasonOf(
          view,
          this.#journal.refundsOf(referenceId),
          this.#journal.cancelsOf(referenceId),
        ),
      };
    });
  }

  async #terminalCurrency(): Promise<CurrencyCode> {
    try {
      return CURRENCY_OF_COUNTRY[(await this.#context.provider.connection()).country];
    } catch {
      return this.#context.settings.current().currency;
    }
  }

  // ---- plumbing ----

  /** The order's worker, started if it is not running. */
  #watch(referenceId: string, initialDelayMs = 0): OrderWorker {
    const running = this.#workers.get(referenceId);
    if (running && !running.stopped) return running;
    const worker: OrderWorker = new OrderWorker({
      pass: (state) => runOrderPass(this.#rt, referenceId, state),
      timers: this.#options.timers,
      initialDelayMs,
      laneOf: () => (this.#rt.onScreen.isShown(referenceId) ? 'screen' : 'background'),
      onError: (error, state) => {
        state.failures += 1;
        try {
          note(this.#rt, referenceId, {
            kind: 'error',
            summary: `worker: ${error instanceof Error ? error.message : String(error)}`,
          });
        } catch {
          // The journal itself failed; the next pass tries again.
        }
        return checkDelay(state.failures, this.#options.checkDelays);
      },
      onExit: () => {
        if (this.#workers.get(referenceId) === worker) this.#workers.delete(referenceId);
        this.#forgetSettled(referenceId);
      },
    });
    if (this.#closing) worker.stop();
    else this.#workers.set(referenceId, worker);
    return worker;
  }

  /** What this process remembered about sending a payment is dropped once nothing about it is open any more. */
  #forgetSettled(referenceId: string): void {
    if (this.#closing || this.#rt.busy.has(referenceId)) return;
    try {
      const row = this.#journal.getAttempt(referenceId);
      if (!row || (row.state !== 'final' && row.state !== 'not-sent')) return;
      this.#rt.attempts.delete(referenceId);
      this.#checks.delete(referenceId);
      this.#rt.onScreen.forget(referenceId);
      for (const refund of this.#journal.refundsOf(referenceId)) {
        if (refund.state === 'succeeded' || refund.state === 'failed') this.#rt.refundSentAt.delete(refund.refundId);
      }
    } catch {
      // The journal failed (this runs from a worker's exit, outside any request): keep the memory;
      // recovery needs nothing from it anyway.
    }
  }

  #require(referenceId: string): AttemptRow {
    const row = this.#journal.getAttempt(referenceId);
    if (!row) throw new PosError('payment.not-found', { details: { referenceId } });
    return row;
  }

  #view(referenceId: string): PaymentView {
    const view = this.#journal.viewOf(referenceId);
    if (!view) throw new PosError('payment.not-found', { details: { referenceId } });
    return view;
  }

  /**
   * A cancel that could not leave this till (no credentials, or the till now speaks as another terminal than
   * the one whose order is still open) is refused with the reason before anything is recorded, instead of
   * sitting in "checking". Refunds go from any terminal of the merchant and are not refused here.
   */
  async #refuseUnsendable(paymentPosId: string | null): Promise<void> {
    const client = await this.#rt.client();
    if (paymentPosId !== null && client.posId !== paymentPosId) throw otherTerminalError(paymentPosId, client.posId);
  }

  #refuseWhenClosing(): void {
    if (this.#closing) throw new PosError('internal', { cause: new Error('The app is shutting down.') });
  }

  #publishAttempt(referenceId: string): void {
    const view = this.#journal.viewOf(referenceId);
    if (view) this.#context.emit('payment.updated', view);
    this.#context.countsChanged();
  }

  #publishRefund(refundId: string): void {
    const refund = this.#journal.getRefund(refundId);
    if (!refund) return;
    this.#context.emit('refund.updated', toRefundView(refund));
    this.#publishAttempt(refund.referenceId);
  }
}

/** The provider's amount limits are per merchant: its address and key name one. */
function merchantKeyOf(connection: ProviderConnection): string {
  return `${connection.profile.baseUrl} ${connection.accessKeyId}`;
}
