import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelName, RequestOf } from '../../../shared/contract.ts';
import { CHANNEL_NAMES } from '../../../shared/contract.ts';
import { VAULT_RESET_CONFIRMATION } from '../../../shared/settings.ts';
import type { Core } from '../core-api.ts';
import { closeOpenedCores, openCore } from '../core.test-helper.ts';
import { dispatch } from '../dispatch.ts';
import { localDayOf, systemTimeZone } from '../sqlite/local-time.ts';

// Issue 33: every channel of the contract, called through the composed core by each person at a till that asks
// who is there, against one table of answers. A channel added to the contract without its row here (and in
// shared/channel-rights.ts) does not compile. "allowed" means not refused for rights: the call may still fail
// for what it asked (a payment that does not exist, a printer that is not there).

const ADMIN = '8642';
const SUPERVISOR = '4821';
const CASHIER = '1111';

const ACTORS = ['nobody', 'cashier', 'supervisor', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
const PIN_OF: Readonly<Record<Exclude<Actor, 'nobody'>, string>> = {
  cashier: CASHIER,
  supervisor: SUPERVISOR,
  admin: ADMIN,
};

const RIGHTS_CODES = ['auth.sign-in-required', 'auth.not-allowed', 'admin.pin-required'] as const;
type Answer = 'allowed' | (typeof RIGHTS_CODES)[number];

const ANOTHER_DAY = '2020-01-02';
/** Not the till's (SGD): a sale that is allowed is refused at once, before it reaches the provider. */
const OTHER_CURRENCY = 'HKD';
const REF = 'REF-0000-0000';
const CUSTOMER = 'customer-1';
const HOLD = 'HOLD-0000-0000';
const APPROVAL = 'approval-0000-0000-0000';

/** A small valid request per channel (another day's, where the day matters). */
const PAYLOADS: { readonly [K in ChannelName]: RequestOf<K> } = {
  'app.info': {},
  'status.get': {},
  'settings.get': {},
  'settings.display': {},
  'settings.save': { settings: { merchantName: 'Corner shop' } },
  'settings.testConnection': {},
  'settings.verifyPin': { kind: 'admin', pin: ADMIN },
  'settings.resetVault': { confirm: VAULT_RESET_CONFIRMATION },
  'journal.resolve': { journal: 'payments', action: 'start-new' },
  'auditChain.info': {},
  'auditChain.export': {},
  'payments.chargeMerchantQr': { amountMinor: 100, currency: OTHER_CURRENCY },
  'payments.chargeCustomerQr': { amountMinor: 100, currency: OTHER_CURRENCY, consumerCode: 'not-a-code' },
  'payments.cancel': { referenceId: REF },
  'payments.refund': { referenceId: REF, reason: 'returned' },
  'payments.get': { referenceId: REF },
  'payments.find': { takenBy: 'staff-1', day: ANOTHER_DAY },
  'payments.history': { day: ANOTHER_DAY },
  'payments.summary': { day: ANOTHER_DAY },
  'payments.unresolved': {},
  'payments.checkNow': { referenceId: REF },
  'payments.onScreen': { surface: 'payment', referenceId: REF, shown: false },
  'payments.cashierSale': { window: 'window-1', sale: null },
  'payments.onDisplay': {},
  'payments.exportCsv': { day: ANOTHER_DAY },
  'payments.archiveYear': { year: 2020 },
  'customers.startLink': { merchantUserId: CUSTOMER, phoneHint: '+6590000000' },
  'customers.openConsent': { linkToken: 'link-1' },
  'customers.completeLink': { linkToken: 'link-1', redirectedTo: 'https://example.invalid/callback' },
  'customers.linkStatus': { linkToken: 'link-1' },
  'customers.list': {},
  'customers.find': { merchantUserId: CUSTOMER },
  'customers.cashback': { merchantUserId: CUSTOMER },
  'customers.charge': { merchantUserId: CUSTOMER, amountMinor: 100, currency: OTHER_CURRENCY, useCashback: false },
  'customers.placeHold': { merchantUserId: CUSTOMER, amountMinor: 100, currency: OTHER_CURRENCY },
  'customers.capture': { merchantRef: HOLD },
  'customers.void': { merchantRef: HOLD, reason: 'not needed' },
  'customers.unlink': { merchantUserId: CUSTOMER },
  'customers.unresolved': {},
  'customers.ofDay': { day: ANOTHER_DAY },
  'customers.requestApproval': { action: 'capture', merchantUserId: CUSTOMER, merchantRef: HOLD },
  'customers.answerApproval': { approvalId: APPROVAL, approve: false },
  'customers.approvalStatus': { approvalId: APPROVAL },
  'receipts.print': { referenceId: REF, kind: 'receipt' },
  'printer.testPage': {},
  'printer.openDrawer': { reason: 'change for the float' },
  'printer.printDayReport': { day: ANOTHER_DAY },
  'printer.printShiftReport': { id: 'shift-1' },
  'ecr.keys': {},
  'ecr.createKey': { name: 'register-1' },
  'ecr.revokeKey': { name: 'register-1' },
  'ecr.status': {},
  'ecr.openSale': {},
  'ecr.cancelSale': { referenceId: REF },
  'ecr.newCertificate': {},
  'staff.list': {},
  'staff.save': { name: 'Mallory', role: 'admin', pin: '999999' },
  'staff.checkApprover': { pin: '0000' },
  'session.signIn': { pin: CASHIER },
  'session.signOut': {},
  'session.current': {},
  'shifts.open': {},
  'shifts.current': {},
  'shifts.close': {},
  'shifts.report': { id: 'shift-1' },
  'shifts.ofDay': { day: ANOTHER_DAY },
  'training.start': { staffId: 'cashier' },
  'training.stop': { pin: '2468' },
  'training.status': {},
  'training.simulate': { action: 'normal' },
  'health.check': {},
  'support.logs': {},
  'support.bundle': {},
  'log.rendererError': { kind: 'error', message: 'test' },
  'updates.status': {},
  'updates.installNow': {},
  'headOffice.status': {},
  'headOffice.test': {},
  'headOffice.identity': {},
  'headOffice.enrol': {},
  'shop.day': { day: ANOTHER_DAY },
  'shop.tills': {},
};

const ok = 'allowed';
const signIn = 'auth.sign-in-required';
const no = 'auth.not-allowed';
const pin = 'admin.pin-required';
const OPEN = [ok, ok, ok, ok] as const;
/** A right every role holds (sell, payments-today…): anyone signed in. */
const SIGNED_IN = [signIn, ok, ok, ok] as const;
/** A supervisor's right (another day's payments, cancel-any, the drawer, the X report…). */
const SUPERVISOR_UP = [signIn, no, ok, ok] as const;
/** The admin's right, and the admin's window (closed here: the admin is asked for their PIN again). */
const ADMIN_WINDOW = [signIn, no, no, pin] as const;
/** The admin's right, the window asked only when the data says so (testing what is saved, a journal fine). */
const ADMIN_ONLY = [signIn, no, no, ok] as const;

/** Nobody (sign-in on), cashier, supervisor, admin. */
const EXPECTED: { readonly [K in ChannelName]: readonly [Answer, Answer, Answer, Answer] } = {
  'app.info': OPEN,
  'status.get': OPEN,
  'settings.get': OPEN,
  'settings.display': OPEN,
  'settings.save': ADMIN_WINDOW,
  'settings.testConnection': ADMIN_ONLY,
  'settings.verifyPin': OPEN,
  'settings.resetVault': OPEN,
  'journal.resolve': ADMIN_ONLY,
  'auditChain.info': OPEN,
  'auditChain.export': ADMIN_WINDOW,
  'payments.chargeMerchantQr': SIGNED_IN,
  'payments.chargeCustomerQr': SIGNED_IN,
  'payments.cancel': SIGNED_IN,
  'payments.refund': SIGNED_IN,
  'payments.get': SIGNED_IN,
  'payments.find': SUPERVISOR_UP,
  'payments.history': SUPERVISOR_UP,
  'payments.summary': SUPERVISOR_UP,
  'payments.unresolved': SIGNED_IN,
  'payments.checkNow': SIGNED_IN,
  'payments.onScreen': OPEN,
  'payments.cashierSale': OPEN,
  'payments.onDisplay': OPEN,
  'payments.exportCsv': SUPERVISOR_UP,
  'payments.archiveYear': ADMIN_WINDOW,
  'customers.startLink': SIGNED_IN,
  'customers.openConsent': SIGNED_IN,
  'customers.completeLink': SIGNED_IN,
  'customers.linkStatus': SIGNED_IN,
  'customers.list': SIGNED_IN,
  'customers.find': SIGNED_IN,
  'customers.cashback': SIGNED_IN,
  'customers.charge': SIGNED_IN,
  'customers.placeHold': SIGNED_IN,
  'customers.capture': SIGNED_IN,
  // The service asks cancel-any of a hold that is not the person's own (this one is nobody's: not on the till).
  'customers.void': SUPERVISOR_UP,
  'customers.unlink': SUPERVISOR_UP,
  'customers.unresolved': SIGNED_IN,
  'customers.ofDay': SUPERVISOR_UP,
  'customers.requestApproval': SIGNED_IN,
  'customers.answerApproval': SIGNED_IN,
  'customers.approvalStatus': SIGNED_IN,
  'receipts.print': SIGNED_IN,
  'printer.testPage': ADMIN_ONLY,
  'printer.openDrawer': SUPERVISOR_UP,
  'printer.printDayReport': SUPERVISOR_UP,
  'printer.printShiftReport': SUPERVISOR_UP,
  'ecr.keys': ADMIN_WINDOW,
  'ecr.createKey': ADMIN_WINDOW,
  'ecr.revokeKey': ADMIN_WINDOW,
  'ecr.status': OPEN,
  'ecr.openSale': OPEN,
  'ecr.cancelSale': SIGNED_IN,
  'ecr.newCertificate': ADMIN_WINDOW,
  'staff.list': SIGNED_IN,
  'staff.save': ADMIN_WINDOW,
  'staff.checkApprover': SIGNED_IN,
  'session.signIn': OPEN,
  'session.signOut': OPEN,
  'session.current': OPEN,
  'shifts.open': SIGNED_IN,
  'shifts.current': OPEN,
  'shifts.close': SUPERVISOR_UP,
  'shifts.report': SUPERVISOR_UP,
  'shifts.ofDay': SUPERVISOR_UP,
  'training.start': SUPERVISOR_UP,
  'training.stop': OPEN,
  'training.status': OPEN,
  'training.simulate': OPEN,
  'health.check': OPEN,
  'support.logs': OPEN,
  'support.bundle': ADMIN_WINDOW,
  'log.rendererError': OPEN,
  'updates.status': OPEN,
  'updates.installNow': ADMIN_WINDOW,
  'headOffice.status': OPEN,
  'headOffice.test': ADMIN_ONLY,
  'headOffice.identity': OPEN,
  'headOffice.enrol': ADMIN_WINDOW,
  'shop.day': SUPERVISOR_UP,
  'shop.tills': SUPERVISOR_UP,
};

let core: Core;

beforeAll(async () => {
  ({ core } = await openCore());
  const code = async (channel: string, payload: unknown) => answerOf(await dispatch(core.handlers, channel, payload));
  expect(await code('settings.save', { secrets: { adminPin: ADMIN, supervisorPin: SUPERVISOR } })).toBe(ok);
  expect(await code('staff.save', { name: 'Ann', role: 'cashier', pin: CASHIER })).toBe(ok);
  expect(await code('settings.save', { settings: { staff: { signInRequired: true } } })).toBe(ok);
});
afterAll(closeOpenedCores);

function answerOf(result: Awaited<ReturnType<typeof dispatch>>): Answer | string {
  if (result.ok) return ok;
  const code = result.error.code;
  // A payload this table got wrong would hide the answer: say so rather than count it as allowed.
  if (code === 'ipc.invalid-payload') return `${code}: ${JSON.stringify(result.error)}`;
  return (RIGHTS_CODES as readonly string[]).includes(code) ? code : ok;
}

/** After these, the person or the admin's window may have changed: the next call signs in again. */
const CHANGE_WHO_IS_THERE: ReadonlySet<ChannelName> = new Set([
  'session.signIn',
  'session.signOut',
  'settings.verifyPin',
]);

/** Who is at the till for the next call: a fresh sign-in (it also closes the admin's window). */
async function arrange(actor: Actor): Promise<void> {
  const done =
    actor === 'nobody'
      ? await dispatch(core.handlers, 'session.signOut', {})
      : await dispatch(core.handlers, 'session.signIn', { pin: PIN_OF[actor] });
  expect(done.ok).toBe(true);
}

describe('every channel × every person, with "Ask who is at the till" on (issue 33, 6)', () => {
  for (const [index, actor] of ACTORS.entries()) {
    it(`${actor}: each channel answers as the table says`, async () => {
      const answers: Record<string, string> = {};
      const expected: Record<string, string> = {};
      await arrange(actor);
      for (const channel of CHANNEL_NAMES) {
        answers[channel] = answerOf(await dispatch(core.handlers, channel, PAYLOADS[channel]));
        expected[channel] = EXPECTED[channel][index]!;
        if (CHANGE_WHO_IS_THERE.has(channel)) await arrange(actor);
      }
      expect(answers).toEqual(expected);
    }, 120_000);
  }

  it("today's payments are the cashier's; the open ones of any day too", async () => {
    const today = localDayOf(Date.now(), systemTimeZone());
    await arrange('cashier');
    const asks: Array<[ChannelName, unknown]> = [
      ['payments.history', { day: today }],
      ['payments.history', { status: 'waiting' }],
      ['payments.find', { takenBy: 'staff-1', day: today }],
      ['payments.find', { amountMinor: 100, from: `${today}T09:00`, to: `${today}T10:00` }],
      ['payments.find', { providerOrderId: '220801-0679-YVUY' }],
      ['payments.find', { note: 'table 4', day: today }],
      ['payments.find', { note: 'table 4', day: today, amountMinor: 1850 }],
      ['payments.find', { latest: 10, day: today }],
      ['payments.summary', { day: today }],
      ['payments.exportCsv', { day: today }],
      ['customers.ofDay', { day: today }],
      ['printer.printDayReport', { day: today }],
      ['shifts.ofDay', { day: today }],
    ];
    for (const [channel, payload] of asks) {
      expect([channel, answerOf(await dispatch(core.handlers, channel, payload))]).toEqual([channel, ok]);
    }
    // Every day at once holds other days' payments.
    expect(answerOf(await dispatch(core.handlers, 'payments.history', {}))).toBe(no);
    expect(answerOf(await dispatch(core.handlers, 'payments.history', { search: 'REF' }))).toBe(no);
    // A window that reaches into another day holds that day's payments.
    const window = { amountMinor: 100, from: `${ANOTHER_DAY}T09:00`, to: `${today}T10:00` };
    expect(answerOf(await dispatch(core.handlers, 'payments.find', window))).toBe(no);
    // Another day's notes and latest sales are another day's payments.
    expect(answerOf(await dispatch(core.handlers, 'payments.find', { note: 'table 4', day: ANOTHER_DAY }))).toBe(no);
    expect(answerOf(await dispatch(core.handlers, 'payments.find', { latest: 10, day: ANOTHER_DAY }))).toBe(no);
  });
});

describe('a till asked to know who is there before it has an admin PIN (issue 33, 6)', () => {
  it('keeps Settings open to whoever is at it, so it can be set up or told not to ask', async () => {
    const { core: fresh } = await openCore();
    const answer = async (channel: ChannelName, payload: unknown) =>
      answerOf(await dispatch(fresh.handlers, channel, payload));
    expect(await answer('settings.save', { settings: { staff: { signInRequired: true } } })).toBe(ok);
    // Nobody can sign in yet (no admin, no staff): a sale waits for someone, Settings do not.
    expect(await answer('payments.history', { status: 'waiting' })).toBe(signIn);
    expect(await answer('settings.save', { secrets: { adminPin: ADMIN } })).toBe(ok);
    // From the first admin PIN on, the admin's channels are the admin's again.
    expect(await answer('settings.save', { settings: { staff: { signInRequired: false } } })).toBe(signIn);
  });
});
