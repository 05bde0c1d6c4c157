import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Handlers } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import type { RegisterConnectionStatus } from '../../../shared/register.ts';
import type { EcrSettings } from '../../../shared/settings.ts';
import type { CoreEventListener } from '../core-api.ts';
import { followSettingsListener, type ListenerPlan, type RunningReceiver } from '../http/settings-listener.ts';
import type { RegisterPayments } from '../payments/register-sales.ts';
import type { AdminSession } from '../settings/admin-session.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { API_BASE_PATH } from './api-schemas.ts';
import { ensureCertificate, shopNetworkAddresses, type TillCertificate } from './certificate.ts';
import { DEFAULT_HEARTBEAT_MS } from './event-stream.ts';
import { openKeyStore } from './key-store.ts';
import { createRegisterApi } from './routes.ts';

// The register connection as the core composes it: its contract channels (ecr.*: keys, status, the open sale)
// and its listener, which follows Settings → Register connection (off by default): started, moved or stopped
// whenever those settings change, on 127.0.0.1 over HTTP (this computer) or on every address over HTTPS with
// the till's own certificate (the shop network).

export type EcrChannel =
  'ecr.keys' | 'ecr.createKey' | 'ecr.revokeKey' | 'ecr.status' | 'ecr.openSale' | 'ecr.cancelSale';

export interface EcrModule {
  readonly handlers: Pick<Handlers, EcrChannel>;
  close(): Promise<void>;
}

export interface EcrModuleOptions {
  readonly dataDir: string;
  readonly settings: SettingsService;
  readonly admin: AdminSession;
  readonly payments: RegisterPayments;
  readonly subscribe: (listener: CoreEventListener) => () => void;
  readonly version: string;
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
  let problem: string | null = null;
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
      problem = error instanceof Error ? error.message : String(error);
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

  return {
    handlers: {
      'ecr.keys': async () => {
        await requireAdmin();
        return keys.list();
      },
      'ecr.createKey': async ({ name }) => {
        await requireAdmin();
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
