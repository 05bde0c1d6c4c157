import { CHANNEL_NAME_LIST } from '../../shared/channel-names.ts';
import type { ChannelName, EventName, Events, PosBridge, RequestOf, ResponseOf } from '../../shared/contract.ts';
import type { AppInfo, StatusSnapshot } from '../../shared/status.ts';
import type { PaymentView } from '../../shared/payments.ts';
import { defaultMessage, type ErrorCode } from '../../shared/errors.ts';
import type { RegisterSale } from '../../shared/register.ts';
import type { Result } from '../../shared/result.ts';
import {
  DEFAULT_SETTINGS,
  SECRET_NAMES,
  type SecretName,
  type Settings,
  type SettingsView,
} from '../../shared/settings.ts';
import { displaySettingsOf } from '../../electron/core/settings/display-settings.ts';

// A bridge of fixed answers for screen tests about rendering: what a screen shows for a given answer or event.
// It has none of the core's rules: a test that needs behaviour (a charge paid, a refund, a customer linked,
// settings saved) runs against the real core (core-bridge.test-helper.ts). A channel without an answer here
// throws, so a test that needs one gives it with override().

type Handler<K extends ChannelName> = (request: RequestOf<K>) => Promise<Result<ResponseOf<K>>> | Result<ResponseOf<K>>;

export interface FakeBridge extends PosBridge {
  /** What payments.get answers, and payments.history and payments.find list (a charge adds the payment it answered). */
  readonly payments: Map<string, PaymentView>;
  /** What app.info and settings.get answer (assign to change it). */
  settings: Settings;
  /** What status.get answers. */
  status: StatusSnapshot;
  emit<E extends EventName>(event: E, payload: Events[E]): void;
  override<K extends ChannelName>(channel: K, handler: Handler<K>): void;
  /** The requests sent on one channel, in order. */
  callsTo(channel: ChannelName): unknown[];
}

const NOW = '2026-11-22T10:00:00.000Z';
/** The tillId headOffice.identity answers. */
export const FAKE_TILL_ID = '7c1f9a52-3b4e-4d2a-9f60-0a1b2c3d4e5f';
const SGD = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

export function failure<T>(code: ErrorCode): Result<T> {
  return { ok: false, error: { code, message: defaultMessage(code), retryable: false } };
}

/** A merchant-QR payment waiting for its scan; override any field. */
export function paymentView(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    ...{ referenceId: 'REF-00000001', method: 'merchant-qr', amount: SGD(1234), posId: 'POS-1', note: null },
    ...{ state: 'active', providerStatus: 'CREATED', displayStatus: 'waiting', qrPayload: 'fake-qr-payload' },
    ...{ expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(), providerOrderId: null, paymentType: null },
    ...{ failureReason: null, failureNotice: null, unresolvedReason: null, refunded: SGD(0), refundable: SGD(0) },
    ...{ canCancel: true, canRefund: false, createdAt: NOW, updatedAt: NOW },
    ...overrides,
  };
}

/** A payments.history answer listing these payments (a test picks them for the filter the screen sent). */
export function historyOf(items: PaymentView[]): Result<ResponseOf<'payments.history'>> {
  return { ok: true, value: { items, nextCursor: null, total: items.length } };
}

export function createFakeBridge(
  options: {
    info?: Partial<AppInfo>;
    status?: Partial<StatusSnapshot>;
    /** Which secrets are stored (their values never reach a screen). */
    secrets?: Partial<Record<SecretName, string>>;
    /** What ecr.openSale answers: a register sale the screen should pick up after a reload. */
    registerSale?: RegisterSale;
    /** The wrong-PIN lockouts main has journalled (SettingsView.pinLockouts). */
    pinLockouts?: SettingsView['pinLockouts'];
    /** The fleet's policy main applied (SettingsView.policy): which fields it locks. */
    policy?: SettingsView['policy'];
  } = {},
): FakeBridge {
  const calls: Array<{ channel: ChannelName; request: unknown }> = [];
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const overrides = new Map<ChannelName, Handler<ChannelName>>();
  const secrets = Object.fromEntries(SECRET_NAMES.map((name) => [name, name in (options.secrets ?? {})]));
  const answer = <T>(value: T): Result<T> => ({ ok: true, value });
  const charged = (view: PaymentView) => (bridge.payments.set(view.referenceId, view), answer(view));
  const bridge = {
    payments: new Map<string, PaymentView>(),
    settings: { ...DEFAULT_SETTINGS, posId: 'POS-1' } as Settings,
    status: {
      ...{ environment: 'embedded-sandbox', demo: true, providerReachable: true, clockSkewMs: 120, checkedAt: NOW },
      ...{ pendingCount: 0, unresolvedCount: 0, journalProblems: [], listenerProblems: [] },
      ...options.status,
    } as StatusSnapshot,
    emit<E extends EventName>(event: E, payload: Events[E]) {
      for (const listener of listeners.get(event) ?? []) listener(payload as never);
    },
    override<K extends ChannelName>(channel: K, handler: Handler<K>) {
      overrides.set(channel, handler as unknown as Handler<ChannelName>);
    },
    callsTo: (channel: ChannelName) => calls.filter((call) => call.channel === channel).map((call) => call.request),
    on(event: EventName, listener: (payload: never) => void) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set.add(listener));
      return () => set.delete(listener);
    },
  };
  const settings = (): Settings => bridge.settings;

  const handlers: Partial<{ [K in ChannelName]: Handler<K> }> = {
    'app.info': () => {
      const { mode, kiosk, locale, merchantName, posId, terminalReference, currency } = settings();
      const till = { mode, kiosk, locale, merchantName, posId, terminalReference, currency };
      const demo = { version: '0.1.0', transport: 'web', environment: 'embedded-sandbox', demo: true } as const;
      const limits = { providerAmountLimits: { minMinor: null, maxMinor: null } };
      const more = { sandboxBaseUrl: 'http://127.0.0.1:1', journalProblems: bridge.status.journalProblems };
      return answer({ ...demo, ...till, ...more, ...limits, ...options.info });
    },
    'status.get': () => answer(bridge.status),
    'settings.get': () => {
      const demo = settings().environment === 'embedded-sandbox';
      return answer({
        settings: settings(),
        secrets: secrets as Record<SecretName, boolean>,
        demo,
        vaultUnreadable: false,
        pinLockouts: options.pinLockouts ?? [],
        ...(options.policy ? { policy: options.policy } : {}),
      });
    },
    'settings.display': () => answer(displaySettingsOf(settings())),
    'payments.chargeMerchantQr': ({ amountMinor, currency }) =>
      charged(paymentView({ amount: { amountMinor, currency }, qrPayload: 'fake-qr:REF-00000001' })),
    'payments.get': ({ referenceId }) => {
      const payment = bridge.payments.get(referenceId);
      return payment ? answer({ payment, refunds: [], history: [], events: [] }) : failure('payment.not-found');
    },
    'payments.history': () => historyOf([...bridge.payments.values()]),
    // The Refund screen's list of today's sales (and its search) asks payments.find as it opens.
    'payments.find': () => answer({ items: [...bridge.payments.values()] }),
    'payments.summary': ({ day }) => {
      const none = { count: 0, total: SGD(0) };
      const byMethod = { 'merchant-qr': none, 'customer-qr': none };
      return answer({ day, currency: 'SGD', byStatus: {}, byMethod, paid: none, refunds: none, net: SGD(0) });
    },
    'payments.unresolved': () => answer([]),
    'payments.onScreen': () => answer(null),
    // No payment at the counter when the customer display opens (a test that needs one overrides it).
    'payments.onDisplay': () => answer(null),
    'payments.cashierSale': () => answer(null),
    'customers.list': () => answer([]),
    'customers.ofDay': () => answer({ charges: [], holds: [] }),
    'customers.unresolved': () => answer([]),
    // As the core without a printer (the browser preview): the screen prints the receipt itself.
    'receipts.print': () => answer({ printed: false, via: 'browser' }),
    'printer.printDayReport': () => answer({ printed: false, via: 'browser' }),
    'printer.printShiftReport': () => answer({ printed: false, via: 'browser' }),
    'ecr.keys': () => answer([]),
    'ecr.status': () =>
      answer({
        enabled: settings().ecr.enabled,
        baseUrl: null,
        problem: null,
        keysProblem: null,
        certificateProblem: null,
        certificate: null,
      }),
    // As the browser preview: nothing can be installed there.
    'updates.status': () =>
      answer({
        runningVersion: '0.0.0-test',
        phase: 'unavailable',
        feedUrl: settings().updates.feedUrl,
        window: { start: settings().updates.windowStart, end: settings().updates.windowEnd },
        lastCheckedAt: null,
        nextCheckAt: null,
        offered: null,
        waiting: null,
        installAt: null,
        insideWindow: false,
        heldBy: null,
        problem: null,
      }),
    'ecr.openSale': () => answer(options.registerSale ?? null),
    // Nobody signed in, no shifts, no staff: a till as before staff (a staff test overrides these).
    'session.current': () =>
      answer({
        staff: null,
        shift: null,
        signInRequired: settings().staff.signInRequired && settings().mode !== 'kiosk',
      }),
    'staff.list': () => answer({ staff: [] }),
    // Any approver's PIN is right, and the built-in Supervisor's (a test of a wrong one overrides it).
    'staff.checkApprover': () => answer({ approver: { id: 'supervisor', name: 'Supervisor' } }),
    'shifts.ofDay': () => answer({ shifts: [] }),
    // Nobody in training (a test of the TRAINING marks overrides it).
    'training.status': () => answer({ active: false }),
    // A till as made at first start: its head-office id, not copied; nothing waiting (a test overrides these).
    'headOffice.identity': () => answer({ tillId: FAKE_TILL_ID, cloneSuspected: false }),
    'headOffice.status': () =>
      answer({
        state: settings().headOffice.enabled ? 'connected' : 'off',
        pendingEvents: 0,
        lastSentAt: null,
        problem: null,
      }),
    'ecr.cancelSale': () =>
      options.registerSale ? answer({ ...options.registerSale, state: 'cancelled' }) : failure('payment.not-found'),
  };
  for (const channel of CHANNEL_NAME_LIST) {
    (bridge as Record<string, unknown>)[channel] = async (request: unknown) => {
      calls.push({ channel, request });
      const handler = (overrides.get(channel) ?? handlers[channel]) as Handler<ChannelName> | undefined;
      if (!handler) throw new Error(`the fake bridge has no answer for ${channel}: override it, or use the real core`);
      // Structured clone, as both real transports do: a screen must not depend on sharing objects with main.
      return structuredClone(await handler(request as never));
    };
  }
  return bridge as unknown as FakeBridge;
}
