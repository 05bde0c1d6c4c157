import type {
  AppInfo,
  ChannelName,
  EventName,
  Events,
  PosBridge,
  RequestOf,
  ResponseOf,
} from '../../shared/contract.ts';
import type { PaymentDetail, PaymentView, StatusSnapshot } from '../../shared/domain.ts';
import { defaultMessage, type ErrorCode } from '../../shared/errors.ts';
import { notice, noticeInEnglish, type Notice } from '../../shared/notices.ts';
import type { RegisterConnectionStatus, RegisterKeyView, RegisterSale } from '../../shared/register.ts';
import type { Result } from '../../shared/result.ts';
import {
  DEFAULT_SETTINGS,
  SECRET_NAMES,
  type SecretName,
  type Settings,
  type SettingsView,
} from '../../shared/settings.ts';
import { createFakeCustomers, type FakeCustomers } from './fake-customers.ts';

// An in-memory PosBridge for DOM tests: the typed contract itself, with just enough core behaviour
// (payments, settings with write-only secrets, events) for screens to be driven end to end. The real
// core and both real transports are tested on their own; here the subject is the renderer.

export interface Call {
  readonly channel: ChannelName;
  readonly request: unknown;
}

type Handler<K extends ChannelName> = (request: RequestOf<K>) => Promise<Result<ResponseOf<K>>> | Result<ResponseOf<K>>;

export interface FakeBridge extends PosBridge {
  readonly calls: Call[];
  readonly payments: Map<string, PaymentView>;
  /** What the "core" received as secret values (to prove the screen sent them, and never got them back). */
  readonly secretValues: Map<SecretName, string>;
  /** The linked-customer side (customers.*): approve a link, seed customers and balances. */
  readonly customers: FakeCustomers;
  settings: Settings;
  status: StatusSnapshot;
  emit<E extends EventName>(event: E, payload: Events[E]): void;
  override<K extends ChannelName>(channel: K, handler: Handler<K>): void;
  callsTo(channel: ChannelName): unknown[];
  listenerCount(event: EventName): number;
  /** Main's admin window lapses (5 idle minutes, or main restarted): the next settings.save is refused. */
  expireAdminSession(): void;
}

const NOW = '2026-11-22T10:00:00.000Z';

export function failure<T>(code: ErrorCode, details?: Record<string, string>, what?: Notice): Result<T> {
  const message = what ? noticeInEnglish(what) : defaultMessage(code);
  return {
    ok: false,
    error: { code, message, retryable: false, ...(details ? { details } : {}), ...(what ? { notice: what } : {}) },
  };
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

export function createFakeBridge(
  options: {
    info?: Partial<AppInfo>;
    status?: Partial<StatusSnapshot>;
    secrets?: Partial<Record<SecretName, string>>;
    vaultUnreadable?: boolean;
    /** What ecr.openSale answers: a register sale the screen should pick up after a reload. */
    registerSale?: RegisterSale;
    /** As main with a register-keys.json it cannot read: no keys, until one is made. */
    registerKeysUnreadable?: boolean;
  } = {},
): FakeBridge {
  const calls: Call[] = [];
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const overrides = new Map<ChannelName, Handler<ChannelName>>();
  const payments = new Map<string, PaymentView>();
  const usedCodes = new Set<string>();
  const secretValues = new Map<SecretName, string>(Object.entries(options.secrets ?? {}) as [SecretName, string][]);
  // As in main (electron/core/settings/admin-session.ts): once an admin PIN exists, settings.save is
  // accepted only after the admin PIN was verified (or after the save that set it).
  let adminSessionOpen = false;
  // Like main's: while the vault cannot be read, every secret counts as stored and settings are locked.
  let vaultUnreadable = options.vaultUnreadable ?? false;
  let sequence = 0;
  let clock = Date.parse(NOW);
  const tick = (): string => new Date((clock += 1000)).toISOString();

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

  const settingsView = (): SettingsView => ({
    settings: state.settings,
    secrets: Object.fromEntries(
      SECRET_NAMES.map((name) => [name, vaultUnreadable || secretValues.has(name)]),
    ) as Record<SecretName, boolean>,
    demo: state.settings.environment === 'embedded-sandbox',
    vaultUnreadable,
  });

  const emit = <E extends EventName>(event: E, payload: Events[E]): void => {
    for (const listener of listeners.get(event) ?? []) listener(payload as never);
  };

  const store = (view: PaymentView): PaymentView => {
    payments.set(view.referenceId, view);
    return view;
  };
  const detail = (view: PaymentView): PaymentDetail => ({ payment: view, refunds: [], history: [], events: [] });
  const registerKeys = new Map<string, RegisterKeyView>();
  let registerKeysUnreadable = options.registerKeysUnreadable ?? false;
  const registerStatus = (): RegisterConnectionStatus => {
    const { enabled, port, network } = state.settings.ecr;
    const shop = network === 'shop-network';
    return {
      enabled,
      baseUrl: enabled ? `${shop ? 'https' : 'http'}://${shop ? '192.0.2.10' : '127.0.0.1'}:${port}/ecr/v1` : null,
      problem: null,
      keysProblem: registerKeysUnreadable ? 'unreadable' : null,
      certificate:
        enabled && shop
          ? {
              sha256Fingerprint:
                'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89',
              publicKeyPin: 'q83vASNFZ4mrze8BI0VniavN7wEjRWeJq83vASNFZ4k=',
              notAfter: '2036-01-01T00:00:00.000Z',
            }
          : null,
    };
  };
  const customers = createFakeCustomers({
    emit,
    now: tick,
    currency: () => state.settings.currency,
    approvalBy: () => state.settings.linkedApproval,
    verifySupervisorPin: (pin) => {
      const set = secretValues.get('supervisorPin');
      return set === undefined ? 'not-set' : set === pin ? 'valid' : 'wrong';
    },
  });

  const handlers: { [K in ChannelName]: Handler<K> } = {
    'app.info': () => ({
      ok: true,
      value: {
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
      },
    }),
    'status.get': () => ({ ok: true, value: state.status }),
    'settings.get': () => ({ ok: true, value: settingsView() }),
    'settings.save': async (patch) => {
      if (vaultUnreadable) return failure('vault.unreadable');
      if (secretValues.has('adminPin') && !adminSessionOpen) return failure('admin.pin-required');
      const next = { ...state.settings, ...(patch.settings as Partial<Settings>) };
      const ms = next.scanner.maxInterKeyMs;
      // Same shape as the settings service: the refused field in details.field, what is wrong in a notice.
      if (ms < 5)
        return failure(
          'settings.invalid',
          { field: 'scanner.maxInterKeyMs' },
          notice('settings.at-least', { minimum: 5 }),
        );
      if (ms > 200)
        return failure(
          'settings.invalid',
          { field: 'scanner.maxInterKeyMs' },
          notice('settings.at-most', { maximum: 200 }),
        );
      state.settings = next;
      for (const [name, value] of Object.entries(patch.secrets ?? {}) as [SecretName, string | null][]) {
        if (value === null) secretValues.delete(name);
        else secretValues.set(name, value);
      }
      if (secretValues.has('adminPin')) adminSessionOpen = true;
      // Main announces the change to every window, and the event can overtake the reply (web host: the
      // event socket is faster than the HTTP answer).
      const view = settingsView();
      emit('settings.changed', view);
      await new Promise((resolve) => setTimeout(resolve, 0));
      return { ok: true, value: view };
    },
    'settings.testConnection': () => ({
      ok: true,
      value: {
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
      },
    }),
    'settings.resetVault': () => {
      if (!vaultUnreadable) return failure('request.invalid');
      vaultUnreadable = false;
      secretValues.clear();
      adminSessionOpen = false;
      const view = settingsView();
      emit('settings.changed', view);
      return { ok: true, value: view };
    },
    'settings.verifyPin': ({ kind, pin }) => {
      if (vaultUnreadable) return failure('vault.unreadable');
      const valid = secretValues.get(kind === 'admin' ? 'adminPin' : 'supervisorPin') === pin;
      if (valid && kind === 'admin') adminSessionOpen = true;
      return { ok: true, value: { valid } };
    },
    // As in main (electron/core/journal-handlers.ts): recheck changes nothing here (the fake's files do not
    // change); accept and start-new need the admin once an admin PIN exists, then the journal is sound again.
    'journal.resolve': ({ journal, action }) => {
      if (action !== 'recheck') {
        if (secretValues.has('adminPin') && !adminSessionOpen) return failure('admin.pin-required');
        state.status = {
          ...state.status,
          journalProblems: state.status.journalProblems.filter((problem) => problem.journal !== journal),
        };
        emit('status.changed', state.status);
      }
      return { ok: true, value: state.status };
    },
    'payments.chargeMerchantQr': ({ amountMinor, currency, note }) => {
      const referenceId = `REF-${String(++sequence).padStart(8, '0')}`;
      const at = tick();
      return {
        ok: true,
        value: store(
          paymentView({
            referenceId,
            amount: { amountMinor, currency },
            note: note ?? null,
            qrPayload: `fake-qr:${referenceId}`,
            createdAt: at,
            updatedAt: at,
          }),
        ),
      };
    },
    'payments.chargeCustomerQr': ({ amountMinor, currency, consumerCode, note, registerSale }) => {
      if (usedCodes.has(consumerCode)) return failure('consumer-code.already-used');
      usedCodes.add(consumerCode);
      // A register's customer-QR sale is paid under its own reference (as in main's payment service).
      const referenceId = registerSale ?? `REF-${String(++sequence).padStart(8, '0')}`;
      const at = tick();
      return {
        ok: true,
        value: store(
          paymentView({
            referenceId,
            method: 'customer-qr',
            amount: { amountMinor, currency },
            note: note ?? null,
            qrPayload: null,
            expiresAt: null,
            state: 'final',
            providerStatus: 'CAPTURED',
            displayStatus: 'paid',
            providerOrderId: `2211-${referenceId}`,
            canCancel: false,
            canRefund: true,
            refundable: { amountMinor, currency },
            createdAt: at,
            updatedAt: at,
            fromRegister: registerSale ? { keyName: 'Front register', orderReference: null } : null,
          }),
        ),
      };
    },
    'payments.cancel': ({ referenceId }) => {
      const view = payments.get(referenceId);
      if (!view) return failure('order.not-found');
      if (!view.canCancel) return failure('order.not-cancellable');
      const cancelled = store({
        ...view,
        state: 'final',
        providerStatus: 'CANCELLED',
        displayStatus: 'cancelled',
        canCancel: false,
        qrPayload: null,
        updatedAt: tick(),
      });
      emit('payment.updated', cancelled);
      return { ok: true, value: cancelled };
    },
    'payments.refund': ({ referenceId, amountMinor, supervisorPin }) => {
      const view = payments.get(referenceId);
      if (!view) return failure('order.not-found');
      if (secretValues.get('supervisorPin') !== supervisorPin) return failure('supervisor.pin-wrong');
      const amount = amountMinor ?? view.refundable.amountMinor;
      if (amount > view.refundable.amountMinor) return failure('refund.exceeds-refundable');
      const refunded = view.refunded.amountMinor + amount;
      const rest = view.amount.amountMinor - refunded;
      const at = tick();
      const updated = store({
        ...view,
        refunded: { ...view.amount, amountMinor: refunded },
        refundable: { ...view.amount, amountMinor: rest },
        displayStatus: rest === 0 ? 'refunded' : view.displayStatus,
        providerStatus: rest === 0 ? 'REFUNDED' : view.providerStatus,
        canRefund: rest > 0,
        updatedAt: at,
      });
      return {
        ok: true,
        value: {
          ...detail(updated),
          refunds: [
            {
              refundId: `RF-${at}`,
              referenceId,
              amount: { ...view.amount, amountMinor: amount },
              reason: null,
              state: 'succeeded',
              failureReason: null,
              failureNotice: null,
              posId: state.settings.posId,
              createdAt: at,
              updatedAt: at,
            },
          ],
        },
      };
    },
    'payments.get': ({ referenceId }) => {
      const view = payments.get(referenceId);
      // As main answers: the journal has no such payment.
      return view ? { ok: true, value: detail(view) } : failure('payment.not-found');
    },
    'payments.history': ({ status, method, origin, search }) => {
      const items = [...payments.values()].filter(
        (p) =>
          (!status || p.displayStatus === status) &&
          (!method || p.method === method) &&
          (!origin || (origin === 'from-register' ? Boolean(p.fromRegister) : (p.origin ?? 'taken-here') === origin)) &&
          (!search || p.referenceId.startsWith(search) || (p.providerOrderId ?? '').startsWith(search)),
      );
      return { ok: true, value: { items, nextCursor: null, total: items.length } };
    },
    'payments.summary': ({ day }) => ({
      ok: true,
      value: {
        day,
        currency: 'SGD',
        byStatus: {},
        byMethod: {
          'merchant-qr': { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
          'customer-qr': { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
        },
        paid: { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
        refunds: { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
        net: { amountMinor: 0, currency: 'SGD' },
      },
    }),
    'payments.unresolved': () => ({
      ok: true,
      value: [...payments.values()].filter((p) => p.state === 'checking' || p.state === 'sending'),
    }),
    'payments.checkNow': ({ referenceId }) => {
      const view = payments.get(referenceId);
      return view ? { ok: true, value: view } : failure('order.not-found');
    },
    // As the core before any lookup of it came back: no check to report yet (tests emit payment.checked).
    'payments.onScreen': () => ({ ok: true, value: null }),
    'payments.cashierSale': () => ({ ok: true, value: null }),
    'payments.exportCsv': ({ day }) => ({
      ok: true,
      value: { fileName: `payments-${day}.csv`, csv: 'referenceId,amount\n' },
    }),
    ...customers.handlers,
    // As the core without a printer (the browser preview): the screen prints the receipt itself.
    'receipts.print': ({ referenceId }) =>
      payments.has(referenceId) ? { ok: true, value: { printed: false, via: 'browser' } } : failure('order.not-found'),
    // As an ESC/POS printer that is ready (tests override it for a printer in trouble).
    'printer.testPage': () => ({
      ok: true,
      value: { printed: true, before: 'ready', after: 'ready', answer: '12 12 12 12 12 12' },
    }),
    'printer.openDrawer': () => ({ ok: true, value: { opened: true } }),
    'printer.printDayReport': () => ({ ok: true, value: { printed: false, via: 'browser' } }),
    // As in main (electron/core/ecr/ecr-handlers.ts): admin only once an admin PIN exists; a key shown once.
    'ecr.keys': () =>
      secretValues.has('adminPin') && !adminSessionOpen
        ? failure('admin.pin-required')
        : { ok: true, value: [...registerKeys.values()] },
    'ecr.createKey': ({ name }) => {
      if (secretValues.has('adminPin') && !adminSessionOpen) return failure('admin.pin-required');
      if (registerKeys.has(name)) return failure('ecr.key-name-taken');
      const view = { name, createdAt: tick(), lastUsedAt: null };
      registerKeys.set(name, view);
      // The damaged file is set aside: the new key starts a new list.
      registerKeysUnreadable = false;
      return { ok: true, value: { key: `ecr_test_key_${++sequence}`, view } };
    },
    'ecr.revokeKey': ({ name }) => {
      if (secretValues.has('adminPin') && !adminSessionOpen) return failure('admin.pin-required');
      if (!registerKeys.delete(name)) return failure('ecr.key-not-found');
      return { ok: true, value: [...registerKeys.values()] };
    },
    'ecr.status': () => ({ ok: true, value: registerStatus() }),
    'ecr.openSale': () => ({ ok: true, value: options.registerSale ?? null }),
    'ecr.cancelSale': ({ referenceId }) =>
      options.registerSale?.referenceId === referenceId
        ? { ok: true, value: { ...options.registerSale, state: 'cancelled', updatedAt: tick() } }
        : failure('payment.not-found'),
  };

  const bridge: Record<string, unknown> = {
    calls,
    payments,
    secretValues,
    customers,
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
    emit,
    override(channel: ChannelName, handler: Handler<ChannelName>) {
      overrides.set(channel, handler);
    },
    callsTo: (channel: ChannelName) => calls.filter((call) => call.channel === channel).map((call) => call.request),
    listenerCount: (event: EventName) => listeners.get(event)?.size ?? 0,
    expireAdminSession: () => {
      adminSessionOpen = false;
    },
    on(event: EventName, listener: (payload: never) => void) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
  for (const channel of Object.keys(handlers) as ChannelName[]) {
    bridge[channel] = async (request: unknown) => {
      calls.push({ channel, request });
      const handler = (overrides.get(channel) ?? handlers[channel]) as Handler<ChannelName>;
      // Structured clone, as both real transports do: a screen must not depend on sharing objects with main.
      return structuredClone(await handler(request as never));
    };
  }
  return bridge as unknown as FakeBridge;
}
