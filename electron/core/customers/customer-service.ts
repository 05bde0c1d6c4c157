import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { CustomerEvents, CustomerHandlers, LinkProgress, LinkStart } from '../../../shared/contract.ts';
import {
  isStoppedReason,
  STOPPED_REASON_PREFIX,
  type CustomerChargeView,
  type HoldView,
  type LinkedCustomerDetail,
  type LinkedCustomerTakings,
  type LinkedCustomerUnresolvedView,
  type LinkedCustomerView,
  type SummaryLine,
} from '../../../shared/domain.ts';
import { PosError } from '../../../shared/errors.ts';
import { formatMoney, money, type CurrencyCode, type Money } from '../../../shared/money.ts';
import { isOutcomeUnknown } from '../instore/errors.ts';
import { localDayOf, systemTimeZone } from '../journal/local-time.ts';
import type { CoreContext } from '../payment-module.ts';
import type { SecretVault } from '../settings/secret-vault.ts';
import type { PaymentResult, PreAuthRecord, TokenizedClient } from '../tokenized/client.ts';
import { createTokenizedAccess, type TokenizedClientTuning, type TokenizedAccess, type TokenizedConnection } from './client-access.ts';
import type { CustomerAttemptPatch, CustomerAttemptRow, CustomerJournal, CustomerRow, LinkSessionRow } from './journal.ts';
import { isUnresolvedAttempt, toChargeView, toCustomerView, toHoldView, toUnresolvedView } from './views.ts';
import { linkedCustomerCsvLines } from './csv.ts';
import { isRetryableCode } from '../tokenized/errors.ts';
import { redactEmailHint, redactPhoneHint } from './hints.ts';
import { newMerchantRef } from './merchant-ref.ts';
import { startOrderWebhookListener, type OrderWebhookConfig, type OrderWebhookListener } from './order-webhook-listener.ts';
import type { OrderOutcomeNotification } from './order-webhook-receiver.ts';
import { TokenCipher } from './token-cipher.ts';
import type { TokenizedExchange } from '../tokenized/transport.ts';

// The linked-customer service: customers.* on top of the tokenized client and the linked-customer journal.
// Its rules, the same as the in-store payment service's:
// - every hold, capture, void and charge is in the journal (with its merchantRef and idempotency key) before
//   its request leaves;
// - an answer that got lost is found out, never guessed and never shown to the cashier as "try again":
//   a hold or charge whose create answer was lost is re-sent with the SAME idempotency key and merchantRef
//   (document idempotency rule 2: the provider returns the original result, no duplicate); a capture or void
//   whose answer was lost is resolved by `GET /pre-auths/{id}`; nothing is ever re-sent under a new key;
// - the synchronous answer is the truth; the order webhook only completes CAPTURE_INITIATED → CAPTURED and
//   is recorded for reconciliation, never overriding an APPROVED / REJECTED;
// - the payment token is sealed at rest (token-cipher.ts) and never leaves main.

export interface CustomerServiceOptions {
  /** The core's secret vault: holds the data key that seals payment tokens. */
  readonly vault: SecretVault;
  /** Default: linked-customers.sqlite3 in the data folder. */
  readonly journal: CustomerJournal;
  /** IANA zone of the shop for merchantRef days; default this computer's. */
  readonly timeZone?: string | undefined;
  readonly now?: (() => number) | undefined;
  /** The provider does not publish its pre-auth TTL; expected expiry shown on a hold. Default 7 days. */
  readonly assumedHoldTtlMs?: number | undefined;
  /** Waits between attempts to resolve an unknown outcome; the last repeats. */
  readonly resolveDelaysMs?: readonly number[] | undefined;
  /** Re-send a lost create automatically only this long after it was first sent. Default 15 minutes (see DEFAULT_RESEND_WINDOW_MS). */
  readonly resendWindowMs?: number | undefined;
  /** How long find() waits for its refresh of open holds before answering from the journal. */
  readonly refreshBudgetMs?: number | undefined;
  /**
   * A fixed order webhook receiver (tests, a special install). Without it the settings decide: demo listens
   * on loopback; a real environment on tokenized.webhookListenPort, with tokenized.webhookUrl as callbackUrl.
   */
  readonly orderWebhook?: OrderWebhookConfig | undefined;
  readonly client?: Omit<TokenizedClientTuning, 'onExchange'> | undefined;
  readonly emit?: (<E extends keyof CustomerEvents>(event: E, payload: CustomerEvents[E]) => void) | undefined;
  readonly log?: ((line: string) => void) | undefined;
}

/** What main needs to open the consent page (the app token never goes to the renderer). */
export interface ConsentRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly callbackUrl: string;
  readonly expiresAt: string;
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

interface AuditScope {
  readonly merchantUserId: string | null;
  readonly merchantRef: string | null;
}

export class CustomerService {
  readonly #context: CoreContext;
  readonly #journal: CustomerJournal;
  readonly #cipher: TokenCipher;
  readonly #access: TokenizedAccess;
  readonly #now: () => number;
  readonly #timeZone: string;
  readonly #ttlMs: number;
  readonly #delays: readonly number[];
  readonly #resendWindowMs: number;
  readonly #refreshBudgetMs: number;
  readonly #options: CustomerServiceOptions;
  readonly #audit = new AsyncLocalStorage<AuditScope>();
  /** Per-customer queue: every write for one customer runs alone (a hold cannot race its own unlink). */
  readonly #locks = new Map<string, Promise<unknown>>();
  readonly #timers = new Map<string, NodeJS.Timeout>();
  /** How many times each unsettled attempt has been tried (drives the backoff). */
  readonly #attempts = new Map<string, number>();
  /** App tokens of sessions started in this run, for main's consent window. */
  readonly #appTokens = new Map<string, { header: string; token: string }>();
  #webhooks: OrderWebhookListener | null = null;
  #closed = false;

  constructor(context: CoreContext, options: CustomerServiceOptions) {
    this.#context = context;
    this.#options = options;
    this.#journal = options.journal;
    this.#cipher = new TokenCipher(options.vault);
    this.#now = options.now ?? Date.now;
    this.#timeZone = options.timeZone ?? systemTimeZone();
    this.#ttlMs = options.assumedHoldTtlMs ?? DEFAULT_TTL_MS;
    this.#delays = options.resolveDelaysMs?.length ? options.resolveDelaysMs : DEFAULT_RESOLVE_DELAYS_MS;
    this.#resendWindowMs = options.resendWindowMs ?? DEFAULT_RESEND_WINDOW_MS;
    this.#refreshBudgetMs = options.refreshBudgetMs ?? DEFAULT_REFRESH_BUDGET_MS;
    this.#access = createTokenizedAccess(context, { ...options.client, onExchange: (exchange) => this.#auditExchange(exchange) });
  }

  /** Starts the webhook receiver and resumes everything unfinished (sessions, unknown outcomes, PENDING holds). */
  async start(): Promise<void> {
    this.#webhooks = await startOrderWebhookListener({
      settings: this.#context.settings,
      fixed: this.#options.orderWebhook,
      onNotification: (notification) => void this.#onOrderOutcome(notification).catch((error: unknown) => this.#log(`order webhook: ${describe(error)}`)),
      log: (line) => this.#log(line),
    });
    for (const session of this.#journal.unfinishedLinkSessions()) {
      // An exchange cut short by a crash cannot be finished (the code is single-use): link again, the
      // provider gives back the same token. An open session past its expiry is over.
      if (session.status === 'exchanging') this.#journal.updateLinkSession(session.linkToken, 'failed', 'interrupted');
      else if (session.expiresAt <= this.#now()) this.#journal.updateLinkSession(session.linkToken, 'expired');
    }
    for (const row of this.#journal.unsettled()) this.#scheduleResolve(row.merchantRef, 0);
  }

  /** The callbackUrl captures and charges carry, or null when order outcomes cannot reach this till. */
  orderWebhookUrl(): string | null {
    return this.#webhooks?.url() ?? null;
  }

  handlers(): CustomerHandlers {
    return {
      'customers.startLink': (request) => this.startLink(request),
      'customers.completeLink': (request) => this.completeLink(request.linkToken, request.redirectedTo),
      'customers.linkStatus': (request) => this.linkStatus(request.linkToken),
      'customers.list': async (request) => this.#journal.listCustomers(request).map(toCustomerView),
      'customers.find': (request) => this.find(request.merchantUserId),
      'customers.cashback': async (request) => ({ balance: await this.cashback(request.merchantUserId) }),
      'customers.charge': (request) => this.charge(request.merchantUserId, money(request.amountMinor, request.currency), request.useCashback),
      'customers.placeHold': (request) => this.placeHold(request.merchantUserId, money(request.amountMinor, request.currency)),
      'customers.capture': (request) => this.capture(request.merchantRef, request.useCashback),
      'customers.void': (request) => this.voidHold(request.merchantRef, request.reason),
      'customers.unlink': (request) => this.unlink(request.merchantUserId),
      'customers.unresolved': async () => this.unresolved(),
    };
  }

  /** Charges and holds whose outcome is still being found out, or that the till stopped checking (the Unresolved list). */
  unresolved(): LinkedCustomerUnresolvedView[] {
    return this.#journal.unsettled().filter(isUnresolvedAttempt).map(toUnresolvedView);
  }

  /** The status bar's share of linked-customer rows: the length of the list above. */
  unresolvedCount(): number {
    return this.#journal.unsettled().filter(isUnresolvedAttempt).length;
  }

  /** Approved charges and captured holds of a local day, in the day summary's currency. */
  takingsOfDay(day: string, currency: CurrencyCode): LinkedCustomerTakings {
    const { charges, captures } = this.#journal.takingsOfDay(day, currency);
    const line = (total: { count: number; totalMinor: number }): SummaryLine => ({ count: total.count, total: money(total.totalMinor, currency) });
    return { charges: line(charges), captures: line(captures) };
  }

  /** This day's charges and holds as end-of-day CSV lines (the payment journal's columns). */
  csvLinesOfDay(day: string): string[][] {
    return linkedCustomerCsvLines(this.#journal.attemptsOfDay(day), this.#timeZone);
  }

  // ---- linking ----

  async startLink(input: { merchantUserId: string; phoneHint?: string | undefined; emailHint?: string | undefined }): Promise<LinkStart> {
    const phone = input.phoneHint?.trim() ? redactPhoneHint(input.phoneHint) : undefined;
    const email = input.emailHint?.trim() ? redactEmailHint(input.emailHint) : undefined;
    if (!phone && !email) throw new PosError('request.invalid', { message: 'Enter the customer\'s phone number or e-mail address.', details: { field: 'phoneHint' } });
    const connection = await this.#connection();
    const state = randomBytes(32).toString('base64url');
    const session = await this.#audit.run({ merchantUserId: input.merchantUserId, merchantRef: null }, () =>
      connection.client.createLinkSession({ callbackUrl: connection.linkCallbackUrl, state, merchantUserId: input.merchantUserId, userHint: { phone, email } }),
    );
    this.#journal.recordLinkSession({
      linkToken: session.linkToken,
      merchantUserId: input.merchantUserId,
      merchantId: connection.merchantId,
      stateHash: sha256(state),
      callbackUrl: connection.linkCallbackUrl,
      consentUrl: session.redirectUrl,
      hint: email ?? phone ?? null,
      expiresAt: Date.parse(session.expiresAt),
      createdAt: this.#now(),
    });
    this.#appTokens.set(session.linkToken, { header: connection.client.profile.appTokenHeader, token: session.appToken });
    this.#journal.appendEvent({ merchantUserId: input.merchantUserId, kind: 'note', summary: `link session ${session.linkToken} opened` });
    return { linkToken: session.linkToken, consentUrl: session.redirectUrl, callbackUrl: connection.linkCallbackUrl, expiresAt: session.expiresAt };
  }

  /** For main (Electron consent window, web host broker): the page and the header to open it with. */
  consentRequest(linkToken: string): ConsentRequest {
    const session = this.#journal.getLinkSession(linkToken);
    const app = this.#appTokens.get(linkToken);
    if (!session || !app || session.status !== 'open') throw new PosError('link.failed', { message: 'This linking session cannot be opened any more. Start linking again.' });
    if (session.expiresAt <= this.#now()) throw new PosError('link.expired');
    return { url: session.consentUrl, headers: { [app.header]: app.token }, callbackUrl: session.callbackUrl, expiresAt: new Date(session.expiresAt).toISOString() };
  }

  /** The consent window reached the callback: check `state`, exchange `code` at once. */
  async completeLink(linkToken: string, redirectedTo: string): Promise<LinkedCustomerView> {
    const session = this.#requireSession(linkToken);
    return this.#exclusive(session.merchantUserId, async () => {
      const current = this.#requireSession(linkToken);
      if (current.status === 'linked') return this.#customerView(current.merchantUserId);
      this.#refuseClosedSession(current);
      const url = URL.canParse(redirectedTo) ? new URL(redirectedTo) : null;
      const expected = new URL(current.callbackUrl);
      if (!url || url.origin !== expected.origin || url.pathname !== expected.pathname) {
        throw new PosError('link.failed', { message: 'The approval came back to an unexpected address. Start linking again.' });
      }
      const state = url.searchParams.get('state') ?? '';
      const code = url.searchParams.get('code');
      if (!sameHash(sha256(state), current.stateHash)) {
        this.#journal.updateLinkSession(linkToken, 'failed', 'state-mismatch');
        throw new PosError('link.failed', { message: 'The approval did not match the request this till sent. Start linking again.' });
      }
      if (!code) {
        this.#journal.updateLinkSession(linkToken, 'failed', url.searchParams.get('error') ?? 'no-code');
        throw new PosError('link.failed');
      }
      return this.#exchange(current, code);
    });
  }

  /** Polls the session; completes it from the provider's poll (authCode while CODE_ISSUED) if the redirect was not seen. */
  async linkStatus(linkToken: string): Promise<LinkProgress> {
    const session = this.#requireSession(linkToken);
    return this.#exclusive(session.merchantUserId, async () => {
      const current = this.#requireSession(linkToken);
      const settled = this.#settledProgress(current);
      if (settled) return settled;
      const { client } = await this.#connection();
      const status = await this.#audit.run({ merchantUserId: current.merchantUserId, merchantRef: null }, () => client.getLinkSession(linkToken)).catch((error: unknown) => {
        if (error instanceof PosError && (error.code === 'link.failed' || error.code === 'link.expired')) {
          this.#journal.updateLinkSession(linkToken, error.code === 'link.expired' ? 'expired' : 'failed', error.details?.providerCode?.toString() ?? error.code);
          return null;
        }
        throw error;
      });
      if (status === null) return this.#settledProgress(this.#requireSession(linkToken))!;
      if (status.status === 'EXPIRED') {
        this.#journal.updateLinkSession(linkToken, 'expired');
        return this.#settledProgress(this.#requireSession(linkToken))!;
      }
      if (status.status === 'COMPLETED') {
        // The provider handed its code out and it was exchanged, yet this till holds no link from it (the
        // exchange's answer was lost, or the token could not be stored): nothing more will come. Link again.
        this.#journal.updateLinkSession(linkToken, 'failed', 'completed-without-link');
        return this.#settledProgress(this.#requireSession(linkToken))!;
      }
      if (status.status === 'CODE_ISSUED' && status.authCode) {
        // The code came over our authenticated API call, not through a browser: no state to check.
        const customer = await this.#exchange(current, status.authCode).catch((error: unknown) => {
          if (error instanceof PosError) return null;
          throw error;
        });
        if (customer) return { state: 'linked', customer, message: null };
        return this.#settledProgress(this.#requireSession(linkToken)) ?? { state: 'failed', customer: null, message: 'Linking did not complete. Start linking again.' };
      }
      return { state: 'waiting', customer: null, message: null };
    });
  }

  // ---- customers ----

  async find(merchantUserId: string): Promise<LinkedCustomerDetail> {
    this.#requireCustomer(merchantUserId);
    const refresh = this.#refreshHolds(merchantUserId);
    // Answer from the journal if the provider is slow; the refresh goes on and announces what it finds.
    await Promise.race([refresh, new Promise((resolve) => setTimeout(resolve, this.#refreshBudgetMs).unref())]);
    return this.#detail(merchantUserId);
  }

  async cashback(merchantUserId: string): Promise<Money> {
    const customer = this.#requireCustomer(merchantUserId);
    const { client } = await this.#connection();
    const token = await this.#tokenOf(customer);
    return this.#withTokenCheck(merchantUserId, () => this.#audit.run({ merchantUserId, merchantRef: null }, () => client.cashbackBalance(token)));
  }

  async charge(merchantUserId: string, amount: Money, useCashback: boolean): Promise<CustomerChargeView> {
    const row = await this.#recordAndSend('charge', merchantUserId, amount, useCashback, `charge ${formatMoney(amount)} (cashback ${useCashback ? 'on' : 'off'})`);
    this.#publish(merchantUserId);
    return toChargeView(row);
  }

  async placeHold(merchantUserId: string, amount: Money): Promise<HoldView> {
    // Cashback is chosen at capture time for a hold; the attempt keeps the default until then.
    const row = await this.#recordAndSend('hold', merchantUserId, amount, true, `hold ${formatMoney(amount)}`);
    this.#publish(merchantUserId);
    return toHoldView(row, this.#ttlMs);
  }

  /** A new charge or hold: write-ahead record with a fresh merchantRef and key, then the first send. */
  async #recordAndSend(kind: 'charge' | 'hold', merchantUserId: string, amount: Money, useCashback: boolean, summary: string) {
    return this.#exclusive(merchantUserId, async () => {
      const customer = this.#requireCustomer(merchantUserId);
      this.#refuseWhileOutcomeUnknown(merchantUserId);
      if (kind === 'hold') this.#refuseWhileHoldPending(merchantUserId);
      const connection = await this.#connection();
      this.#checkAmount(amount, connection.currency);
      const token = await this.#tokenOf(customer, connection);
      const localDay = localDayOf(this.#now(), this.#timeZone);
      const recorded = this.#journal.recordAttempt({
        merchantRef: newMerchantRef(kind, this.#context.settings.current().terminalReference, localDay),
        kind,
        merchantUserId,
        merchantId: connection.merchantId,
        amountMinor: amount.amountMinor,
        currency: amount.currency,
        useCashback,
        idempotencyKey: randomUUID(),
        localDay,
      });
      this.#journal.appendEvent({ merchantUserId, merchantRef: recorded.merchantRef, kind: 'request', summary });
      return this.#sendCreate(recorded, connection.client, token, { foreground: true });
    });
  }

  /**
   * A charge or hold whose answer was lost may have gone through. A second one now, under a new key, could
   * take the money twice: the cashier waits for the first to be settled (the service is resolving it).
   */
  #refuseWhileOutcomeUnknown(merchantUserId: string): void {
    const unknown = this.#journal.unknownOutcomesOf(merchantUserId)[0];
    if (!unknown) return;
    throw new PosError('customer.outcome-unknown', {
      retryable: true,
      details: { merchantRef: unknown.merchantRef, amountMinor: unknown.amountMinor, currency: unknown.currency },
    });
  }

  /**
   * A hold the provider answered PENDING is still being approved and will very likely be placed. Another one
   * now would hold the amount twice (the cashier, seeing no "Authorised", taps again): wait for its answer.
   */
  #refuseWhileHoldPending(merchantUserId: string): void {
    const pending = this.#journal.pendingHoldsOf(merchantUserId)[0];
    if (!pending) return;
    throw new PosError('customer.hold-pending', {
      retryable: true,
      details: { merchantRef: pending.merchantRef, amountMinor: pending.amountMinor, currency: pending.currency },
    });
  }

  async capture(merchantRef: string, useCashback: boolean | undefined): Promise<HoldView> {
    const hold = this.#requireHold(merchantRef);
    const row = await this.#exclusive(hold.merchantUserId, async () => {
      const current = this.#requireHold(merchantRef);
      if (current.state === 'capturing' || isCaptured(current)) return current;
      this.#refuseUnlessAuthorized(current, 'capture');
      const { client } = await this.#connection();
      const opKey = randomUUID();
      // A new capture supersedes an earlier rejected one: its own answer (or the GET that resolves it) decides.
      let row = this.#update(current, { state: 'capturing', opKey, captureFailure: null, unresolvedReason: null, ...(useCashback === undefined ? {} : { useCashback }) }, 'capture sent');
      let result: PaymentResult;
      try {
        result = await this.#audit.run({ merchantUserId: row.merchantUserId, merchantRef }, () =>
          client.capturePreAuth(row.providerId!, { callbackUrl: this.orderWebhookUrl() ?? undefined, useCashback }, { idempotencyKey: opKey }),
        );
      } catch (error) {
        return this.#afterOperationError(row, 'capture', error);
      }
      if (result.status !== 'APPROVED') return this.#afterCaptureRejected(row, result);
      row = this.#update(row, { state: 'final', opKey: null, providerStatus: 'CAPTURE_INITIATED', orderUuid: result.orderUuid }, `captured, order ${result.orderUuid}`);
      return row;
    });
    this.#publish(hold.merchantUserId);
    return toHoldView(row, this.#ttlMs);
  }

  async voidHold(merchantRef: string, reason: string): Promise<HoldView> {
    const hold = this.#requireHold(merchantRef);
    const row = await this.#exclusive(hold.merchantUserId, async () => {
      const current = this.#requireHold(merchantRef);
      if (current.state === 'voiding' || (current.state === 'final' && current.providerStatus === 'VOIDED')) return current;
      this.#refuseUnlessAuthorized(current, 'void');
      const { client } = await this.#connection();
      const opKey = randomUUID();
      let row = this.#update(current, { state: 'voiding', opKey, voidReason: reason, unresolvedReason: null }, 'void sent');
      try {
        await this.#audit.run({ merchantUserId: row.merchantUserId, merchantRef }, () => client.voidPreAuth(row.providerId!, { reason }, { idempotencyKey: opKey }));
        row = this.#update(row, { state: 'final', opKey: null, providerStatus: 'VOIDED' }, 'voided');
        return row;
      } catch (error) {
        return this.#afterOperationError(row, 'void', error);
      }
    });
    this.#publish(hold.merchantUserId);
    return toHoldView(row, this.#ttlMs);
  }

  async unlink(merchantUserId: string): Promise<LinkedCustomerView> {
    const view = await this.#exclusive(merchantUserId, async () => {
      const customer = this.#requireCustomer(merchantUserId);
      if (customer.status === 'unlinked') return toCustomerView(customer);
      if (this.#journal.unknownOutcomesOf(merchantUserId).length > 0) {
        // "Capture or release it" would be wrong advice for a request whose result nobody knows yet.
        throw new PosError('unlink.blocked', {
          message: 'A charge or hold for this customer is still being checked with the provider. Wait for its result, then unlink.',
          retryable: true,
        });
      }
      const open = this.#journal.openHoldsOf(merchantUserId);
      if (open.length > 0) {
        throw new PosError('unlink.blocked', {
          message: `This customer has ${open.length === 1 ? 'an open hold' : `${open.length} open holds`}. Capture or release ${open.length === 1 ? 'it' : 'them'} before unlinking.`,
          details: { openHolds: open.length },
        });
      }
      if (customer.status === 'relink-needed') return toCustomerView(this.#journal.dropToken(merchantUserId, 'unlinked'));
      const { client } = await this.#connection();
      const token = await this.#tokenOf(customer).catch(() => null);
      if (token !== null) {
        try {
          await this.#audit.run({ merchantUserId, merchantRef: null }, () => client.unlink(token));
        } catch (error) {
          if (error instanceof PosError && error.code === 'unlink.blocked') {
            // No hold here counts as open, yet the provider has an authorised one: a hold this till stopped
            // checking (listed "Stopped checking"), or one placed elsewhere. Capturing or releasing it here is
            // not possible, so "capture or release it" would be no help.
            throw new PosError('unlink.blocked', {
              message: 'The wallet still has an open hold for this customer that this till cannot settle (one it stopped checking, or one placed elsewhere). Check it with the provider before unlinking.',
              details: error.details,
              cause: error,
            });
          }
          // Unknown or already unlinked at the provider (404 / 401): the link is gone either way.
          if (!(error instanceof PosError && error.code === 'payment-token.invalid')) throw error;
        }
      }
      this.#journal.appendEvent({ merchantUserId, kind: 'status', summary: 'unlinked' });
      return toCustomerView(this.#journal.dropToken(merchantUserId, 'unlinked'));
    });
    this.#publish(merchantUserId);
    return view;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    this.#access.close();
    await this.#webhooks?.close();
    // Let requests in flight finish their journal writes before the file closes.
    await Promise.allSettled([...this.#locks.values()]);
  }

  // ---- sending and resolving ----

  /**
   * Sends (or re-sends, same key and merchantRef) the create of a hold or a charge and records the answer.
   * An unknown outcome leaves the row `checking` and schedules its resolution; a refusal marks it not-sent.
   */
  async #sendCreate(row: CustomerAttemptRow, client: TokenizedClient, token: string, how: { foreground: boolean }): Promise<CustomerAttemptRow> {
    const scope = { merchantUserId: row.merchantUserId, merchantRef: row.merchantRef };
    const amount = money(row.amountMinor, row.currency);
    const input = { paymentToken: token, merchantUserId: row.merchantUserId, amount, merchantRef: row.merchantRef };
    try {
      if (row.kind === 'charge') {
        const result = await this.#audit.run(scope, () =>
          client.charge({ ...input, useCashback: row.useCashback, callbackUrl: this.orderWebhookUrl() ?? undefined }, { idempotencyKey: row.idempotencyKey }),
        );
        return this.#applyCharge(row, result);
      }
      const record = await this.#audit.run(scope, () => client.createPreAuth(input, { idempotencyKey: row.idempotencyKey }));
      return this.#applyPreAuth(row, record);
    } catch (error) {
      if (isOutcomeUnknown(error) || !(error instanceof PosError)) {
        const updated = this.#update(row, { state: 'checking', unresolvedReason: reasonOf(error) }, `outcome unknown (${reasonOf(error)}); being checked`);
        this.#scheduleResolve(row.merchantRef, how.foreground ? 0 : undefined);
        return updated;
      }
      if (!how.foreground) {
        // A re-send exists only because an EARLIER send (or a crash mid-send) may have acted. Its refusal — or
        // a failure before it even left (login, clock) — proves this re-send was not processed, not that the
        // first one wasn't: marking it not-sent would invite the cashier to charge again. It stays unknown.
        if (error.code === 'payment-token.invalid') this.#markRelinkNeeded(row.merchantUserId);
        const transient = isRetryableCode(error.code) || error.code.startsWith('auth.') || error.code === 'provider.bad-response' || error.code === 'settings.invalid';
        const reason = transient ? error.code : stopped(`the provider refused the re-send (${error.message}); check it with the provider`);
        return this.#update(row, { state: 'checking', unresolvedReason: reason }, `re-send refused (${error.code}); the first send's outcome is still unknown`);
      }
      this.#update(row, { state: 'not-sent', failureReason: error.code, unresolvedReason: null }, `refused: ${error.code}`);
      if (error.code === 'payment-token.invalid') this.#markRelinkNeeded(row.merchantUserId);
      if (how.foreground) throw error;
      return this.#journal.getAttempt(row.merchantRef)!;
    }
  }

  #applyCharge(row: CustomerAttemptRow, result: PaymentResult): CustomerAttemptRow {
    return this.#update(
      row,
      { state: 'final', providerId: result.uuid, providerStatus: result.status, failureReason: result.failureReason, orderUuid: result.orderUuid, unresolvedReason: null },
      result.status === 'APPROVED' ? `charge approved, order ${result.orderUuid}` : `charge rejected (${result.failureReason ?? 'no reason given'})`,
    );
  }

  #applyPreAuth(row: CustomerAttemptRow, record: PreAuthRecord): CustomerAttemptRow {
    const patch: CustomerAttemptPatch = {
      providerId: record.id,
      providerStatus: record.status,
      failureReason: record.failureReason,
      orderUuid: record.orderUuid,
      unresolvedReason: null,
      opKey: null,
      state: record.status === 'PENDING' || record.status === 'AUTHORIZED' ? 'open' : 'final',
      ...(record.status === 'AUTHORIZED' && row.authorizedAt === null ? { authorizedAt: this.#now() } : {}),
    };
    const changed = row.providerStatus !== record.status || row.state !== patch.state;
    const updated = this.#update(row, patch, changed ? `hold ${record.status}${record.failureReason ? ` (${record.failureReason})` : ''}` : null);
    if (record.status === 'PENDING') this.#scheduleResolve(row.merchantRef);
    return updated;
  }

  /**
   * The provider answered the capture 201 REJECTED: nothing was taken (document: a rejected payment is still a
   * 201; callers must check the body). The document gives no pre-auth transition for a capture that was not
   * accepted, so the hold is never assumed captured nor gone: it is marked capture-failed with the reason,
   * left open (it blocks unlinking and is refreshed like any open hold) and its real state is asked for at
   * once with `GET /pre-auths/{id}`. Still AUTHORIZED: the cashier can release it (or try the capture again);
   * anything else the provider says is recorded, and a hold it claims captured still reads capture-failed.
   */
  async #afterCaptureRejected(row: CustomerAttemptRow, result: PaymentResult): Promise<CustomerAttemptRow> {
    const reason = result.failureReason ?? result.status;
    const rejected = this.#journal.atomically(() => {
      const updated = this.#journal.updateAttempt(row.merchantRef, { state: 'open', opKey: null, captureFailure: reason, unresolvedReason: null });
      // The rejected capture still made an order, whose FAILED webhook must be known as this hold's.
      this.#journal.recordRejectedCapture({ merchantRef: row.merchantRef, orderUuid: result.orderUuid, failureReason: result.failureReason });
      this.#journal.appendEvent({
        merchantUserId: row.merchantUserId,
        merchantRef: row.merchantRef,
        kind: 'status',
        summary: `capture rejected (${reason}); nothing taken; checking the hold with the provider`,
        data: { status: result.status, failureReason: result.failureReason, orderUuid: result.orderUuid },
      });
      return updated;
    });
    let synced: CustomerAttemptRow;
    try {
      synced = await this.#syncHold(rejected);
    } catch (error) {
      // The rejection itself is known; the hold's state is refreshed the next time the customer is opened.
      this.#log(`after rejected capture ${row.merchantRef}: ${describe(error)}`);
      return rejected;
    }
    if (synced.providerStatus === 'CAPTURE_INITIATED' || synced.providerStatus === 'CAPTURED') {
      this.#journal.appendEvent({
        merchantUserId: row.merchantUserId,
        merchantRef: row.merchantRef,
        kind: 'note',
        summary: `the provider's pre-auth says ${synced.providerStatus} although its capture was answered REJECTED; the synchronous answer stands — check it with the provider`,
      });
    }
    return synced;
  }

  /** A capture or void that failed: unknown → resolve by GET; a 409 → learn the truth by GET; else back to open. */
  async #afterOperationError(row: CustomerAttemptRow, operation: 'capture' | 'void', error: unknown): Promise<CustomerAttemptRow> {
    if (isOutcomeUnknown(error) || !(error instanceof PosError)) {
      const updated = this.#update(row, { unresolvedReason: reasonOf(error) }, `${operation} outcome unknown (${reasonOf(error)}); checking the hold`);
      this.#scheduleResolve(row.merchantRef, 0);
      return updated;
    }
    if (error.details?.httpStatus === 409 || error.code.startsWith('preauth.')) {
      const synced = await this.#syncHold(row).catch(() => null);
      const now = synced ?? this.#update(row, { state: 'open', opKey: null }, null);
      // Already in the state the cashier asked for (an earlier attempt got through): that is success.
      if ((operation === 'capture' && isCaptured(now)) || (operation === 'void' && now.providerStatus === 'VOIDED')) return now;
      throw error;
    }
    this.#update(row, { state: 'open', opKey: null, unresolvedReason: null }, `${operation} refused: ${error.code}`);
    throw error;
  }

  /** `GET /pre-auths/{id}` → the row (a capture or void in flight is settled by what the provider says). */
  async #syncHold(row: CustomerAttemptRow): Promise<CustomerAttemptRow> {
    const { client } = await this.#connection();
    const record = await this.#audit.run({ merchantUserId: row.merchantUserId, merchantRef: row.merchantRef }, () => client.getPreAuth(row.providerId!));
    const current = this.#journal.getAttempt(row.merchantRef)!;
    if (current.state === 'capturing' && record.status === 'AUTHORIZED') {
      this.#journal.appendEvent({ merchantUserId: row.merchantUserId, merchantRef: row.merchantRef, kind: 'note', summary: 'the capture did not reach the provider; the hold is still authorised' });
    }
    if (current.state === 'voiding' && record.status === 'AUTHORIZED') {
      this.#journal.appendEvent({ merchantUserId: row.merchantUserId, merchantRef: row.merchantRef, kind: 'note', summary: 'the void did not reach the provider; the hold is still authorised' });
    }
    // A webhook may already have confirmed CAPTURED; a GET answering CAPTURE_INITIATED must not step it back.
    if (current.providerStatus === 'CAPTURED' && record.status === 'CAPTURE_INITIATED') return current;
    return this.#applyPreAuth(current, record);
  }

  /**
   * Resolves `merchantRef` after a wait: immediately with delayMs 0, else by the backoff for its attempt
   * count. A resolution already scheduled is kept (unless asked for now), so callers may ask freely.
   */
  #scheduleResolve(merchantRef: string, delayMs?: number): void {
    if (this.#closed) return;
    const existing = this.#timers.get(merchantRef);
    if (existing && delayMs === undefined) return;
    if (existing) clearTimeout(existing);
    const attempt = this.#attempts.get(merchantRef) ?? 0;
    const timer = setTimeout(() => {
      this.#timers.delete(merchantRef);
      void this.#resolve(merchantRef);
    }, delayMs ?? this.#delays[Math.min(attempt, this.#delays.length - 1)]!);
    timer.unref();
    this.#timers.set(merchantRef, timer);
  }

  async #resolve(merchantRef: string): Promise<void> {
    const row = this.#journal.getAttempt(merchantRef);
    if (!row || this.#closed) return;
    this.#attempts.set(merchantRef, (this.#attempts.get(merchantRef) ?? 0) + 1);
    try {
      const after = await this.#exclusive(row.merchantUserId, () => this.#resolveOnce(merchantRef));
      if (after === null || isSettled(after)) this.#attempts.delete(merchantRef);
      else if (!isStoppedReason(after.unresolvedReason)) this.#scheduleResolve(merchantRef);
      this.#publish(row.merchantUserId);
    } catch (error) {
      this.#log(`resolve ${merchantRef}: ${describe(error)}`);
      this.#scheduleResolve(merchantRef);
    }
  }

  async #resolveOnce(merchantRef: string): Promise<CustomerAttemptRow | null> {
    const row = this.#journal.getAttempt(merchantRef);
    if (!row) return null;
    switch (row.state) {
      case 'sending':
      case 'checking': {
        // A stopped create is never sent again by itself, not even after a restart: a stopped row no longer
        // blocks the customer, who may have paid another way since; only the cashier, with the provider, settles it.
        if (isStoppedReason(row.unresolvedReason)) return row;
        if (this.#now() - row.createdAt > this.#resendWindowMs) {
          // Re-sending now could take the money long after the customer left (see DEFAULT_RESEND_WINDOW_MS).
          const minutes = Math.round(this.#resendWindowMs / 60_000);
          return this.#update(
            row,
            { state: 'checking', unresolvedReason: stopped(`not re-sent more than ${minutes} minutes after it was first sent, so it cannot charge the customer late; check it with the provider`) },
            `resolution stopped: more than ${minutes} minutes since the first send; not re-sent`,
          );
        }
        const customer = this.#journal.getCustomer(row.merchantUserId);
        const connection = await this.#connection();
        // Only a token that is gone for good stops the resolution; a passing failure (the key store busy) is
        // retried like any other, and the row keeps blocking new charges meanwhile.
        const token = customer ? await this.#tokenOf(customer, connection).catch(tokenGoneForGood) : null;
        if (token === null) {
          return this.#update(row, { state: 'checking', unresolvedReason: stopped("the customer's link is no longer valid; check it with the provider") }, 'resolution stopped: no usable token');
        }
        this.#journal.appendEvent({ merchantUserId: row.merchantUserId, merchantRef, kind: 'request', summary: 're-sent with the same idempotency key and merchantRef to learn the outcome' });
        return this.#sendCreate(row, connection.client, token, { foreground: false });
      }
      case 'capturing':
      case 'voiding':
        return this.#syncHoldOrStop(row);
      case 'open':
        return row.providerStatus === 'PENDING' ? this.#syncHoldOrStop(row) : row;
      default:
        return row;
    }
  }

  /**
   * #syncHold for the resolver. A hold the provider keeps answering "not found" for (the environment or
   * merchant changed under it) will not turn up by asking every minute forever: once the backoff has run its
   * course, resolution stops and the hold says why, like a create that is too old to re-send.
   */
  async #syncHoldOrStop(row: CustomerAttemptRow): Promise<CustomerAttemptRow> {
    try {
      return await this.#syncHold(row);
    } catch (error) {
      const notFound = error instanceof PosError && error.code === 'preauth.not-found';
      if (!notFound || (this.#attempts.get(row.merchantRef) ?? 0) < this.#delays.length) throw error;
      return this.#update(
        row,
        { unresolvedReason: stopped('the provider does not know this hold (environment or merchant changed?); check it with the provider') },
        'resolution stopped: the provider keeps answering pre-auth.not-found',
      );
    }
  }

  /** Refreshes this customer's holds that can still change (open ones, captures awaiting confirmation). */
  async #refreshHolds(merchantUserId: string): Promise<void> {
    const holds = this.#journal
      .attemptsOf(merchantUserId, 'hold')
      .filter((row) => row.providerId !== null && (row.state === 'open' || (row.state === 'final' && row.providerStatus === 'CAPTURE_INITIATED')));
    if (holds.length === 0) return;
    let changed = false;
    for (const hold of holds) {
      try {
        await this.#exclusive(merchantUserId, async () => {
          const current = this.#journal.getAttempt(hold.merchantRef)!;
          if (current.state !== hold.state) return;
          const after = await this.#syncHold(current);
          changed ||= after.version !== current.version;
        });
      } catch (error) {
        this.#log(`refresh ${hold.merchantRef}: ${describe(error)}`);
      }
    }
    if (changed) this.#publish(merchantUserId);
  }

  // ---- the order-outcome webhook ----

  async #onOrderOutcome(notification: OrderOutcomeNotification): Promise<void> {
    const found = this.#journal.attemptByOrderUuid(notification.order_uuid);
    const rejected = found ? null : this.#journal.rejectedCaptureByOrderUuid(notification.order_uuid);
    if (rejected) {
      await this.#exclusive(rejected.attempt.merchantUserId, async () => this.#onRejectedCaptureOutcome(rejected.attempt, notification));
      return;
    }
    if (!found) {
      // Unsigned: an unknown order_uuid is not acted on (document receiver rule 2).
      this.#log(`order webhook for unknown order ${notification.order_uuid.slice(0, 64)} ignored`);
      return;
    }
    await this.#exclusive(found.merchantUserId, async () => {
      const row = this.#journal.getAttempt(found.merchantRef)!;
      const outcome = ['SUCCESS', 'FAILED', 'ERROR'].includes(notification.order_status) ? notification.order_status : null;
      const data = { orderUuid: notification.order_uuid, orderStatus: notification.order_status, failureCode: notification.failure_code ?? null };
      if (row.orderOutcome !== null) {
        const same = row.orderOutcome === outcome;
        this.#journal.appendEvent({ merchantUserId: row.merchantUserId, merchantRef: row.merchantRef, kind: 'webhook', summary: same ? 'duplicate order webhook ignored' : `later order webhook (${notification.order_status}) ignored; the first one stands`, data });
        return;
      }
      if (outcome === null) {
        this.#journal.appendEvent({ merchantUserId: row.merchantUserId, merchantRef: row.merchantRef, kind: 'webhook', summary: `order webhook with unknown status ${notification.order_status.slice(0, 32)} recorded`, data });
        return;
      }
      const patch: CustomerAttemptPatch = { orderOutcome: outcome };
      let summary = `order webhook: ${outcome}`;
      if (row.kind === 'hold' && row.providerStatus === 'CAPTURE_INITIATED' && outcome === 'SUCCESS') {
        Object.assign(patch, { providerStatus: 'CAPTURED' });
        summary += '; capture confirmed';
      }
      const agrees = row.kind === 'charge' ? (row.providerStatus === 'APPROVED') === (outcome === 'SUCCESS') : outcome === 'SUCCESS';
      if (!agrees) summary += `; it disagrees with the synchronous answer (${row.providerStatus ?? 'none'}), which stands`;
      this.#journal.atomically(() => {
        this.#journal.updateAttempt(row.merchantRef, patch, row.version);
        this.#journal.appendEvent({ merchantUserId: row.merchantUserId, merchantRef: row.merchantRef, kind: 'webhook', summary, data });
      });
    });
    this.#publish(found.merchantUserId);
  }

  /**
   * The webhook of the order a capture answered REJECTED created: recorded against the hold, nothing changed
   * (the synchronous REJECTED is the truth, and the hold's own state comes from GET /pre-auths/{id}).
   */
  #onRejectedCaptureOutcome(hold: CustomerAttemptRow, notification: OrderOutcomeNotification): void {
    const status = notification.order_status.slice(0, 32);
    const order = notification.order_uuid;
    const first = this.#journal.noteRejectedCaptureWebhook(order, status);
    const summary = !first
      ? `duplicate order webhook for the rejected capture ignored (order ${order}, ${status})`
      : status === 'SUCCESS'
        ? `order webhook SUCCESS for the capture answered REJECTED (order ${order}); the synchronous answer stands — check it with the provider`
        : `order webhook ${status} for the capture answered REJECTED (order ${order}): nothing taken, as answered`;
    this.#journal.appendEvent({
      merchantUserId: hold.merchantUserId,
      merchantRef: hold.merchantRef,
      kind: 'webhook',
      summary,
      data: { orderUuid: order, orderStatus: notification.order_status, failureCode: notification.failure_code ?? null },
    });
  }

  // ---- helpers ----

  async #exchange(session: LinkSessionRow, code: string): Promise<LinkedCustomerView> {
    const connection = await this.#connection();
    if (connection.merchantId !== session.merchantId) {
      this.#journal.updateLinkSession(session.linkToken, 'failed', 'merchant-changed');
      throw new PosError('link.failed', { message: 'The merchant settings changed while linking. Start linking again.' });
    }
    this.#journal.updateLinkSession(session.linkToken, 'exchanging');
    let paymentToken: string;
    try {
      ({ paymentToken } = await this.#audit.run({ merchantUserId: session.merchantUserId, merchantRef: null }, () => connection.client.exchangeCode(code)));
    } catch (error) {
      this.#journal.updateLinkSession(session.linkToken, error instanceof PosError && error.code === 'link.expired' ? 'expired' : 'failed', error instanceof PosError ? error.code : 'internal');
      throw error;
    }
    let customer: CustomerRow;
    try {
      const sealed = await this.#cipher.seal(paymentToken, session.merchantUserId);
      customer = this.#journal.atomically(() => {
        const row = this.#journal.saveLinked({ merchantUserId: session.merchantUserId, merchantId: session.merchantId, tokenSealed: sealed, hint: session.hint });
        this.#journal.updateLinkSession(session.linkToken, 'linked');
        this.#journal.appendEvent({ merchantUserId: session.merchantUserId, kind: 'status', summary: `linked (session ${session.linkToken})` });
        return row;
      });
    } catch (error) {
      // The code is spent and the token could not be kept: left 'exchanging', the session would look alive
      // until it expires (a poll says "waiting" for 20 minutes). It failed; linking again gives the same token.
      try {
        this.#journal.updateLinkSession(session.linkToken, 'failed', `store-failed: ${reasonOf(error)}`);
      } catch {
        // The journal itself is down: its own error below is the one to show.
      }
      if (error instanceof PosError) throw error;
      throw new PosError('vault.unavailable', {
        message: "The customer approved, but this till could not store the link safely. Check this computer's key store, then link the customer again.",
        cause: error,
      });
    }
    this.#appTokens.delete(session.linkToken);
    this.#publish(session.merchantUserId);
    return toCustomerView(customer);
  }

  #settledProgress(session: LinkSessionRow): LinkProgress | null {
    if (session.status === 'linked') {
      const customer = this.#journal.getCustomer(session.merchantUserId);
      return { state: 'linked', customer: customer ? toCustomerView(customer) : null, message: null };
    }
    if (session.status === 'failed') return { state: 'failed', customer: null, message: 'Linking did not complete. Start linking again.' };
    if (session.status === 'expired' || session.expiresAt <= this.#now()) {
      if (session.status !== 'expired') this.#journal.updateLinkSession(session.linkToken, 'expired');
      return { state: 'expired', customer: null, message: 'The linking session expired. Start linking again.' };
    }
    return null;
  }

  #refuseClosedSession(session: LinkSessionRow): void {
    const settled = this.#settledProgress(session);
    if (settled?.state === 'expired') throw new PosError('link.expired');
    if (settled) throw new PosError('link.failed');
  }

  #requireSession(linkToken: string): LinkSessionRow {
    const session = this.#journal.getLinkSession(linkToken);
    if (!session) throw new PosError('link.failed', { message: 'This linking session is not known on this till. Start linking again.' });
    return session;
  }

  #requireCustomer(merchantUserId: string): CustomerRow {
    const customer = this.#journal.getCustomer(merchantUserId);
    if (!customer) throw new PosError('customer.not-found', { details: { merchantUserId } });
    return customer;
  }

  #requireHold(merchantRef: string): CustomerAttemptRow {
    const row = this.#journal.getAttempt(merchantRef);
    if (!row || row.kind !== 'hold') throw new PosError('preauth.not-found', { message: 'No hold with this reference on this till.' });
    return row;
  }

  #refuseUnlessAuthorized(row: CustomerAttemptRow, operation: 'capture' | 'void'): void {
    if (row.state === 'open' && row.providerStatus === 'AUTHORIZED') return;
    if (row.state === 'open' || row.state === 'sending' || row.state === 'checking') throw new PosError('preauth.pending');
    if (row.state === 'capturing' || isCaptured(row)) throw new PosError('preauth.already-captured');
    if (row.state === 'voiding' || row.providerStatus === 'VOIDED') throw new PosError('preauth.already-voided');
    if (row.providerStatus === 'EXPIRED') throw new PosError('preauth.expired');
    if (row.providerStatus === 'DECLINED') throw new PosError('preauth.declined');
    throw new PosError('preauth.not-found', { message: `This hold was never placed, so it cannot be ${operation === 'capture' ? 'captured' : 'released'}.` });
  }

  /** The customer's token, opened; refuses (relink) when they are not linked under the current merchant. */
  async #tokenOf(customer: CustomerRow, connection?: TokenizedConnection): Promise<string> {
    if (customer.status !== 'linked' || customer.tokenSealed === null) {
      throw new PosError('payment-token.invalid', {
        message: customer.status === 'unlinked' ? 'This customer is unlinked. Link the customer again.' : undefined,
        details: { merchantUserId: customer.merchantUserId, attempts: 0, outcomeUnknown: false },
      });
    }
    const current = connection ?? (await this.#connection());
    if (customer.merchantId !== current.merchantId) {
      this.#markRelinkNeeded(customer.merchantUserId);
      throw new PosError('payment-token.invalid', { message: 'This customer was linked under another merchant account. Link the customer again.' });
    }
    try {
      return await this.#cipher.open(customer.tokenSealed, customer.merchantUserId);
    } catch (error) {
      if (error instanceof PosError && error.code === 'payment-token.invalid') this.#markRelinkNeeded(customer.merchantUserId);
      throw error;
    }
  }

  async #withTokenCheck<T>(merchantUserId: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof PosError && error.code === 'payment-token.invalid') {
        this.#markRelinkNeeded(merchantUserId);
        this.#publish(merchantUserId);
      }
      throw error;
    }
  }

  #markRelinkNeeded(merchantUserId: string): void {
    const customer = this.#journal.getCustomer(merchantUserId);
    if (!customer || customer.status !== 'linked') return;
    this.#journal.atomically(() => {
      this.#journal.dropToken(merchantUserId, 'relink-needed');
      this.#journal.appendEvent({ merchantUserId, kind: 'status', summary: 'the provider refused the payment token: link again' });
    });
  }

  #checkAmount(amount: Money, channelCurrency: CurrencyCode): void {
    if (amount.currency !== channelCurrency) {
      throw new PosError('currency.unsupported', { message: `Linked-customer payments are in ${channelCurrency} on this till.` });
    }
    const { minMinor, maxMinor } = this.#context.settings.current().amountLimits;
    if (amount.amountMinor < minMinor) throw new PosError('amount.invalid');
    if (amount.amountMinor > maxMinor) {
      throw new PosError('amount.over-limit', { message: `This amount is above the limit for this terminal (${formatMoney(money(maxMinor, amount.currency))}).` });
    }
  }

  #update(row: CustomerAttemptRow, patch: CustomerAttemptPatch, summary: string | null): CustomerAttemptRow {
    const updated = this.#journal.atomically(() => {
      const updated = this.#journal.updateAttempt(row.merchantRef, patch);
      if (summary) this.#journal.appendEvent({ merchantUserId: row.merchantUserId, merchantRef: row.merchantRef, kind: 'status', summary });
      return updated;
    });
    this.#countsChanged();
    return updated;
  }

  /** The status bar's Unresolved count includes this service's rows: have it recounted now, not at the next probe. */
  #countsChanged(): void {
    if (!this.#closed) this.#context.countsChanged();
  }

  #customerView(merchantUserId: string): LinkedCustomerView {
    return toCustomerView(this.#requireCustomer(merchantUserId));
  }

  #detail(merchantUserId: string): LinkedCustomerDetail {
    return {
      customer: this.#customerView(merchantUserId),
      holds: this.#journal.attemptsOf(merchantUserId, 'hold').map((row) => toHoldView(row, this.#ttlMs)),
      charges: this.#journal.attemptsOf(merchantUserId, 'charge').map(toChargeView),
    };
  }

  #publish(merchantUserId: string): void {
    // Every path that changed a row ends here (some through journal writes that bypass #update).
    this.#countsChanged();
    if (!this.#options.emit || this.#closed) return;
    try {
      if (this.#journal.getCustomer(merchantUserId)) this.#options.emit('customers.updated', this.#detail(merchantUserId));
    } catch (error) {
      this.#log(`publish ${merchantUserId}: ${describe(error)}`);
    }
  }

  #connection(): Promise<TokenizedConnection> {
    return this.#access.connection();
  }

  /** Runs `work` after every earlier write for this customer has finished. */
  #exclusive<T>(merchantUserId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#locks.get(merchantUserId) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    this.#locks.set(merchantUserId, tail);
    void tail.then(() => {
      if (this.#locks.get(merchantUserId) === tail) this.#locks.delete(merchantUserId);
    });
    return run;
  }

  #auditExchange(exchange: TokenizedExchange): void {
    if (exchange.operation === 'pre-auth-status' && exchange.error === null) return;
    const scope = this.#audit.getStore();
    if (!scope || this.#closed) return;
    const outcome = exchange.error ? exchange.error.code : `HTTP ${exchange.status}`;
    try {
      this.#journal.appendEvent({
        merchantUserId: scope.merchantUserId,
        merchantRef: scope.merchantRef,
        kind: exchange.error ? 'error' : 'response',
        summary: `${exchange.operation} attempt ${exchange.attempt}: ${outcome} after ${exchange.durationMs} ms`,
        data: {
          method: exchange.method,
          url: exchange.url,
          idempotencyKey: exchange.idempotencyKey,
          request: parseOrText(exchange.requestBody),
          status: exchange.status,
          response: exchange.responseBody === null ? null : parseOrText(exchange.responseBody),
        },
      });
    } catch {
      // The audit trail must never turn a known outcome into an unknown one.
    }
  }

  #log(line: string): void {
    this.#options.log?.(line);
  }
}

/** Nothing more to find out: the request's outcome is known and the provider will not move it by itself soon. */
function isSettled(row: CustomerAttemptRow): boolean {
  return !(row.state === 'sending' || row.state === 'checking' || row.state === 'capturing' || row.state === 'voiding' || row.providerStatus === 'PENDING');
}

/** An unresolvedReason saying the till gave up finding the outcome by itself, and why. */
function stopped(why: string): string {
  return `${STOPPED_REASON_PREFIX}${why}`;
}

function isCaptured(row: CustomerAttemptRow): boolean {
  return row.state === 'final' && (row.providerStatus === 'CAPTURE_INITIATED' || row.providerStatus === 'CAPTURED');
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function reasonOf(error: unknown): string {
  return error instanceof PosError ? error.code : 'internal';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** For a token read: null when the customer's token is unusable for good (unlinked, revoked), else rethrows. */
function tokenGoneForGood(error: unknown): null {
  if (error instanceof PosError && error.code === 'payment-token.invalid') return null;
  throw error;
}
