import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAME_LIST, EVENT_NAME_LIST } from '../../../shared/channel-names.ts';
import {
  CUSTOMER_DISPLAY_CHANNELS,
  CUSTOMER_DISPLAY_EVENTS,
  isChannelAllowed,
  isEventAllowed,
} from './window-channels.ts';

describe('per-window channel allowlist', () => {
  it('gives the cashier window every contract channel and event', () => {
    for (const channel of CHANNEL_NAME_LIST) expect(isChannelAllowed('cashier', channel)).toBe(true);
    for (const event of EVENT_NAME_LIST) expect(isEventAllowed('cashier', event)).toBe(true);
  });

  it("gives the customer display only what it shows: its own settings view, the payment at the counter, and a linked customer's own questions", () => {
    const allowed = CHANNEL_NAME_LIST.filter((channel) => isChannelAllowed('customer-display', channel));
    expect(allowed).toEqual([
      'settings.display',
      'payments.onDisplay',
      'customers.linkStatus',
      'customers.answerApproval',
    ]);
    expect(EVENT_NAME_LIST.filter((event) => isEventAllowed('customer-display', event))).toEqual([
      'payment.updated',
      'settings.changed',
      'customers.consentOnDisplay',
      'customers.approvalOnDisplay',
    ]);
  });

  it.each([
    // What it reads is its own: not the day's payments, not the till's settings or app details.
    'payments.history',
    'settings.get',
    'app.info',
    'payments.refund',
    'payments.cancel',
    'payments.chargeMerchantQr',
    'settings.save',
    'settings.verifyPin',
    'payments.exportCsv',
    'customers.charge',
    'customers.find',
    'receipts.print',
    // Register keys are the admin's: a display that could make one could start sales and refunds.
    'ecr.keys',
    'ecr.createKey',
    'ecr.revokeKey',
    'ecr.status',
    'ecr.openSale',
    'ecr.cancelSale',
  ])('refuses %s to the customer display', (channel) => {
    expect(isChannelAllowed('customer-display', channel)).toBe(false);
  });

  it('refuses names outside the contract and non-strings to the display, and everything to an unknown window', () => {
    for (const channel of ['shell.openExternal', '__proto__', 'toString', '', 42, null, undefined])
      expect(isChannelAllowed('customer-display', channel)).toBe(false);
    for (const role of [null, undefined, 'consent', 'admin', '__proto__'] as never[]) {
      expect(isChannelAllowed(role, 'app.info')).toBe(false);
      expect(isEventAllowed(role, 'payment.updated')).toBe(false);
    }
    expect(isEventAllowed('customer-display', 'customers.updated')).toBe(false);
    expect(isEventAllowed('customer-display', 'refund.updated')).toBe(false);
    expect(isEventAllowed('customer-display', 'ecr.sale')).toBe(false);
  });

  it('keeps the display lists inside the contract', () => {
    for (const channel of CUSTOMER_DISPLAY_CHANNELS) expect(CHANNEL_NAME_LIST).toContain(channel);
    for (const event of CUSTOMER_DISPLAY_EVENTS) expect(EVENT_NAME_LIST).toContain(event);
  });
});

describe('the customer display page against its allowlist', () => {
  // The page and the rule must agree: a display that starts calling something new fails here, not on a till.
  const folder = new URL('../../../renderer/screens/customer-display/', import.meta.url);
  const source = readdirSync(folder)
    .filter((name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'))
    .map((name) => readFileSync(new URL(name, folder), 'utf8'))
    .join('\n');

  it('calls only allowed channels and listens only to allowed events', () => {
    const calls = [...source.matchAll(/bridge\[['"]([\w.]+)['"]\]/g)].map((m) => m[1]!);
    const events = [...source.matchAll(/useBridgeEvent\(['"]([\w.]+)['"]/g)].map((m) => m[1]!);
    expect(new Set(calls)).toEqual(new Set(CUSTOMER_DISPLAY_CHANNELS));
    expect(new Set(events)).toEqual(new Set(CUSTOMER_DISPLAY_EVENTS));
  });
});
