import { DEFAULT_HINT_INTERVAL_MS } from '../http/hint-throttle.ts';
import { systemTimeZone } from '../sqlite/local-time.ts';
import type { SecretVault } from '../settings/secret-vault.ts';
import { SYSTEM_TIMERS, type Timers } from '../timers.ts';
import type { TokenizedClientTuning } from './client-access.ts';
import type { OrderWebhookConfig } from './order-webhook-listener.ts';

// What the linked-customer service can be told (createCustomerModule passes it through), and the defaults
// it runs with when it is not.

export interface CustomerServiceOptions {
  /** The core's secret vault: holds the data key that seals payment tokens. */
  readonly vault: SecretVault;
  /** IANA zone of the shop for merchantRef days; default this computer's. */
  readonly timeZone?: string | undefined;
  readonly now?: (() => number) | undefined;
  /** Every wait the service schedules (the resolver's backoff, find's refresh budget); default the system's. */
  readonly timers?: Timers | undefined;
  /** The provider does not publish its pre-auth TTL; expected expiry shown on a hold. Default 7 days. */
  readonly assumedHoldTtlMs?: number | undefined;
  /** Waits between attempts to resolve an unknown outcome; the last repeats. */
  readonly resolveDelaysMs?: readonly number[] | undefined;
  /** Re-send a lost create automatically only this long after it was first sent. Default 15 minutes (see DEFAULT_RESEND_WINDOW_MS). */
  readonly resendWindowMs?: number | undefined;
  /** How long find() waits for its refresh of open holds before answering from the journal. */
  readonly refreshBudgetMs?: number | undefined;
  /** Order webhooks for one order cause at most one lookup per this interval. Default DEFAULT_HINT_INTERVAL_MS. */
  readonly hintIntervalMs?: number | undefined;
  /**
   * A fixed order webhook receiver (tests, a special install). Without it the settings decide: demo listens
   * on loopback; a real environment on tokenized.webhookListenPort, with tokenized.webhookUrl as callbackUrl.
   */
  readonly orderWebhook?: OrderWebhookConfig | undefined;
  readonly client?: Omit<TokenizedClientTuning, 'onExchange'> | undefined;
  readonly log?: ((line: string) => void) | undefined;
}

/** The options with every default filled in. */
export interface ResolvedCustomerOptions {
  readonly now: () => number;
  readonly timers: Timers;
  readonly timeZone: string;
  readonly assumedHoldTtlMs: number;
  readonly resolveDelaysMs: readonly number[];
  readonly resendWindowMs: number;
  readonly refreshBudgetMs: number;
  readonly hintIntervalMs: number;
  readonly orderWebhook: OrderWebhookConfig | undefined;
  readonly log: (line: string) => void;
}

const DEFAULT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const DEFAULT_RESOLVE_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];
/**
 * How long after its first send a hold or charge whose answer was lost is still re-sent by itself (same key
 * and merchantRef) to learn its outcome. The document has no lookup for a charge: re-sending is the only
 * way to learn what became of one, and when the first send never arrived, the re-send IS the charge. So a
 * late re-send takes the money late: after a crash, the next morning, from a customer the cashier long
 * since took cash from. 15 minutes is about as long as the customer can plausibly still be at the counter,
 * and stays well inside any idempotency window a provider keeps (this one's length is not published, so
 * counting on a long one would be a guess). Past it the till stops and the row says "check it with the
 * provider". The price: a charge still unknown after 15 minutes (the network down that long) is left to the
 * cashier instead of being learned automatically. Configurable (`resendWindowMs`) for a shop that wants it.
 */
const DEFAULT_RESEND_WINDOW_MS = 15 * 60 * 1000;
const DEFAULT_REFRESH_BUDGET_MS = 2_500;

export function resolveCustomerOptions(options: CustomerServiceOptions): ResolvedCustomerOptions {
  return {
    now: options.now ?? Date.now,
    timers: options.timers ?? SYSTEM_TIMERS,
    timeZone: options.timeZone ?? systemTimeZone(),
    assumedHoldTtlMs: options.assumedHoldTtlMs ?? DEFAULT_TTL_MS,
    resolveDelaysMs: options.resolveDelaysMs?.length ? options.resolveDelaysMs : DEFAULT_RESOLVE_DELAYS_MS,
    resendWindowMs: options.resendWindowMs ?? DEFAULT_RESEND_WINDOW_MS,
    refreshBudgetMs: options.refreshBudgetMs ?? DEFAULT_REFRESH_BUDGET_MS,
    hintIntervalMs: options.hintIntervalMs ?? DEFAULT_HINT_INTERVAL_MS,
    orderWebhook: options.orderWebhook,
    log: (line) => options.log?.(line),
  };
}
