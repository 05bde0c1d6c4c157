import type { InStoreClient } from '../instore/client.ts';
import {
  demoConnection,
  inStoreClientOf,
  type ClientTuning,
  type ConnectionWithSecret,
  type DemoCredentials,
  type EmbeddedSandbox,
  type ProviderConnection,
  type SandboxStarter,
} from '../provider/provider-access.ts';

// The provider a training sale talks to: an embedded sandbox of training's own, started at its first use and
// never the one DEMO runs, with the sandbox's published demo merchant. Nothing here reads the till's environment
// or its credentials, so a training sale cannot reach the provider whatever Settings say.

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
  readonly demoCredentials: DemoCredentials;
  readonly fetch: typeof fetch;
}): TrainingSandbox {
  let running: EmbeddedSandbox | null = null;
  let starting: Promise<EmbeddedSandbox> | null = null;
  let closed = false;
  const clients = new WeakMap<ClientTuning, InStoreClient>();
  let untuned: InStoreClient | null = null;

  async function ensure(): Promise<ConnectionWithSecret> {
    if (closed) throw new Error('Training is closed: the till is shutting down.');
    starting ??= options.startSandbox({}).then((started) => (running = started));
    try {
      return demoConnection(await starting, options.demoCredentials);
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
      const known = tuning ? clients.get(tuning) : untuned;
      if (known) return known;
      const made = inStoreClientOf(connection, options.fetch, tuning);
      if (tuning) clients.set(tuning, made);
      else untuned = made;
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
