import { COUNTRIES, type CountryCode } from '../../../shared/money.ts';
import type { InStoreClient } from '../instore/client.ts';
import {
  demoConnection,
  inStoreClientOf,
  type ClientTuning,
  type ConnectionWithSecret,
  type DemoCredentials,
  type EmbeddedMerchant,
  type EmbeddedSandbox,
  type ProviderConnection,
  type SandboxStarter,
} from '../provider/provider-access.ts';

// The provider a training sale talks to: an embedded sandbox of training's own, started at its first use and
// never the one DEMO runs. It holds one training merchant per country, and a sale goes to the merchant of the
// till's own country (Settings → country), so a till set up for Hong Kong trains in HKD. The sandbox's demo
// merchant is onboarded for Singapore only, like a real merchant for its own country: one per country keeps the
// sandbox's country check, and a change of country needs no restart. Nothing here reads the till's environment or
// its credentials, so a training sale cannot reach the provider whatever Settings say.

/** The training merchant of `country`: its keys are the training sandbox's own, never a real merchant's. */
export function trainingCredentials(country: CountryCode): DemoCredentials {
  return {
    accessKeyId: `AK_TRAINING_${country}`,
    accessKeySecret: `SK_TRAINING_${country}`,
    posId: `POS-TRAINING-${country}`,
    country,
  };
}

const TRAINING_MERCHANTS: EmbeddedMerchant[] = COUNTRIES.map((country) => {
  const { accessKeyId, accessKeySecret, posId } = trainingCredentials(country);
  return { name: 'Training', accessKeyId, accessKeySecret, country, posIds: [posId] };
});

export interface TrainingSandbox {
  /** The sandbox's origin (its /_sandbox/ fault controls), or null before its first use. */
  origin(): string | null;
  connection(): Promise<ProviderConnection>;
  /** Pass the same `tuning` object every time: it is the cache key, as ProviderAccess.instoreClient. */
  client(tuning?: ClientTuning): Promise<InStoreClient>;
  /** A call to the sandbox's /_sandbox/ control API (its fault switches, its consumer), started if need be. */
  control(method: string, path: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

export function createTrainingSandbox(options: {
  readonly startSandbox: SandboxStarter;
  /** The till's country now (Settings): whose training merchant a call goes to. */
  readonly country: () => CountryCode;
  readonly fetch: typeof fetch;
}): TrainingSandbox {
  let running: EmbeddedSandbox | null = null;
  let starting: Promise<EmbeddedSandbox> | null = null;
  let closed = false;
  const clients = new WeakMap<ClientTuning, Map<CountryCode, InStoreClient>>();
  const untuned = new Map<CountryCode, InStoreClient>();

  async function ensure(): Promise<ConnectionWithSecret> {
    if (closed) throw new Error('Training is closed: the till is shutting down.');
    starting ??= options.startSandbox({ merchants: TRAINING_MERCHANTS }).then((started) => (running = started));
    try {
      return demoConnection(await starting, trainingCredentials(options.country()));
    } catch (error) {
      starting = null;
      throw error;
    }
  }

  return {
    origin: () => running?.origin ?? null,
    async connection() {
      const { accessKeySecret: _secret, ...connection } = await ensure();
      return connection;
    },
    async client(tuning) {
      const connection = await ensure();
      const byCountry = tuning ? (clients.get(tuning) ?? new Map<CountryCode, InStoreClient>()) : untuned;
      if (tuning) clients.set(tuning, byCountry);
      const known = byCountry.get(connection.country);
      if (known) return known;
      const made = inStoreClientOf(connection, options.fetch, tuning);
      byCountry.set(connection.country, made);
      return made;
    },
    async control(method, path, body) {
      await ensure();
      const response = await options.fetch(`${running!.origin}/_sandbox${path}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`training sandbox ${method} ${path}: ${response.status} ${text}`);
      return text === '' ? null : (JSON.parse(text) as unknown);
    },
    async close() {
      closed = true;
      const started = running ?? (starting ? await starting.catch(() => null) : null);
      running = null;
      await started?.close();
    },
  };
}
