import type { Socket } from 'node:net';
import { hostname } from 'node:os';
import type { ConnectionOptions } from 'node:tls';
import type { SyslogSettings } from '../../../shared/settings.ts';
import { connectToCollector, dropSocket, endSocket } from './syslog-connection.ts';
import { droppedLinesLine, loggedLine, octetCounted, syslogMessage, type LoggedLine } from './syslog-message.ts';

// The till's log lines, also to the chain's collector (Settings → Updates → Logs to the collector, `syslog`): RFC
// 5424 over TCP, octet-counted (syslog-message.ts), over TLS where set (RFC 5425; the collector's certificate is
// checked against the system's authorities). The local files stay as they are: this is a copy on its way out.
//
// A collector that is down, slow or unreachable never slows the till: forward() only puts the line in a bounded
// queue and returns; a connection is made in the background, again and again with a growing wait (1 s doubling
// to 60 s); when the queue is full the oldest line is dropped and counted. The count is in health.check (Settings
// → About → Check this till), and the collector gets a line saying how many were dropped once it is back.
// Delivery is at most once: lines in flight when a connection breaks are not sent again.

export interface SyslogForwarderOptions {
  readonly version: string;
  /** Lines kept while the collector cannot take them; the oldest go first. */
  readonly maxQueued?: number;
  /** The first wait before connecting again; it doubles up to maxBackoffMs. */
  readonly firstBackoffMs?: number;
  readonly maxBackoffMs?: number;
  readonly connectTimeoutMs?: number;
  /** Extra TLS options (a test's own authority); the system's authorities otherwise. */
  readonly tls?: ConnectionOptions;
}

export interface SyslogState {
  /** off: not set up; connected: the collector takes lines; down: connecting, or waiting to try again. */
  readonly state: 'off' | 'connected' | 'down';
  /** Lines dropped since the till started because the collector could not take them. */
  readonly dropped: number;
  readonly queued: number;
}

export interface SyslogForwarder {
  /** A line as a log file wrote it (JSON, redacted), from that log (`core`, `renderer`); never blocks or throws. */
  forward(log: string, line: string): void;
  /** Where to send from now on (Settings); the same target again changes nothing. */
  configure(target: SyslogSettings): void;
  state(): SyslogState;
  /** Sends what it can within a moment, then closes; later lines are not sent. */
  close(): Promise<void>;
}

const MAX_QUEUED = 1_000;
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 60_000;
const CONNECT_TIMEOUT_MS = 5_000;
const CLOSE_WAIT_MS = 1_000;

export function createSyslogForwarder(options: SyslogForwarderOptions): SyslogForwarder {
  const maxQueued = options.maxQueued ?? MAX_QUEUED;
  const firstBackoff = options.firstBackoffMs ?? FIRST_BACKOFF_MS;
  const maxBackoff = options.maxBackoffMs ?? MAX_BACKOFF_MS;
  const connection = { timeoutMs: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS, tls: options.tls };
  const header = { hostname: hostname(), procId: process.pid, version: options.version };
  const queue: Buffer[] = [];
  let target: SyslogSettings | null = null;
  let socket: Socket | null = null;
  let connected = false;
  let retry: NodeJS.Timeout | null = null;
  let backoff = firstBackoff;
  let dropped = 0;
  let droppedUnsaid = 0;
  let closed = false;

  const message = (appName: string, logged: LoggedLine): Buffer =>
    octetCounted(syslogMessage(logged, { ...header, appName }));
  const flush = (): void => {
    while (connected && socket && queue.length > 0) {
      if (!socket.write(queue.shift()!)) return; // 'drain' flushes the rest.
    }
  };
  const disconnect = (): void => {
    dropSocket(socket);
    socket = null;
    connected = false;
  };
  const tryAgainLater = (): void => {
    disconnect();
    if (closed || !target?.enabled || retry) return;
    retry = setTimeout(() => {
      retry = null;
      open();
    }, backoff);
    retry.unref();
    backoff = Math.min(backoff * 2, maxBackoff);
  };
  const ready = (): void => {
    connected = true;
    backoff = firstBackoff;
    if (droppedUnsaid > 0) queue.unshift(message('wallet-pos-core', droppedLinesLine(droppedUnsaid)));
    droppedUnsaid = 0;
    flush();
  };
  const open = (): void => {
    // Connecting already, or waiting out the backoff: a new line does not hurry the collector.
    if (closed || !target?.enabled || socket || retry) return;
    socket = connectToCollector(target, connection, { ready, drain: flush, lost: tryAgainLater });
  };

  return {
    forward(log, line) {
      if (closed || !target?.enabled) return;
      const logged = loggedLine(line);
      if (!logged) return;
      queue.push(message(`wallet-pos-${log}`, logged));
      if (queue.length > maxQueued) {
        queue.shift();
        dropped += 1;
        droppedUnsaid += 1;
      }
      if (connected) flush();
      else open();
    },
    configure(next) {
      if (closed || (target !== null && sameTarget(target, next))) return;
      target = { ...next };
      if (retry) clearTimeout(retry);
      retry = null;
      backoff = firstBackoff;
      disconnect();
      if (next.enabled) open();
      else queue.length = 0;
    },
    state: () => ({
      state: !target?.enabled ? 'off' : connected ? 'connected' : 'down',
      dropped,
      queued: queue.length,
    }),
    async close() {
      if (closed) return;
      closed = true;
      if (retry) clearTimeout(retry);
      if (socket && connected) {
        flush();
        await endSocket(socket, CLOSE_WAIT_MS);
      }
      disconnect();
    },
  };
}

function sameTarget(a: SyslogSettings, b: SyslogSettings): boolean {
  return a.enabled === b.enabled && a.host === b.host && a.port === b.port && a.tls === b.tls;
}
