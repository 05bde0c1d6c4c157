import type { z } from 'zod';
import { statusRequestSchemas, type StatusChannels, type StatusEvents } from './status.ts';
import { CHANNEL_NAME_LIST, EVENT_NAME_LIST } from './channel-names.ts';
import type { Caller } from './caller.ts';
import { journalRequestSchemas, type JournalChannels } from './journal.ts';
import { auditChainRequestSchemas, type AuditChainChannels } from './audit-chain.ts';
import { healthRequestSchemas, type HealthChannels } from './health.ts';
import { headOfficeRequestSchemas, type HeadOfficeChannels, type HeadOfficeEvents } from './head-office.ts';
import { printerRequestSchemas, type PrinterChannels } from './printer.ts';
import { receiptRequestSchemas, type ReceiptChannels } from './receipts.ts';
import { registerRequestSchemas, type RegisterChannels, type RegisterEvents } from './register.ts';
import { approvalRequestSchemas, type ApprovalChannels, type ApprovalEvents } from './approvals.ts';
import { consentRequestSchemas, type ConsentChannels, type ConsentEvents } from './consent.ts';
import { customerRequestSchemas, type CustomerChannels, type CustomerEvents } from './customers.ts';
import { paymentRequestSchemas, type PaymentChannels, type PaymentEvents } from './payments.ts';
import { paymentHistoryRequestSchemas, type PaymentHistoryChannels } from './payment-history.ts';
import {
  paymentScreenRequestSchemas,
  type PaymentScreenChannels,
  type PaymentScreenEvents,
} from './payment-screens.ts';
import type { Result } from './result.ts';
import { supportRequestSchemas, type SupportChannels } from './support.ts';
import { updateRequestSchemas, type UpdateChannels } from './updates.ts';
import {
  shiftRequestSchemas,
  staffRequestSchemas,
  type SessionEvents,
  type ShiftChannels,
  type StaffChannels,
} from './staff.ts';
import { settingsRequestSchemas, type SettingsChannels, type SettingsEvents } from './settings.ts';
import { trainingRequestSchemas, type TrainingChannels, type TrainingEvents } from './training.ts';

// The one contract between renderer and main, joined from its features: each shared/<feature>.ts names its
// channels' request and response types, its events and a runtime schema per channel (shared/README.md lists
// them). `requestSchemas` must hold a schema for every channel here: a channel added without both does not
// compile. Both transports (Electron IPC, web host) serve exactly this map.

export interface Channels
  extends
    StatusChannels,
    SettingsChannels,
    JournalChannels,
    AuditChainChannels,
    PaymentChannels,
    PaymentHistoryChannels,
    PaymentScreenChannels,
    CustomerChannels,
    ConsentChannels,
    ApprovalChannels,
    ReceiptChannels,
    PrinterChannels,
    HeadOfficeChannels,
    RegisterChannels,
    StaffChannels,
    ShiftChannels,
    TrainingChannels,
    HealthChannels,
    SupportChannels,
    UpdateChannels {}

export type ChannelName = keyof Channels;
export type RequestOf<K extends ChannelName> = Channels[K]['request'];
export type ResponseOf<K extends ChannelName> = Channels[K]['response'];

/** Events flow main → renderer only. */
export interface Events
  extends
    StatusEvents,
    SettingsEvents,
    PaymentEvents,
    PaymentScreenEvents,
    CustomerEvents,
    ConsentEvents,
    ApprovalEvents,
    RegisterEvents,
    SessionEvents,
    TrainingEvents,
    HeadOfficeEvents {}
export type EventName = keyof Events;

// ---- runtime schemas: every request is validated in main before the core sees it ----

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

/**
 * The core side: one handler per channel. Throwing PosError is allowed; the transport wraps it. `caller`: who
 * asked, as the transport knows it (shared/caller.ts); most handlers ignore it.
 */
export type Handlers = {
  readonly [K in ChannelName]: (request: RequestOf<K>, caller?: Caller) => Promise<ResponseOf<K>>;
};

export type EventSink = <E extends EventName>(event: E, payload: Events[E]) => void;

// Every channel's schema, each feature's declared next to its types.
export const requestSchemas: { [K in ChannelName]: z.ZodType<RequestOf<K>> } = {
  ...statusRequestSchemas,
  ...settingsRequestSchemas,
  ...journalRequestSchemas,
  ...auditChainRequestSchemas,
  ...paymentRequestSchemas,
  ...paymentHistoryRequestSchemas,
  ...paymentScreenRequestSchemas,
  ...customerRequestSchemas,
  ...consentRequestSchemas,
  ...approvalRequestSchemas,
  ...receiptRequestSchemas,
  ...printerRequestSchemas,
  ...headOfficeRequestSchemas,
  ...registerRequestSchemas,
  ...staffRequestSchemas,
  ...shiftRequestSchemas,
  ...trainingRequestSchemas,
  ...healthRequestSchemas,
  ...supportRequestSchemas,
  ...updateRequestSchemas,
};
