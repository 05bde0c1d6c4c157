import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Handlers } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import type { RegisterConnectionStatus } from '../../../shared/register.ts';
import { ecrSettingsSchema, type EcrSettings } from '../../../shared/settings.ts';
import type { CoreEventListener } from '../core-api.ts';
import { followSettingsListener, type ListenerPlan, type RunningReceiver } from '../http/settings-listener.ts';
import type { RegisterPayments } from '../payments/register-sales.ts';
import { requireAdminPinSet } from '../settings/admin-pin-first.ts';
import type { AdminSession } from '../settings/admin-session.ts';
import type { FieldNotices } from '../settings/settings-problems.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { API_BASE_PATH } from './api-schemas.ts';
import { ensureCertificate, shopNetworkAddresses, type TillCertificate } from './certificate.ts';
import { DEFAULT_HEARTBEAT_MS } from './event-stream.ts';
import { openKeyStore } from './key-store.ts';
import { listenProblem, probePort } from './listen-problem.ts';
import { createRegisterApi } from './routes.ts';

// The register connection as the core composes it: its contract channels (ecr.*: keys, status, the open sale)
// and its listener, which follows Settings → Register connection (off by default): started, moved or stopped
// whenever those settings change, on 127.0.0.1 over HTTP (this computer) or on every address over HTTPS with
// the till's own certificate (the shop network).

export type EcrChannel =
  'ecr.keys' | 'ecr.createKey' | 'ecr.revokeKey' | 'ecr.status' | 'ecr.openSale' | 'ecr.cancelSale';

export interface EcrModule {
  readonly handlers: Pick<Handlers, EcrChannel>;
  /**
   * What a save would break for the register connection that only the running till can see, by field: its port
   * already used by the till itself, or by another program. Checked only when the save turns the connection on or
   * moves it (port, network); `known` are the problems found already (a port out of range is not probed).
   */
  settingsProblems(candidate: Readonly<Record<string, unknown>>, known: FieldNotices): Promise<FieldNotices>;
  close(): Promise<void>;
}

export interface EcrModuleOptions {
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
  readonly log?: (line: string) => void;
}

const THIS_COMPUTER = '127.0.0.1';
const EVERY_ADDRESS = '0.0.0.0';
/** Connections the listener takes at once: a few registers, each with its streams and long polls. */
export const MAX_CONNECTIONS = 128;
/** A register's request is at most 16 KiB: ten seconds to send it whole is plenty, even on a poor network. */
const REQUEST_TIMEOUT_MS = 10_000;

export async function startEcrModule(options: EcrModuleOptions): Promise<EcrModule> {
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
  const stopRevokes = keys.onRevoke((name) => api.revoked(name));
  let problem: Notice | null = null;
  let certificate: TillCertificate | null = null;

  const plan = (): ListenerPlan => {
    const ecr: EcrSettings = settings.current().ecr;
    return {
      listen: ecr.enabled,
      port: ecr.port,
      host: ecr.network === 'this-computer' ? THIS_COMPUTER : EVERY_ADDRESS,
    };
  };

  async function start(next: ListenerPlan): Promise<RunningReceiver> {
    try {
      const loopbackOnly = next.host === THIS_COMPUTER;
      // Made on first use of the shop network, then kept: a register that pinned it keeps trusting it.
      if (!loopbackOnly) certificate ??= ensureCertificate(options.dataDir);
      let port = next.port;
      const handler: Parameters<typeof createHttpServer>[1] = (request, response) =>
        void api.handle(request, response, { port, loopbackOnly });
      // The timeouts bound how long a request may take to ARRIVE (a body that never finishes holds nothing
      // for long); once it has arrived they no longer apply, so a long poll still waits its full minute.
      const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
      const limits = {
        requestTimeout,
        headersTimeout: requestTimeout,
        connectionsCheckingInterval: Math.min(1_000, requestTimeout),
      };
      const server: Server = loopbackOnly
        ? createHttpServer(limits, handler)
        : createHttpsServer({ ...limits, cert: certificate!.certificatePem, key: certificate!.privateKeyPem }, handler);
      server.maxConnections = MAX_CONNECTIONS;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(next.port, next.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      port = (server.address() as AddressInfo).port;
      problem = null;
      const host = loopbackOnly ? THIS_COMPUTER : (shopNetworkAddresses()[0] ?? THIS_COMPUTER);
      return {
        url: `${loopbackOnly ? 'http' : 'https'}://${host}:${port}${API_BASE_PATH}`,
        close: () =>
          new Promise<void>((resolve) => {
            api.close();
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      };
    } catch (error) {
      // Payments go on without it; Settings says why in the admin's words, the log keeps the system's.
      problem = listenProblem(error, next.port);
      throw error;
    }
  }

  const listener = await followSettingsListener({
    plan,
    onSettingsChange: (changed) => settings.onChange(() => changed()),
    start,
    label: 'register connection',
    log,
  });

  /** Admin only, like settings.save: once an admin PIN exists, only within the admin's unlocked window. */
  const requireAdmin = async (): Promise<void> => {
    await settings.ensureVaultReadable();
    if (settings.view().secrets.adminPin && !options.admin.active()) throw new PosError('admin.pin-required');
  };

  const status = (): RegisterConnectionStatus => {
    const { enabled, network } = settings.current().ecr;
    const baseUrl = listener.receiverUrl() ?? null;
    return {
      enabled,
      baseUrl,
      problem: enabled && baseUrl === null ? problem : null,
      keysProblem: keys.unreadable() ? 'unreadable' : null,
      certificate: enabled && network === 'shop-network' && certificate ? certificate.info : null,
    };
  };

  const settingsProblems = async (
    candidate: Readonly<Record<string, unknown>>,
    known: FieldNotices,
  ): Promise<FieldNotices> => {
    const parsed = ecrSettingsSchema.safeParse(candidate['ecr']);
    if (!parsed.success || known['ecr.port'] || !parsed.data.enabled) return {};
    const next = parsed.data;
    const now = settings.current().ecr;
    // Unchanged, it is already listening there, or Settings' status already says why not.
    if (now.enabled && now.port === next.port && now.network === next.network) return {};
    const refuse = (why: Notice): FieldNotices => ({ 'ecr.port': why });
    if (tillPorts(candidate, options.ownPorts?.() ?? []).includes(next.port))
      return refuse(notice('settings.port-of-till', { port: next.port }));
    // Its own listener holds the port until the save restarts it on the other network.
    if (now.enabled && now.port === next.port && listener.receiverUrl()) return {};
    const refused = await probePort(next.port, next.network === 'this-computer' ? THIS_COMPUTER : EVERY_ADDRESS);
    return refused ? refuse(refused) : {};
  };

  return {
    settingsProblems,
    handlers: {
      'ecr.keys': async () => {
        await requireAdmin();
        return keys.list();
      },
      'ecr.createKey': async ({ name }) => {
        await requireAdmin();
        requireAdminPinSet(settings.view());
        return keys.create(name);
      },
      'ecr.revokeKey': async ({ name }) => {
        await requireAdmin();
        keys.revoke(name);
        return keys.list();
      },
      'ecr.status': async () => status(),
      'ecr.openSale': async () => options.payments.openSale(),
      'ecr.cancelSale': async ({ referenceId }) => options.payments.cancel(referenceId, null),
    },
    async close() {
      stopRevokes();
      await listener.close();
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
