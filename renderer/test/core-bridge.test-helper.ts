import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fetch as nodeFetch } from 'undici';
import { CHANNEL_NAME_LIST } from '../../shared/channel-names.ts';
import type { ChannelName, EventName, Events, PosBridge, ResponseOf } from '../../shared/contract.ts';
import type { PaymentView } from '../../shared/payments.ts';
import type { Result } from '../../shared/result.ts';
import type { SecretName, Settings } from '../../shared/settings.ts';
import type { WindowRole } from '../../shared/caller.ts';
import { defaultMessage } from '../../shared/errors.ts';
import type { Core } from '../../electron/core/core-api.ts';
import { createCore } from '../../electron/core/core.ts';
import { dispatch } from '../../electron/core/dispatch.ts';
import { FAST } from '../../electron/core/payments/payment-service.test-helper.ts';
import { createPaymentModule } from '../../electron/core/payments/payment-service.ts';
import { isChannelAllowed } from '../../electron/core/security/window-channels.ts';
import { DevelopmentFileVault } from '../../electron/core/settings/development-file-vault.ts';
import type { SecretVault } from '../../electron/core/settings/secret-vault.ts';
import type { RunningSandbox } from '../../electron/sandbox/server.ts';
import { startTestSandbox } from '../../electron/sandbox/sandbox.test-helper.ts';
import { createWebCore } from '../../electron/web/web-core.ts';
import { removeFolder, sleep, tempFolder } from '../../electron/testing/helpers.ts';
import { afterEachTest } from './after-each.test-helper.ts';

// TESTS ONLY: the real core in-process behind the renderer's bridge interface, for screen tests that need
// behaviour (charges, refunds, customers, settings). Every call goes through the contract's schema check and
// Result envelope (dispatch, as both transports do) and is structured-cloned both ways; the core's events
// reach the screen's listeners. The embedded sandbox is the provider, and a test acts as the customer through
// its control API. The renderer's production code never imports the core: only this helper does.

export interface CoreBridge extends PosBridge {
  /** The core now running (restart() replaces it). */
  readonly core: Core;
  readonly sandbox: RunningSandbox;
  /** The vault the core keeps its secrets in (development file vault, in the temp folder). */
  readonly vault: SecretVault;
  /** The settings the core holds now. */
  settingsNow(): Promise<Settings>;
  /** Main restarts: a new core on the same folder (an admin's unlock, say, does not survive it). */
  restart(): Promise<void>;
  /** The requests sent on one channel, in order (to prove what the screen asked for). */
  callsTo(channel: ChannelName): unknown[];
  /** What the core answered on one channel, in order. */
  answersTo<K extends ChannelName>(channel: K): Result<ResponseOf<K>>[];
  /** An event as the core would send it, for a change the sandbox cannot be made to cause on cue. */
  emit<E extends EventName>(event: E, payload: Events[E]): void;
  /** The sandbox's control API (`/_sandbox` + path): act as the customer, inject faults. */
  control(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
  /** The customer scans the merchant QR and confirms in their wallet. */
  pay(qrPayload: string, referenceId: string): Promise<void>;
  /** A merchant-QR payment of this amount, charged and paid by the customer before the screen opens. */
  paidPayment(amountMinor: number): Promise<PaymentView>;
  /** A customer-presented code the sandbox will accept once. */
  consumerCode(behaviour?: string): Promise<string>;
  /** The customer approves a linking session on the consent page; the page's redirect completes it in the core. */
  approveLink(linkToken: string): Promise<void>;
  /** The customer answers the latest approval the till asked for, on the customer display. */
  answerApproval(approve: boolean): Promise<void>;
  /** A customer linked before the test starts (through the same consent flow). */
  linkCustomer(merchantUserId: string, hint?: { phoneHint?: string; emailHint?: string }): Promise<void>;
}

export interface CoreBridgeOptions {
  readonly settings?: Partial<Settings>;
  readonly secrets?: Partial<Record<SecretName, string>>;
  /**
   * web (default): the browser preview's core, whose consent broker puts the consent page on the customer
   * display. electron: as main, whose own window shows the consent page (none opens here).
   */
  readonly transport?: 'web' | 'electron';
  /**
   * Files of the data folder found damaged when the core starts (after the settings above were saved):
   * `vault.json` (the secret store: settings lock), `register-keys.json` (every register refused).
   */
  readonly damagedFiles?: readonly string[];
  /**
   * Whose page the bridge is, as a transport says it (cashier by default): the customer display's gets only its
   * own channels (core/security/window-channels.ts), and every call carries the role to its handler.
   */
  readonly role?: WindowRole;
}

const open: Array<{ core: Core; dir: string }> = [];

afterEachTest(async () => {
  const closing = open.splice(0);
  for (const { core } of closing) await core.close();
  for (const { dir } of closing) removeFolder(dir);
});

export async function openCoreBridge(options: CoreBridgeOptions = {}): Promise<CoreBridge> {
  const dir = tempFolder('renderer-core-');
  const vault = new DevelopmentFileVault(join(dir, 'vault.json'));
  let sandbox: RunningSandbox | null = null;
  const start = async (): Promise<Core> => {
    const coreOptions = {
      dataDir: dir,
      vault,
      version: '0.1.0',
      statusIntervalMs: 60_000,
      // Node's own fetch: the page's (happy-dom's) would hold the core to a browser's CORS rules.
      fetch: nodeFetch as unknown as typeof fetch,
      payments: createPaymentModule(FAST),
      startSandbox: async (sandboxOptions: { port?: number }) => (sandbox = await startTestSandbox(sandboxOptions)),
    };
    const started =
      options.transport === 'electron'
        ? await createCore({ ...coreOptions, transport: 'electron', openConsent: async () => ({ kind: 'window' }) })
        : (await createWebCore(coreOptions)).core;
    open.push({ core: started, dir });
    return started;
  };
  let core = await start();
  if (options.settings || options.secrets) {
    const saved = await dispatch(core.handlers, 'settings.save', {
      settings: options.settings ?? {},
      secrets: options.secrets ?? {},
    });
    if (!saved.ok) throw new Error(`settings refused: ${JSON.stringify(saved.error)}`);
  }
  // The save that set an admin PIN unlocked settings; a till that has one starts locked, as after a restart.
  if (options.secrets?.adminPin || options.damagedFiles) {
    await core.close();
    for (const file of options.damagedFiles ?? []) writeFileSync(join(dir, file), 'damaged');
    core = await start();
  }

  const calls: Array<{ channel: ChannelName; request: unknown; answer?: unknown }> = [];
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const emit = <E extends EventName>(event: E, payload: Events[E]): void => {
    for (const listener of listeners.get(event) ?? []) listener(structuredClone(payload) as never);
  };
  let stopEvents = core.onEvent(({ event, payload }) => emit(event, payload));
  const running = (): RunningSandbox => {
    if (!sandbox) throw new Error('the core runs without its embedded sandbox');
    return sandbox;
  };
  const control = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const res = await nodeFetch(`${running().origin}/_sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`sandbox ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const approveLink = async (linkToken: string): Promise<void> => {
    const approved = await control('POST', `/tokenized/link-sessions/${linkToken}/approve`);
    await core.handlers['customers.completeLink']({ linkToken, redirectedTo: approved.location as string });
  };
  const helpers: Omit<CoreBridge, ChannelName | 'on'> = {
    get core() {
      return core;
    },
    vault,
    async settingsNow() {
      return (await core.handlers['settings.get']({})).settings;
    },
    async restart() {
      stopEvents();
      await core.close();
      core = await start();
      stopEvents = core.onEvent(({ event, payload }) => emit(event, payload));
    },
    get sandbox() {
      return running();
    },
    callsTo: (channel) => calls.filter((call) => call.channel === channel).map((call) => call.request),
    answersTo: <K extends ChannelName>(channel: K) =>
      calls
        .filter((call) => call.channel === channel && 'answer' in call)
        .map((call) => call.answer as Result<ResponseOf<K>>),
    emit,
    control,
    async pay(qrPayload, referenceId) {
      await control('POST', '/consumer/scan', { qrPayload });
      await control('POST', '/consumer/confirm', { referenceId });
    },
    async paidPayment(amountMinor) {
      const charged = await core.handlers['payments.chargeMerchantQr']({ amountMinor, currency: 'SGD' });
      await helpers.pay(charged.qrPayload!, charged.referenceId);
      for (let tries = 0; tries < 200; tries++) {
        const { payment } = await core.handlers['payments.get']({ referenceId: charged.referenceId });
        if (payment.displayStatus === 'paid') return payment;
        await sleep(25);
      }
      throw new Error(`${charged.referenceId} was not paid`);
    },
    async consumerCode(behaviour = 'approve') {
      return (await control('POST', '/consumer-codes', { behaviour })).code as string;
    },
    approveLink,
    async answerApproval(approve) {
      const asked = helpers.answersTo('customers.requestApproval').at(-1);
      if (!asked?.ok) throw new Error('the till asked for no approval');
      await core.handlers['customers.answerApproval'](
        { approvalId: asked.value.approvalId, approve },
        { role: 'customer-display' },
      );
    },
    async linkCustomer(merchantUserId, hint = { phoneHint: '+65 9123 4567' }) {
      const started = await core.handlers['customers.startLink']({ merchantUserId, ...hint });
      await approveLink(started.linkToken);
    },
  };
  const bridge: Record<string, unknown> = {
    on(event: EventName, listener: (payload: never) => void) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
  Object.defineProperties(bridge, Object.getOwnPropertyDescriptors(helpers));
  const role = options.role ?? 'cashier';
  const forbidden: Result<never> = {
    ok: false,
    error: { code: 'ipc.forbidden', message: defaultMessage('ipc.forbidden'), retryable: false },
  };
  for (const channel of CHANNEL_NAME_LIST) {
    bridge[channel] = async (request: unknown) => {
      const call: (typeof calls)[number] = { channel, request };
      calls.push(call);
      const answer = isChannelAllowed(role, channel)
        ? await dispatch(core.handlers, channel, structuredClone(request), { role })
        : forbidden;
      call.answer = structuredClone(answer);
      return structuredClone(call.answer);
    };
  }
  return bridge as unknown as CoreBridge;
}
