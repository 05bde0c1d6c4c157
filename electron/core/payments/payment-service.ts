import { PosError } from '../../../shared/errors.ts';
import { journalFileIn, openJournal, type Journal } from './journal/index.ts';
import type { CoreContext } from '../core-context.ts';
import { createHintThrottle, DEFAULT_HINT_INTERVAL_MS } from '../http/hint-throttle.ts';
import type { PaymentHandlers, PaymentModule, PaymentModuleFactory } from './payment-module.ts';
import type { ClientTuning } from '../provider/provider-access.ts';
import { providerAnswered } from '../status/provider-answers.ts';
import { AnswerAudits, auditOrderExchange } from './audit.ts';
import { cancelAtCounter } from './cancels.ts';
import { terminalReferenceFor } from './charge-input.ts';
import { chargeFromTill } from './charges.ts';
import { findWithoutReceipt } from './find.ts';
import { FoundWithoutReceipt } from './found-without-receipt.ts';
import { CashierSales } from './cashier-sales.ts';
import { startNotificationListener } from './notifications.ts';
import { paymentOnDisplay } from './on-display.ts';
import { OnScreen } from './on-screen.ts';
import { resolveOptions, type PaymentServiceOptions, type ResolvedOptions } from './options.ts';
import { ProviderAmountLimits } from './provider-amount-limits.ts';
import { counts, daySummary, exportCsv, learnedAmountLimits, paymentDetail, unresolved } from './queries.ts';
import { refundAtCounter } from './refunds.ts';
import { registerPayments } from './register-payments.ts';
import { expireWaitingSale } from './register-sales.ts';
import { publishAttempt, publishRefund, type PaymentRuntime } from './runtime.ts';
import { checkNow, markCashierSale, noteChecked, screenLeft, screenShows } from './screens.ts';
import { Remembered } from './remembered.ts';
import { archiveYear } from './archive-year.ts';
import { SendingNow } from './sending-now.ts';
import { createSettleEngine } from '../settle/settle-engine.ts';
import { createStatusBudget } from '../status/status-budget.ts';
import { createShiftModule } from '../shifts/shift-module.ts';
import { recover, watch } from './workers.ts';

// The payment service: the payments.* handlers on top of the write-ahead journal, one worker per order that
// is open or unresolved, and recovery of everything unfinished when it starts. Its rules:
// - every create, scan, refund and cancel is in the journal before its request leaves;
// - an answer that got lost is found out (lookup by referenceId), never guessed and never shown to the
//   cashier as "try again";
// - every status change reaches the journal first, then the screens.
// This file is its facade: the handler map, then start and close. Each role lives in its own file (charges,
// cancels, refunds, register-payments and register-sales, screens, queries, workers), sharing one runtime.

export type { PaymentServiceOptions } from './options.ts';

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
    outbox: context.headOfficeOutbox,
  });
  const rt = createRuntime(context, opts, journal);
  try {
    await start(rt);
  } catch (error) {
    await close(rt);
    throw error;
  }
  return {
    handlers: paymentHandlers(rt),
    daySummary: (day) => daySummary(rt, day),
    exportCsv: (day) => exportCsv(rt, day),
    counts: () => counts(rt),
    learnedAmountLimits: () => learnedAmountLimits(rt),
    register: registerPayments(rt),
    shifts: createShiftModule({ journal, staff: context.staff, currency: () => context.settings.current().currency }),
    appendToChain: ({ kind, subject, record }) => {
      journal.chain.append(kind, subject, record);
    },
    close: () => close(rt),
  };
}

function paymentHandlers(rt: PaymentRuntime): PaymentHandlers {
  return {
    'payments.chargeMerchantQr': (request) => chargeFromTill(rt, 'merchant-qr', request),
    'payments.chargeCustomerQr': (request) => chargeFromTill(rt, 'customer-qr', request),
    'payments.cancel': (request) => cancelAtCounter(rt, request.referenceId, request.reason),
    'payments.refund': (request) => refundAtCounter(rt, request, request.supervisorPin),
    'payments.get': ({ referenceId }) => paymentDetail(rt, referenceId),
    'payments.find': async (query) => findWithoutReceipt(rt, query),
    'payments.history': async (query) => rt.journal.history(query),
    'payments.unresolved': async () => unresolved(rt),
    'payments.checkNow': ({ referenceId }) => checkNow(rt, referenceId),
    'payments.onScreen': async ({ surface, referenceId, shown }) =>
      shown ? screenShows(rt, surface, referenceId) : screenLeft(rt, surface, referenceId),
    'payments.cashierSale': async ({ window, sale }) => markCashierSale(rt, window, sale),
    'payments.onDisplay': async () => paymentOnDisplay(rt),
    'payments.archiveYear': async ({ year }) => archiveYear(rt.journal, year),
  };
}

function createRuntime(context: CoreContext, options: ResolvedOptions, journal: Journal): PaymentRuntime {
  const answerAudits = new AnswerAudits(journal);
  /** One object for the life of the service: the provider caches our client by it. */
  const tuning: ClientTuning = {
    timeouts: options.client.timeouts,
    retry: options.client.retry,
    onExchange: (exchange) => {
      context.providerAnswered?.(providerAnswered(exchange));
      auditOrderExchange(journal, exchange, answerAudits);
    },
  };
  const rt: PaymentRuntime = {
    context,
    journal,
    options,
    startedAt: options.now(),
    client: (training) => {
      if (!training) return context.provider.instoreClient(tuning);
      if (!context.training)
        return Promise.reject(new PosError('internal', { cause: new Error('Training is not part of this core.') }));
      return context.training.sandbox.client(tuning);
    },
    // The terminal's one budget, or (tests only) a fixed rate of this service's own.
    statusBudget:
      options.statusRequestsPerSecond === null
        ? context.statusBudget
        : createStatusBudget({ perSecond: options.statusRequestsPerSecond }),
    onScreen: new OnScreen(options.now),
    noteChecked: (referenceId, answered) => noteChecked(rt, referenceId, answered),
    remembered: new Remembered(),
    foundWithoutReceipt: new FoundWithoutReceipt(options.now),
    answerAudits,
    sending: new SendingNow(),
    settle: createSettleEngine(options.timers),
    amountLimits: new ProviderAmountLimits(),
    hints: createHintThrottle({ intervalMs: DEFAULT_HINT_INTERVAL_MS, trailing: false }),
    cashierSales: new CashierSales(options.now),
    saleExpiry: null,
    listener: null,
    closing: null,
    terminalReference: () => terminalReferenceFor(context.settings.current().terminalReference),
    webhookUrl: () => rt.listener?.url(),
    publishAttempt: (referenceId) => publishAttempt(rt, referenceId),
    publishRefund: (refundId) => publishRefund(rt, refundId),
  };
  return rt;
}

async function start(rt: PaymentRuntime): Promise<void> {
  if (rt.options.webhooks) {
    rt.listener = await startNotificationListener({
      settings: rt.context.settings,
      provider: rt.context.provider,
      onNotification: (notification) => {
        // Runs outside any request: a journal failure here must not take the process down. The webhook
        // is only a hint; polling finds the same status.
        try {
          const { referenceId } = notification;
          if (rt.closing || !rt.journal.getAttempt(referenceId)) return;
          const what = `${referenceId} ${notification.status} ${notification.refundAmount ?? 0}`;
          rt.hints.hint(what, () => {
            if (!rt.closing) void watch(rt, referenceId).lookNow('webhook');
          });
        } catch {
          return;
        }
      },
      log: () => {},
      listeners: rt.context.listeners,
    });
  }
  recover(rt);
  // A register's sale that expired while the till was down ends now; one still waiting gets its timer again.
  expireWaitingSale(rt);
}

function close(rt: PaymentRuntime): Promise<void> {
  rt.closing ??= (async () => {
    rt.hints.close();
    if (rt.saleExpiry !== null) rt.options.timers.clearTimeout(rt.saleExpiry);
    const workersDone = rt.settle.close();
    // A request in flight cannot be taken back; give it a moment to land in the journal, then close anyway
    // (whatever it did is found again by recovery on the next start). The grace timer is cleared once the
    // workers are done, so it never holds the process open after close.
    let graceTimer: unknown = null;
    const grace = new Promise<void>(
      (resolve) => (graceTimer = rt.options.timers.setTimeout(resolve, rt.options.closeGraceMs)),
    );
    try {
      await Promise.race([workersDone, grace]);
    } finally {
      rt.options.timers.clearTimeout(graceTimer);
    }
    try {
      await rt.listener?.close();
    } finally {
      rt.journal.close();
    }
  })();
  return rt.closing;
}
