import type { ChannelName, RequestOf } from './contract.ts';
import type { StaffRight } from './staff.ts';

// What every channel of the contract asks of the person at the till, in one table: the core holds it for every
// caller on both transports (electron/core/staff/rights-held-handlers.ts), the README shows it to the owner
// (npm run rights-table), and a test walks it role by role. A channel missing here does not compile.
//
// The table is the floor: a service still asks what only its data can tell (a cancel of one's own sale or of
// someone else's, a refund's approval, a receipt printed before): `also` says what, for the README.

/**
 * What a call asks: nothing, a right of the person signed in, or that right and the admin's open window (until
 * the first admin PIN is set, nobody could sign in as an admin: the admin's channels are then the till's set-up).
 */
export type ChannelAsk =
  | { readonly kind: 'open'; readonly also?: string }
  | { readonly kind: 'right'; readonly right: StaffRight; readonly also?: string }
  | { readonly kind: 'admin-window'; readonly right: StaffRight; readonly also?: string };

/** An ask that depends on the request: its cases by name (as the README lists them), and which one a request is. */
export interface AskByRequest<R> {
  readonly kind: 'by-request';
  readonly cases: Readonly<Record<string, ChannelAsk>>;
  /** The name of the case `request` is, given the till's local day (YYYY-MM-DD). */
  readonly pick: (request: R, today: string) => string;
}

export type ChannelRule<R> = ChannelAsk | AskByRequest<R>;

const open: ChannelAsk = { kind: 'open' };
const right = (right: StaffRight, also?: string): ChannelAsk =>
  also === undefined ? { kind: 'right', right } : { kind: 'right', right, also };
const adminWindow = (right: StaffRight, also?: string): ChannelAsk =>
  also === undefined ? { kind: 'admin-window', right } : { kind: 'admin-window', right, also };

const TODAY = 'today';
const ANOTHER_DAY = 'another day';

/** A day's payments: today's are the cashier's own work; another day's are the supervisor's (as shifts.ofDay). */
const byDay: AskByRequest<{ readonly day: string }> = {
  kind: 'by-request',
  cases: { [TODAY]: right('payments-today'), [ANOTHER_DAY]: right('payments-any-day') },
  pick: (request, today) => (request.day === today ? TODAY : ANOTHER_DAY),
};

/**
 * The payments list: a day as byDay; without a day, every day (another day's payments among them), except the
 * payments still open, which the till must finish whatever day they began (the banner every screen shows).
 */
const history: AskByRequest<RequestOf<'payments.history'>> = {
  kind: 'by-request',
  cases: { 'today, or the open ones': right('payments-today'), 'another day, or every day': right('payments-any-day') },
  pick: ({ day, status }, today) =>
    day === today || (day === undefined && (status === 'waiting' || status === 'scanned'))
      ? 'today, or the open ones'
      : 'another day, or every day',
};

/**
 * A payment without its receipt (payments.find): by the provider's order id, one payment the customer proves with
 * the id their wallet app shows, as a receipt's reference does for payments.get; by an amount in a time window, by
 * who took it, by words of the note or a day's latest, a list of payments, so as the payments list: within today
 * the cashier's own work, another day's the supervisor's. A refund of what it finds still needs an approver's PIN (payments/refunds.ts).
 */
const find: AskByRequest<RequestOf<'payments.find'>> = {
  kind: 'by-request',
  cases: {
    'by order id, or within today': right('payments-today'),
    'another day': right('payments-any-day'),
  },
  pick: (request, today) => {
    if ('providerOrderId' in request) return 'by order id, or within today';
    const within =
      'day' in request ? request.day === today : request.from.startsWith(today) && request.to.startsWith(today);
    return within ? 'by order id, or within today' : 'another day';
  },
};

const journalResolve: AskByRequest<RequestOf<'journal.resolve'>> = {
  kind: 'by-request',
  cases: { recheck: open, 'accept or start new': adminWindow('settings') },
  pick: ({ action }) => (action === 'recheck' ? 'recheck' : 'accept or start new'),
};

const OWN_OR_ANY = 'cancel-any for someone else’s';

export const CHANNEL_RIGHTS: { readonly [K in ChannelName]: ChannelRule<RequestOf<K>> } = {
  'app.info': open,
  'status.get': open,
  'settings.get': open,
  // The customer display's own reads: only what it shows the customer, idle included (nobody signed in).
  'settings.display': open,
  'settings.save': adminWindow('settings'),
  'settings.testConnection': adminWindow('settings', 'the window only for a form not saved yet'),
  'settings.verifyPin': open,
  'settings.resetVault': open,
  'journal.resolve': journalResolve,
  'auditChain.info': open,
  'auditChain.export': adminWindow('settings'),
  'payments.chargeMerchantQr': right('sell'),
  'payments.chargeCustomerQr': right('sell'),
  'payments.cancel': right('cancel-own', OWN_OR_ANY),
  'payments.refund': right('sell', 'refund, or an approver’s PIN (always one for a payment found without its receipt)'),
  'payments.get': right('payments-today'),
  'payments.find': find,
  'payments.history': history,
  'payments.summary': byDay,
  'payments.unresolved': right('payments-today'),
  'payments.checkNow': right('payments-today'),
  'payments.onScreen': open,
  'payments.cashierSale': open,
  'payments.onDisplay': open,
  'payments.exportCsv': byDay,
  'payments.archiveYear': adminWindow('settings'),
  'customers.startLink': right('sell'),
  'customers.openConsent': right('sell'),
  'customers.completeLink': right('sell'),
  'customers.linkStatus': right('sell'),
  'customers.list': right('payments-today'),
  'customers.find': right('payments-today'),
  'customers.cashback': right('payments-today'),
  'customers.charge': right('sell'),
  'customers.placeHold': right('sell'),
  'customers.capture': right('sell'),
  'customers.void': right('cancel-own', OWN_OR_ANY),
  'customers.unlink': right('cancel-any'),
  'customers.unresolved': right('payments-today'),
  'customers.ofDay': byDay,
  'customers.requestApproval': right('sell'),
  'customers.answerApproval': right('sell'),
  'customers.approvalStatus': right('sell'),
  'receipts.print': right('sell', 'reprint for a copy'),
  'printer.testPage': right('settings', 'the admin window for a form not saved yet'),
  'printer.openDrawer': right('drawer'),
  'printer.printDayReport': byDay,
  'printer.printShiftReport': right('x-report'),
  'ecr.keys': adminWindow('register-keys'),
  'ecr.createKey': adminWindow('register-keys'),
  'ecr.revokeKey': adminWindow('register-keys'),
  'ecr.status': open,
  // What the ecr.sale event tells every window anyway; the screen reads it once as it starts, maybe before a sign-in.
  'ecr.openSale': open,
  'ecr.cancelSale': right('cancel-own', OWN_OR_ANY),
  'ecr.newCertificate': adminWindow('register-keys'),
  'staff.list': right('payments-today'),
  'staff.save': adminWindow('staff'),
  'staff.checkApprover': right('sell', 'an approver’s PIN, counted as payments.refund counts it'),
  'session.signIn': open,
  'session.signOut': open,
  'session.current': open,
  'shifts.open': right('sell'),
  'shifts.current': open,
  'shifts.close': right('close-shift'),
  'shifts.report': right('x-report'),
  'shifts.ofDay': byDay,
  'training.start': right('training'),
  // The trainee asks, and a supervisor's own PIN lets them out (checked by the training service).
  'training.stop': { kind: 'open', also: 'the PIN of someone with the training right' },
  'training.status': open,
  // Acts on the training sandbox alone (never the provider), and only while training is on.
  'training.simulate': { kind: 'open', also: 'training on; the training sandbox only' },
  'health.check': open,
  'support.logs': open,
  'support.bundle': adminWindow('settings'),
  'log.rendererError': open,
  'updates.status': open,
  'updates.installNow': adminWindow('settings'),
  // What the status bar and About show, like status.get and app.info.
  'headOffice.status': open,
  'headOffice.identity': open,
  'headOffice.test': right('settings'),
  'headOffice.enrol': adminWindow('settings'),
  // The shop's figures and tills: a supervisor's, like the X report.
  'shop.day': right('x-report'),
  'shop.tills': right('x-report'),
};

/** What `channel` asks for this request on the till's local day `today`. */
export function askOf<K extends ChannelName>(channel: K, request: RequestOf<K>, today: string): ChannelAsk {
  const rule = CHANNEL_RIGHTS[channel] as ChannelRule<RequestOf<K>>;
  if (rule.kind !== 'by-request') return rule;
  const name = rule.pick(request, today);
  const ask = rule.cases[name];
  // Closed, never open, should a rule name a case it does not list.
  if (ask === undefined) throw new Error(`${channel}: the rule has no case "${name}"`);
  return ask;
}
