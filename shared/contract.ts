import { z } from 'zod';
import {
  DISPLAY_STATUSES,
  type DaySummary,
  type EnvironmentId,
  type Page,
  type PaymentDetail,
  type PaymentView,
  type RefundView,
  type StatusSnapshot,
} from './domain.ts';
import { CURRENCIES, type CurrencyCode } from './money.ts';
import { CHANNEL_NAME_LIST, EVENT_NAME_LIST } from './channel-names.ts';
import type { Result } from './result.ts';
import { settingsPatchSchema, type Locale, type SettingsPatch, type SettingsView, type TerminalMode } from './settings.ts';

// The one contract between renderer and main. Every channel names its request and response type here,
// and `requestSchemas` must hold a runtime schema for each: a channel added without both does not compile.
// Both transports (Electron IPC, web host) serve exactly this map.

export type Empty = Record<string, never>;

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
}

export interface ConnectionTestResult {
  readonly reachable: boolean;
  readonly signatureAccepted: boolean;
  readonly clockSkewMs: number | null;
  readonly latencyMs: number | null;
  /** One sentence for the admin: what worked, or what to fix. */
  readonly message: string;
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
  /** Our referenceId or the provider's order id, whole or a prefix. */
  readonly search?: string | undefined;
  readonly cursor?: string | undefined;
  readonly limit?: number | undefined;
}

export interface Channels {
  'app.info': { request: Empty; response: AppInfo };
  'status.get': { request: Empty; response: StatusSnapshot };
  'settings.get': { request: Empty; response: SettingsView };
  'settings.save': { request: SettingsPatch; response: SettingsView };
  'settings.testConnection': { request: Empty; response: ConnectionTestResult };
  'settings.verifyPin': { request: { kind: 'admin' | 'supervisor'; pin: string }; response: { valid: boolean } };
  'payments.chargeMerchantQr': { request: { amountMinor: number; currency: CurrencyCode; note?: string | undefined }; response: PaymentView };
  'payments.chargeCustomerQr': {
    request: { amountMinor: number; currency: CurrencyCode; consumerCode: string; note?: string | undefined };
    response: PaymentView;
  };
  'payments.cancel': { request: { referenceId: string; reason?: string | undefined }; response: PaymentView };
  'payments.refund': {
    request: { referenceId: string; amountMinor?: number | undefined; reason: string; supervisorPin: string };
    response: PaymentDetail;
  };
  'payments.get': { request: { referenceId: string }; response: PaymentDetail };
  'payments.history': { request: HistoryQuery; response: Page<PaymentView> };
  'payments.summary': { request: { day: string }; response: DaySummary };
  'payments.unresolved': { request: Empty; response: readonly PaymentView[] };
  'payments.checkNow': { request: { referenceId: string }; response: PaymentView };
  'payments.exportCsv': { request: { day: string }; response: CsvExport };
}

export type ChannelName = keyof Channels;
export type RequestOf<K extends ChannelName> = Channels[K]['request'];
export type ResponseOf<K extends ChannelName> = Channels[K]['response'];

/** Events flow main → renderer only. */
export interface Events {
  'payment.updated': PaymentView;
  'refund.updated': RefundView;
  'status.changed': StatusSnapshot;
  'settings.changed': SettingsView;
}
export type EventName = keyof Events;

// ---- runtime schemas: every request is validated in main before the core sees it ----

const empty = z.object({}).strict() as unknown as z.ZodType<Empty>;
const referenceId = z.string().min(8).max(64).regex(/^[A-Za-z0-9-]+$/);
const amountMinor = z.number().int().positive().max(1_000_000_000);
const note = z.string().max(120).optional();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const currency = z.enum(CURRENCIES);

export const requestSchemas: { [K in ChannelName]: z.ZodType<RequestOf<K>> } = {
  'app.info': empty,
  'status.get': empty,
  'settings.get': empty,
  'settings.save': settingsPatchSchema.strict(),
  'settings.testConnection': empty,
  'settings.verifyPin': z.object({ kind: z.enum(['admin', 'supervisor']), pin: z.string().min(1).max(32) }).strict(),
  'payments.chargeMerchantQr': z.object({ amountMinor, currency, note }).strict(),
  'payments.chargeCustomerQr': z.object({ amountMinor, currency, consumerCode: z.string().min(1).max(512), note }).strict(),
  'payments.cancel': z.object({ referenceId, reason: z.string().max(200).optional() }).strict(),
  'payments.refund': z
    .object({
      referenceId,
      amountMinor: amountMinor.optional(),
      reason: z.string().min(1).max(200),
      supervisorPin: z.string().min(1).max(32),
    })
    .strict(),
  'payments.get': z.object({ referenceId }).strict(),
  'payments.history': z
    .object({
      day: day.optional(),
      status: z.enum(DISPLAY_STATUSES).optional(),
      method: z.enum(['merchant-qr', 'customer-qr']).optional(),
      search: z.string().max(64).optional(),
      cursor: z.string().max(128).optional(),
      limit: z.number().int().min(1).max(200).optional(),
    })
    .strict(),
  'payments.summary': z.object({ day }).strict(),
  'payments.unresolved': empty,
  'payments.checkNow': z.object({ referenceId }).strict(),
  'payments.exportCsv': z.object({ day }).strict(),
};

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
