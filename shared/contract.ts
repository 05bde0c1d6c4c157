import { z } from 'zod';
import {
  DISPLAY_STATUSES,
  HISTORY_ORIGINS,
  type CashierSale,
  type CustomerChargeView,
  type DaySummary,
  type EnvironmentId,
  type HistoryOrigin,
  type HoldView,
  JOURNAL_ACTIONS,
  JOURNAL_NAMES,
  type JournalAction,
  type JournalName,
  type JournalProblem,
  type LearnedAmountLimits,
  type LinkedCustomerDetail,
  type LinkedCustomerUnresolvedView,
  type LinkedCustomerView,
  type Page,
  type PaymentDetail,
  type PaymentView,
  type RefundView,
  type ScreenSurface,
  type StatusCheck,
  type StatusSnapshot,
  SCREEN_SURFACES,
} from './domain.ts';
import { CURRENCIES, type CurrencyCode, type Money } from './money.ts';
import { CHANNEL_NAME_LIST, EVENT_NAME_LIST } from './channel-names.ts';
import { healthRequestSchemas, type HealthChannels } from './health.ts';
import type { PrinterCheck } from './printer.ts';
import { RECEIPT_KINDS, type ReceiptKind } from './receipt.ts';
import type { ErrorParam, Notice } from './notices.ts';
import { registerRequestSchemas, type RegisterChannels, type RegisterSale } from './register.ts';
import { amountMinor, day, empty, printableText, referenceId, type Empty } from './request-atoms.ts';
import type { Result } from './result.ts';
import { supportRequestSchemas, type SupportChannels } from './support.ts';
import { updateRequestSchemas, type UpdateChannels } from './updates.ts';
import {
  shiftRequestSchemas,
  staffRequestSchemas,
  type SessionView,
  type ShiftChannels,
  type StaffChannels,
} from './staff.ts';
import {
  printerSettingsSchema,
  settingsPatchSchema,
  VAULT_RESET_CONFIRMATION,
  type PrinterSettings,
  type LinkedApproval,
  type Locale,
  type SettingsPatch,
  type SettingsView,
  type TerminalMode,
} from './settings.ts';

// The one contract between renderer and main. Every channel names its request and response type here,
// and `requestSchemas` must hold a runtime schema for each: a channel added without both does not compile.
// Both transports (Electron IPC, web host) serve exactly this map.

export type { Empty };

export interface AppInfo {
  readonly version: string;
  readonly transport: 'electron' | 'web';
  readonly environment: EnvironmentId;
  readonly demo: boolean;
  readonly mode: TerminalMode;
  readonly kiosk: boolean;
  readonly locale: Locale;
  readonly merchantName: string;
  readonly posId: string;
  readonly terminalReference: string;
  readonly currency: CurrencyCode;
  /** Base URL of the embedded sandbox when running on it (demo), else null. */
  readonly sandboxBaseUrl: string | null;
  /** Journals refused at start (the same list as the status snapshot's): while one is listed, its side takes nothing. */
  readonly journalProblems: readonly JournalProblem[];
  /**
   * The provider's amount limits for this shop as its refusals have shown them (payments.amountLimitsLearned
   * brings each new one): the Sale screen holds the tighter of these and Settings' amount limits.
   */
  readonly providerAmountLimits: LearnedAmountLimits;
}

export interface ConnectionTestResult {
  readonly reachable: boolean;
  readonly signatureAccepted: boolean;
  readonly clockSkewMs: number | null;
  readonly latencyMs: number | null;
  /** One sentence for the admin: what worked, or what to fix (rendered in the till's language). */
  readonly notice: Notice;
}

export interface CsvExport {
  readonly fileName: string;
  readonly csv: string;
}

export interface HistoryQuery {
  /** Local calendar day YYYY-MM-DD; absent = all days. */
  readonly day?: string | undefined;
  readonly status?: (typeof DISPLAY_STATUSES)[number] | undefined;
  readonly method?: 'merchant-qr' | 'customer-qr' | undefined;
  /**
   * taken-here: payments this till took; looked-up: payments of other terminals it looked up (and refunded);
   * from-register: payments the shop's register started over the register connection (a part of taken-here).
   */
  readonly origin?: HistoryOrigin | undefined;
  /** Our referenceId or the provider's order id, whole or a prefix. */
  readonly search?: string | undefined;
  readonly cursor?: string | undefined;
  readonly limit?: number | undefined;
}

export interface Channels
  extends
    CustomerChannels,
    ConsentChannels,
    ApprovalChannels,
    ReceiptChannels,
    PrinterChannels,
    RegisterChannels,
    StaffChannels,
    ShiftChannels,
    HealthChannels,
    SupportChannels,
    UpdateChannels {
  'app.info': { request: Empty; response: AppInfo };
  'status.get': { request: Empty; response: StatusSnapshot };
  'settings.get': { request: Empty; response: SettingsView };
  'settings.save': { request: SettingsPatch; response: SettingsView };
  /** Empty: tests what is saved. With a patch: what the settings would be (unsaved form), secrets renderer → main only. */
  'settings.testConnection': { request: SettingsPatch; response: ConnectionTestResult };
  'settings.verifyPin': { request: { kind: 'admin' | 'supervisor'; pin: string }; response: { valid: boolean } };
  /**
   * Only while the secret vault cannot be read (SettingsView.vaultUnreadable): sets it aside and starts an
   * empty one, so every credential and PIN must be entered again. Refused while the vault is readable.
   */
  'settings.resetVault': { request: { confirm: typeof VAULT_RESET_CONFIRMATION }; response: SettingsView };
  /**
   * What to do about a journal refused at start (StatusSnapshot.journalProblems): recheck it (after the backup
   * was put back), accept the file that is there, or start a new journal (the old file set aside). accept and
   * start-new need the admin (like settings.save) and are recorded in the journal. Answers the new status.
   */
  'journal.resolve': { request: { journal: JournalName; action: JournalAction }; response: StatusSnapshot };
  'payments.chargeMerchantQr': {
    request: { amountMinor: number; currency: CurrencyCode; note?: string | undefined };
    response: PaymentView;
  };
  /** With registerSale: the code scanned for a register's customer-QR sale (its reference; amount and currency as the register sent). */
  'payments.chargeCustomerQr': {
    request: {
      amountMinor: number;
      currency: CurrencyCode;
      consumerCode: string;
      note?: string | undefined;
      registerSale?: string | undefined;
    };
    response: PaymentView;
  };
  'payments.cancel': { request: { referenceId: string; reason?: string | undefined }; response: PaymentView };
  'payments.refund': {
    /** supervisorPin: the approver's own PIN; none for a refund under the no-approval limit (Settings → Staff). */
    request: {
      referenceId: string;
      amountMinor?: number | undefined;
      reason: string;
      supervisorPin?: string | undefined;
    };
    response: PaymentDetail;
  };
  'payments.get': { request: { referenceId: string }; response: PaymentDetail };
  'payments.history': { request: HistoryQuery; response: Page<PaymentView> };
  'payments.summary': { request: { day: string }; response: DaySummary };
  'payments.unresolved': { request: Empty; response: readonly PaymentView[] };
  'payments.checkNow': { request: { referenceId: string }; response: PaymentView };
  /**
   * A screen shows a payment (shown: true, when it opens it and again every few seconds while it does) or has
   * stopped showing it (shown: false): while shown, its status lookups come before other orders'. Replies
   * with its last check, if any.
   */
  'payments.onScreen': {
    request: { surface: ScreenSurface; referenceId: string; shown: boolean };
    response: StatusCheck | null;
  };
  /**
   * A cashier's window says where its own sale stands (`sale`, null once there is none), when it changes and
   * again every few seconds while there is one: while any window has one, register sales are refused (ecr.busy).
   * `window` is the id the window chose for itself when it opened, so two windows never clear each other's sale.
   */
  'payments.cashierSale': { request: { window: string; sale: CashierSale | null }; response: null };
  'payments.exportCsv': { request: { day: string }; response: CsvExport };
}

export type ChannelName = keyof Channels;
export type RequestOf<K extends ChannelName> = Channels[K]['request'];
export type ResponseOf<K extends ChannelName> = Channels[K]['response'];

/** Events flow main → renderer only. */
export interface Events extends CustomerEvents {
  /** A linked-customer charge or capture waiting for (or done with) the customer's approval on their display. */
  'customers.approvalOnDisplay': ApprovalView;
  /** Browser preview: the customer display offers this consent page to the customer (see ConsentOpening). */
  'customers.consentOnDisplay': ConsentOnDisplay;
  'payment.updated': PaymentView;
  'refund.updated': RefundView;
  /** A charge refused as outside the provider's limits for this shop taught a new one (app.info's providerAmountLimits). */
  'payments.amountLimitsLearned': LearnedAmountLimits;
  /** A status lookup of a payment came back (answered or not): screens show how fresh its status is. */
  'payment.checked': StatusCheck;
  'status.changed': StatusSnapshot;
  'settings.changed': SettingsView;
  /** A register started a sale (the cashier's screen shows it at once), or it changed before its payment exists. */
  'ecr.sale': RegisterSale;
  /** Someone signed in or out (or was signed out idle), or the shift opened or closed. */
  'session.changed': SessionView;
}
export type EventName = keyof Events;

// ---- runtime schemas: every request is validated in main before the core sees it ----

const note = printableText(120).optional();
const currency = z.enum(CURRENCIES);

// The zod-free name lists (shared/channel-names.ts, bundled by the preload) must name exactly the channels and
// events above: a channel or event missing from either side fails to compile here.
type SameMembers<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const channelListMatches: SameMembers<(typeof CHANNEL_NAME_LIST)[number], ChannelName> = true;
const eventListMatches: SameMembers<(typeof EVENT_NAME_LIST)[number], EventName> = true;
void channelListMatches;
void eventListMatches;

export const CHANNEL_NAMES: readonly ChannelName[] = CHANNEL_NAME_LIST;
export const EVENT_NAMES: readonly EventName[] = EVENT_NAME_LIST;

export function isChannelName(value: unknown): value is ChannelName {
  return typeof value === 'string' && Object.hasOwn(requestSchemas, value);
}

/** What both transports give the renderer: one named function per channel, plus event subscription. */
export type PosBridge = { readonly [K in ChannelName]: (request: RequestOf<K>) => Promise<Result<ResponseOf<K>>> } & {
  readonly on: <E extends EventName>(event: E, listener: (payload: Events[E]) => void) => () => void;
};

/** The core side: one handler per channel. Throwing PosError is allowed; the transport wraps it. */
export type Handlers = { readonly [K in ChannelName]: (request: RequestOf<K>) => Promise<ResponseOf<K>> };

export type EventSink = <E extends EventName>(event: E, payload: Events[E]) => void;

// ---- linked customers (tokenized payments) ----
// Served by electron/core/customers/customer-module.ts (customers.*) and by the transport that shows the
// consent page (customers.openConsent: the Electron consent window, or the web host's consent broker).

/** What the screen needs to open the consent window; the app token stays in main (see the module's consentRequest). */
export interface LinkStart {
  readonly linkToken: string;
  /** The consent page; main opens it with the app-token header (Electron window, or the web host's broker). */
  readonly consentUrl: string;
  /** Where the consent page redirects on approval; main intercepts navigations to it. */
  readonly callbackUrl: string;
  readonly expiresAt: string;
}

export interface LinkProgress {
  /** waiting: the customer has not approved yet; linked: done; expired / failed: start again. */
  readonly state: 'waiting' | 'linked' | 'expired' | 'failed';
  readonly customer: LinkedCustomerView | null;
  /** Why it ended, for the cashier when expired or failed (an error code, with its notice when there is more to say). */
  readonly reason: ErrorParam | null;
}

export interface CustomerChannels {
  /** Opens a link session for a merchant user id; the hints are redacted before they leave the till. */
  'customers.startLink': {
    request: { merchantUserId: string; phoneHint?: string | undefined; emailHint?: string | undefined };
    response: LinkStart;
  };
  /** The consent window was redirected to the callback: checks `state`, exchanges `code` at once, stores the token. */
  'customers.completeLink': { request: { linkToken: string; redirectedTo: string }; response: LinkedCustomerView };
  /** Polls a link session (completes it from the provider's poll when the redirect was not seen). */
  'customers.linkStatus': { request: { linkToken: string }; response: LinkProgress };
  /** Linked (and formerly linked) customers on this till, most recently changed first. */
  'customers.list': {
    request: { search?: string | undefined; limit?: number | undefined };
    response: readonly LinkedCustomerView[];
  };
  /** One customer with their holds and charges (open holds are refreshed from the provider). */
  'customers.find': { request: { merchantUserId: string }; response: LinkedCustomerDetail };
  'customers.cashback': { request: { merchantUserId: string }; response: { balance: Money } };
  /** Immediate charge. A REJECTED charge is a result (displayStatus 'rejected' with failureReason), not an error. */
  'customers.charge': {
    request: {
      merchantUserId: string;
      amountMinor: number;
      currency: CurrencyCode;
      useCashback: boolean;
      approvalId?: string | undefined;
    };
    response: CustomerChargeView;
  };
  'customers.placeHold': {
    request: { merchantUserId: string; amountMinor: number; currency: CurrencyCode };
    response: HoldView;
  };
  /** Captures the full amount of an AUTHORIZED hold. */
  'customers.capture': {
    request: { merchantRef: string; useCashback?: boolean | undefined; approvalId?: string | undefined };
    response: HoldView;
  };
  'customers.void': { request: { merchantRef: string; reason: string }; response: HoldView };
  /** Refused with unlink.blocked while a hold is open. */
  'customers.unlink': { request: { merchantUserId: string }; response: LinkedCustomerView };
  /** Charges and holds still being settled, or that the till stopped checking (the Unresolved list), oldest first. */
  'customers.unresolved': { request: Empty; response: readonly LinkedCustomerUnresolvedView[] };
  /** A local day's linked-customer charges and holds, newest first, for the Payments list. */
  'customers.ofDay': {
    request: { day: string };
    response: { readonly charges: readonly CustomerChargeView[]; readonly holds: readonly HoldView[] };
  };
}
export type CustomerChannelName = keyof CustomerChannels;

/**
 * Where the consent page went: Electron's consent window (on the customer display's screen when there is
 * one), or the customer display of the browser preview, where the customer opens it themselves. Never a page
 * the cashier could approve on.
 */
export type ConsentOpening =
  { readonly kind: 'window'; readonly onCustomerDisplay?: boolean } | { readonly kind: 'customer-display' };

/** The consent page for the customer display to offer: its ticketed address on the web host. */
export interface ConsentOnDisplay {
  readonly linkToken: string;
  readonly url: string;
  readonly expiresAt: string;
}

/** Served by the transport, not the customer module: only main can open a window with the app-token header. */
export interface ConsentChannels {
  'customers.openConsent': { request: { linkToken: string }; response: ConsentOpening };
}

/**
 * The customer's yes before their stored wallet is charged (a charge, a hold's capture): asked on the customer
 * display, or given with the supervisor PIN where Settings says so. customers.charge and customers.capture
 * go through only with an approval that matches them, once.
 */
export type ApprovalAction = 'charge' | 'capture';
export type ApprovalState = 'waiting' | 'approved' | 'declined' | 'expired' | 'used';

export interface ApprovalView {
  readonly approvalId: string;
  readonly action: ApprovalAction;
  readonly merchantUserId: string;
  readonly amount: Money;
  readonly state: ApprovalState;
  /** Who approves: the customer on their display, or a supervisor with the PIN (Settings). */
  readonly by: LinkedApproval;
  readonly merchantName: string;
  readonly expiresAt: string;
}

export interface ApprovalChannels {
  /** Asks for the approval (a capture's amount is the hold's own); the customer display is told at once. */
  'customers.requestApproval': {
    request:
      | { action: 'charge'; merchantUserId: string; amountMinor: number; currency: CurrencyCode }
      | { action: 'capture'; merchantUserId: string; merchantRef: string };
    response: ApprovalView;
  };
  /** The customer's answer on their display, or the supervisor's PIN where that is the setting. */
  'customers.answerApproval': {
    request: { approvalId: string; approve: boolean; supervisorPin?: string | undefined };
    response: ApprovalView;
  };
  'customers.approvalStatus': { request: { approvalId: string }; response: ApprovalView };
}

/** Events the linked-customer module sends (main → renderer). */
export interface CustomerEvents {
  /** A customer, hold or charge changed (a resolved outcome, a webhook, a refresh). */
  'customers.updated': LinkedCustomerDetail;
}

const merchantUserId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._@+:-]+$/, 'letters, digits and . _ @ + : -');
const merchantRef = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/);
const linkToken = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9-]+$/);

export const customerRequestSchemas: { [K in CustomerChannelName]: z.ZodType<CustomerChannels[K]['request']> } = {
  'customers.startLink': z
    .object({ merchantUserId, phoneHint: z.string().max(40).optional(), emailHint: z.string().max(254).optional() })
    .strict()
    .refine((r) => Boolean(r.phoneHint?.trim() || r.emailHint?.trim()), {
      message: 'Enter the phone number or the e-mail address',
      path: ['phoneHint'],
    }),
  'customers.completeLink': z.object({ linkToken, redirectedTo: z.string().min(1).max(4096) }).strict(),
  'customers.linkStatus': z.object({ linkToken }).strict(),
  'customers.list': z
    .object({ search: z.string().max(128).optional(), limit: z.number().int().min(1).max(200).optional() })
    .strict(),
  'customers.find': z.object({ merchantUserId }).strict(),
  'customers.cashback': z.object({ merchantUserId }).strict(),
  'customers.charge': z
    .object({
      merchantUserId,
      amountMinor,
      currency,
      useCashback: z.boolean(),
      approvalId: z.string().max(64).optional(),
    })
    .strict(),
  'customers.placeHold': z.object({ merchantUserId, amountMinor, currency }).strict(),
  'customers.capture': z
    .object({ merchantRef, useCashback: z.boolean().optional(), approvalId: z.string().max(64).optional() })
    .strict(),
  'customers.void': z.object({ merchantRef, reason: printableText(500).min(1) }).strict(),
  'customers.unlink': z.object({ merchantUserId }).strict(),
  'customers.unresolved': empty,
  'customers.ofDay': z.object({ day }).strict(),
};

const approvalId = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const approvalRequestSchemas: { [K in keyof ApprovalChannels]: z.ZodType<ApprovalChannels[K]['request']> } = {
  'customers.requestApproval': z.union([
    z.object({ action: z.literal('charge'), merchantUserId, amountMinor, currency }).strict(),
    z.object({ action: z.literal('capture'), merchantUserId, merchantRef }).strict(),
  ]),
  'customers.answerApproval': z
    .object({ approvalId, approve: z.boolean(), supervisorPin: z.string().min(1).max(32).optional() })
    .strict(),
  'customers.approvalStatus': z.object({ approvalId }).strict(),
};

export const consentRequestSchemas: { [K in keyof ConsentChannels]: z.ZodType<ConsentChannels[K]['request']> } = {
  'customers.openConsent': z.object({ linkToken }).strict(),
};

export const CUSTOMER_CHANNEL_NAMES = Object.keys(customerRequestSchemas) as CustomerChannelName[];

export type CustomerHandlers = {
  readonly [K in CustomerChannelName]: (
    request: CustomerChannels[K]['request'],
  ) => Promise<CustomerChannels[K]['response']>;
};

// ---- receipts (shared/receipt.ts builds the document; electron/core/receipts/ serves the channel) ----

export interface PrintOutcome {
  /** true: sent to the till's printer by main. false: nothing printed yet; the renderer prints it itself. */
  readonly printed: boolean;
  /** printer: main printed it silently; browser: no printer here (web preview), print with window.print(). */
  readonly via: 'printer' | 'browser';
}

export interface ReceiptChannels {
  /** Prints (or reprints) a paid payment's receipt or its refund slip; refused for a payment with none. */
  'receipts.print': { request: { referenceId: string; kind: ReceiptKind }; response: PrintOutcome };
}

export const receiptRequestSchemas: { [K in keyof ReceiptChannels]: z.ZodType<ReceiptChannels[K]['request']> } = {
  'receipts.print': z.object({ referenceId, kind: z.enum(RECEIPT_KINDS) }).strict(),
};

// ---- the receipt printer itself (electron/core/printing/: ESC/POS printers the core drives) ----

export interface PrinterChannels {
  /**
   * A test page on the ESC/POS receipt printer: the saved one, or the Settings form's (admin, like
   * settings.testConnection). Answers what the printer said; never an error for the printer's own trouble.
   */
  'printer.testPage': { request: { printer?: PrinterSettings }; response: PrinterCheck };
  /**
   * Opens the cash drawer on the printer's drawer port, on demand only (pulse times in Settings). Needs the
   * drawer right; the print record keeps who opened it and `reason`, as they typed it.
   */
  'printer.openDrawer': { request: { reason: string }; response: { opened: true } };
  /** The end-of-day report on an ESC/POS printer; via browser (print it yourself) for the system printer. */
  'printer.printDayReport': { request: { day: string }; response: PrintOutcome };
  /**
   * A shift's X report (open: the shift so far) or Z report (closed: as kept at its close, never recomputed; a
   * second print is marked Copy) on an ESC/POS printer; via browser for the system printer. Needs the x-report right.
   */
  'printer.printShiftReport': { request: { id: string }; response: PrintOutcome };
}

export const printerRequestSchemas: { [K in keyof PrinterChannels]: z.ZodType<PrinterChannels[K]['request']> } = {
  'printer.testPage': z.object({ printer: printerSettingsSchema.strict().optional() }).strict(),
  'printer.openDrawer': z.object({ reason: printableText(120).trim().min(1) }).strict(),
  'printer.printDayReport': z.object({ day }).strict(),
  'printer.printShiftReport': z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) }).strict(),
};

// Every channel's schema, the linked-customer ones included (declared above, next to their types).
export const requestSchemas: { [K in ChannelName]: z.ZodType<RequestOf<K>> } = {
  'app.info': empty,
  'status.get': empty,
  'settings.get': empty,
  'settings.save': settingsPatchSchema.strict(),
  'settings.testConnection': settingsPatchSchema.strict(),
  'settings.verifyPin': z.object({ kind: z.enum(['admin', 'supervisor']), pin: z.string().min(1).max(32) }).strict(),
  'settings.resetVault': z.object({ confirm: z.literal(VAULT_RESET_CONFIRMATION) }).strict(),
  'journal.resolve': z.object({ journal: z.enum(JOURNAL_NAMES), action: z.enum(JOURNAL_ACTIONS) }).strict(),
  'payments.chargeMerchantQr': z.object({ amountMinor, currency, note }).strict(),
  'payments.chargeCustomerQr': z
    .object({
      amountMinor,
      currency,
      consumerCode: z.string().min(1).max(512),
      note,
      registerSale: referenceId.optional(),
    })
    .strict(),
  'payments.cancel': z.object({ referenceId, reason: printableText(200).optional() }).strict(),
  'payments.refund': z
    .object({
      referenceId,
      amountMinor: amountMinor.optional(),
      reason: printableText(200).min(1),
      supervisorPin: z.string().min(1).max(32).optional(),
    })
    .strict(),
  'payments.get': z.object({ referenceId }).strict(),
  'payments.history': z
    .object({
      day: day.optional(),
      status: z.enum(DISPLAY_STATUSES).optional(),
      method: z.enum(['merchant-qr', 'customer-qr']).optional(),
      origin: z.enum(HISTORY_ORIGINS).optional(),
      search: z.string().max(64).optional(),
      cursor: z.string().max(128).optional(),
      limit: z.number().int().min(1).max(200).optional(),
    })
    .strict(),
  'payments.summary': z.object({ day }).strict(),
  'payments.unresolved': empty,
  'payments.checkNow': z.object({ referenceId }).strict(),
  'payments.onScreen': z.object({ surface: z.enum(SCREEN_SURFACES), referenceId, shown: z.boolean() }).strict(),
  'payments.cashierSale': z
    .object({
      window: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
      sale: z
        .discriminatedUnion('surface', [
          z.object({ surface: z.enum(['sale', 'scan']) }).strict(),
          z.object({ surface: z.literal('payment'), referenceId }).strict(),
        ])
        .nullable(),
    })
    .strict(),
  'payments.exportCsv': z.object({ day }).strict(),
  ...customerRequestSchemas,
  ...consentRequestSchemas,
  ...approvalRequestSchemas,
  ...receiptRequestSchemas,
  ...printerRequestSchemas,
  ...registerRequestSchemas,
  ...staffRequestSchemas,
  ...shiftRequestSchemas,
  ...healthRequestSchemas,
  ...supportRequestSchemas,
  ...updateRequestSchemas,
};
