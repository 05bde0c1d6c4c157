import { z } from 'zod';
import type { CurrencyCode, Money } from './money.ts';
import type { ErrorParam, Notice } from './notices.ts';
import type { HoldDisplayStatus, HoldView } from './customer-holds.ts';
import {
  amountMinor,
  currency,
  day,
  empty,
  linkToken,
  merchantRef,
  merchantUserId,
  printableText,
  type Empty,
} from './request-atoms.ts';
import type { StaffRef } from './staff.ts';

// Linked customers (tokenized payments: tokenized-payment-api.md, wire-details §3): the customer, their charges,
// and the customers.* channels served by electron/core/customers/customer-module.ts. Their holds are in
// shared/customer-holds.ts; the consent page in shared/consent.ts; the customer's approval in shared/approvals.ts.

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

/** Events the linked-customer module sends (main → renderer). */
export interface CustomerEvents {
  /** A customer, hold or charge changed (a resolved outcome, a webhook, a refresh). */
  'customers.updated': LinkedCustomerDetail;
}
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

export const CUSTOMER_CHANNEL_NAMES = Object.keys(customerRequestSchemas) as CustomerChannelName[];

export type CustomerHandlers = {
  readonly [K in CustomerChannelName]: (
    request: CustomerChannels[K]['request'],
  ) => Promise<CustomerChannels[K]['response']>;
};
