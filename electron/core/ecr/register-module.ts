import type { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import type { Handlers } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import type { RegisterConnectionStatus } from '../../../shared/register.ts';
import { registerSettingsSchema, type RegisterSettings } from '../../../shared/register.ts';
import type { CoreEventListener } from '../core-api.ts';
import { listen } from '../http/listen.ts';
import { probePort } from '../http/listen-probe.ts';
import {
  followSettingsListener,
  type ListenerPlan,
  type RunningReceiver,
  type SettingsListener,
} from '../http/settings-listener.ts';
import type { RegisterPayments } from '../payments/register-sales.ts';
import { requireAdminPinSet } from '../settings/admin-pin-first.ts';
import type { AdminSession } from '../settings/admin-session.ts';
import { portRefusalNotice } from '../settings/listener-ports.ts';
import type { FieldNotices } from '../settings/settings-problems.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { ListenerBoard } from '../status/listener-board.ts';
import { API_BASE_PATH } from './api-schemas.ts';
import {
  CertificateUnreadable,
  ensureCertificate,
  renewCertificate,
  shopNetworkAddresses,
  type TillCertificate,
} from './certificate.ts';
import { createConnectionGate } from './connection-gate.ts';
import { DEFAULT_HEARTBEAT_MS } from './event-stream.ts';
import { openKeyStore } from './key-store.ts';
import { PROBLEM_CONTENT_TYPE } from './http-io.ts';
import { listenProblem } from './listen-problem.ts';
import { problemOf } from './problem.ts';
import { createRegisterApi } from './routes.ts';
import { TLS_SERVER_OPTIONS } from './tls-policy.ts';

// The register connection as the core composes it: its contract channels (ecr.*: keys, status, the open sale)
// and its listener, which follows Settings → Register connection (off by default): started, moved or stopped
// whenever those settings change, on 127.0.0.1 over HTTP (this computer) or on every address over HTTPS with
// the till's own certificate (the shop network).

export type RegisterChannel =
  | 'ecr.keys'
  | 'ecr.createKey'
  | 'ecr.revokeKey'
  | 'ecr.status'
  | 'ecr.openSale'
  | 'ecr.cancelSale'
  | 'ecr.newCertificate';

export interface RegisterModule {
  readonly handlers: Pick<Handlers, RegisterChannel>;
  /**
   * What a save would break for the register connection that only the running till can see, by field: its port
   * already used by the till itself, or by another program. Checked only when the save turns the connection on or
   * moves it (port, network); `known` are the problems found already (a port out of range is not probed).
   */
  settingsProblems(candidate: Readonly<Record<string, unknown>>, known: FieldNotices): Promise<FieldNotices>;
  close(): Promise<void>;
}

export interface RegisterModuleOptions {
  readonly dataDir: string;
  readonly settings: SettingsService;
  readonly admin: AdminSession;
  readonly payments: RegisterPayments;
  readonly subscribe: (listener: CoreEventListener) => () => void;
  readonly version: string;
  /** The ports the till listens on besides the register connection (its web host, the demo provider). */
  readonly ownPorts?: () => readonly number[];
  /** Comment lines on quiet event streams; tests shorten it. */
  readonly heartbeatMs?: number;
  /** How long a request may take to arrive whole (headers and body); tests shorten it. */
  readonly requestTimeoutMs?: number;
  /** Where it says it cannot listen (the status bar); its own status says it to Settings. */
  readonly listeners?: ListenerBoard;
  readonly log?: (line: string) => void;
}

const THIS_COMPUTER = '127.0.0.1';
const EVERY_ADDRESS = '0.0.0.0';
/** A request that did not arrive whole in time is answered like every other error: problem+json. */
const REQUEST_TIMEOUT_ANSWER = {
  contentType: PROBLEM_CONTENT_TYPE,
  body: JSON.stringify(problemOf(new PosError('ecr.request-timeout'))),
};

/** Connections the listener takes at once: a few registers, each with its streams and long polls. */
export const MAX_CONNECTIONS = 128;
/**
 * On the shop network, connections one address may hold at once: a register's streams and long polls
 * (held-requests.ts: 4 + 16 per key) and its requests fit, and one machine (a faulty one, a port scanner) cannot
 * take the connections every other register needs. On this computer every register is 127.0.0.1: no such cap.
 */
export const MAX_CONNECTIONS_PER_ADDRESS = 32;
/** A register's request is at most 16 KiB: ten seconds to send it whole is plenty, even on a poor network. */
const REQUEST_TIMEOUT_MS = 10_000;
/** A register starts TLS at once; a connection silent for this long is closed (Node would hold it 120 s). */
export const TLS_HANDSHAKE_TIMEOUT_MS = 10_000;

/**
 * What the listener learns as it runs, shared by its start, Settings' status and a new certificate: why it does
 * not listen, the till's certificate and the running HTTPS server (which a new certificate replaces in place).
 */
interface ListenerState {
  problem: Notice | null;
  certificate: TillCertificate | null;
  // A damaged certificate is the admin's to replace (certificate.ts): said in Settings, not made anew silently.
  certificateProblem: 'unreadable' | null;
  tlsServer: HttpsServer | null;
  /** Starts the listener again from the current settings (after a certificate was made for it). */
  applyAgain: () => void;
}

type RegisterApi = ReturnType<typeof createRegisterApi>;
type KeyStore = ReturnType<typeof openKeyStore>;

export async function startRegisterModule(options: RegisterModuleOptions): Promise<RegisterModule> {
  const { settings } = options;
  const log = options.log ?? (() => {});
  const keys = openKeyStore({ dataDir: options.dataDir });
  const api = createRegisterApi({
    payments: options.payments,
    keys,
    refundsAllowed: () => settings.current().ecr.refundsAllowed,
    subscribe: options.subscribe,
    version: options.version,
    heartbeatMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
  });
  const stopRevokes = keys.onRevoke((keyId) => api.revoked(keyId));
  const state: ListenerState = {
    problem: null,
    certificate: null,
    certificateProblem: null,
    tlsServer: null,
    applyAgain: () => {},
  };

  const listener = await followSettingsListener({
    plan: () => listenerPlan(settings.current().ecr),
    onSettingsChange: (changed) => {
      state.applyAgain = changed;
      return settings.onChange(() => changed());
    },
    start: (next) => startListener(next, { state, api, options, log }),
    label: 'register connection',
    log,
    report: (failure) =>
      failure
        ? options.listeners?.failed('register-connection', failure.port, failure.error)
        : options.listeners?.listening('register-connection'),
  });

  return {
    settingsProblems: (candidate, known) =>
      portProblems(candidate, known, { settings, ownPorts: () => options.ownPorts?.() ?? [], listener }),
    handlers: registerHandlers({
      options,
      keys,
      state,
      status: () => connectionStatus(state, settings.current().ecr, keys, listener.receiverUrl() ?? null),
    }),
    async close() {
      stopRevokes();
      await listener.close();
    },
  };
}

/** Where Settings → Register connection says to listen: this computer only, or every address (shop network). */
function listenerPlan(ecr: RegisterSettings): ListenerPlan {
  return {
    listen: ecr.enabled,
    port: ecr.port,
    host: ecr.network === 'this-computer' ? THIS_COMPUTER : EVERY_ADDRESS,
  };
}

async function startListener(
  next: ListenerPlan,
  {
    state,
    api,
    options,
    log,
  }: { state: ListenerState; api: RegisterApi; options: RegisterModuleOptions; log: (line: string) => void },
): Promise<RunningReceiver> {
  try {
    const loopbackOnly = next.host === THIS_COMPUTER;
    // Made on first use of the shop network, then kept: a register that pinned it keeps trusting it.
    if (!loopbackOnly) {
      state.certificate ??= ensureCertificate(options.dataDir);
      state.certificateProblem = null;
    }
    let port = next.port;
    // On the shop network, machines that never authenticate hold a small share of the connections.
    const gate = loopbackOnly ? null : createConnectionGate();
    const gated = gate ? { authenticated: (socket: Socket) => gate.authenticated(socket) } : {};
    // The request timeout bounds how long a request may take to ARRIVE (a body that never finishes holds
    // nothing for long); once it has arrived it no longer applies, so a long poll still waits its full minute.
    const listening = await listen({
      port: next.port,
      host: next.host!,
      handler: (request, response) => void api.handle(request, response, { port, loopbackOnly, ...gated }),
      requestTimeoutMs: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
      requestTimeoutAnswer: REQUEST_TIMEOUT_ANSWER,
      maxConnections: MAX_CONNECTIONS,
      ...(loopbackOnly
        ? {}
        : {
            tls: {
              ...TLS_SERVER_OPTIONS,
              cert: state.certificate!.certificatePem,
              key: state.certificate!.privateKeyPem,
            },
            tlsHandshakeTimeoutMs: TLS_HANDSHAKE_TIMEOUT_MS,
            maxConnectionsPerAddress: MAX_CONNECTIONS_PER_ADDRESS,
          }),
      log,
    });
    gate?.watch(listening.server);
    port = listening.port;
    if (!loopbackOnly) state.tlsServer = listening.server as HttpsServer;
    state.problem = null;
    const host = loopbackOnly ? THIS_COMPUTER : (shopNetworkAddresses()[0] ?? THIS_COMPUTER);
    return {
      url: `${loopbackOnly ? 'http' : 'https'}://${host}:${port}${API_BASE_PATH}`,
      close: () => {
        if (state.tlsServer === listening.server) state.tlsServer = null;
        // Streams and long polls are ended as the API ends them (their last words), then every connection.
        api.close();
        return listening.close();
      },
    };
  } catch (error) {
    // Payments go on without it; Settings says why in the admin's words, the log keeps the system's.
    if (error instanceof CertificateUnreadable) state.certificateProblem = 'unreadable';
    state.problem = error instanceof CertificateUnreadable ? null : listenProblem(error, next.port);
    throw error;
  }
}

function connectionStatus(
  state: ListenerState,
  { enabled, network }: RegisterSettings,
  keys: KeyStore,
  baseUrl: string | null,
): RegisterConnectionStatus {
  return {
    enabled,
    baseUrl,
    problem: enabled && baseUrl === null ? state.problem : null,
    keysProblem: keys.unreadable() ? 'unreadable' : null,
    certificateProblem: enabled && network === 'shop-network' ? state.certificateProblem : null,
    certificate: enabled && network === 'shop-network' && state.certificate ? state.certificate.info : null,
  };
}

async function portProblems(
  candidate: Readonly<Record<string, unknown>>,
  known: FieldNotices,
  {
    settings,
    ownPorts,
    listener,
  }: { settings: SettingsService; ownPorts: () => readonly number[]; listener: SettingsListener },
): Promise<FieldNotices> {
  const parsed = registerSettingsSchema.safeParse(candidate['ecr']);
  if (!parsed.success || known['ecr.port'] || !parsed.data.enabled) return {};
  const next = parsed.data;
  const now = settings.current().ecr;
  // Unchanged, it is already listening there, or Settings' status already says why not.
  if (now.enabled && now.port === next.port && now.network === next.network) return {};
  const refuse = (why: Notice): FieldNotices => ({ 'ecr.port': why });
  if (tillPorts(candidate, ownPorts()).includes(next.port))
    return refuse(notice('settings.port-of-till', { port: next.port }));
  // Its own listener holds the port until the save restarts it on the other network.
  if (now.enabled && now.port === next.port && listener.receiverUrl()) return {};
  const refused = await probePort(next.port, next.network === 'this-computer' ? THIS_COMPUTER : EVERY_ADDRESS);
  return refused ? refuse(portRefusalNotice(refused, next.port)) : {};
}

/** Admin only, like settings.save: once an admin PIN exists, only within the admin's unlocked window. */
async function requireAdmin(settings: SettingsService, admin: AdminSession): Promise<void> {
  await settings.ensureVaultReadable();
  if (settings.view().secrets.adminPin && !admin.active()) throw new PosError('admin.pin-required');
}

function registerHandlers({
  options,
  keys,
  state,
  status,
}: {
  options: RegisterModuleOptions;
  keys: KeyStore;
  state: ListenerState;
  status: () => RegisterConnectionStatus;
}): Pick<Handlers, RegisterChannel> {
  const { settings } = options;
  const adminOnly = () => requireAdmin(settings, options.admin);
  return {
    'ecr.keys': async () => {
      await adminOnly();
      return keys.list();
    },
    'ecr.createKey': async ({ name }) => {
      await adminOnly();
      requireAdminPinSet(settings.view());
      return keys.create(name);
    },
    'ecr.revokeKey': async ({ name }) => {
      await adminOnly();
      keys.revoke(name);
      return keys.list();
    },
    'ecr.status': async () => status(),
    'ecr.openSale': async () => options.payments.openSale(),
    'ecr.cancelSale': async ({ referenceId }) => options.payments.cancel(referenceId, null),
    'ecr.newCertificate': async () => {
      await adminOnly();
      state.certificate = renewCertificate(options.dataDir);
      state.certificateProblem = null;
      const made = state.certificate;
      // Listening: new connections get the new certificate at once. Not listening for want of one: start.
      if (state.tlsServer)
        state.tlsServer.setSecureContext({ ...TLS_SERVER_OPTIONS, cert: made.certificatePem, key: made.privateKeyPem });
      else state.applyAgain();
      return made.info;
    },
  };
}

/** The ports the till itself listens on besides the register connection: its own, and those the settings name. */
function tillPorts(candidate: Readonly<Record<string, unknown>>, own: readonly number[]): number[] {
  const tokenized = (candidate['tokenized'] ?? {}) as Record<string, unknown>;
  return [...own, candidate['webhookListenPort'], tokenized['webhookListenPort']].filter(
    (port): port is number => typeof port === 'number' && port > 0,
  );
}
