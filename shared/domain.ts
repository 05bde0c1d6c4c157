import type { PrinterStatus } from './printer.ts';
import type { CurrencyCode, Money } from './money.ts';
import type { Notice } from './notices.ts';
import type { StaffRef } from './staff.ts';

// Domain types shared by core and renderer. Provider facts are in ../shared/spec/wire-details.md §2.4.

export const COUNTRIES = ['SG', 'HK', 'AU', 'MY', 'TH'] as const;
export type CountryCode = (typeof COUNTRIES)[number];

/** The only country ↔ currency pairs the in-store API accepts (wire-details §2.3). */
export const CURRENCY_OF_COUNTRY: Record<CountryCode, CurrencyCode> = {
  SG: 'SGD',
  HK: 'HKD',
  AU: 'AUD',
  MY: 'MYR',
  TH: 'THB',
};

/** The provider's order status, exactly as the status endpoint spells it. */
export const ORDER_STATUSES = [
  'CREATED',
  'PENDING',
  'PROCESSING',
  'CAPTURED',
  'FAILED',
  'CANCELLED',
  'REFUNDED',
  'ABANDONED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** CAPTURED is final for the payment (it can still move to REFUNDED by our own refunds). */
export const FINAL_ORDER_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'CAPTURED',
  'FAILED',
  'CANCELLED',
  'REFUNDED',
  'ABANDONED',
]);

export type PaymentMethod = 'merchant-qr' | 'customer-qr';

/**
 * Where a payment in this till's list comes from. taken-here: this till took it. looked-up: a payment of the
 * same merchant taken at another terminal, found at the provider by its reference (to show or refund it here);
 * it is never this till's takings.
 */
export const PAYMENT_ORIGINS = ['taken-here', 'looked-up'] as const;
export type PaymentOrigin = (typeof PAYMENT_ORIGINS)[number];

/**
 * What the payment list filters by: a payment's origin, or from-register: one the shop's register program
 * started over the register connection (taken here too, its key's name in `fromRegister`).
 */
export const HISTORY_ORIGINS = [...PAYMENT_ORIGINS, 'from-register'] as const;
export type HistoryOrigin = (typeof HISTORY_ORIGINS)[number];

export type PaymentType = 'PAY' | 'PAYLATER';

/**
 * Where our journal stands with an attempt, independent of the provider's status:
 * - sending:  recorded, request on its way (write-ahead)
 * - checking: outcome unknown (timeout, dropped connection, crash); being resolved by a status lookup
 * - active:   the order exists at the provider and is not final yet; being watched
 * - final:    the provider's status is final (CAPTURED counts as final; refunds are tracked separately)
 * - not-sent: proven never to have reached the provider (lookup said 404 and we chose not to resend)
 */
export const ATTEMPT_STATES = ['sending', 'checking', 'active', 'final', 'not-sent'] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

/** What a cashier reads: one word per situation, derived from AttemptState + OrderStatus. */
export const DISPLAY_STATUSES = [
  'sending',
  'checking',
  'waiting',
  'scanned',
  'confirming',
  'paid',
  'failed',
  'expired',
  'cancelled',
  'refunded',
  'not-sent',
] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

export interface StatusChange {
  readonly at: string;
  readonly status: DisplayStatus;
  readonly providerStatus: OrderStatus | null;
}

export interface PaymentView {
  readonly referenceId: string;
  /** Always set by the core; optional only so views built before it existed still type-check (= taken-here). */
  readonly origin?: PaymentOrigin;
  /** Null for a payment taken at another terminal: the provider does not say whether our QR or the customer's code paid it. */
  readonly method: PaymentMethod | null;
  readonly amount: Money;
  readonly state: AttemptState;
  readonly providerStatus: OrderStatus | null;
  readonly displayStatus: DisplayStatus;
  /** Text to draw as a QR (merchant-presented QR only, while the order can still be paid). */
  readonly qrPayload: string | null;
  /** When the order stops being payable (ISO 8601); the screen counts down to it. */
  readonly expiresAt: string | null;
  readonly providerOrderId: string | null;
  readonly paymentType: PaymentType | null;
  /** The provider's failure code (CONSUMER_DECLINED…); the English of `failureNotice` when that is set. */
  readonly failureReason: string | null;
  /** Why it failed in the till's own words, when it is not the provider's code: show this instead. */
  readonly failureNotice: Notice | null;
  /** Refunded in all: the provider's refund total when known (refunds made elsewhere included), else ours. */
  readonly refunded: Money;
  /**
   * The part of `refunded` made outside this till (the provider's merchant portal, another till). Always set
   * by the core; optional only so views built before it existed still type-check.
   */
  readonly refundedElsewhere?: Money;
  readonly refundable: Money;
  /** A cancel may be asked for now: the order is still open, or its outcome is not known yet. */
  readonly canCancel: boolean;
  /** A cancel was recorded and is being sent or confirmed (optional only for views built before it existed). */
  readonly cancelRequested?: boolean;
  readonly canRefund: boolean;
  readonly note: string | null;
  /** The terminal that took it; null for a payment taken at another terminal (the provider's status does not say). */
  readonly posId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /**
   * Why the journal has not settled this attempt yet (only for sending/checking; in the unresolved list, also
   * why its refund or cancel is not settled).
   */
  readonly unresolvedReason: Notice | null;
  /**
   * Started by the shop's register program over the register connection (electron/core/ecr/), with the key it
   * used and its own order reference; null for a sale keyed in at the till. Optional only so views built
   * before it existed still type-check.
   */
  readonly fromRegister?: RegisterOrigin | null;
  /**
   * Who took it (journal schema 14): the person signed in, as named then; null for the kiosk's, a sale nobody was
   * signed in for, another terminal's, and payments recorded before. Optional only for views built before it.
   */
  readonly takenBy?: StaffRef | null;
  /**
   * Who asked for the cancel that cancelled it (or is still being sent); null when nobody did or nobody was signed
   * in. Set on a payment's own view (payments.get, payment.updated); the history list does not read cancels.
   */
  readonly cancelledBy?: StaffRef | null;
}

/** Which register started a payment: its key (Settings → Register connection), its order reference. */
export interface RegisterOrigin {
  /**
   * The key's own id, made with it and never re-used: what the payment belongs to. A key revoked and made again
   * under the same name is another key, with another id.
   */
  readonly keyId: string;
  /** The key's name when the payment was made: for people to read. */
  readonly keyName: string;
  /** The register's own reference for the sale (sent to the provider as merchantOrderReference), or null. */
  readonly orderReference: string | null;
}

/** The screens that show a payment and tell the core so (payments.onScreen): its lookups then come first. */
export const SCREEN_SURFACES = ['payment', 'customer-display'] as const;
export type ScreenSurface = (typeof SCREEN_SURFACES)[number];

/**
 * Where a cashier's own sale is under way on a cashier's window (payments.cashierSale): an amount on the Sale
 * screen, the Scan screen waiting for the customer's code, or the cashier's payment on the Payment screen (its
 * result included, until it is put away). While one is, the till refuses a register's sale (ecr.busy).
 */
export type CashierSale =
  { readonly surface: 'sale' | 'scan' } | { readonly surface: 'payment'; readonly referenceId: string };

/** The till asked the provider about a payment (event payment.checked; also the reply of payments.onScreen). */
export interface StatusCheck {
  readonly referenceId: string;
  /** When the last lookup came back, answered or not (ISO 8601). */
  readonly checkedAt: string;
  /** When the provider last answered about it (ISO 8601); null if it has not since the app started. */
  readonly answeredAt: string | null;
}

export type RefundState = 'sending' | 'checking' | 'succeeded' | 'failed';

export interface RefundView {
  readonly refundId: string;
  readonly referenceId: string;
  readonly amount: Money;
  readonly reason: string | null;
  readonly state: RefundState;
  /** As on PaymentView: the provider's code, or the English of `failureNotice`. */
  readonly failureReason: string | null;
  readonly failureNotice: Notice | null;
  /**
   * The terminal (posId) the refund was sent as: this till's at the time, whichever terminal took the payment.
   * Null for refunds recorded before the journal kept it (they were sent as the payment's terminal).
   */
  readonly posId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Who made it (journal schema 14); null when nobody was signed in, for a register's, and before. */
  readonly refundedBy?: StaffRef | null;
  /** Who approved it with their own PIN; null when no approval was needed or asked for. */
  readonly approvedBy?: StaffRef | null;
}

export interface JournalEvent {
  readonly at: string;
  /** request | response | error | status | note */
  readonly kind: string;
  /** In English: events journalled before they carried a notice (journal schema 12) are shown so. */
  readonly summary: string;
  /** What happened, for the screen to render in the cashier's language. */
  readonly notice?: Notice | null;
  /** Redacted JSON of what was sent or received (no secrets, no signatures). */
  readonly data: string | null;
}

export interface PaymentDetail {
  readonly payment: PaymentView;
  readonly refunds: readonly RefundView[];
  readonly history: readonly StatusChange[];
  readonly events: readonly JournalEvent[];
}

export interface Page<T> {
  readonly items: readonly T[];
  /** Opaque cursor for the next page, null at the end. */
  readonly nextCursor: string | null;
  readonly total: number;
}

export interface SummaryLine {
  readonly count: number;
  readonly total: Money;
}

export interface DaySummary {
  /** Local calendar day, YYYY-MM-DD. */
  readonly day: string;
  readonly currency: CurrencyCode;
  readonly byStatus: Readonly<Partial<Record<DisplayStatus, SummaryLine>>>;
  readonly byMethod: Readonly<Record<PaymentMethod, SummaryLine>>;
  readonly paid: SummaryLine;
  /** Refunds this till made that day (confirmed) of payments it took itself. */
  readonly refunds: SummaryLine;
  /**
   * Refunds this till made that day (confirmed) of payments taken at another terminal of the merchant (looked
   * up by their reference, e.g. at the refund counter). Money out of this till; never in `paid`. Always set by
   * the core; optional only so summaries built before it existed still type-check.
   */
  readonly refundsOfOtherTerminals?: SummaryLine;
  /**
   * For information, not in `net`: refunded outside this till (another terminal, the merchant portal) on that
   * day's payments, as far as the provider has reported it (count = payments, total = their amounts refunded
   * elsewhere). The terminal that made such a refund counts it in its own `refundsOfOtherTerminals`, so a shop
   * adding up its terminals' nets counts each refund once. Always set by the core; optional only so summaries
   * built before it existed still type-check.
   */
  readonly refundedElsewhere?: SummaryLine;
  /**
   * Linked-customer (tokenized) takings of that day, in the summary's currency: approved charges and captured
   * holds (a hold counts on the day it was placed: the journal keeps that day, not the capture's). Already in
   * `net`. Set by the core; optional so summaries built without the linked-customer module still type-check.
   */
  readonly linkedCustomers?: LinkedCustomerTakings;
  /**
   * For a manager comparing with each register's own report: the payments the shop's register programs started
   * over the register connection, by the name of the key each used, with the refunds this till made of them that
   * day. Parts of `paid` and `refunds`, never added again. Only registers with such a payment or refund; always
   * set by the core, optional so summaries built before it existed still type-check.
   */
  readonly byRegister?: readonly RegisterDayLine[];
  /**
   * On a day the till worked in shifts: what it took while no shift was open (count = paid payments, total = their
   * amount less the refunds made outside a shift), so that the in-store net is the shifts' nets plus this line.
   * Absent on a day without shifts.
   */
  readonly outsideShifts?: SummaryLine;
  /**
   * This terminal's takings minus the refunds it made: paid − refunds − refundsOfOtherTerminals, plus
   * linked-customer takings when present. Refunds made elsewhere are not subtracted here (see refundedElsewhere).
   */
  readonly net: Money;
}

export interface RegisterDayLine {
  /** The register key's name (Settings → Register connection). */
  readonly keyName: string;
  /** Its payments captured that day (also those refunded since), as in `paid`. */
  readonly paid: SummaryLine;
  /** Refunds this till made that day (confirmed) of its payments, over the connection or at the till. */
  readonly refunds: SummaryLine;
}

export interface LinkedCustomerTakings {
  readonly charges: SummaryLine;
  readonly captures: SummaryLine;
}

export type EnvironmentId =
  'embedded-sandbox' | 'provider-sandbox' | 'sg-production' | 'hk-production' | 'th-production' | 'custom';

/**
 * What the provider's refusals have taught this till about the merchant's amount limits (the provider refuses
 * amounts outside them but publishes neither: wire-details §2.5). minMinor: the smallest amount not yet refused
 * as too small, null until one was; maxMinor: the largest not yet refused as too large. For the merchant in
 * effect, until the till restarts.
 */
export interface LearnedAmountLimits {
  readonly minMinor: number | null;
  readonly maxMinor: number | null;
}

export interface StatusSnapshot {
  readonly environment: EnvironmentId;
  readonly demo: boolean;
  /** null until the first check has run. */
  readonly providerReachable: boolean | null;
  /** Our clock minus the provider's (from its Date header), null until measured. */
  readonly clockSkewMs: number | null;
  readonly pendingCount: number;
  readonly unresolvedCount: number;
  readonly checkedAt: string | null;
  /**
   * Journals this till refused to open at start because they are not the ones it wrote (missing, empty,
   * another file, rolled back, corrupt). Empty when both are sound. While one is listed, its payments are
   * refused with journal.lost.
   */
  readonly journalProblems: readonly JournalProblem[];
  /**
   * The till's listeners that should listen but cannot (a port another program took, or one this computer
   * refuses): payments go on, by polling where a webhook is missing. Empty when every listener is up.
   */
  readonly listenerProblems: readonly ListenerProblem[];
  /** The ESC/POS receipt printer's last known state; absent when the system printer (or none) is used. */
  readonly printer?: PrinterStatus;
}

// ---- a listener that cannot listen (electron/core/status/listener-board.ts) ----

/** The till's inbound listeners that follow the settings. */
export const LISTENER_NAMES = ['payment-notifications', 'order-webhooks', 'register-connection'] as const;
export type ListenerName = (typeof LISTENER_NAMES)[number];

/** in-use: another program holds the port; not-allowed: this computer refuses it; other: any other failure. */
export type ListenRefusal = 'in-use' | 'not-allowed' | 'other';

export interface ListenerProblem {
  readonly listener: ListenerName;
  readonly port: number;
  readonly refusal: ListenRefusal;
}

// ---- a lost journal (electron/core/sqlite/journal-file.ts) ----

/** The till's two journals: in-store payments, and linked-customer charges and holds. */
export const JOURNAL_NAMES = ['payments', 'customers'] as const;
export type JournalName = (typeof JOURNAL_NAMES)[number];

/**
 * Why a journal was refused at start:
 * missing — the file is gone, though this till has written to it;
 * empty — the file is there but holds nothing (0 bytes, or no tables);
 * replaced — the file is another journal than the one this till wrote (another id, or none);
 * behind — the same journal, but older than what this till wrote (an older copy, a lost write-ahead log);
 * corrupt — SQLite's integrity check failed, or the file is not a database;
 * mark-unreadable — the till's own record of the journal (the .mark file beside it) cannot be read.
 */
export const JOURNAL_PROBLEM_KINDS = ['missing', 'empty', 'replaced', 'behind', 'corrupt', 'mark-unreadable'] as const;
export type JournalProblemKind = (typeof JOURNAL_PROBLEM_KINDS)[number];

/**
 * What an admin may do about it: recheck (after putting the backup back), accept (keep the file that is
 * there as this till's journal, recorded in it), start-new (set the file aside and begin an empty journal,
 * recorded in the new one).
 */
export const JOURNAL_ACTIONS = ['recheck', 'accept', 'start-new'] as const;
export type JournalAction = (typeof JOURNAL_ACTIONS)[number];

export interface JournalProblem {
  readonly journal: JournalName;
  readonly kind: JournalProblemKind;
  /** The journal file's full path, for the admin restoring it. */
  readonly filePath: string;
  /** Committed writes the till recorded (its mark), and when the last one was; null when unknown. */
  readonly recordedWrites: number | null;
  readonly recordedLastWriteAt: string | null;
  /** Committed writes the file has now, and when its last one was; null when it has none or cannot be read. */
  readonly foundWrites: number | null;
  readonly foundLastWriteAt: string | null;
  /** What SQLite's check said (corrupt), or why the mark could not be read: for support, not translated. */
  readonly detail: string | null;
  readonly actions: readonly JournalAction[];
}

// ---- linked customers (tokenized payments: tokenized-payment-api.md, wire-details §3) ----

/** The provider's pre-auth (hold) states, PENDING included (wire-details §3.2). */
export const PRE_AUTH_STATUSES = [
  'PENDING',
  'AUTHORIZED',
  'CAPTURE_INITIATED',
  'CAPTURED',
  'VOIDED',
  'DECLINED',
  'EXPIRED',
] as const;
export type PreAuthStatus = (typeof PRE_AUTH_STATUSES)[number];

/** linked: we hold a payment token; unlinked: the cashier unlinked; relink-needed: the provider refused the token. */
export type LinkedCustomerStatus = 'linked' | 'unlinked' | 'relink-needed';

export interface LinkedCustomerView {
  /** The merchant's opaque, stable id for the customer (what the cashier looks them up by). */
  readonly merchantUserId: string;
  readonly status: LinkedCustomerStatus;
  /** The redacted phone or e-mail hint given when linking (e.g. "+65 ****4567"), or null. */
  readonly hint: string | null;
  readonly linkedAt: string;
  readonly updatedAt: string;
}

/**
 * A linked-customer hold's or charge's `unresolvedReason` once the till has STOPPED finding out its outcome by
 * itself (too old to re-send safely, the provider does not know the hold…): a notice whose key starts with
 * `stopped.` says why. Such a row no longer blocks that customer's next charge, hold or unlink: the screen
 * shows it as "Stopped checking: …" for the cashier to check with the provider. Any other reason is what
 * the till ran into while it keeps checking.
 */
export function isStoppedReason(reason: Notice | null | undefined): reason is Notice {
  return reason?.key.startsWith('stopped.') ?? false;
}

/**
 * What a cashier reads for a hold: sending / checking while our request's outcome is being found out,
 * then the provider's state in words. `not-placed`: proven never to have reached the provider.
 */
export const HOLD_DISPLAY_STATUSES = [
  'sending',
  'checking',
  'pending',
  'authorized',
  'declined',
  'capturing',
  'captured',
  'voiding',
  'voided',
  'expired',
  'not-placed',
  // The provider answered the capture REJECTED (reason in captureFailureReason): nothing was taken.
  'capture-failed',
] as const;
export type HoldDisplayStatus = (typeof HOLD_DISPLAY_STATUSES)[number];

export interface HoldView {
  /** Our reference for the hold (the provider's merchantRef); the key for capture and void. */
  readonly merchantRef: string;
  readonly merchantUserId: string;
  readonly amount: Money;
  readonly displayStatus: HoldDisplayStatus;
  readonly providerStatus: PreAuthStatus | null;
  readonly failureReason: string | null;
  /** Set once captured: the provider's order id. */
  readonly orderUuid: string | null;
  readonly placedAt: string;
  /** When an AUTHORIZED hold is expected to lapse (the provider does not publish its TTL: an estimate), else null. */
  readonly expiresAt: string | null;
  readonly canCapture: boolean;
  readonly canVoid: boolean;
  readonly voidReason: string | null;
  /**
   * Why the provider answered a capture REJECTED (e.g. INSUFFICIENT_FUNDS), or null. Kept while the hold is
   * capture-failed (then also in failureReason); canVoid says whether the hold is still there to release.
   */
  readonly captureFailureReason: string | null;
  /** Why the outcome is still being checked, or why the till stopped checking (isStoppedReason), or null. */
  readonly unresolvedReason: Notice | null;
  /** Who placed the hold (id, and name at the time); null: nobody signed in, or placed before staff. */
  readonly takenBy: StaffRef | null;
  /** Who approved its capture with their own PIN (Settings: a supervisor approves); null: the customer did, or none. */
  readonly approvedBy: StaffRef | null;
  /** Who sent its last capture or void (read with displayStatus: captured, voided, capture-failed…); null: none. */
  readonly finishedBy: StaffRef | null;
}

export const CUSTOMER_CHARGE_DISPLAY_STATUSES = ['sending', 'checking', 'approved', 'rejected', 'not-sent'] as const;
export type CustomerChargeDisplayStatus = (typeof CUSTOMER_CHARGE_DISPLAY_STATUSES)[number];

export interface CustomerChargeView {
  readonly merchantRef: string;
  readonly merchantUserId: string;
  readonly amount: Money;
  readonly useCashback: boolean;
  readonly displayStatus: CustomerChargeDisplayStatus;
  /** e.g. INSUFFICIENT_FUNDS when rejected. */
  readonly failureReason: string | null;
  readonly orderUuid: string | null;
  /**
   * The order's outcome (SUCCESS / FAILED / ERROR) as the provider's own record gives it: a captured hold's, from
   * GET /pre-auths/{id}. Never an order webhook's word (unsigned, so only a hint); null for a charge, whose
   * outcome is its synchronous answer. Informative only.
   */
  readonly orderOutcome: string | null;
  readonly createdAt: string;
  /** Why the outcome is still being checked, or why the till stopped checking (isStoppedReason), or null. */
  readonly unresolvedReason: Notice | null;
  /** Who charged the customer (id, and name at the time); null: nobody signed in, or charged before staff. */
  readonly takenBy: StaffRef | null;
  /** Who approved the charge with their own PIN (Settings: a supervisor approves); null: the customer did. */
  readonly approvedBy: StaffRef | null;
}

export interface LinkedCustomerDetail {
  readonly customer: LinkedCustomerView;
  /** Newest first. */
  readonly holds: readonly HoldView[];
  /** Newest first. */
  readonly charges: readonly CustomerChargeView[];
}

/**
 * A linked-customer charge or hold on the Unresolved list: its request's outcome is still being found out
 * (sending, checking, a capture or void in flight), or the till stopped finding out by itself
 * (isStoppedReason(reason)) and the cashier must check it with the provider.
 */
export interface LinkedCustomerUnresolvedView {
  readonly merchantUserId: string;
  readonly kind: 'charge' | 'hold';
  readonly merchantRef: string;
  readonly amount: Money;
  /** What the Customers screen shows for it (sending, checking, capturing, voiding). */
  readonly displayStatus: CustomerChargeDisplayStatus | HoldDisplayStatus;
  /** Why it is not settled: what the till ran into while checking, why it stopped; null while a request is on its way. */
  readonly reason: Notice | null;
  readonly createdAt: string;
}
