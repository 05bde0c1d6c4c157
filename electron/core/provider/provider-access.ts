import type { CountryCode } from '../../../shared/money.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import { InStoreClient, type InStoreClientConfig } from '../instore/client.ts';
import { resolveProfile, type EnvironmentProfile } from '../instore/profiles.ts';
import type { Settings } from '../../../shared/settings.ts';
import type { SettingsService } from '../settings/settings-service.ts';

// Which provider the till talks to, as the settings say right now: the embedded sandbox in demo mode
// (started on demand, with its published demo credentials), or a real environment with the admin's key,
// secret (from the vault) and posId. Hands out one in-store client per configuration, rebuilt after any
// settings change, so every part of the core signs with the same, current credentials.

export interface EmbeddedSandbox {
  /** http://127.0.0.1:PORT — also serves the consumer pages and the /_sandbox/ control API. */
  readonly origin: string;
  readonly instoreBaseUrl: string;
  readonly tokenizedBaseUrl: string;
  close(): Promise<void>;
}

/** A merchant the embedded sandbox is started with (the sandbox's SandboxMerchant); absent: its demo merchant. */
export interface EmbeddedMerchant {
  readonly name: string;
  readonly accessKeyId: string;
  readonly accessKeySecret: string;
  readonly country: CountryCode;
  readonly posIds: string[];
}

export type SandboxStarter = (options: { port?: number; merchants?: EmbeddedMerchant[] }) => Promise<EmbeddedSandbox>;

export interface DemoCredentials {
  readonly accessKeyId: string;
  readonly accessKeySecret: string;
  readonly posId: string;
  readonly country: CountryCode;
}

export interface ProviderConnection {
  readonly profile: EnvironmentProfile;
  readonly demo: boolean;
  readonly accessKeyId: string;
  readonly posId: string;
  readonly country: CountryCode;
}

/**
 * What a caller may tune on its own client (timeouts, retries, clocks, the audit callback). The identity
 * (environment, key, secret, posId, country) always comes from the settings.
 */
export type ClientTuning = Pick<InStoreClientConfig, 'timeouts' | 'retry' | 'onExchange' | 'now' | 'sleep' | 'random'>;

export interface ProviderAccess {
  /** The embedded sandbox if it is running, else null. */
  sandbox(): EmbeddedSandbox | null;
  /** Starts the embedded sandbox once (concurrent callers share the start). */
  ensureSandbox(): Promise<EmbeddedSandbox>;
  /** The identity requests go out with. Throws `auth.missing` when a real environment lacks credentials. */
  connection(): Promise<ProviderConnection>;
  /**
   * The in-store client for the current settings. Same errors as connection(). With `tuning` (pass the same
   * object every time: it is the cache key) the caller gets its own client, also rebuilt after a settings change.
   */
  instoreClient(tuning?: ClientTuning): Promise<InStoreClient>;
  /** Whom the provider signs payment notifications for: our access key id and its secret; null when none is set. */
  notificationCredentials(): Promise<{ accessKeyId: string; secret: string } | null>;
  /**
   * A one-off client for settings that are not saved yet (the admin's "Test connection" of the form), with the
   * secret they would sign with. Same errors as connection(); never cached, never used for money.
   */
  candidateClient(candidate: Settings, accessKeySecret: string | null): Promise<InStoreClient>;
  close(): Promise<void>;
}

export interface ProviderAccessOptions {
  readonly settings: SettingsService;
  readonly fetch: typeof fetch;
  readonly startSandbox: SandboxStarter;
  readonly demoCredentials: DemoCredentials;
  /** Fixed port for the embedded sandbox (0 or absent: any free port). */
  readonly sandboxPort?: number | undefined;
}

export type ConnectionWithSecret = ProviderConnection & { accessKeySecret: string };

export function createProviderAccess(options: ProviderAccessOptions): ProviderAccess {
  const { settings } = options;
  let sandbox: EmbeddedSandbox | null = null;
  let starting: Promise<EmbeddedSandbox> | null = null;
  let closed = false;
  let cached: { generation: number; client: Promise<InStoreClient> } | null = null;
  const tunedClients = new WeakMap<ClientTuning, { generation: number; client: Promise<InStoreClient> }>();
  let generation = 0;
  const stopListening = settings.onChange(() => {
    generation += 1;
  });

  async function ensureSandbox(): Promise<EmbeddedSandbox> {
    if (sandbox) return sandbox;
    if (closed) throw new PosError('internal', { cause: new Error('The app is shutting down.') });
    starting ??= options
      .startSandbox(options.sandboxPort ? { port: options.sandboxPort } : {})
      .then((started) => {
        sandbox = started;
        return started;
      })
      .finally(() => {
        starting = null;
      });
    return starting;
  }

  async function connectionWithSecret(): Promise<ConnectionWithSecret> {
    const current = settings.current();
    return connectionFor(
      current,
      current.environment === 'embedded-sandbox' ? null : await settings.readSecret('accessKeySecret'),
    );
  }

  async function connectionFor(current: Settings, secret: string | null): Promise<ConnectionWithSecret> {
    if (current.environment === 'embedded-sandbox')
      return demoConnection(await ensureSandbox(), options.demoCredentials);
    return realConnection(current, secret);
  }

  const clientOf = (connection: ConnectionWithSecret, tuning?: ClientTuning): InStoreClient =>
    inStoreClientOf(connection, options.fetch, tuning);

  return {
    sandbox: () => sandbox,
    ensureSandbox,

    async connection() {
      const { accessKeySecret: _secret, ...connection } = await connectionWithSecret();
      return connection;
    },

    instoreClient(tuning?: ClientTuning) {
      const hit = tuning ? tunedClients.get(tuning) : cached;
      if (hit && hit.generation === generation) return hit.client;
      const client = connectionWithSecret().then((connection) => clientOf(connection, tuning));
      const entry = { generation, client };
      // A failure (no credentials yet) is not cached: the next call tries again.
      client.catch(() => {
        if (tuning) {
          if (tunedClients.get(tuning) === entry) tunedClients.delete(tuning);
        } else if (cached === entry) cached = null;
      });
      if (tuning) tunedClients.set(tuning, entry);
      else cached = entry;
      return client;
    },

    async candidateClient(candidate, accessKeySecret) {
      return clientOf(await connectionFor(candidate, accessKeySecret));
    },

    async notificationCredentials() {
      return connectionWithSecret().then(
        (connection) => ({ accessKeyId: connection.accessKeyId, secret: connection.accessKeySecret }),
        () => null,
      );
    },

    async close() {
      closed = true;
      stopListening();
      const running = sandbox ?? (starting ? await starting.catch(() => null) : null);
      sandbox = null;
      await running?.close();
    },
  };
}

/** The embedded sandbox's demo merchant, with the credentials it publishes. */
export function demoConnection(running: EmbeddedSandbox, demo: DemoCredentials): ConnectionWithSecret {
  return {
    profile: resolveProfile({ environment: 'embedded-sandbox', embeddedBaseUrl: running.instoreBaseUrl }),
    demo: true,
    accessKeyId: demo.accessKeyId,
    accessKeySecret: demo.accessKeySecret,
    posId: demo.posId,
    // The demo merchant is onboarded for one country only (the sandbox refuses others, like the provider).
    country: demo.country,
  };
}

/** A real environment with the admin's credentials; `auth.missing` names each one that is not set. */
function realConnection(current: Settings, secret: string | null): ConnectionWithSecret {
  const profile = resolveProfile({ environment: current.environment, customBaseUrl: current.customBaseUrl });
  // Named by notices, so a translated sentence lists them in its own language.
  const missing = [
    current.accessKeyId === '' ? notice('field.access-key-id') : null,
    secret === null ? notice('field.access-key-secret') : null,
    current.posId === '' ? notice('field.pos-id') : null,
  ].filter((item): item is Notice => item !== null);
  if (missing.length > 0 || secret === null) {
    throw new PosError('auth.missing', {
      notice: notice('auth.missing-for', { environment: profile.name, missing: { list: missing } }),
      details: { missing: missing.map((field) => field.key).join(', ') },
    });
  }
  return {
    profile,
    demo: false,
    accessKeyId: current.accessKeyId,
    accessKeySecret: secret,
    posId: current.posId,
    country: current.country,
  };
}

export function inStoreClientOf(
  connection: ConnectionWithSecret,
  fetchImpl: typeof fetch,
  tuning?: ClientTuning,
): InStoreClient {
  return new InStoreClient({
    ...tuning,
    profile: connection.profile,
    credentials: { accessKeyId: connection.accessKeyId, accessKeySecret: connection.accessKeySecret },
    posId: connection.posId,
    country: connection.country,
    fetch: fetchImpl,
  });
}
