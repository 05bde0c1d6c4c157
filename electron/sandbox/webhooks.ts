import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { SandboxContext } from './context.ts';

// Outgoing notifications with the provider's delivery habits (wire-details §2.6; the schedule is ours):
// POST the JSON body; only a 200 counts as delivered; anything else (another status, a refused connection,
// no answer within 10 s) is retried with exponential backoff until 30 minutes after the first attempt.
// With the `webhookDuplicates` fault every notification goes out twice, as the live service may do; with
// `webhookDelayMs` every attempt (first and retries, each copy) leaves that much later, as a slow provider would.

export const WEBHOOK_GIVE_UP_AFTER_MS = 30 * 60 * 1000;
export const WEBHOOK_MAX_BACKOFF_MS = 5 * 60 * 1000;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Deliveries kept for `/_sandbox/webhooks`; older ones are forgotten once settled. */
const KEEP_DELIVERIES = 500;

/** Headers to add for one attempt: called per attempt because a signature carries that attempt's Date. */
export type WebhookSigner = (url: string, canonicalBody: string) => Record<string, string>;

export interface WebhookAttempt {
  readonly at: string;
  /** HTTP status, or null when no answer came. */
  readonly status: number | null;
  readonly error: string | null;
}

export interface WebhookDelivery {
  readonly id: string;
  readonly url: string;
  readonly label: string;
  readonly body: string;
  readonly attempts: WebhookAttempt[];
  state: 'pending' | 'delivered' | 'gave-up';
  nextAttemptAt: string | null;
}

interface Tracked {
  readonly delivery: WebhookDelivery;
  readonly sign: WebhookSigner | null;
  readonly firstAttemptAt: number;
  timer: NodeJS.Timeout | null;
  inFlight: ClientRequest | null;
  /** Set by stopAll: an aborted request's error must not schedule a retry. */
  stopped: boolean;
}

export class WebhookDispatcher {
  readonly #ctx: SandboxContext;
  readonly #retryBaseMs: number;
  #tracked: Tracked[] = [];

  constructor(ctx: SandboxContext, retryBaseMs: number) {
    this.#ctx = ctx;
    this.#retryBaseMs = retryBaseMs;
  }

  /** Queues `canonicalBody` (the exact bytes to send) for `url`; first attempt right away. */
  send(url: string, canonicalBody: string, label: string, sign: WebhookSigner | null): void {
    const copies = this.#ctx.faults.webhookDuplicates ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      const tracked: Tracked = {
        delivery: {
          id: this.#ctx.ids.stream('webhook').uuid(),
          url,
          label,
          body: canonicalBody,
          attempts: [],
          state: 'pending',
          nextAttemptAt: null,
        },
        sign,
        firstAttemptAt: this.#ctx.clock.now(),
        timer: null,
        inFlight: null,
        stopped: false,
      };
      this.#tracked.push(tracked);
      this.#forgetOld();
      this.#schedule(tracked, 0);
    }
  }

  list(): readonly WebhookDelivery[] {
    return this.#tracked.map((t) => t.delivery);
  }

  /** Stops every retry and aborts requests in flight (close and reset). */
  stopAll(): void {
    for (const tracked of this.#tracked) {
      tracked.stopped = true;
      this.#ctx.timers.cancel(tracked.timer);
      tracked.inFlight?.destroy();
    }
    this.#tracked = [];
  }

  #attempt(tracked: Tracked): void {
    tracked.timer = null;
    if (tracked.stopped) return;
    const { delivery } = tracked;
    let url: URL;
    try {
      url = new URL(delivery.url);
    } catch {
      this.#settle(tracked, { status: null, error: 'invalid URL' }, false);
      return;
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers: Record<string, string | number> = {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(delivery.body),
      'User-Agent': 'wallet-pos-embedded-sandbox',
      ...tracked.sign?.(delivery.url, delivery.body),
    };
    let finished = false;
    const finish = (status: number | null, error: string | null): void => {
      if (finished || tracked.stopped) return;
      finished = true;
      tracked.inFlight = null;
      this.#settle(tracked, { status, error }, status === 200);
    };
    const req = send(url, { method: 'POST', headers, timeout: WEBHOOK_TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => finish(res.statusCode ?? null, null));
      res.on('error', (err) => finish(res.statusCode ?? null, err.message));
    });
    tracked.inFlight = req;
    req.on('timeout', () => req.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS} ms`)));
    req.on('error', (err) => finish(null, err.message));
    req.end(delivery.body);
  }

  #settle(tracked: Tracked, outcome: { status: number | null; error: string | null }, delivered: boolean): void {
    const { delivery } = tracked;
    delivery.attempts.push({ at: this.#ctx.clock.iso(), ...outcome });
    const n = delivery.attempts.length;
    const what = outcome.status === null ? (outcome.error ?? 'no answer') : `HTTP ${outcome.status}`;
    if (delivered) {
      delivery.state = 'delivered';
      delivery.nextAttemptAt = null;
      this.#ctx.log(`webhook ${delivery.label} → ${delivery.url}: delivered (attempt ${n})`);
      return;
    }
    const backoff = Math.min(this.#retryBaseMs * 2 ** (n - 1), WEBHOOK_MAX_BACKOFF_MS);
    const nextAt = this.#ctx.clock.now() + backoff;
    if (nextAt > tracked.firstAttemptAt + WEBHOOK_GIVE_UP_AFTER_MS) {
      delivery.state = 'gave-up';
      delivery.nextAttemptAt = null;
      this.#ctx.log(`webhook ${delivery.label} → ${delivery.url}: ${what}; gave up after ${n} attempts`);
      return;
    }
    const waitMs = this.#schedule(tracked, backoff);
    this.#ctx.log(`webhook ${delivery.label} → ${delivery.url}: ${what}; retry in ${waitMs} ms`);
  }

  /**
   * Plans the next attempt `waitMs` from now, plus the `webhookDelayMs` fault as it stands now (a later
   * change applies from the following attempt on). Returns the total wait.
   */
  #schedule(tracked: Tracked, waitMs: number): number {
    const total = waitMs + this.#ctx.faults.webhookDelayMs;
    tracked.delivery.nextAttemptAt = new Date(this.#ctx.clock.wallNow() + total).toISOString();
    tracked.timer = this.#ctx.timers.after(total, () => this.#attempt(tracked));
    return total;
  }

  #forgetOld(): void {
    if (this.#tracked.length <= KEEP_DELIVERIES) return;
    const keep = this.#tracked.filter(
      (t, i) => t.delivery.state === 'pending' || i >= this.#tracked.length - KEEP_DELIVERIES,
    );
    this.#tracked = keep;
  }
}
