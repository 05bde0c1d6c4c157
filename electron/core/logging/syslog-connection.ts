import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls, type ConnectionOptions } from 'node:tls';
import type { SyslogSettings } from '../../../shared/settings.ts';

// One connection to the chain's collector (syslog-forwarder.ts): TCP, or TLS checked against the system's
// authorities (or the test's), ready once connected and the handshake done within the time; lost on any error,
// close or a handshake that does not finish in time — each reported once.

export interface CollectorConnectionOptions {
  readonly timeoutMs: number;
  readonly tls?: ConnectionOptions | undefined;
}

export function connectToCollector(
  { host, port, tls }: SyslogSettings,
  options: CollectorConnectionOptions,
  events: { readonly ready: () => void; readonly drain: () => void; readonly lost: () => void },
): Socket {
  const socket = tls
    ? connectTls({ host, port, ...(isIP(host) ? {} : { servername: host }), ...options.tls })
    : connectTcp({ host, port });
  let reported = false;
  const lost = (): void => {
    clearTimeout(late);
    if (reported) return;
    reported = true;
    events.lost();
  };
  const late = setTimeout(lost, options.timeoutMs);
  late.unref();
  socket.on(tls ? 'secureConnect' : 'connect', () => {
    clearTimeout(late);
    socket.setNoDelay(true);
    events.ready();
  });
  socket.on('drain', events.drain);
  // The collector says nothing back (RFC 6587); whatever it sends is read and ignored.
  socket.on('data', () => {});
  socket.on('error', lost);
  socket.on('close', lost);
  return socket;
}

/** Stops listening to it and destroys it: nothing it does later reaches the forwarder. */
export function dropSocket(socket: Socket | null): void {
  if (!socket) return;
  socket.removeAllListeners();
  socket.on('error', () => {});
  socket.destroy();
}

/** Ends it after what is written, waiting at most `ms` for the collector to close its side. */
export function endSocket(socket: Socket, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    socket.removeAllListeners('close');
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.end();
  });
}
