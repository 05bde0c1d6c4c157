import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';

// A syslog collector for tests: TCP (or TLS) with RFC 6587 octet counting, each message parsed as RFC 5424.

export interface Syslog5424 {
  readonly pri: number;
  readonly version: number;
  readonly timestamp: string;
  readonly hostname: string;
  readonly appName: string;
  readonly procId: string;
  readonly msgId: string;
  readonly structuredData: string;
  readonly msg: string;
}

export interface SyslogReceiver {
  readonly port: number;
  readonly messages: Syslog5424[];
  /** Every byte received, as text: what must hold no secret. */
  raw(): string;
  close(): Promise<void>;
}

const HEADER = /^<(\d{1,3})>(\d{1,2}) (\S+) (\S+) (\S+) (\S+) (\S+) (-|(?:\[(?:[^\]\\]|\\.)*\])+)(?: ([\s\S]*))?$/;

export function parseSyslog5424(message: string): Syslog5424 {
  const match = HEADER.exec(message);
  if (!match) throw new Error(`not RFC 5424: ${message.slice(0, 120)}`);
  const [, pri, version, timestamp, hostname, appName, procId, msgId, structuredData, msg = ''] = match;
  return {
    pri: Number(pri),
    version: Number(version),
    timestamp: timestamp!,
    hostname: hostname!,
    appName: appName!,
    procId: procId!,
    msgId: msgId!,
    structuredData: structuredData!,
    msg: msg.startsWith('\uFEFF') ? msg.slice(1) : msg,
  };
}

export async function startSyslogReceiver(
  options: { port?: number; tls?: { cert: string; key: string } } = {},
): Promise<SyslogReceiver> {
  const messages: Syslog5424[] = [];
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  const onConnection = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const space = pending.indexOf(0x20);
        if (space < 0) return;
        const length = Number(pending.subarray(0, space).toString('ascii'));
        if (!Number.isInteger(length) || length <= 0) throw new Error('not octet-counted');
        if (pending.length < space + 1 + length) return;
        messages.push(parseSyslog5424(pending.subarray(space + 1, space + 1 + length).toString('utf8')));
        pending = pending.subarray(space + 1 + length);
      }
    });
  };
  const server: Server = options.tls ? createTlsServer(options.tls, onConnection) : createTcpServer(onConnection);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    messages,
    raw: () => Buffer.concat(chunks).toString('utf8'),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
