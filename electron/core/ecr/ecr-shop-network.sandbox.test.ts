import { request as httpsRequest } from 'node:https';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MAX_CONNECTIONS_PER_ADDRESS, TLS_HANDSHAKE_TIMEOUT_MS } from './register-module.ts';
import { openRegisterTill, waitFor, type RegisterTill } from './register-till.test-helper.ts';

// Issue 21.3: the register connection on a shop network. A TCP connection that never starts TLS was held for
// Node's default 120 s handshake timeout, and the 128-connection cap was global: one machine opening 128
// silent connections made every register's next connection fail. Now a handshake must finish within 10 s and
// one address holds at most 32 connections, so a register on another address still gets in. (127.0.0.1 and
// 127.0.0.2 are both this computer's on Linux: the flooding machine is 127.0.0.2.)

const SILENT_CONNECTIONS = 160;

async function onShopNetwork(): Promise<RegisterTill> {
  const till = await openRegisterTill();
  await till.core.handlers['settings.save']({
    settings: { ecr: { enabled: true, port: till.port, network: 'shop-network', refundsAllowed: true } },
  });
  await waitFor(async () =>
    (await till.core.handlers['ecr.status']({})).baseUrl?.startsWith('https://') ? true : undefined,
  );
  return till;
}

/** A TCP connection from `from` that never says a word (no TLS), and the moment the till closes it. */
function silentConnection(till: RegisterTill, from: string): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: till.port, host: '127.0.0.1', localAddress: from });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => {});
    socket.once('error', reject);
    socket.once('connect', () => resolve({ socket, closed }));
  });
}

/** A register's request over HTTPS from `from`, given up after `timeoutMs`: its status, or the error's code. */
function registerAsks(till: RegisterTill, from: string, timeoutMs: number): Promise<number | string> {
  return new Promise((resolve) => {
    const request = httpsRequest(
      {
        host: '127.0.0.1',
        port: till.port,
        localAddress: from,
        path: '/ecr/v1/openapi.json',
        headers: { Authorization: `Bearer ${till.registers[0]!.key}` },
        rejectUnauthorized: false,
        timeout: timeoutMs,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in time')));
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    request.end();
  });
}

/** 'closed' once every one of them is closed, or 'still open' after `ms`. */
function closedWithin(connections: readonly { closed: Promise<void> }[], ms: number): Promise<string> {
  return Promise.race([
    Promise.all(connections.map(({ closed }) => closed)).then(() => 'closed'),
    new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);
}

describe('the register connection on a shop network', () => {
  it(`one machine's ${SILENT_CONNECTIONS} silent connections do not keep another register out, and are closed`, async () => {
    const till = await onShopNetwork();
    const silent: { socket: Socket; closed: Promise<void> }[] = [];
    try {
      for (let i = 0; i < SILENT_CONNECTIONS; i += 1) silent.push(await silentConnection(till, '127.0.0.2'));
      // Past its address's cap they are closed at once; the first 32 are held until the handshake timeout.
      const overCap = silent.slice(MAX_CONNECTIONS_PER_ADDRESS);
      expect(await closedWithin(overCap, 3_000)).toBe('closed');

      // A register on another address is answered (within 3 s, or it counts as refused).
      expect(await registerAsks(till, '127.0.0.1', 3_000)).toBe(200);

      // The silent ones are closed by the handshake timeout (10 s), well within 15 s.
      expect(await closedWithin(silent, TLS_HANDSHAKE_TIMEOUT_MS + 5_000)).toBe('closed');
    } finally {
      for (const { socket } of silent) socket.destroy();
    }
  }, 30_000);
});
