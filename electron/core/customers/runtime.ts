import type { AsyncLocalStorage } from 'node:async_hooks';
import type { LinkedCustomerDetail, LinkedCustomerView } from '../../../shared/customers.ts';
import { PosError } from '../../../shared/errors.ts';
import type { Notice } from '../../../shared/notices.ts';
import type { CoreContext } from '../core-context.ts';
import type { ConsentGateway } from '../security/consent-page.ts';
import type { SettleEngine } from '../settle/settle-engine.ts';
import type { HintThrottle } from '../http/hint-throttle.ts';
import type { TokenizedAccess } from './client-access.ts';
import type { CustomerJournal } from './journal.ts';
import type { CustomerAttemptPatch, CustomerAttemptRow, CustomerRow } from './rows.ts';
import type { ResolvedCustomerOptions } from './options.ts';
import type { OrderWebhookListener } from './order-webhook-listener.ts';
import type { StatusSlots } from './status-slots.ts';
import type { TokenCipher } from './token-cipher.ts';
import { toChargeView, toCustomerView, toHoldView } from './views.ts';

// What every part of the linked-customer service shares: the journal, the client access, the token cipher,
// the options, and what this process keeps in memory (per-customer queues, the resolver's workers, app tokens;
// lost on a crash on purpose: start() resumes from the journal alone). One object, built by the facade
// (customer-service.ts) and handed to every handler; plus the small helpers they all use.

/** Whose journal the exchanges of the request running now are written to (see audit.ts). */
export interface AuditScope {
  readonly merchantUserId: string | null;
  readonly merchantRef: string | null;
}

export interface CustomerRuntime {
  readonly context: CoreContext;
  readonly journal: CustomerJournal;
  readonly cipher: TokenCipher;
  readonly access: TokenizedAccess;
  readonly options: ResolvedCustomerOptions;
  readonly audit: AsyncLocalStorage<AuditScope>;
  /** Per-customer queue: every write for one customer runs alone (a hold cannot race its own unlink). */
  readonly locks: Map<string, Promise<unknown>>;
  /** The resolver's workers, one per merchantRef being resolved (resolver.ts, ../settle/). */
  readonly settle: SettleEngine;
  /** How many times each unsettled attempt has been tried (drives the backoff); changed only by resolver.ts. */
  readonly attempts: Map<string, number>;
  /** App tokens of sessions started in this run, for main's consent window. */
  readonly appTokens: Map<string, { header: string; token: string; gateway: ConsentGateway }>;
  webhooks: OrderWebhookListener | null;
  /** Order webhooks are hints: at most one lookup per order per interval (order-outcomes.ts). */
  readonly hints: HintThrottle;
  /** Slots of the terminal's status budget for the lookups (status-slots.ts). */
  readonly slots: StatusSlots;
  closed: boolean;
  /**
   * Has the resolver find out `merchantRef`'s outcome: now, else after its backoff (see resolver.ts; passed
   * in so that sends and the resolver need not import each other).
   */
  resolveLater(merchantRef: string, now?: boolean): void;
}

/** The callbackUrl captures and charges carry, or null when order outcomes cannot reach this till. */
export function orderWebhookUrl(rt: CustomerRuntime): string | null {
  return rt.webhooks?.url() ?? null;
}

/**
 * Runs `work` after every earlier write for this customer has finished. Whoever waits meanwhile is a person (a
 * cashier's charge, capture, opening of the customer…) unless the caller says `background` (the resolver, a
 * hint): while a person waits, the lookups ahead of them take their slots in the person lane (status-slots.ts).
 */
export function exclusive<T>(
  rt: CustomerRuntime,
  merchantUserId: string,
  work: () => Promise<T>,
  waiting: 'person' | 'background' = 'person',
): Promise<T> {
  const previous = rt.locks.get(merchantUserId);
  const stopWaiting = waiting === 'person' && previous ? rt.slots.personWaits(merchantUserId) : null;
  const start = (): Promise<T> => {
    stopWaiting?.();
    return work();
  };
  const run = (previous ?? Promise.resolve()).then(start, start);
  const tail = run.catch(() => undefined);
  rt.locks.set(merchantUserId, tail);
  void tail.then(() => {
    if (rt.locks.get(merchantUserId) === tail) rt.locks.delete(merchantUserId);
  });
  return run;
}

/** Patches an attempt and journals `event` with it, in one transaction. */
export function updateAttempt(
  rt: CustomerRuntime,
  row: CustomerAttemptRow,
  patch: CustomerAttemptPatch,
  event: Notice | null,
): CustomerAttemptRow {
  const updated = rt.journal.atomically(() => {
    const updated = rt.journal.updateAttempt(row.merchantRef, patch);
    if (event)
      rt.journal.appendEvent({
        merchantUserId: row.merchantUserId,
        merchantRef: row.merchantRef,
        kind: 'status',
        notice: event,
      });
    return updated;
  });
  countsChanged(rt);
  return updated;
}

/** The status bar's Unresolved count includes this service's rows: have it recounted now, not at the next probe. */
function countsChanged(rt: CustomerRuntime): void {
  if (!rt.closed) rt.context.countsChanged();
}

/** Tells the screens (customers.updated) and the status bar that this customer changed. */
export function publish(rt: CustomerRuntime, merchantUserId: string): void {
  // Every path that changed a row ends here (some through journal writes that bypass updateAttempt).
  countsChanged(rt);
  if (rt.closed) return;
  try {
    if (rt.journal.getCustomer(merchantUserId))
      rt.context.emit('customers.updated', customerDetail(rt, merchantUserId));
  } catch (error) {
    rt.options.log(`publish ${merchantUserId}: ${describe(error)}`);
  }
}

export function requireCustomer(rt: CustomerRuntime, merchantUserId: string): CustomerRow {
  const customer = rt.journal.getCustomer(merchantUserId);
  if (!customer) throw new PosError('customer.not-found', { details: { merchantUserId } });
  return customer;
}

export function customerView(rt: CustomerRuntime, merchantUserId: string): LinkedCustomerView {
  return toCustomerView(requireCustomer(rt, merchantUserId));
}

export function customerDetail(rt: CustomerRuntime, merchantUserId: string): LinkedCustomerDetail {
  return {
    customer: customerView(rt, merchantUserId),
    holds: rt.journal.attemptsOf(merchantUserId, 'hold').map((row) => toHoldView(row, rt.options.assumedHoldTtlMs)),
    charges: rt.journal.attemptsOf(merchantUserId, 'charge').map(toChargeView),
  };
}

/** The short reason an unknown outcome is journalled with: the error's code, or `internal`. */
export function reasonOf(error: unknown): string {
  return error instanceof PosError ? error.code : 'internal';
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
