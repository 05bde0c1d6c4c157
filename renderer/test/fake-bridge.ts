import { CHANNEL_NAME_LIST } from '../../shared/channel-names.ts';
import type {
  AppInfo,
  ChannelName,
  EventName,
  Events,
  PosBridge,
  RequestOf,
  ResponseOf,
} from '../../shared/contract.ts';
import type { PaymentView, StatusSnapshot } from '../../shared/domain.ts';
import { defaultMessage, type ErrorCode } from '../../shared/errors.ts';
import type { RegisterSale } from '../../shared/register.ts';
import type { Result } from '../../shared/result.ts';
import { DEFAULT_SETTINGS, SECRET_NAMES, type SecretName, type Settings } from '../../shared/settings.ts';

// A bridge of fixed answers for screen tests about rendering: what a screen shows for a given answer or event.
// It has no rules of the core: a test that needs behaviour (a charge paid, a refund, a customer linked,
// settings saved) runs against the real core (core-bridge.test-helper.ts). A channel without an answer here
// refuses, so a test that needs one says so with override().

export interface Call {
  readonly channel: ChannelName;
  readonly request: unknown;
}

type Handler<K extends ChannelName> = (request: RequestOf<K>) => Promise<Result<ResponseOf<K>>> | Result<ResponseOf<K>>;

export interface FakeBridge extends PosBridge {
  readonly calls: Call[];
  /** Payments payments.get and payments.history answer with (a charge adds the one it answered). */
  readonly payments: Map<string, PaymentView>;
  settings: Settings;
  status: StatusSnapshot;
  emit<E extends EventName>(event: E, payload: Events[E]): void;
  override<K extends ChannelName>(channel: K, handler: Handler<K>): void;
  callsTo(channel: ChannelName): unknown[];
  listenerCount(event: EventName): number;
}

const NOW = '2026-11-22T10:00:00.000Z';

export function failure<T>(code: ErrorCode): Result<T> {
  return { ok: false, error: { code, message: defaultMessage(code), retryable: false } };
}

export function paymentView(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    referenceId: 'REF-00000001',
    method: 'merchant-qr',
    amount: { amountMinor: 1234, currency: 'SGD' },
    state: 'active',
    providerStatus: 'CREATED',
    displayStatus: 'waiting',
    qrPayload: 'fake-qr-payload',
    expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
    providerOrderId: null,
    paymentType: null,
    failureReason: null,
    failureNotice: null,
    refunded: { amountMinor: 0, currency: 'SGD' },
    refundable: { amountMinor: 0, currency: 'SGD' },
    canCancel: true,
    canRefund: false,
    note: null,
    posId: 'POS-1',
    createdAt: NOW,
    updatedAt: NOW,
    unresolvedReason: null,
    ...overrides,
  };
}

const ZERO = { amountMinor: 0, currency: 'SGD' } as const;

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
    vaultUnreadable?: boolean;
    /** What ecr.openSale answers: a register sale the screen should pick up after a reload. */
    registerSale?: RegisterSale;
    registerKeysUnreadable?: boolean;
  } = {},
): FakeBridge {
  const calls: Call[] = [];
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const overrides = new Map<ChannelName, Handler<ChannelName>>();
  const payments = new Map<string, PaymentView>();
  const stored = new Set(Object.keys(options.secrets ?? {}));
  const state = {
    settings: { ...DEFAULT_SETTINGS, posId: 'POS-1' } as Settings,
    status: {
      environment: 'embedded-sandbox',
      demo: true,
      providerReachable: true,
      clockSkewMs: 120,
      pendingCount: 0,
      unresolvedCount: 0,
      checkedAt: NOW,
      journalProblems: [],
      ...options.status,
    } as StatusSnapshot,
  };
  const vaultUnreadable = options.vaultUnreadable ?? false;
  const secrets = Object.fromEntries(SECRET_NAMES.map((name) => [name, vaultUnreadable || stored.has(name)]));
  const answer = <T>(value: T): Result<T> => ({ ok: true, value });
  const charged = (view: PaymentView): Result<PaymentView> => (payments.set(view.referenceId, view), answer(view));

  const handlers: Partial<{ [K in ChannelName]: Handler<K> }> = {
    'app.info': () =>
      answer({
        version: '0.1.0',
        transport: 'web',
        environment: 'embedded-sandbox',
        demo: true,
        mode: state.settings.mode,
        kiosk: state.settings.kiosk,
        locale: state.settings.locale,
        merchantName: state.settings.merchantName,
        posId: state.settings.posId,
        terminalReference: state.settings.terminalReference,
        currency: state.settings.currency,
        sandboxBaseUrl: 'http://127.0.0.1:1',
        journalProblems: state.status.journalProblems,
        providerAmountLimits: { minMinor: null, maxMinor: null },
        ...options.info,
      }),
    'status.get': () => answer(state.status),
    'settings.get': () =>
      answer({
        settings: state.settings,
        secrets: secrets as Record<SecretName, boolean>,
        demo: state.settings.environment === 'embedded-sandbox',
        vaultUnreadable,
      }),
    'settings.testConnection': () =>
      answer({
        reachable: true,
        signatureAccepted: true,
        clockSkewMs: 80,
        latencyMs: 12,
        notice: {
          key: 'connection.accepted-in-sync',
          params: {
            where: {
              key: 'connection.where',
              params: { environment: { key: 'environment.sg-production' }, host: 'pos.example' },
            },
            duration: '1 s',
          },
        },
      }),
    'payments.chargeMerchantQr': ({ amountMinor, currency }) =>
      charged(paymentView({ amount: { amountMinor, currency }, qrPayload: 'fake-qr:REF-00000001' })),
    'payments.chargeCustomerQr': ({ amountMinor, currency }) =>
      charged(
        paymentView({
          method: 'customer-qr',
          amount: { amountMinor, currency },
          ...{ state: 'final', providerStatus: 'CAPTURED', displayStatus: 'paid', qrPayload: null, expiresAt: null },
          ...{ providerOrderId: '2211-REF-00000001', canCancel: false },
        }),
      ),
    'payments.get': ({ referenceId }) => {
      const payment = payments.get(referenceId);
      return payment ? answer({ payment, refunds: [], history: [], events: [] }) : failure('payment.not-found');
    },
    'payments.history': () => historyOf([...payments.values()]),
    'payments.summary': ({ day }) =>
      answer({
        day,
        currency: 'SGD',
        byStatus: {},
        byMethod: { 'merchant-qr': { count: 0, total: ZERO }, 'customer-qr': { count: 0, total: ZERO } },
        paid: { count: 0, total: ZERO },
        refunds: { count: 0, total: ZERO },
        net: ZERO,
      }),
    'payments.unresolved': () => answer([]),
    'payments.onScreen': () => answer(null),
    'payments.cashierSale': () => answer(null),
    'customers.list': () => answer([]),
    'customers.ofDay': () => answer({ charges: [], holds: [] }),
    'customers.unresolved': () => answer([]),
    // As the core without a printer (the browser preview): the screen prints the receipt itself.
    'receipts.print': () => answer({ printed: false, via: 'browser' }),
    'ecr.keys': () => answer([]),
    'ecr.status': () =>
      answer({
        enabled: state.settings.ecr.enabled,
        baseUrl: null,
        problem: null,
        keysProblem: options.registerKeysUnreadable ? 'unreadable' : null,
        certificate: null,
      }),
    'ecr.openSale': () => answer(options.registerSale ?? null),
    'ecr.cancelSale': () =>
      options.registerSale ? answer({ ...options.registerSale, state: 'cancelled' }) : failure('payment.not-found'),
  };

  const bridge: Record<string, unknown> = {
    calls,
    payments,
    get settings() {
      return state.settings;
    },
    set settings(value: Settings) {
      state.settings = value;
    },
    get status() {
      return state.status;
    },
    set status(value: StatusSnapshot) {
      state.status = value;
    },
    emit: <E extends EventName>(event: E, payload: Events[E]) => {
      for (const listener of listeners.get(event) ?? []) listener(payload as never);
    },
    override(channel: ChannelName, handler: Handler<ChannelName>) {
      overrides.set(channel, handler);
    },
    callsTo: (channel: ChannelName) => calls.filter((call) => call.channel === channel).map((call) => call.request),
    listenerCount: (event: EventName) => listeners.get(event)?.size ?? 0,
    on(event: EventName, listener: (payload: never) => void) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
  for (const channel of CHANNEL_NAME_LIST) {
    bridge[channel] = async (request: unknown) => {
      calls.push({ channel, request });
      const handler = (overrides.get(channel) ?? handlers[channel]) as Handler<ChannelName> | undefined;
      if (!handler) throw new Error(`the fake bridge has no answer for ${channel}: override it, or use the real core`);
      // Structured clone, as both real transports do: a screen must not depend on sharing objects with main.
      return structuredClone(await handler(request as never));
    };
  }
  return bridge as unknown as FakeBridge;
}
