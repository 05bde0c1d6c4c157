import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { TlsOptions } from 'node:tls';
import type { ListenRefusal } from '../../../shared/status.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';

// The one way the till listens for inbound HTTP (the webhook receivers, the register connection, the web host
// and the consent broker it serves). What every listener needs in one place:
// - a port it cannot have rejects with a PosError (listen.refused: taken, not allowed, other), never an 'error'
//   event nobody hears (which ends the whole process, and the till with it, at every start);
// - a request must arrive whole within a time limit, and on HTTPS the TLS handshake too (Node's default
//   holds a connection that never starts TLS for 120 s), so silent connections cannot pile up;
// - optionally, a cap on connections per remote address, so one machine on the shop network cannot take
//   every connection the till has;
// - close() stops listening and ends every connection it took (idle keep-alive ones included; a half-sent
//   request must not hold the till's shutdown).

export type { ListenRefusal };

export interface ListenOptions {
  readonly port: number;
  readonly host: string;
  readonly handler: (request: IncomingMessage, response: ServerResponse) => void;
  /** HTTPS with this certificate and key (PEM), and these TLS server options (versions, ciphers); HTTP without. */
  readonly tls?: Readonly<TlsOptions & { cert: string; key: string }>;
  /** How long a request may take to ARRIVE (headers and body); once it has, a long answer is not cut. */
  readonly requestTimeoutMs?: number;
  /** HTTPS: how long a connection may take to finish its TLS handshake. */
  readonly tlsHandshakeTimeoutMs?: number;
  /** Connections held at once, from everyone. */
  readonly maxConnections?: number;
  /** Connections held at once from one remote address; more from it are closed at once. */
  readonly maxConnectionsPerAddress?: number;
  /**
   * What a request that did not arrive in time is answered (408) instead of Node's bare status line: the body
   * in the listener's own error format (the register connection: problem+json).
   */
  readonly requestTimeoutAnswer?: { readonly contentType: string; readonly body: string };
  /** Errors the server meets after it listens (none expected): logged, never thrown. */
  readonly log?: (line: string) => void;
}

export interface Listening {
  readonly server: Server;
  /** The port it listens on (the one asked for, or the one picked for port 0). */
  readonly port: number;
  close(): Promise<void>;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
export const DEFAULT_TLS_HANDSHAKE_TIMEOUT_MS = 10_000;

/** Listens on host:port, or rejects with a PosError `listen.refused` that says why (listenRefusalOf). */
export async function listen(options: ListenOptions): Promise<Listening> {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const limits = {
    requestTimeout,
    headersTimeout: requestTimeout,
    // The timeouts above are checked this often: a short limit (tests) is still kept to within a second.
    connectionsCheckingInterval: Math.min(1_000, requestTimeout),
  };
  const server: Server = options.tls
    ? createHttpsServer(
        {
          ...limits,
          ...options.tls,
          handshakeTimeout: options.tlsHandshakeTimeoutMs ?? DEFAULT_TLS_HANDSHAKE_TIMEOUT_MS,
        },
        options.handler,
      )
    : createHttpServer(limits, options.handler);
  if (options.maxConnections !== undefined) server.maxConnections = options.maxConnections;
  const timeoutAnswer = options.requestTimeoutAnswer;
  if (timeoutAnswer) server.on('clientError', (error, socket) => answerClientError(error, socket, timeoutAnswer));

  const sockets = new Set<Socket>();
  const perAddress = new Map<string, number>();
  const cap = options.maxConnectionsPerAddress ?? Infinity;
  // Before the TLS layer's own listener: a connection over its address's cap costs no handshake.
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const held = perAddress.get(address) ?? 0;
    if (held >= cap) {
      socket.destroy();
      return;
    }
    perAddress.set(address, held + 1);
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    throw refused(error, options.port);
  }
  server.on('error', (error) => options.log?.(`listener on port ${options.port}: ${String(error)}`));

  let closing: Promise<void> | null = null;
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}

/** Why a port could not be listened on, from the system's error (EADDRINUSE, EACCES…) or a listen.refused. */
export function listenRefusalOf(error: unknown): ListenRefusal {
  if (error instanceof PosError && error.code === 'listen.refused') {
    const refusal = error.details?.['refusal'];
    return refusal === 'in-use' || refusal === 'not-allowed' ? refusal : 'other';
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') return 'in-use';
  // EADDRNOTAVAIL: an address this computer does not have.
  if (code === 'EACCES' || code === 'EADDRNOTAVAIL') return 'not-allowed';
  return 'other';
}

function refused(error: unknown, port: number): PosError {
  const refusal = listenRefusalOf(error);
  const why: Notice =
    refusal === 'in-use'
      ? notice('listen.port-in-use', { port })
      : refusal === 'not-allowed'
        ? notice('listen.port-not-allowed', { port })
        : notice('listen.not-started', { port });
  return new PosError('listen.refused', { notice: why, details: { port, refusal }, cause: error });
}

/**
 * A connection's request could not be read (Node emits 'clientError'). With a listener Node answers nothing
 * itself, so this answers as Node would (431, 400), except a request that did not arrive in time, which gets
 * the listener's own 408 body; then the connection ends.
 */
function answerClientError(
  error: Error & { code?: string },
  socket: Duplex,
  timeoutAnswer: { readonly contentType: string; readonly body: string },
): void {
  if (socket.writable && (socket as Socket).bytesWritten === 0) {
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      const body = Buffer.from(timeoutAnswer.body);
      socket.write(
        `HTTP/1.1 408 Request Timeout\r\nContent-Type: ${timeoutAnswer.contentType}\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(body);
    } else if (error.code === 'HPE_HEADER_OVERFLOW') {
      socket.write('HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n');
    } else if (error.code !== 'ECONNRESET') {
      socket.write('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    }
  }
  socket.destroy(error);
}
