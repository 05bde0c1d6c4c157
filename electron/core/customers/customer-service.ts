import { AsyncLocalStorage } from 'node:async_hooks';
import type { CustomerHandlers } from '../../../shared/customers.ts';
import { money } from '../../../shared/money.ts';
import type { CoreContext } from '../core-context.ts';
import { createHintThrottle } from '../http/hint-throttle.ts';
import type { ApprovalGate } from './approvals.ts';
import { auditCustomerExchange } from './audit.ts';
import { cashback, charge, placeHold } from './charges.ts';
import { createTokenizedAccess } from './client-access.ts';
import type { CustomerModule } from './customer-module.ts';
import { capture, voidHold } from './holds.ts';
import type { CustomerJournal } from './journal.ts';
import { closeInterruptedLinkSessions, completeLink, consentRequest, linkStatus, startLink } from './linking.ts';
import { resolveCustomerOptions, type CustomerServiceOptions } from './options.ts';
import { onOrderHint } from './order-outcomes.ts';
import { startOrderWebhookListener } from './order-webhook-listener.ts';
import { csvLinesOfDay, find, takingsOfDay, unresolvedAttempts } from './queries.ts';
import { scheduleResolve } from './resolver.ts';
import { createSettleEngine } from '../settle/settle-engine.ts';
import { requireSell, requireUnlink, requireVoid } from './staff-rights.ts';
import { createStatusSlots } from './status-slots.ts';
import { describe, orderWebhookUrl, type CustomerRuntime } from './runtime.ts';
import { TokenCipher } from './token-cipher.ts';
import { unlink } from './unlink.ts';
import { toChargeView, toCustomerView, toHoldView, toUnresolvedView } from './views.ts';

// electron/core/customers/ owns the linked-customer service (customers.*): linking, charges and holds of
// customers who linked their wallet, on top of the tokenized client (electron/core/tokenized/), with its own
// journal, views and order webhook. This file is its facade: the handler map, then start and close; each
// role lives in its own file (linking, charges, holds, sends, resolver, order-outcomes, queries), sharing one
// runtime.
// Its rules, the same as the in-store payment service's:
// - every hold, capture, void and charge is in the journal (with its merchantRef and idempotency key) before
//   its request leaves;
// - an answer that got lost is found out, never guessed and never shown to the cashier as "try again":
//   a hold or charge whose create answer was lost is re-sent with the SAME idempotency key and merchantRef
//   (document idempotency rule 2: the provider returns the original result, no duplicate); a capture or void
//   whose answer was lost is resolved by `GET /pre-auths/{id}`; nothing is ever re-sent under a new key;
// - the synchronous answer is the truth; the order webhook (unsigned) is only a hint to look the order up:
//   a capture is confirmed CAPTURED by GET /pre-auths/{id}, never by the webhook's word;
// - the payment token is sealed at rest (token-cipher.ts) and never leaves main.

/** The service as customer-module.ts runs it: the module's face, plus start. */
export interface CustomerService extends Omit<CustomerModule, 'close'> {
  /** Starts the webhook receiver and resumes everything unfinished (sessions, unknown outcomes, PENDING holds). */
  start(): Promise<void>;
  /** Stops timers, the client and the receiver, and lets requests in flight finish their journal writes. */
  close(): Promise<void>;
}

function customerHandlers(rt: CustomerRuntime, approvals: ApprovalGate): CustomerHandlers {
  return {
    // Every act on a customer asks the staff rights first (staff-rights.ts), before an approval is used up or
    // anything is recorded; who acts is recorded with what they did.
    'customers.startLink': async (request) => {
      const startedBy = requireSell(rt);
      return startLink(rt, request, startedBy);
    },
    'customers.completeLink': (request) => completeLink(rt, request.linkToken, request.redirectedTo),
    'customers.linkStatus': (request) => linkStatus(rt, request.linkToken),
    'customers.list': async (request) => rt.journal.listCustomers(request).map(toCustomerView),
    'customers.find': (request) => find(rt, request.merchantUserId),
    'customers.cashback': async (request) => ({ balance: await cashback(rt, request.merchantUserId) }),
    // The customer's wallet is charged only with their approval, for exactly this (approvals.ts).
    'customers.charge': async ({ approvalId, merchantUserId, amountMinor, currency, useCashback }) => {
      const takenBy = requireSell(rt);
      const amount = money(amountMinor, currency);
      const approvedBy = approvals.consume(approvalId, { action: 'charge', merchantUserId, amount });
      return charge(rt, merchantUserId, amount, useCashback, { takenBy, approvedBy });
    },
    'customers.placeHold': async (request) => {
      const takenBy = requireSell(rt);
      return placeHold(rt, request.merchantUserId, money(request.amountMinor, request.currency), takenBy);
    },
    'customers.capture': async ({ approvalId, merchantRef, useCashback }) => {
      const by = requireSell(rt);
      const approvedBy = approvals.consume(approvalId, { action: 'capture', merchantRef });
      return capture(rt, merchantRef, useCashback, { by, approvedBy });
    },
    'customers.void': async ({ merchantRef, reason }) => {
      const by = requireVoid(rt, rt.journal.getAttempt(merchantRef));
      return voidHold(rt, merchantRef, reason, by);
    },
    'customers.unlink': async (request) => {
      requireUnlink(rt);
      return unlink(rt, request.merchantUserId);
    },
    'customers.unresolved': async () => unresolvedAttempts(rt).map(toUnresolvedView),
    'customers.ofDay': async ({ day }) => {
      const rows = rt.journal.attemptsOfDay(day);
      return {
        charges: rows.filter((row) => row.kind === 'charge').map(toChargeView),
        holds: rows.filter((row) => row.kind === 'hold').map((row) => toHoldView(row, rt.options.assumedHoldTtlMs)),
      };
    },
  };
}

export function createCustomerService(
  context: CoreContext,
  options: CustomerServiceOptions,
  journal: CustomerJournal,
  approvals: ApprovalGate,
): CustomerService {
  const resolved = resolveCustomerOptions(options);
  const rt: CustomerRuntime = {
    context,
    journal,
    cipher: new TokenCipher(options.vault),
    options: resolved,
    access: createTokenizedAccess(context, {
      ...options.client,
      onExchange: (exchange) => auditCustomerExchange(rt, exchange),
    }),
    audit: new AsyncLocalStorage(),
    locks: new Map(),
    settle: createSettleEngine(resolved.timers),
    attempts: new Map(),
    appTokens: new Map(),
    webhooks: null,
    hints: createHintThrottle({ intervalMs: resolved.hintIntervalMs, timers: resolved.timers }),
    slots: createStatusSlots(context.statusBudget),
    closed: false,
    resolveLater: (merchantRef, now) => scheduleResolve(rt, merchantRef, now),
  };
  return {
    handlers: customerHandlers(rt, approvals),
    start: () => start(rt),
    consentRequest: (linkToken) => consentRequest(rt, linkToken),
    orderWebhookUrl: () => orderWebhookUrl(rt),
    unresolvedCount: () => unresolvedAttempts(rt).length,
    takingsOfDay: (day, currency) => takingsOfDay(rt, day, currency),
    csvLinesOfDay: (day) => csvLinesOfDay(rt, day),
    close: () => close(rt),
  };
}

async function start(rt: CustomerRuntime): Promise<void> {
  rt.webhooks = await startOrderWebhookListener({
    settings: rt.context.settings,
    fixed: rt.options.orderWebhook,
    onNotification: (notification) => {
      // Runs outside any request: a journal failure here must not take the process down.
      try {
        onOrderHint(rt, notification);
      } catch (error) {
        rt.options.log(`order webhook: ${describe(error)}`);
      }
    },
    log: (line) => rt.options.log(line),
    listeners: rt.context.listeners,
  });
  closeInterruptedLinkSessions(rt);
  for (const row of rt.journal.unsettled()) scheduleResolve(rt, row.merchantRef, true);
}

async function close(rt: CustomerRuntime): Promise<void> {
  rt.closed = true;
  rt.hints.close();
  // Before waiting for the locks: a lookup waiting for a slot inside one is not sent.
  rt.slots.close();
  // Every resolver's worker stops: a waiting one at once, one in a pass when its pass ends (within its lock).
  void rt.settle.close();
  rt.access.close();
  await rt.webhooks?.close();
  // Let requests in flight finish their journal writes before the file closes.
  await Promise.allSettled([...rt.locks.values()]);
}
