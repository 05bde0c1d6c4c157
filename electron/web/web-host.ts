import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { customerDisplayToken } from '../../shared/display-token.ts';
import { defaultMessage } from '../../shared/errors.ts';
import type { AppError, Result } from '../../shared/result.ts';
import type { CoreApi } from '../core/core-api.ts';
import { dispatch } from '../core/dispatch.ts';
import { NO_LOG, type TillLog } from '../core/logging/log-file.ts';
import { parseJsonOrUndefined } from '../core/http/json-text.ts';
import { listen } from '../core/http/listen.ts';
import { readRequestBody } from '../core/http/request-body.ts';
import { answerVisibleTo, visibleTo } from '../core/security/display-redaction.ts';
import { isChannelAllowed, isEventAllowed, type WindowRole } from '../core/security/window-channels.ts';
import { serveRendererPath } from '../core/static/renderer-files.ts';
import { bearerToken, newAccessToken, tokenMatches } from './access-token.ts';
import { CONSENT_PREFIX, type ConsentBroker } from './consent-broker.ts';
import { isOwnHostHeader, isOwnOriginHeader } from './loopback-guard.ts';

// The contract over HTTP + WebSocket for the browser preview and the e2e tests (protocol: PROTOCOL.md).
// Loopback only, one random token per launch, Host/Origin checked on every request. It adds nothing to
// the contract: every call goes through the same dispatch() as Electron IPC. The token says who is calling:
// the cashier's (everything) or the customer display's (derived from it, shared/display-token.ts: only what
// the display shows, the same rule as Electron's per-window allowlist).

export interface WebHostOptions {
  readonly core: CoreApi;
  /** Serves the consent popups the core's customers.openConsent hands out (web-core.ts wires both). */
  readonly consent: ConsentBroker;
  /** Directory of the built renderer (dist/renderer). */
  readonly rendererDir: string;
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** Fixed token for tests; by default a new random one per launch. */
  readonly token?: string;
  /**
   * The web host's own log (`web.N.log`, core/logging/): what it refused and why (a wrong Host, Origin or token),
   * and what failed inside it. The path only, never a query or a header: a token travels in both.
   */
  readonly log?: TillLog;
}

export interface WebHost {
  readonly port: number;
  readonly origin: string;
  readonly token: string;
  /** The customer display's token: only the calls and events the display needs. */
  readonly displayToken: string;
  /** The URL to open: origin + `/#token=…` (a fragment, so the token never reaches a server log). */
  readonly url: string;
  close(): Promise<void>;
}

const BIND_ADDRESS = '127.0.0.1';
const MAX_BODY_BYTES = 256 * 1024;
const HEARTBEAT_MS = 30_000;
const API_PREFIX = '/api/';
const EVENTS_PATH = '/events';

/** What every request to the host checks against: its port (known once it listens), tokens, core and log. */
interface HostContext {
  readonly options: WebHostOptions;
  readonly log: TillLog;
  /** The port it listens on: its Host and Origin are the only ones taken. */
  readonly port: () => number;
  /** Which page a presented token belongs to; null for no token or a wrong one. */
  readonly roleOfToken: (presented: string | null) => WindowRole | null;
  readonly sockets: WebSocketServer;
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? newAccessToken();
  const displayToken = await customerDisplayToken(token);
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  let port = 0;
  const log = options.log ?? NO_LOG;
  const host: HostContext = {
    options,
    log,
    port: () => port,
    roleOfToken: (presented) => {
      if (tokenMatches(token, presented)) return 'cashier';
      if (tokenMatches(displayToken, presented)) return 'customer-display';
      return null;
    },
    sockets,
  };

  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    handleRequest(host, request, response).catch((error: unknown) => {
      log.error('web', 'web.internal', { path: pathOf(request), error });
      if (!response.headersSent) sendJson(response, 500, failure('internal'));
      else response.destroy();
    });
  };

  // A port it cannot have rejects with listen.refused: the preview says which port (there is no screen yet).
  const listening = await listen({ port: options.port ?? 0, host: BIND_ADDRESS, handler });
  listening.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    upgrade(host, request, socket, head),
  );
  port = listening.port;
  const origin = `http://${BIND_ADDRESS}:${port}`;
  log.info('web', 'web.listening', { origin });

  let closing: Promise<void> | null = null;
  return {
    port,
    origin,
    token,
    displayToken,
    url: `${origin}/#token=${token}`,
    close() {
      closing ??= (async () => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        await listening.close();
        log.info('web', 'web.closed');
      })();
      return closing;
    },
  };
}

function refused({ log }: HostContext, status: number, reason: string, request: IncomingMessage): void {
  log.warn('web', 'web.refused', { status, reason, method: request.method, path: pathOf(request) });
}

/** Host check, then the consent pages, the Origin check, the contract, the event stream's address, the files. */
async function handleRequest(host: HostContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const port = host.port();
  if (!isOwnHostHeader(request.headers.host, port)) {
    refused(host, 403, 'host', request);
    sendJson(response, 403, failure('ipc.forbidden', 'This address is only for this computer.'));
    return;
  }
  const url = new URL(request.url ?? '/', 'http://host.invalid');
  // The consent broker checks its own Origin rule (its sandboxed page posts with Origin: null) and ticket.
  if (url.pathname.startsWith(CONSENT_PREFIX)) return host.options.consent.handle(request, response, url);
  if (!isOwnOriginHeader(request.headers.origin, port)) {
    refused(host, 403, 'origin', request);
    sendJson(response, 403, failure('ipc.forbidden'));
    return;
  }
  const path = url.pathname;
  if (path.startsWith(API_PREFIX)) return handleApi(host, request, response, path.slice(API_PREFIX.length));
  if (path === EVENTS_PATH) {
    response
      .writeHead(426, { Upgrade: 'websocket', 'Content-Type': 'text/plain; charset=utf-8' })
      .end('WebSocket only');
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response
      .writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' })
      .end('Method not allowed');
    return;
  }
  const file = await serveRendererPath(host.options.rendererDir, path);
  response.writeHead(file.status, { ...file.headers, 'Content-Length': String(file.body.length) });
  response.end(request.method === 'HEAD' ? undefined : file.body);
}

/** POST /api/<channel>: a contract call, with the token's role deciding which channels it may reach. */
async function handleApi(
  host: HostContext,
  request: IncomingMessage,
  response: ServerResponse,
  channel: string,
): Promise<void> {
  if (request.method !== 'POST') {
    response.setHeader('Allow', 'POST');
    sendJson(response, 405, failure('ipc.forbidden', 'Use POST for the app contract.'));
    return;
  }
  const role = host.roleOfToken(bearerToken(request.headers.authorization));
  if (role === null) {
    refused(host, 401, 'token', request);
    sendJson(response, 401, failure('ipc.forbidden'));
    return;
  }
  if (!isChannelAllowed(role, channel)) {
    refused(host, 403, `channel not allowed to ${role}`, request);
    sendJson(response, 403, failure('ipc.forbidden'));
    return;
  }
  if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
    sendJson(response, 415, failure('ipc.invalid-payload', 'The app must send JSON.'));
    return;
  }
  const body = await readRequestBody(request, MAX_BODY_BYTES);
  if (body === null) {
    sendJson(response, 413, failure('ipc.invalid-payload', 'The request is too large.'));
    return;
  }
  const payload = body === '' ? {} : parseJsonOrUndefined(body);
  if (payload === undefined) {
    sendJson(response, 400, failure('ipc.invalid-payload'));
    return;
  }
  const result = answerVisibleTo(role, await dispatch(host.options.core.handlers, channel, payload, { role }));
  sendJson(response, !result.ok && result.error.code === 'ipc.unknown-channel' ? 404 : 200, result);
}

/** The event stream's WebSocket: its address, Host, Origin and token checked before the upgrade. */
function upgrade(host: HostContext, request: IncomingMessage, socket: Duplex, head: Buffer): void {
  const port = host.port();
  const url = new URL(request.url ?? '/', 'http://host.invalid');
  const refuse = (status: string): void => {
    refused(host, Number(status.slice(0, 3)), 'event stream', request);
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };
  if (url.pathname !== EVENTS_PATH) return refuse('404 Not Found');
  if (!isOwnHostHeader(request.headers.host, port) || !isOwnOriginHeader(request.headers.origin, port))
    return refuse('403 Forbidden');
  const role = host.roleOfToken(url.searchParams.get('token'));
  if (role === null) return refuse('401 Unauthorized');
  host.sockets.handleUpgrade(request, socket, head, (client) => streamEvents(host.options.core, client, role));
}

/** The core's events this role may see, one way, until the socket closes or stops answering pings. */
function streamEvents(core: CoreApi, client: WebSocket, role: WindowRole): void {
  const unsubscribe = core.onEvent((event) => {
    if (client.readyState === client.OPEN && isEventAllowed(role, event.event))
      client.send(JSON.stringify(visibleTo(role, event)));
  });
  let alive = true;
  client.on('pong', () => {
    alive = true;
  });
  // A browser tab that vanished without closing its socket is noticed and dropped.
  const heartbeat = setInterval(() => {
    if (!alive) {
      client.terminate();
      return;
    }
    alive = false;
    client.ping();
  }, HEARTBEAT_MS);
  heartbeat.unref();
  client.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
  client.on('error', () => client.terminate());
  // Events flow one way; anything a client sends is ignored.
}

/** The request's path without its query (the event stream's token is in the query). */
function pathOf(request: IncomingMessage): string {
  return (request.url ?? '/').split('?')[0]!.slice(0, 200);
}

function failure(code: AppError['code'], message?: string): Result<never> {
  return {
    ok: false,
    error: { code, message: message ?? defaultMessage(code), retryable: false },
  };
}

function sendJson(response: ServerResponse, status: number, body: Result<unknown>): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(text);
}
