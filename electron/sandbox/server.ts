import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { COUNTRIES, type CountryCode } from '../../shared/money.ts';
import { readRequestBody } from '../core/http/request-body.ts';
import type { AreaTarget, SandboxArea } from './area.ts';
import {
  IdSource,
  SandboxClock,
  Timers,
  type SandboxContext,
  type SandboxMerchant,
  type SandboxSettings,
  type WireShape,
} from './context.ts';
import { CONTROL_BASE_PATH, controlRoutes } from './control.ts';
import { controlRefusal } from './control-guard.ts';
import { Faults, parseFaultPatch, type FaultPatch } from './faults.ts';
import { DOCUMENT_HEADER_PREFIX, headerNames, type HeaderPrefix } from './headers.ts';
import {
  ApiError,
  errorReply,
  findRoute,
  GENERIC_MESSAGES,
  MAX_BODY_BYTES,
  parseJsonObject,
  writeReply,
  type Exchange,
  type Reply,
} from './http.ts';
import { InstoreArea } from './instore/area.ts';
import { randomSeed } from './random.ts';
import { RequestLog } from './request-log.ts';
import { TokenizedArea } from './tokenized/area.ts';
import { TOKENIZED_BASE_PATH } from './tokenized/wire.ts';
import { WebhookDispatcher } from './webhooks.ts';

// The embedded sandbox: a real HTTP server simulating the provider's APIs (wire-details §2 and §3) for
// demo mode, tests and manual runs. Areas (one per provider API) are mounted by base path; the control API
// sits apart under `/_sandbox`. Every response carries a Date header from the sandbox clock.

export type { SandboxMerchant } from './context.ts';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seeds every id, token and traceId; the same seed and the same calls give the same answers. */
  seed?: number;
  /** Default: the demo merchant with DEMO_CREDENTIALS. */
  merchants?: SandboxMerchant[];
  /** CREATED/PENDING → ABANDONED after this long; default 300000 (5 minutes; not published, ours). */
  abandonAfterMs?: number;
  /** PROCESSING → CAPTURED after this long; default 1000. */
  confirmDelayMs?: number;
  /** The origin clients call when a proxy sits in front (signatures cover it); default the listening origin. */
  publicOrigin?: string;
  /** First webhook retry delay, doubled per attempt up to 5 minutes; default 1000. */
  webhookRetryBaseMs?: number;
  /**
   * Fault switches on from the start (the `npm run sandbox` fault flags), checked like `POST /_sandbox/faults`;
   * `/_sandbox/reset` comes back to them, as it comes back to the start settings. Default: none.
   */
  faults?: FaultPatch;
  /**
   * The custom headers' prefix it answers to: the documents' `X-Service-` (default) or the live `X-ShopBack-`
   * (then a till in a real-environment profile can be pointed at it; the other names are ignored).
   */
  headerPrefix?: HeaderPrefix;
  /** Tokenized refusals in the document's shape (default) or the live service's other published one. */
  tokenizedErrorShape?: WireShape;
  /** Order-outcome webhooks in the document's shape (default) or the live online API's. */
  orderWebhookShape?: WireShape;
  /** Scheduling clock (ms since epoch); default Date.now. */
  now?: () => number;
  log?: (line: string) => void;
}

export interface RunningSandbox {
  /** http://127.0.0.1:PORT */
  readonly origin: string;
  /** origin + '/posi-sandbox' */
  readonly instoreBaseUrl: string;
  /** origin + '/demo/merchant' */
  readonly tokenizedBaseUrl: string;
  /** origin + '/_sandbox' */
  readonly controlBaseUrl: string;
  readonly seed: number;
  close(): Promise<void>;
}

export const DEMO_CREDENTIALS = {
  accessKeyId: 'AK_DEMO',
  accessKeySecret: 'SK_DEMO',
  posId: 'POS-DEMO-1',
  country: 'SG',
} as const;

export const DEMO_MERCHANT: SandboxMerchant = {
  name: 'Demo Coffee Bar',
  accessKeyId: DEMO_CREDENTIALS.accessKeyId,
  accessKeySecret: DEMO_CREDENTIALS.accessKeySecret,
  country: DEMO_CREDENTIALS.country,
  posIds: [DEMO_CREDENTIALS.posId],
};

/** Each merchant's order amount limits unless it names its own (not published; ours). */
export const DEFAULT_AMOUNT_LIMITS = { minAmountMinor: 1, maxAmountMinor: 1_000_000 } as const;

export const DEFAULT_SETTINGS: SandboxSettings = { abandonAfterMs: 300_000, confirmDelayMs: 1_000 };

/** The running sandbox's parts, shared by the request handling below. */
interface SandboxParts {
  readonly ctx: SandboxContext;
  readonly faults: Faults;
  readonly timers: Timers;
  readonly requests: RequestLog;
  readonly areas: readonly SandboxArea[];
  readonly control: ReturnType<typeof controlRoutes>;
  /** Where it listens, known once it does (the control guard checks the port). */
  readonly listening: { port: number; origin: string };
  readonly log: (line: string) => void;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const merchants = checkMerchants(options.merchants ?? [DEMO_MERCHANT]);
  const initialSettings = initialSettingsOf(options);
  const initialFaults = parseFaultPatch(options.faults ?? {});
  if (typeof initialFaults === 'string') throw new Error(`sandbox faults: ${initialFaults}`);
  const faults = new Faults();
  faults.apply(initialFaults);
  const timers = new Timers();
  const listening = { port: 0, origin: '' };
  const publicOrigin = options.publicOrigin?.replace(/\/+$/, '');
  const log = options.log ?? ((): void => {});
  const ctx: SandboxContext = {
    clock: new SandboxClock(options.now ?? Date.now, faults),
    ids: new IdSource(options.seed ?? randomSeed()),
    faults,
    settings: { ...initialSettings },
    timers,
    merchants,
    headers: headerNames(options.headerPrefix ?? DOCUMENT_HEADER_PREFIX),
    publicOrigin: () => publicOrigin ?? listening.origin,
    log,
  };
  const webhooks = new WebhookDispatcher(ctx, options.webhookRetryBaseMs ?? 1_000);
  const requests = new RequestLog();
  const areas: SandboxArea[] = [new InstoreArea(ctx, webhooks), new TokenizedArea(ctx, webhooks)];

  const reset = (): void => {
    webhooks.stopAll();
    requests.clear();
    for (const area of areas) area.reset();
    faults.clear();
    faults.apply(initialFaults);
    Object.assign(ctx.settings, initialSettings);
    ctx.ids.restart();
    log('sandbox reset');
  };
  const control = controlRoutes({ ctx, areas, webhooks, requests, reset });
  const parts: SandboxParts = { ctx, faults, timers, requests, areas, control, listening, log };

  const server: Server = createServer((req, res) => {
    handle(parts, req, res).catch((error: unknown) => {
      log(
        `internal error on ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      writeReply(res, errorReply(500, 'Internal sandbox error.', ctx.ids.traceId()), ctx.clock.httpDate());
    });
  });
  // Keep-alive sockets would hold close() open; tills reconnect cheaply on loopback.
  server.keepAliveTimeout = 5_000;

  const host = options.host ?? '127.0.0.1';
  listening.port = await listenOn(server, options.port ?? 0, host);
  listening.origin = `http://${originHost(host)}:${listening.port}`;
  const listeningOrigin = listening.origin;
  log(`sandbox listening on ${listeningOrigin} (seed ${ctx.ids.seed})`);
  if (Object.keys(initialFaults).length > 0) log(`faults set from the start: ${JSON.stringify(faults.current)}`);

  let closed: Promise<void> | null = null;
  return {
    origin: listeningOrigin,
    instoreBaseUrl: listeningOrigin + areas[0]!.basePath,
    tokenizedBaseUrl: listeningOrigin + TOKENIZED_BASE_PATH,
    controlBaseUrl: listeningOrigin + CONTROL_BASE_PATH,
    seed: ctx.ids.seed,
    close() {
      closed ??= new Promise<void>((resolve) => {
        webhooks.stopAll();
        for (const area of areas) area.reset();
        timers.clearAll();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

/** The settings it starts with, and which `/_sandbox/reset` comes back to. */
function initialSettingsOf(options: SandboxOptions): SandboxSettings {
  return {
    abandonAfterMs: options.abandonAfterMs ?? DEFAULT_SETTINGS.abandonAfterMs,
    confirmDelayMs: options.confirmDelayMs ?? DEFAULT_SETTINGS.confirmDelayMs,
    tokenizedErrorShape: options.tokenizedErrorShape ?? 'document',
    orderWebhookShape: options.orderWebhookShape ?? 'document',
  };
}

/** Listens, and answers the port it got (0 asks for any free one). */
async function listenOn(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** One request: the control API (guarded), or an area's route, with the fault switches around API calls. */
async function handle(parts: SandboxParts, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { ctx, areas, requests, log } = parts;
  const started = Date.now();
  const rawUrl = req.url ?? '/';
  const url = new URL(rawUrl, 'http://sandbox.invalid');
  const method = (req.method ?? 'GET').toUpperCase();
  const rawBody = await readRequestBody(req, MAX_BODY_BYTES);
  const ex: Exchange = {
    req,
    res,
    method,
    rawUrl,
    pathname: url.pathname,
    query: url.searchParams,
    rawBody: rawBody ?? '',
  };
  const send = (reply: Reply, note = ''): void => {
    writeReply(res, reply, ctx.clock.httpDate());
    log(`${method} ${rawUrl} → ${reply.status}${note} (${Date.now() - started} ms)`);
  };
  if (rawBody === null) return send(errorReply(413, GENERIC_MESSAGES.bodyTooLarge, ctx.ids.traceId()));
  for (const area of areas) area.sweep();

  if (ex.pathname === CONTROL_BASE_PATH || ex.pathname.startsWith(`${CONTROL_BASE_PATH}/`)) {
    const refused = controlRefusal(req.socket.remoteAddress, req.headers, {
      port: parts.listening.port,
      publicOrigin: ctx.publicOrigin(),
    });
    if (refused !== null) return send(errorReply(403, refused, ctx.ids.traceId()));
    return send(await runControl(parts, ex, ex.pathname.slice(CONTROL_BASE_PATH.length)));
  }
  const area = areas.find((a) => ex.pathname.startsWith(`${a.basePath}/`));
  const target = area?.route(ex, ex.pathname.slice(area.basePath.length)) ?? null;
  if (!target) return send(errorReply(404, GENERIC_MESSAGES.routeNotFound, ctx.ids.traceId()));
  if (!target.api) return send(await target.run());
  requests.record({ at: started, method, path: ex.pathname, connection: requests.connectionOf(req.socket) });
  await serveWithFaults(parts, ex, target, send);
}

async function runControl({ ctx, control }: SandboxParts, ex: Exchange, path: string): Promise<Reply> {
  const found = findRoute(control, ex.method, path);
  if (!found.route) {
    return found.allowed.length > 0
      ? errorReply(405, GENERIC_MESSAGES.methodNotAllowed, ctx.ids.traceId())
      : errorReply(404, GENERIC_MESSAGES.routeNotFound, ctx.ids.traceId());
  }
  try {
    return await found.route.handler({ body: parseJsonObject(ex.rawBody), params: found.params, query: ex.query });
  } catch (error) {
    if (error instanceof ApiError) return errorReply(error.status, error.message, ctx.ids.traceId());
    throw error;
  }
}

/** A provider API call with the fault switches applied around it (see faults.ts for the order). */
async function serveWithFaults(
  { ctx, faults, timers, log }: SandboxParts,
  ex: Exchange,
  target: AreaTarget,
  send: (reply: Reply, note?: string) => void,
): Promise<void> {
  const plan = faults.plan(ex.pathname);
  if (plan.latencyMs > 0) await timers.sleep(plan.latencyMs);
  if (plan.before === 'reset') {
    log(`${ex.method} ${ex.rawUrl} → connection reset before acting (fault)`);
    ex.req.socket.destroy();
    return;
  }
  if (plan.before === 'fail5xx')
    return send(errorReply(503, GENERIC_MESSAGES.serviceUnavailable, ctx.ids.traceId()), ' (fault)');
  const reply = await target.run();
  if (plan.delayAfterActMs > 0) await timers.sleep(plan.delayAfterActMs);
  if (plan.dropAfterAct) {
    log(`${ex.method} ${ex.rawUrl} → acted (${reply.status}), then dropped the connection (fault)`);
    ex.req.socket.destroy();
    return;
  }
  send(reply);
}

/** A wildcard listen address is reached on loopback; IPv6 literals need brackets in a URL. */
function originHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function checkMerchants(merchants: SandboxMerchant[]): SandboxMerchant[] {
  const keys = new Set<string>();
  const terminals = new Set<string>();
  for (const merchant of merchants) {
    if (!merchant.accessKeyId || !merchant.accessKeySecret)
      throw new Error(`sandbox merchant "${merchant.name}" needs an access key id and secret`);
    if (keys.has(merchant.accessKeyId))
      throw new Error(`sandbox merchants share the access key id ${merchant.accessKeyId}`);
    if (!(COUNTRIES as readonly string[]).includes(merchant.country))
      throw new Error(`sandbox merchant "${merchant.name}" has unknown country ${merchant.country as CountryCode}`);
    keys.add(merchant.accessKeyId);
    for (const posId of merchant.posIds) {
      if (terminals.has(posId)) throw new Error(`posId ${posId} is given to more than one sandbox merchant`);
      terminals.add(posId);
    }
  }
  return merchants.map((m) => {
    const minAmountMinor = m.minAmountMinor ?? DEFAULT_AMOUNT_LIMITS.minAmountMinor;
    const maxAmountMinor = m.maxAmountMinor ?? DEFAULT_AMOUNT_LIMITS.maxAmountMinor;
    if (minAmountMinor > maxAmountMinor)
      throw new Error(`sandbox merchant "${m.name}" has a minimum amount above its maximum`);
    return { ...m, minAmountMinor, maxAmountMinor, posIds: [...m.posIds] };
  });
}
