import type { WindowRole } from '../../../shared/caller.ts';
import { CHANNEL_NAME_LIST, EVENT_NAME_LIST } from '../../../shared/channel-names.ts';
import type { ChannelName, EventName } from '../../../shared/contract.ts';

// Which contract calls and events each of our pages gets. The cashier's screen is the till: all of it. The
// customer display faces the shopper and only shows the payment at the counter, so it may read what it shows
// (its own view of the settings: the customer's language, the merchant's name; the payment at the counter) and
// hear about payments and settings, and nothing else: no payments list, no settings view of the till's, no
// refund, no settings change, no customer data, no PIN guessing. Decided here,
// without Electron, so main's IPC (electron/ipc.ts, per window) and the web host (per token) apply the same rule.

export type { WindowRole };

const ALL_CHANNELS: ReadonlySet<string> = new Set(CHANNEL_NAME_LIST);
const ALL_EVENTS: ReadonlySet<string> = new Set(EVENT_NAME_LIST);

/**
 * What renderer/screens/customer-display/ calls and listens to; nothing more. Besides the payment at the counter,
 * a linked customer's own questions: the wallet's consent page offered to them (and whether that link is still
 * waiting), and their yes or no to a charge of their stored wallet.
 */
export const CUSTOMER_DISPLAY_CHANNELS: readonly ChannelName[] = [
  'settings.display',
  'payments.onDisplay',
  'customers.linkStatus',
  'customers.answerApproval',
];
export const CUSTOMER_DISPLAY_EVENTS: readonly EventName[] = [
  'payment.updated',
  'settings.changed',
  'customers.consentOnDisplay',
  'customers.approvalOnDisplay',
];

const ALLOWED_CHANNELS: Readonly<Record<WindowRole, ReadonlySet<string>>> = {
  cashier: ALL_CHANNELS,
  'customer-display': new Set(CUSTOMER_DISPLAY_CHANNELS),
};
const ALLOWED_EVENTS: Readonly<Record<WindowRole, ReadonlySet<string>>> = {
  cashier: ALL_EVENTS,
  'customer-display': new Set(CUSTOMER_DISPLAY_EVENTS),
};

/**
 * May a page of this role make this call? A sender with no known role (a window main did not register) gets
 * nothing. A cashier asking for a name the contract does not have is let through, so dispatch answers it with
 * `ipc.unknown-channel` as before; the customer display only ever gets its own names.
 */
export function isChannelAllowed(role: WindowRole | null | undefined, channel: unknown): boolean {
  if (role !== 'cashier' && role !== 'customer-display') return false;
  if (typeof channel !== 'string') return role === 'cashier';
  if (role === 'cashier') return true;
  return ALLOWED_CHANNELS[role].has(channel);
}

/** Does a page of this role hear this event? */
export function isEventAllowed(role: WindowRole | null | undefined, event: unknown): boolean {
  if (role !== 'cashier' && role !== 'customer-display') return false;
  return typeof event === 'string' && ALLOWED_EVENTS[role].has(event);
}
